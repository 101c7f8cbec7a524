// Package fet registers the behaviour of the cards whose first printing is Flaming Eternity (FET).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in fet.cards beside this file; docs/cards.md says how to add a card.
package fet

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

func init() {
	cards.Register(36361633, &engine.Script{ // Threatening Roar
		Effects: []*engine.Effect{{
			// An attack already declared goes on: only new declarations are stopped.
			Kind: engine.Activate, Category: engine.CatDisableAttack,
			// Not offered where it could stop no attack: only in the opponent's turn, before its
			// Main Phase 2 (RULES.md "Settled against the reference engine": a card is not
			// offered where its effect could not apply; lockstep 5ds seeds 25, 27).
			Condition: func(c *ctx) bool {
				return c.IsOpp(c.TurnPlayer()) && c.Phase() != engine.Main2 && c.Phase() != engine.End
			},
			Resolve: func(c *ctx) {
				for _, s := range c.Opponents() {
					c.AddPlayerFlag(s, engine.PFCannotAttack, engine.EndOfTurn)
				}
			},
		}},
	})

	oppFaceUp := func(c *ctx) []cardID { return cards.FaceUp(c, c.OppMonsters()) }
	cards.Register(69162969, &engine.Script{ // Lightning Vortex
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(oppFaceUp),
			CanPay:    cards.CanDiscardOne,
			Pay:       cards.DiscardOneCost,
			Resolve:   cards.DestroyAll(oppFaceUp),
		}},
	})
}
