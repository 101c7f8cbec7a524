package sdk

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	oppMonsters := func(c *engine.Ctx) []engine.CardID { return c.OppMonsters() }
	cards.Register(24068492, &engine.Script{ // Just Desserts
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDamage,
			Condition: cards.NonEmpty(oppMonsters),
			// Counted on resolution, as the card says "for each monster" then.
			Resolve: func(c *engine.Ctx) {
				if n := len(oppMonsters(c)); n > 0 {
					c.DamageOpps(500 * n)
				}
			},
		}},
	})
}
