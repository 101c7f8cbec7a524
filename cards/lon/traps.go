package lon

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Labyrinth of Nightmare's Normal Traps.

func init() {
	cards.Register(83968380, &engine.Script{ // Jar of Greed
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDraw,
			Condition: func(c *engine.Ctx) bool { return len(c.Pile(c.You(), engine.Deck)) >= 1 },
			Resolve:   func(c *engine.Ctx) { c.Draw(c.You(), 1) },
		}},
	})

	// Mask of Weakness targets the monster that is attacking, whoever controls it, from the
	// attack declaration until damage calculation (ygopro-core: Duel.GetAttacker, no side asked).
	cards.Register(57882509, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			Desc: "the attacking monster loses 700 ATK until the end of the turn",
			HasTargets: func(c *engine.Ctx) bool {
				a := c.Attacker()
				return a != engine.NoCard && cards.OnField(c, a) && c.Targetable(a)
			},
			Target: func(c *engine.Ctx) { c.SetTargets(c.Attacker()) },
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard && cards.FaceUpInMZone(c, t) {
					cards.StatUntilEnd(c, t, -700, 0)
				}
			},
		}},
	})
}
