package fds

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(98427577, &engine.Script{ // Scrap-Iron Scarecrow
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDisableAttack,
			Answers: cards.OppAttacks,
			Target:  cards.TargetAttacker,
			Resolve: func(c *ctx) {
				// The card is Set again even when there was no attack left to negate (its attacker
				// destroyed by a link chained to it), as ygopro-core does (lockstep 5ds seed 8).
				// Set again, it counts as Set this turn: not activated again before the next turn.
				if c.Target() != noCard {
					c.NegateAttack()
				}
				c.SetAgain(c.Self())
			},
		}},
	})

	miniCands := func(c *ctx) []cardID {
		return c.Filter(cards.FaceUpMonsters(c), func(id cardID) bool { return miniaturizable(c, id) })
	}
	cards.Register(34815282, &engine.Script{ // Miniaturize
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			HasTargets: cards.HasAny(1, miniCands),
			Target:     cards.TargetFrom(1, miniCands),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !c.FaceUp(t) || !miniaturizable(c, t) {
					return // the card stays on the field with nothing to do
				}
				// WhileSource: both changes end when this card leaves the field. They are also
				// the mark that links the monster to this card.
				self := c.Self()
				c.AddMod(t, engine.Modifier{Kind: engine.ModLevel, Value: -1, Source: self, Expiry: engine.WhileSource})
				c.AddMod(t, engine.Modifier{Kind: engine.ModATK, Value: -1000, Source: self, Expiry: engine.WhileSource})
				cards.Link(c, t)
			},
		}},
		CheckIn: cards.OnFieldLocs, // the Check below does nothing elsewhere
		Check: func(c *ctx) {
			t := cards.Linked(c)
			if t == noCard || !cards.OnField(c, c.Self()) {
				return
			}
			// The monster left the field (its mark is gone) or was turned face-down: it is no
			// longer "that face-up monster", so the link ends and this card is destroyed.
			if !c.MarkedBy(t, c.Self()) || !c.FaceUp(t) {
				cards.Unlink(c)
				c.Destroy(c.Self())
			}
		},
	})
}
