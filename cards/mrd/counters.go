package mrd

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(3819470, &engine.Script{ // Seven Tools of the Bandit
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *engine.Ctx) bool { return c.Link(0).IsTrap },
			// Paying exactly all your LP is allowed, and loses (as Imperial Order's pin).
			CanPay:   func(c *engine.Ctx) bool { return c.LP(c.You()) >= 1000 },
			Pay:      func(c *engine.Ctx) { c.PayLP(1000) },
			Destroys: cards.AnsweredCard,
			Resolve:  negateAndDestroy,
		}},
	})

	discardable := func(c *engine.Ctx) []engine.CardID {
		return c.Filter(c.Pile(c.You(), engine.Hand), func(id engine.CardID) bool { return id != c.Self() })
	}
	cards.Register(77414722, &engine.Script{ // Magic Jammer
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *engine.Ctx) bool { return c.Link(0).IsSpell },
			CanPay:    cards.NonEmpty(discardable),
			Pay: func(c *engine.Ctx) {
				c.Discard(c.SelectCards(c.You(), discardable(c), 1, 1, engine.ForDiscard)...)
			},
			Destroys: cards.AnsweredCard,
			Resolve:  negateAndDestroy,
		}},
	})
}
