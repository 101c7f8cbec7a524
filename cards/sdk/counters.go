package sdk

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// The Counter Traps of the seed documents' chain examples (seed 001: Barrel Behind the Door
// against Magic Cylinder and Ring of Destruction; seed 002: Magic Jammer and Seven Tools of the
// Bandit). Each answers the chain link directly below it: its condition reads the top link
// (c.Link(0)) when it is activated, its resolution the link it answered (c.PrevLink()).
func init() {
	cards.Register(3819470, &engine.Script{ // Seven Tools of the Bandit
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *engine.Ctx) bool { return c.Link(0).IsTrap },
			// Paying exactly all your LP is allowed, and loses (as Imperial Order's pin).
			CanPay:  func(c *engine.Ctx) bool { return c.LP(c.You()) >= 1000 },
			Pay:     func(c *engine.Ctx) { c.PayLP(1000) },
			Resolve: negateAndDestroy,
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
			Resolve: negateAndDestroy,
		}},
	})

	cards.Register(78783370, &engine.Script{ // Barrel Behind the Door
		Effects: []*engine.Effect{{
			// No category of its own: Barrel inflicts nothing itself, so another Barrel cannot
			// answer it (it is not a CatDamage link). Only effect damage of the link it answers
			// is redirected: battle damage and LP costs are never activations of damage (pin).
			Kind: engine.Activate,
			Desc: "your opponent takes the damage instead",
			Condition: func(c *engine.Ctx) bool {
				l := c.Link(0)
				return l.Card != engine.NoCard && l.Category&engine.CatDamage != 0 && damagesYou(c, l)
			},
			Resolve: func(c *engine.Ctx) { c.RedirectDamage(c.PrevLink(), c.You()) },
		}},
	})
}

// damagesYou says whether a chain link with CatDamage would inflict damage to the effect's
// controller. The engine records no damage target per link, so the rule is: a damage effect of
// the opponent hits you (Ookazi, Magic Cylinder, Just Desserts), and so does Ring of
// Destruction, whose damage hits both players, whoever activated it.
func damagesYou(c *engine.Ctx, l engine.LinkInfo) bool {
	return c.IsOpp(l.Player) || c.Data(l.Card).Passcode == ringOfDestruction
}

// negateAndDestroy resolves a Counter Trap that negates the activation of the link below it and
// destroys that card ("negate the activation, and if you do, destroy it").
func negateAndDestroy(c *engine.Ctx) {
	n := c.PrevLink()
	if c.NegateActivation(n) {
		c.Destroy(c.Link(n).Card)
	}
}
