package engine

// Rules are the parameters and hooks of a ruleset that the duel kernel reads. The kernel never asks
// which ruleset it runs; it reads these values. Package ruleset names the known sets of Rules.
type Rules struct {
	// Name is the ruleset's id ("ocg", "classic", "anime", "kouhu"); recorded in replays.
	Name string
	// StartLP is each seat's Life Points at the start of the duel.
	StartLP int
	// StartHand is the size of the opening hand.
	StartHand int
	// HandLimit is the most cards the turn player may hold at the end of the End Phase; 0 means
	// no limit.
	HandLimit int
	// MonsterZones and SpellZones are the number of Monster and Spell & Trap Zones per seat.
	MonsterZones, SpellZones int
	// NoFirstDraw skips the Draw Phase draw of the duel's first turn (Master Rule 3 and later).
	NoFirstDraw bool
	// FirstTurnBattle allows a Battle Phase on the duel's first turn.
	FirstTurnBattle bool
}

// OCG returns the rules of the Master Rule of 2008, the default ruleset (RULES.md "ocg").
func OCG() Rules {
	return Rules{
		Name:         "ocg",
		StartLP:      8000,
		StartHand:    5,
		HandLimit:    6,
		MonsterZones: 5,
		SpellZones:   5,
	}
}
