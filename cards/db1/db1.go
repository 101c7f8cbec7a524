// Package db1 registers the behaviour of the cards whose first printing is Dark Beginning 1 (DB1).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in db1.cards beside this file; docs/cards.md says how to add a card.
package db1

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(21593977, &engine.Script{ // Makyura the Destructor
		Effects: []*engine.Effect{{
			// Pin: an optional trigger on being destroyed by battle (the current text's "during
			// the turn this card was sent to the GY" narrowed as the pin says).
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
			Optional: true, TriggerIf: cards.SentToGYByBattle,
			Resolve: func(c *engine.Ctx) {
				c.AddPlayerFlag(c.You(), engine.PFTrapsFromHand, engine.EndOfTurn)
			},
		}},
	})
}
