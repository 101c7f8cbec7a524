package sdy

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(68005187, &engine.Script{ // Soul Exchange
		Effects: []*engine.Effect{{
			Kind:       engine.Activate,
			HasTargets: cards.HasAny(1, oppMonsters),
			// Not after its player conducted its Battle Phase this turn (pool.md).
			Condition: func(c *ctx) bool { return !c.ConductedBattlePhase(c.You()) },
			Target:    cards.TargetFrom(1, oppMonsters),
			// The Battle Phase is forbidden by the activation itself (it holds even if the
			// activation is negated), so it is applied with the cost, as Scapegoat's rule.
			Pay: func(c *ctx) {
				c.AddPlayerFlag(c.You(), engine.PFNoBattlePhase, engine.EndOfTurn)
			},
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.IsOpp(c.Controller(t)) {
					c.AllowTribute(c.You(), t)
				}
			},
		}},
	})
}
