// Package engine is the deterministic duel kernel: state, zones, the turn and phase machine, summon
// and battle procedures, chain windows, prompts, events and per-seat views. It does no I/O, reads
// no clock and draws randomness only from the duel's seeded PRNG: the same seed and the same
// answers give the same duel, byte for byte.
//
// A duel advances until a seat must decide and stops with a Prompt listing every legal Option in a
// deterministic order. The caller answers one Option (or its notation text); an illegal answer is
// an error and changes nothing.
package engine

import "fmt"

// Seat is one of the two players of a duel: A or B.
type Seat uint8

// The seats. A is the seat listed first in a duel's configuration.
const (
	A Seat = iota
	B
)

// Other returns the opposing seat.
func (s Seat) Other() Seat { return s ^ 1 }

// String returns "A" or "B".
func (s Seat) String() string {
	if s == A {
		return "A"
	}
	return "B"
}

// ParseSeat reads "A" or "B".
func ParseSeat(s string) (Seat, error) {
	switch s {
	case "A":
		return A, nil
	case "B":
		return B, nil
	}
	return 0, fmt.Errorf("engine: unknown seat %q (want A or B)", s)
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
	nLoc
)

var locNames = [...]string{"D", "H", "M", "S", "F", "GY", "BN", "X", "OV"}

// String returns the location's notation letter(s): D, H, M, S, F, GY, BN, X.
func (l Loc) String() string {
	if int(l) < len(locNames) {
		return locNames[l]
	}
	return fmt.Sprintf("Loc(%d)", l)
}

// OnField reports whether the location is a zone of the field.
func (l Loc) OnField() bool { return l == MZone || l == SZone || l == FZone }

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
func (p Place) String() string {
	if p.Loc.zoned() {
		return fmt.Sprintf("%s:%s%d", p.Seat, p.Loc, p.Seq+1)
	}
	return p.Seat.String() + ":" + p.Loc.String()
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
