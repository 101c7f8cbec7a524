// Package fds registers the behaviour of the cards of the 5D's starter deck (5DS1) that no other
// set of this project registers: its Effect Monsters, its three Synchro Monsters and its Spells.
// Tune Warrior and Water Spirit are Normal Tuners and need no behaviour.
package fds

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard

// The passcodes other cards of the set refer to.
const (
	junkSynchron card.Passcode = 63977008
)

// destroyedByBattle is the condition of "destroyed by battle and sent to the GY" triggers: the
// event is this card's destruction by battle, and it went from the field to the Graveyard.
func destroyedByBattle(c *ctx) bool {
	ev := c.Event()
	return ev.Card == c.Self() && ev.Battle && ev.From.Loc == engine.MZone && ev.To.Loc == engine.GY
}

// summonedSelf is the condition of "when this card is Normal Summoned" triggers (a Tribute Summon
// is a Normal Summon; a Set is not).
func summonedSelf(c *ctx) bool { return c.Event().Card == c.Self() }

// onFieldFaceUp reports whether a card is face-up in a Monster Zone.
func onFieldFaceUp(c *ctx, id cardID) bool {
	return c.Place(id).Loc == engine.MZone && c.FaceUp(id)
}

// isWarrior reports whether a card is a Warrior monster.
func isWarrior(c *ctx, id cardID) bool {
	return cards.IsMonster(c, id) && cards.HasRace(c, id, card.Warrior)
}

// others returns the cards of a seat's hand other than the effect's own card (what a "discard 1
// card" cost may discard).
func others(c *ctx, l engine.Loc) []cardID {
	return c.Filter(c.Pile(c.You(), l), func(id cardID) bool { return id != c.Self() })
}

// discardOne is the cost "discard 1 card".
func discardOne(c *ctx) {
	c.Discard(c.SelectCards(c.You(), others(c, engine.Hand), 1, 1, engine.ForDiscard)...)
}

// canDiscard is whether "discard 1 card" can be paid.
func canDiscard(c *ctx) bool { return len(others(c, engine.Hand)) > 0 }
