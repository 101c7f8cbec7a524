package engine

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
)

// EventKind is the kind of something that happened in a duel. The set is closed.
type EventKind uint8

// The kinds of event.
const (
	EvStart         EventKind = iota // the duel starts; Seat = the seat going first
	EvRPS                            // a rock-paper-scissors round; Hands
	EvCoin                           // a coin toss; Heads
	EvFirst                          // Seat chose to go first (GoFirst) or second
	EvShuffle                        // Seat's deck was shuffled
	EvTurn                           // a new turn; Seat = turn player, Turn = turn number
	EvPhase                          // a phase begins; Phase
	EvStep                           // a battle step or Damage Step timing begins; Timing
	EvDraw                           // Seat drew Card
	EvMove                           // Card moved From -> To (generic move: discard, send to GY ...)
	EvSummon                         // Card was Normal Summoned (Tribute Summon included)
	EvSet                            // Card was Set
	EvFlipSummon                     // Card was Flip Summoned
	EvPosition                       // Card changed its battle position
	EvTribute                        // Card was tributed (From -> To)
	EvAttack                         // Card declared an attack on Target (NoCard = direct)
	EvReplay                         // the attack of Card is replayed: a new target is asked
	EvAttackEnd                      // the attack of Card ended without battle (stopped or lost)
	EvFlip                           // Card was flipped face-up (by battle or effect)
	EvBattle                         // damage calculation of Card against Target
	EvDamage                         // Seat took Amount damage; Battle = battle damage
	EvDestroy                        // Card was destroyed (Battle = by battle)
	EvDiscard                        // Seat discarded Card for the hand limit
	EvLP                             // Seat's LP became Amount: a loss that is neither damage nor a cost (Ctx.LoseLP)
	EvWin                            // the duel ended: Seat won, or it is a Draw
	EvSpecialSummon                  // Card was Special Summoned (SummonType: how, when it says)
	EvSummoning                      // Card is about to be summoned (the summon can still be negated)
	EvActivate                       // Card's effect was activated as chain link Link
	EvResolve                        // chain link Link (Card's) resolves
	EvNegated                        // the activation of Card was negated
	EvChainEnd                       // the chain finished resolving
	EvTarget                         // Card was targeted
	EvSetFaceDown                    // Card was turned face-down
	EvModified                       // Card got a lasting change (ATK, DEF, flags)
	EvEquip                          // Card was equipped to Target
	EvReveal                         // Card was shown to both seats
	EvRecover                        // Seat gained Amount LP
	EvPayLP                          // Seat paid Amount LP
	EvSetSpell                       // Card was Set in a Spell & Trap Zone or the Field Zone
	EvControl                        // control of Card changed to Seat
	EvRetarget                       // after a replay, Card attacks Target instead
	EvConfirm                        // Card was shown to Seat only
	// EvOut: Seat left a tag duel (Card = NoCard), or Card left the field with it, to its owner's
	// Graveyard (a rule, not destruction: nothing is triggered).
	EvOut
	// EvTap: Card was Tapped, or untapped (kouhu).
	EvTap
	// EvDice: Seat rolled a six-sided die; Amount is the face (1 to 6).
	EvDice
	// EvDeclare: Seat declared something for an effect (Declared says what kind): a number,
	// an Attribute or a Type (Amount, as Declared reads it) or a card name (Code).
	EvDeclare
)

var eventNames = [...]string{"start", "rps", "coin", "first", "shuffle", "turn", "phase", "step",
	"draw", "move", "summon", "set", "flip-summon", "position", "tribute", "attack", "replay",
	"attack-end", "flip", "battle", "damage", "destroy", "discard", "lp", "win", "special-summon",
	"summoning", "activate", "resolve", "negated", "chain-end", "target", "set-face-down",
	"modified", "equip", "reveal", "recover", "pay-lp", "set-spell", "control", "retarget", "confirm",
	"out", "tap", "dice", "declare"}

// String names the event kind.
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", k)
}

// EventMask is a set of event kinds.
type EventMask uint64

// On makes a set of event kinds.
func On(kinds ...EventKind) EventMask {
	var m EventMask
	for _, k := range kinds {
		m |= 1 << k
	}
	return m
}

// Matches reports whether an event is in the set (EvMove stands for every moving event).
func (m EventMask) Matches(e *Event) bool {
	if m&(1<<e.Kind) != 0 {
		return true
	}
	return m&(1<<EvMove) != 0 && e.Card != NoCard && e.From != e.To && e.Kind.moves()
}

// eventKinds returns the kinds of event mask an event matches: its own kind, with EvMove for an
// event that moves a card (Matches): m.Matches(e) implies m&eventKinds(e) != 0.
func eventKinds(e *Event) EventMask {
	m := EventMask(1) << e.Kind
	if e.Card != NoCard && e.From != e.To && e.Kind.moves() {
		m |= 1 << EvMove
	}
	return m
}

// moves reports whether events of this kind move a card between places.
func (k EventKind) moves() bool {
	switch k {
	case EvDraw, EvMove, EvSummon, EvSet, EvTribute, EvDestroy, EvDiscard, EvSpecialSummon,
		EvSummoning, EvSetSpell:
		return true
	}
	return false
}

