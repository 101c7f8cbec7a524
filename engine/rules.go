package engine

// Rules are the parameters and procedures of a ruleset that the duel kernel reads. The kernel never
// asks which ruleset it runs; it reads these values and calls the Procedures. Package ruleset names
// the known sets of Rules.
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
	// SharedFieldZone: one Field Zone for both players. Field Spells cannot be Set, and activating
	// one destroys (by rule) any other Field Spell, the seat's own included.
	SharedFieldZone bool
	// HiddenGraveyards: a seat does not see the cards of the opponent's Graveyard and banished
	// pile, only how many there are.
	HiddenGraveyards bool
	// NoSynchro and NoXyz forbid those summons (a ruleset from before them).
	NoSynchro, NoXyz bool
	// UnlimitedZones: the Monster and Spell & Trap Zones have no size limit (a new zone opens
	// when all are taken); MonsterZones and SpellZones are then ignored.
	UnlimitedZones bool
	// ResourceZone: each seat has a resource zone of cost cards (Kernel.Pay), and cards tap.
	ResourceZone bool
	// NoPhaseWindows: no windows at the boundaries of phases and steps (no Start and End Step
	// windows, no closing window of a Main Phase or the Battle Step).
	NoPhaseWindows bool
	// KeepOtherFields: activating a Field Spell destroys no other; each seat keeps its own.
	KeepOtherFields bool
	// NoTag: the ruleset has no tag duels.
	NoTag bool
	// Procedures are the ruleset's procedures (turn, summons, battle, activation, costs), which
	// every ruleset has: MasterRule's for the Master Rule family, package kouhu/rules's for
	// kouhu. A duel is refused rules without them.
	Procedures Procedures
}

// Classic returns the pre-2008 rules of seed 002 (RULES.md "classic"): as OCG, with no Synchro or
// Xyz monsters; its deck rules (the Fusion Deck with no size limit, Side Deck 0 or 15) are in
// package ruleset, its match rule in the match package.
func Classic() Rules {
	r := OCG()
	r.Name = "classic"
	r.NoSynchro, r.NoXyz = true, true
	return r
}

// Anime returns the rules of seed 003 (RULES.md "anime"): as OCG, with one Field Zone shared by
// both players and Graveyards hidden from the opponent.
func Anime() Rules {
	r := OCG()
	r.Name = "anime"
	r.SharedFieldZone = true
	r.HiddenGraveyards = true
	return r
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
		Procedures:   MasterRule(),
	}
}
