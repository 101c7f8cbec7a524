package sdy

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(87557188, &engine.Script{ // The Stern Mystic
		Effects: []*engine.Effect{{
			Kind: engine.Flip,
			// Revealing is not flipping: the cards keep their positions, so no FLIP effect and no
			// Trap activation follows.
			Resolve: func(c *ctx) {
				var down []cardID
				for _, id := range append(c.AllMonsters(), c.AllSpellTraps()...) {
					if !c.FaceUp(id) {
						down = append(down, id)
					}
				}
				c.Reveal(down...)
			},
		}},
	})

	cards.Register(13945283, &engine.Script{ // Wall of Illusion
		Effects: []*engine.Effect{{
			// A mandatory trigger on damage calculation: the engine holds it until after damage
			// calculation, where it goes on the chain.
			Kind: engine.Trigger, On: engine.On(engine.EvBattle), Category: engine.CatToHand,
			TriggerIf: func(c *ctx) bool { return c.Event().Target == c.Self() },
			// Checked when the trigger would go on the chain: an attacker destroyed by that battle
			// is not returned, and the effect does not activate (as ygopro's script does).
			HasTargets: func(c *ctx) bool {
				a := c.Event().Card
				return c.Place(a).Loc == engine.MZone && !c.DestroyedByBattle(a)
			},
			Resolve: func(c *ctx) {
				a := c.Event().Card
				if a == c.Attacker() && c.Place(a).Loc == engine.MZone && !c.DestroyedByBattle(a) {
					c.ReturnToHand(a)
				}
			},
		}},
	})

	cards.Register(46461247, &engine.Script{ // Trap Master
		Effects: []*engine.Effect{cards.FlipDestroyKind(cards.IsTrap)},
	})
}
