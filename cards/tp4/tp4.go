// Package tp4 registers the behaviour of the cards whose first printing is Tournament Pack: 4th Season (TP4).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in tp4.cards beside this file; docs/cards.md says how to add a card.
package tp4

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(51452091, &engine.Script{ // Royal Decree
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Flags: engine.FlagNegated,
					Affects: func(c *engine.Ctx, id engine.CardID) bool {
						return id != c.Self() && cards.IsTrap(c, id) && cards.OnField(c, id) && c.FaceUp(id)
					},
				},
			},
		},
	})
}
