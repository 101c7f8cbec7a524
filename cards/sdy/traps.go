package sdy

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(12607053, &engine.Script{ // Waboku
		Effects: []*engine.Effect{{
			Kind: engine.Activate,
			// Not offered where it could not apply: only while a Battle Phase can still happen
			// this turn (RULES.md "Settled against the reference engine").
			Condition: func(c *ctx) bool { return c.BattlePhaseAhead() },
			Resolve: func(c *ctx) {
				c.AddPlayerFlag(c.You(), engine.PFNoBattleDamage, engine.EndOfTurn)
				c.AddPlayerFlag(c.You(), engine.PFIndestructibleBattle, engine.EndOfTurn)
			},
		}},
	})

	cards.Register(77622396, &engine.Script{ // Reverse Trap
		Effects: []*engine.Effect{{
			// No CatStatChange: it changes how stat changes apply, not ATK or DEF directly, so it
			// is not activated in the Damage Step (RULES.md "Settled against the reference engine").
			Kind:    engine.Activate,
			Resolve: func(c *ctx) { c.AddPlayerFlag(c.You(), engine.PFReverseStats, engine.EndOfTurn) },
		}},
	})

	cards.Register(44209392, cards.BoostUntilEnd( // Castle Walls
		0, 500))

	cards.Register(80604091, &engine.Script{ // Ultimate Offering
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind:       engine.Quick,
				Desc:       "pay 500 LP: Normal Summon or Set 1 monster now",
				YourPhases: engine.Phases(engine.Main1, engine.Main2),
				OppPhases:  engine.Phases(engine.Battle),
				// Not while its own activation is still on the chain.
				Condition: func(c *ctx) bool { return c.Active(c.Self()) },
				// Chained to itself only while more monsters could be summoned than
				// activations of this card's effect wait on the chain.
				CanPay: func(c *ctx) bool {
					waiting := 0
					for n := 1; n <= c.ChainLen(); n++ {
						if l := c.Link(n); l.Card == c.Self() && l.Kind == engine.Quick {
							waiting++
						}
					}
					return c.LP(c.You()) >= 500 && c.NormalSummonableNow(c.You()) > waiting
				},
				Pay: func(c *ctx) { c.PayLP(500) },
				Resolve: func(c *ctx) {
					c.NormalSummonNow(c.You())
				},
			},
		},
	})

	cards.Register(17814387, cards.BoostUntilEnd( // Reinforcements
		500, 0))
}
