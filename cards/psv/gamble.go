package psv

import (
	"github.com/duelistgame/duelist/engine"

	"github.com/duelistgame/duelist/cards"
)

func init() {
	cards.Register(37313786, &engine.Script{ // Gamble
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatCoin | engine.CatDraw,
			Condition: func(c *ctx) bool {
				return len(c.Pile(c.You(), engine.Hand)) <= 2 && len(c.Pile(c.Opp(), engine.Hand)) >= 6
			},
			// The hand is counted as the coin lands, not as the card was activated.
			Resolve: func(c *ctx) {
				if !c.CallCoin(c.You()) {
					c.AddPlayerFlag(c.You(), engine.PFSkipTurn, engine.Permanent)
					return
				}
				if n := 5 - len(c.Pile(c.You(), engine.Hand)); n > 0 {
					c.Draw(c.You(), n)
				}
			},
		}},
	})
}
