// Package dcr registers the behaviour of the cards whose first printing is Dark Crisis (DCR).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in dcr.cards beside this file; docs/cards.md says how to add a card.
package dcr

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// ctx is the engine's effect context.
type ctx = engine.Ctx

const noCard = engine.NoCard

func init() {
	cards.Register(56120475, &engine.Script{ // Sakuretsu Armor
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDestroy,
			Answers: cards.OppAttacks,
			Target:  cards.TargetAttacker,
			Resolve: func(c *ctx) {
				// Only a monster still attacking: not once its attack was negated or it left
				// face-up Attack Position (engine.Ctx.Attacking).
				if t := c.Target(); t != noCard && c.Attacking(t) {
					c.Destroy(t)
				}
			},
		}},
	})
}