// Event is one thing that happened. Card IDs in an Event are the engine's; clients must be given
// events through Duel.EventView, which hides what a seat may not know.
type Event struct {
	Kind     EventKind
	Seat     Seat
	Card     CardID
	Code     card.Passcode // the card's identity at the time (0 if no card)
	Target   CardID
	From     Place
	To       Place
	FromUp   bool  // the card was face-up where it came from
	ToUp     bool  // the card is face-up where it went
	FromCtrl Seat  // its controller where it came from
	ToCtrl   Seat  // its controller where it went
	TargetAt Place // the target's place at the time of the event; a tag duel's direct attack: Seat is the opponent it hits
	Pos      Pos
	Phase    Phase
	Timing   Timing
	// SummonType is, for EvSpecialSummon, how the monster was summoned when the summon says
	// (SynchroSummoned, XyzSummoned), else NotSummoned.
	SummonType SummonType
	// Link is, for EvActivate and EvResolve, the number of the chain link (1 = the first).
	Link int32
	// Amount is a number of LP: lost (EvDamage), gained (EvRecover), paid (EvPayLP), or the
	// seat's LP after the event (EvLP); a die's face (EvDice); the number, Attribute or Type
	// declared (EvDeclare).
	Amount int
	// Declared is, for EvDeclare, what kind of thing was declared.
	Declared DeclareKind
	// Heads is, for EvCoin, the side the coin landed on.
	Heads bool
	// GoFirst is, for EvFirst, the chooser's choice: true to go first, false to go second.
	GoFirst bool
	// Draw is, for EvWin, a duel that ended in a draw (Seat then means nothing).
	Draw bool
	// Tapped is, for EvTap, the card's new state: tapped (true) or untapped (false).
	Tapped bool
	// Hands are, for EvRPS, the hands of A and B: 0 rock, 1 paper, 2 scissors (the order of
	// OptRock, OptPaper, OptScissors).
	Hands  [2]uint8
	Battle bool
	// Public: the card is shown to both seats (a searched card, a card revealed by an effect).
	Public bool
	Turn   int
	// Reason is the card whose effect caused the event (NoCard for the rules).
	Reason CardID
	// Effect is, for EvActivate and EvResolve, the number of the effect in its card's script.
	Effect int
}

// emit records an event.
func (g *game) emit(e Event) {
	e.Turn = g.turn
	if e.Kind != EvPhase {
		e.Phase = g.phase
	}
	e.Reason = g.reasonCard
	if e.Kind == EvSummon || e.Kind == EvFlipSummon || e.Kind == EvFlip {
		g.cards[e.Card].upTurn = int32(g.turn)
		if e.Kind != EvSummon {
			g.cards[e.Card].flipGen = g.cards[e.Card].gen + 1
		}
	}
	if e.Card != NoCard && int(e.Card) < len(g.cards) {
		g.noteKnown(&e)
	}
	g.changeSeq++
	g.events = append(g.events, e)
	g.fresh = append(g.fresh, e)
	g.freshKinds |= eventKinds(&e)
	g.raiseTriggers(&g.fresh[len(g.fresh)-1])
}

// noteKnown records what an event about a card tells each seat of it (cardState.known): a seat
// the event shows the card to (EventView gives it the card's identity) knows which card it is
// from then on, wherever it goes, until it is shuffled into a Deck; a card that leaves its Deck is
// no longer known to be there.
func (g *game) noteKnown(e *Event) {
	c := &g.cards[e.Card]
	if e.From.Loc == Deck && e.To.Loc != Deck {
		c.knownDeck = 0
	}
	if e.Kind == EvConfirm {
		c.known |= 1 << e.Seat
		return
	}
	for _, s := range g.seats() {
		if e.Public || g.placeVisible(e.From, e.FromUp, e.FromCtrl, s) || g.placeVisible(e.To, e.ToUp, e.ToCtrl, s) {
			c.known |= 1 << s
		}
	}
}

// emitPublic records an event that shows a card to both seats.
func (g *game) emitPublic(k EventKind, id CardID) {
	c := g.c(id)
	g.emit(Event{Kind: k, Seat: c.ctrl, Card: id, Code: c.data.Passcode, Target: NoCard,
		From: c.place, To: c.place, FromCtrl: c.ctrl, ToCtrl: c.ctrl, Pos: c.pos, Public: true,
		Timing: g.timing})
}

// emitCard records an event about a card, filling in its identity and place.
func (g *game) emitCard(k EventKind, id CardID, target CardID) {
	c := g.c(id)
	e := Event{Kind: k, Seat: c.ctrl, Card: id, Code: c.data.Passcode, Target: target,
		From: c.place, To: c.place, FromUp: c.pos.IsFaceUp(), ToUp: c.pos.IsFaceUp(), Pos: c.pos,
		FromCtrl: c.ctrl, ToCtrl: c.ctrl, Timing: g.timing}
	if target != NoCard {
		e.TargetAt = g.c(target).place
	} else if g.tag && (k == EvAttack || k == EvBattle) && g.attacker == id {
		// A direct attack in a tag duel: TargetAt's seat is the opponent it hits (either may be).
		e.TargetAt = Place{Seat: g.defender()}
	}
	g.emit(e)
}
