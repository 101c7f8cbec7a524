// Package sye registers the behaviour of the cards whose first printing is Starter Deck: Yugi Evolution (SYE).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in sye.cards beside this file; docs/cards.md says how to add a card.
package sye

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

// blackLusterSoldier is the passcode of Black Luster Soldier, the Ritual Monster of Black Luster
// Ritual.
const blackLusterSoldier card.Passcode = 5405694

func init() {
	isBLS := func(c *ctx) func(cardID) bool {
		return func(id cardID) bool { return c.Data(id).Passcode == blackLusterSoldier }
	}
	cards.Register(55761792, &engine.Script{ // Black Luster Ritual
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			Condition: func(c *ctx) bool { return c.CanRitualSummon(c.You(), isBLS(c)) },
			Resolve:   func(c *ctx) { c.RitualSummon(c.You(), isBLS(c)) },
		}},
	})

	cards.Register(blackLusterSoldier, &engine.Script{ // Black Luster Soldier
		// A Ritual Monster is never Normal Summoned or Set; the flag also states that it cannot be
		// Special Summoned from the hand or Deck by other effects, and is bound by the revive limit.
		CannotNormalSummon: true,
	})
}
