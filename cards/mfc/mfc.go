// Package mfc registers the behaviour of the cards whose first printing is Magician's Force (MFC).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in mfc.cards beside this file; docs/cards.md says how to add a card.
package mfc

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// darkMagician is the passcode Dark Magician Girl counts in the Graveyards.
const darkMagician card.Passcode = 46986414

func init() {
	cards.Register(38033121, &engine.Script{ // Dark Magician Girl
		Effects: []*engine.Effect{{
			Kind: engine.Continuous,
			Static: engine.Static{
				Affects: func(c *engine.Ctx, id engine.CardID) bool { return id == c.Self() },
				ATKFunc: func(c *engine.Ctx, _ engine.CardID) int {
					n := len(cards.Both(c, func(s engine.Seat) []engine.CardID {
						return cards.GYCards(c, s, func(id engine.CardID) bool { return c.Data(id).Passcode == darkMagician })
					}))
					return 300 * n
				},
			},
		}},
	})
}
