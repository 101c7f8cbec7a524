// Package engine is the deterministic duel kernel: cards and zones, moves, events, effects, the
// chain and its windows, prompts and per-seat views, with the procedures of the Master Rule family
// (the turn and phase machine, summons, battle and the Damage Step). It does no I/O, reads no clock
// and draws randomness only from the duel's seeded PRNG: the same seed and the same answers give
// the same duel, byte for byte.
//
// The kernel never asks which ruleset it runs. A ruleset is a Rules value: parameters (LP, zones,
// hand size, which windows open ...) and its Procedures, which the kernel calls where rulesets
// differ (the turn, the idle prompt and its summons, attacks, activation rules and costs, what a
// card's data means, export). Every ruleset implements them: MasterRule for ocg, classic and anime,
// package kouhu/rules for kouhu. The hooks get a Kernel handle: the duel's state and the kernel's
// building blocks (Kernel.NewPrompt, Kernel.Move, Kernel.SummonWindow, Kernel.Pay ...), of
// which the Master Rule's procedures are made too; package ruleset names the rulesets. The
// import graph is engine ← rulesets ← card scripts (cards/...) ← drivers, checked by
// internal/archtest. A ruleset plugs in like this:
//
//	type myProcs struct{ /* no state: the duel's state is the kernel's */ }
//
//	func (myProcs) RunPhase(k *engine.Kernel) {
//		if k.Phase() == engine.Draw {
//			k.BeginPhase(engine.Draw)
//			k.Draw(k.TurnPlayer())
//			k.NextPhase(engine.Main1)
//			return
//		}
//		// ... the other phases, ending with k.EndTurn()
//	}
//	// ... the other hooks of Procedures
//
//	rules := engine.Rules{Name: "mine", StartLP: 4000, StartHand: 5, UnlimitedZones: true,
//		Procedures: myProcs{}}
//	d, err := engine.New(engine.Config{Rules: rules, Cards: lib, Decks: decks, Seed: 1})
//
// A duel advances until a seat must decide and stops with a Prompt listing every legal Option in a
// deterministic order. The caller answers one Option (or its notation text); an illegal answer is
// an error and changes nothing.
//
// Each field says one thing. An Event's numbers have a field per meaning (Link of an activation,
// Amount of LP, SummonType, Heads, GoFirst, Draw, Tapped, Hands; an EvTurn's number is Turn), so
// does an Option's (Effect, Choice, Rank, Pick, Direct). An Effect that activates says when with
// Condition (no event), TriggerIf (a Trigger's event) or Answers (an event-bound activation); a
// Continuous effect says what it applies in its Static. A card's gen counts its moves and face-down
// turns: what was taken at one gen (a target, an equip) holds while the gen is unchanged.
//
// For search (agents, AI): at an open state (Duel.Open: the turn player's idle or Battle Step
// prompt with no chain) the state value is the whole duel, so Duel.Clone copies it cheaply and the
// copy goes on exactly as the original would; elsewhere Clone copies the last open state and
// replays the answers since (Config.KeepOpenStates). Duel.Determinize re-deals the cards hidden
// from a seat (a possible world of its information), and Perft counts answer sequences and
// positions from a position. See Example and docs/search.md.
package engine

import "fmt"

// Seat is one of the players of a duel: A or B in a duel of two; A1 (= A), B1 (= B), A2 and B2
// in a tag duel of two teams. A seat's team is its low bit: A and A2 are team A, B and B2 team B.
type Seat uint8

// The seats. A is the seat listed first in a duel's configuration. In a tag duel A and B are the
// first members of teams A and B (written A1 and B1) and A2 and B2 their partners.
const (
	A Seat = iota
	B
	A2
	B2
)

// MaxSeats is the most seats a duel has (a tag duel).
const MaxSeats = 4

// Other returns the opposing seat of a duel of two; in a tag duel, the opponent across the table
// (A1 and B1, A2 and B2).
func (s Seat) Other() Seat { return s ^ 1 }

