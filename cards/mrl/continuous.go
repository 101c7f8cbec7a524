package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Magic Ruler's Continuous Spells that tax or bar attacks: Toll, Gravekeeper's Servant,
// Messenger of Peace.

func init() {
	cards.Register(82003859, &engine.Script{ // Toll
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			cards.TollCost(82003859, false,
				func(c *ctx, s engine.Seat, n int) bool { return c.LP(s) >= 500*n },
				func(c *ctx, s engine.Seat) { c.PayLP(500) }),
		},
	})

	cards.Register(16762927, &engine.Script{ // Gravekeeper's Servant
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			cards.TollCost(16762927, true,
				func(c *ctx, s engine.Seat, n int) bool {
					// the top card must go to the Graveyard: not while it would be banished instead
					deck := c.Pile(s, engine.Deck)
					return len(deck) >= n && (n == 0 || !c.BanishedInsteadOfGY(deck[len(deck)-1]))
				},
				func(c *ctx, s engine.Seat) {
					if deck := c.Pile(s, engine.Deck); len(deck) > 0 {
						c.SendToGY(deck[len(deck)-1])
					}
				}),
		},
	})

	cards.Register(44656491, &engine.Script{ // Messenger of Peace
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagCannotAttack,
				Affects: func(c *ctx, id cardID) bool {
					return cards.FaceUpInMZone(c, id) && c.ATK(id) >= 1500
				},
			}},
			cards.Maintenance(100),
		},
	})
}
