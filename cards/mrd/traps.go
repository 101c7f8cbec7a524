package mrd

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(41420027, &engine.Script{ // Solemn Judgment
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *engine.Ctx) bool {
				if c.Summoning() != engine.NoCard {
					return true
				}
				l := c.Link(0)
				return l.IsSpell || l.IsTrap
			},
			Pay:      func(c *engine.Ctx) { c.PayLP(c.LP(c.You()) / 2) },
			Destroys: cards.AnsweredCard,
			Resolve: func(c *engine.Ctx) {
				if s := c.Summoning(); s != engine.NoCard && c.PrevLink() == 0 {
					c.NegateSummon()
					return
				}
				n := c.PrevLink()
				if c.NegateActivation(n) {
					c.Destroy(c.Link(n).Card)
				}
			},
		}},
	})

	cards.Register(44095762, &engine.Script{ // Mirror Force
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDestroy,
			Answers: cards.OppAttacks,
			Resolve: func(c *engine.Ctx) {
				c.Destroy(c.Filter(c.OppMonsters(), func(id engine.CardID) bool {
					return c.Pos(id) == engine.FaceUpAtk
				})...)
			},
		}},
	})
}