// Team returns the seat's team: A or B.
func (s Seat) Team() Seat { return s & 1 }

// Partner returns the seat's partner in a tag duel.
func (s Seat) Partner() Seat { return s ^ 2 }

var seatNames = [...]string{"A", "B", "A2", "B2"}

// String returns "A" or "B" (and "A2", "B2" for the partners of a tag duel). SeatName writes the
// tag duel's "A1" and "B1".
func (s Seat) String() string {
	if int(s) < len(seatNames) {
		return seatNames[s]
	}
	return fmt.Sprintf("Seat(%d)", s)
}

// SeatName returns the seat as the notation writes it: A or B in a duel of two, A1, B1, A2 or B2
// in a tag duel.
func SeatName(s Seat, tag bool) string {
	if tag && s < A2 {
		return s.String() + "1"
	}
	return s.String()
}

// ParseSeat reads "A" or "B", or a tag duel's "A1", "B1", "A2", "B2".
func ParseSeat(s string) (Seat, error) {
	switch s {
	case "A", "A1":
		return A, nil
	case "B", "B1":
		return B, nil
	case "A2":
		return A2, nil
	case "B2":
		return B2, nil
	}
	return 0, fmt.Errorf("engine: unknown seat %q (want A or B, or A1, B1, A2, B2 in a tag duel)", s)
}

// Phase is a phase of a turn.
type Phase uint8

// The phases, in turn order.
const (
	Draw Phase = iota
	Standby
	Main1
	Battle
	Main2
	End
)

// PhaseMask is a set of phases.
type PhaseMask uint8

// Phases makes a set of phases.
func Phases(ps ...Phase) PhaseMask {
	var m PhaseMask
	for _, p := range ps {
		m |= 1 << p
	}
	return m
}

// Has reports whether the set holds a phase.
func (m PhaseMask) Has(p Phase) bool { return m&(1<<p) != 0 }

var phaseNames = [...]string{"draw", "standby", "main1", "battle", "main2", "end"}

// String returns the phase as the notation writes it: draw, standby, main1, battle, main2, end.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", p)
}

// ParsePhase reads a phase name as written by String.
func ParsePhase(s string) (Phase, error) {
	for i, n := range phaseNames {
		if n == s {
			return Phase(i), nil
		}
	}
	return 0, fmt.Errorf("engine: unknown phase %q", s)
}

// Timing is where in the Battle Phase a duel stands: the step, and inside the Damage Step its
// sub-timing. Outside the Battle Phase it is NoTiming.
type Timing uint8

// The timings of the Battle Phase (RULES.md ocg "Battle").
const (
	NoTiming    Timing = iota
	StartStep          // start of the Battle Phase
	BattleStep         // attacks are declared here
	DamageStart        // start of the Damage Step
	BeforeCalc         // before damage calculation: a face-down defender is flipped face-up
	DuringCalc         // damage calculation
	AfterCalc          // after damage calculation: FLIP effects and battle triggers
	DamageEnd          // end of the Damage Step: monsters destroyed by battle go to the Graveyard
	EndStep            // end of the Battle Phase
)

var timingNames = [...]string{"", "start-step", "battle-step", "damage-start", "before-calc",
	"during-calc", "after-calc", "damage-end", "end-step"}

// String returns the timing as the scenario format writes it (battle-step, damage-start ...).
func (t Timing) String() string {
	if int(t) < len(timingNames) {
		return timingNames[t]
	}
	return fmt.Sprintf("Timing(%d)", t)
}

// ParseTiming reads a timing name as written by String.
func ParseTiming(s string) (Timing, error) {
	for i, n := range timingNames {
		if i > 0 && n == s {
			return Timing(i), nil
		}
	}
	return 0, fmt.Errorf("engine: unknown timing %q", s)
}

// InDamageStep reports whether the timing is one of the Damage Step's.
func (t Timing) InDamageStep() bool { return t >= DamageStart && t <= DamageEnd }

// Loc is a kind of place a card can be.
type Loc uint8

