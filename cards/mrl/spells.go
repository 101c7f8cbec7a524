package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	otherSpellTraps := func(c *engine.Ctx) []engine.CardID {
		return c.Filter(c.AllSpellTraps(), func(id engine.CardID) bool { return id != c.Self() })
	}
	cards.Register(5318639, &engine.Script{ // Mystical Space Typhoon
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: cards.HasSome(1, func(c *engine.Ctx) []engine.CardID { return c.AllSpellTraps() },
				func(c *engine.Ctx, id engine.CardID) bool { return id != c.Self() }),
			Target: cards.TargetFrom(1, otherSpellTraps),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	})

	cards.Register(70046172, cards.BoostUntilEnd( // Rush Recklessly
		700, 0))
}
