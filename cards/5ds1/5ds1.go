// Package fds registers the behaviour of the cards whose first printing is Starter Deck: Yu-Gi-Oh! 5D's (5DS1).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in 5ds1.cards beside this file; docs/cards.md says how to add a card.
package fds

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard

// miniaturizable: Miniaturize's target must have more than 1000 original ATK and a Level (not an
// Xyz Monster, whose Rank is no Level).
func miniaturizable(c *ctx, id cardID) bool {
	d := c.Data(id)
	return d.ATK > 1000 && !d.Kind.Has(card.Xyz)
}

// The passcodes other cards of the set refer to.
const (
	junkSynchron card.Passcode = 63977008
)

// spellCounter is the counter Frequency Magician holds (the scenario key `counters: {spell: 1}`).
const spellCounter = "spell"

// isSynchro reports whether a card is a Synchro Monster.
func isSynchro(c *ctx, id cardID) bool { return c.Data(id).Kind.Has(card.Synchro) }

// synchroSummonedSelf is the condition of "if this card is Synchro Summoned" triggers.
func synchroSummonedSelf(c *ctx) bool {
	ev := c.Event()
	return ev.Card == c.Self() && ev.SummonType == engine.SynchroSummoned
}
