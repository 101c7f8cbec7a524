// Package mrd registers the behaviour of the cards whose first printing is Metal Raiders (MRD).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in mrd.cards beside this file; docs/cards.md says how to add a card.
package mrd

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

// The passcodes this package refers to by name.
const (
	timeWizard card.Passcode = 71625222
	babyDragon card.Passcode = 88819587
)

// negateAndDestroy resolves a Counter Trap that negates the activation of the link below it and
// destroys that card ("negate the activation, and if you do, destroy it").
func negateAndDestroy(c *engine.Ctx) {
	n := c.PrevLink()
	if c.NegateActivation(n) {
		c.Destroy(c.Link(n).Card)
	}
}
