package sdk

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// ringOfDestruction is the passcode of Ring of Destruction, whose damage also hits its own
// controller (Barrel Behind the Door needs to know).
const ringOfDestruction card.Passcode = 83555666

func init() {
	oppMonsters := func(c *engine.Ctx) []engine.CardID { return c.OppMonsters() }
	cards.Register(24068492, &engine.Script{ // Just Desserts
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDamage,
			Condition: cards.NonEmpty(oppMonsters),
			// Counted on resolution, as the card says "for each monster" then.
			Resolve: func(c *engine.Ctx) {
				if n := len(oppMonsters(c)); n > 0 {
					c.DamageOpps(500 * n)
				}
			},
		}},
	})

	ringTargets := func(c *engine.Ctx) []engine.CardID {
		return c.Filter(c.OppMonsters(), func(id engine.CardID) bool {
			return c.FaceUp(id) && c.ATK(id) <= c.LP(c.Controller(id))
		})
	}
	cards.Register(ringOfDestruction, &engine.Script{ // Ring of Destruction
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy | engine.CatDamage,
			OncePerName: true,
			Condition:   func(c *engine.Ctx) bool { return c.IsOpp(c.TurnPlayer()) },
			HasTargets:  cards.HasAny(1, ringTargets),
			Target:      cards.TargetFrom(1, ringTargets),
			Resolve: func(c *engine.Ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Place(t).Loc != engine.MZone || !c.FaceUp(t) {
					return
				}
				dmg := max(c.Data(t).ATK, 0) // original ATK, read before it leaves the field
				victim := c.Controller(t)    // in a tag duel, the opponent who controlled it
				c.Destroy(t)
				if c.Place(t).Loc == engine.MZone {
					return // "and if you do": not destroyed, no damage
				}
				// Pin (pool.md): you take the damage, then your opponent the same amount; at 0 you
				// lose and your opponent takes nothing. DamageBoth honours Barrel Behind the
				// Door's redirection of either half.
				c.DamageBoth(c.You(), victim, dmg, dmg)
			},
		}},
	})
}