// The locations. MZone, SZone and FZone are on the field.
const (
	Deck Loc = iota
	Hand
	MZone
	SZone
	FZone
	GY
	Banished
	Extra
	// Overlay is under an Xyz Monster: its materials, which are not on the field.
	Overlay
	// Resource is the kouhu resource zone: face-down cost cards, on the field, tapped to pay.
	Resource
	nLoc
)

var locNames = [...]string{"D", "H", "M", "S", "F", "GY", "BN", "X", "OV", "R"}

// String returns the location's notation letter(s): D, H, M, S, F, GY, BN, X.
func (l Loc) String() string {
	if int(l) < len(locNames) {
		return locNames[l]
	}
	return fmt.Sprintf("Loc(%d)", l)
}

// OnField reports whether the location is a zone of the field.
func (l Loc) OnField() bool { return l == MZone || l == SZone || l == FZone || l == Resource }

// SummonType says how a monster came to the field.
type SummonType uint8

// The ways a monster comes to the field.
const (
	NotSummoned SummonType = iota
	NormalSummoned
	SetSummoned
	FlipSummoned
	SpecialSummoned // by a card effect
	FusionSummoned
	RitualSummoned
	SynchroSummoned
	XyzSummoned
	AdvanceSummoned   // kouhu: an Advanced Summon (tributes instead of the cost; no summoning sickness)
	EvolutionSummoned // kouhu: an evolution summon from the Extra Deck
)

// zoned reports whether cards at this location are told apart by their zone number.
func (l Loc) zoned() bool { return l == MZone || l == SZone }

// Place is where a card is: a seat's location and, in a zone or a pile, its index from 0 (for the
// Deck, 0 is the bottom card; for the Graveyard, 0 is the first card sent there). For an Xyz
// material, Seq is the Monster Zone of its Xyz Monster times 16 plus its index under it.
type Place struct {
	Seat Seat
	Loc  Loc
	Seq  int
}

// String writes the place as a notation qualifier without the '@': "A:M1", "B:H", "A:GY".
func (p Place) String() string { return p.Text(false) }

// Text returns the place as the notation writes it, with a tag duel's seat names when tag is set
// ("A1:M1").
func (p Place) Text(tag bool) string {
	if p.Loc.zoned() {
		return fmt.Sprintf("%s:%s%d", SeatName(p.Seat, tag), p.Loc, p.Seq+1)
	}
	return SeatName(p.Seat, tag) + ":" + p.Loc.String()
}

// Pos is a card's position. Monsters are face-up attack, face-up defense or face-down defense;
// Spells and Traps are face-up or face-down.
type Pos uint8

// The positions. FaceUp and FaceDown are for Spell & Trap and Field Zones and for the cards of
// piles (face-up in the Graveyard, face-down in the Deck).
const (
	FaceDown Pos = iota // face-down (a Set Spell/Trap, a card in the Deck or hand)
	FaceUp              // face-up (an active Spell/Trap, a card in the Graveyard)
	FaceUpAtk
	FaceUpDef
	FaceDownDef
)

var posNames = [...]string{"set", "up", "atk", "def", "set"}

// String returns the position as the scenario format writes it: atk, def, set (monsters), up,
// set (spells and traps).
func (p Pos) String() string {
	if int(p) < len(posNames) {
		return posNames[p]
	}
	return fmt.Sprintf("Pos(%d)", p)
}

// IsFaceUp reports whether the position shows the card's face.
func (p Pos) IsFaceUp() bool { return p == FaceUp || p == FaceUpAtk || p == FaceUpDef }

// IsAttack reports whether the position is attack position.
func (p Pos) IsAttack() bool { return p == FaceUpAtk }

// IsDefense reports whether the position is a defense position.
func (p Pos) IsDefense() bool { return p == FaceUpDef || p == FaceDownDef }

// CardID identifies one card of a duel (a physical card, not a card name). IDs are the duel's
// own: they are never shown to a seat through a view, since they could give away hidden cards.
type CardID int32

// NoCard is the CardID of no card.
const NoCard CardID = -1
