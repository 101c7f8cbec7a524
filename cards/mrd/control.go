package mrd

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }

	cards.Register(4031928, &engine.Script{ // Change of Heart
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatControl,
			// The monster needs a zone on your side.
			Condition:  func(c *ctx) bool { return c.FreeZones(c.You(), engine.MZone) > 0 },
			HasTargets: cards.HasAny(1, oppMonsters),
			Target:     cards.TargetFrom(1, oppMonsters),
			Resolve: func(c *ctx) {
				// Pin: until the End Phase. The engine gives it back to its owner then (to the
				// owner's GY if the owner has no free zone); it goes to its owner's GY whenever it
				// is destroyed or tributed meanwhile.
				if t := c.Target(); t != noCard && c.IsOpp(c.Controller(t)) {
					c.TakeControl(t, c.You(), true)
				}
			},
		}},
	})
}
