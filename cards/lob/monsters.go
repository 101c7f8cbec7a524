package lob

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	allMonsters := func(c *engine.Ctx) []engine.CardID { return c.AllMonsters() }
	cards.Register(7089711, &engine.Script{ // Hane-Hane
		Effects: []*engine.Effect{{
			// Mandatory FLIP effect: Hane-Hane itself is a legal target while it stays on the
			// field, unless the battle that flipped it destroyed it (no longer a legal target).
			Kind: engine.Flip, Category: engine.CatToHand,
			HasTargets: cards.HasAny(1, allMonsters),
			Target:     cards.TargetFrom(1, allMonsters),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard && c.Place(t).Loc == engine.MZone {
					c.ReturnToHand(t)
				}
			},
		}},
	})

	// Kind-bound removals: a Set card may be targeted since its kind is hidden; it is revealed,
	// and destroyed only if it is of the kind (RULES.md, as SDY's Trap Master and De-Spell).
	cards.Register(33066139, &engine.Script{ // Reaper of the Cards
		Effects: []*engine.Effect{cards.FlipDestroyKind(cards.IsTrap)},
	})
	cards.Register(9076207, &engine.Script{ // Armed Ninja
		Effects: []*engine.Effect{cards.FlipDestroyKind(cards.IsSpell)},
	})

	cards.Register(54652250, &engine.Script{ // Man-Eater Bug
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatDestroy,
			HasTargets: cards.HasAny(1, func(c *engine.Ctx) []engine.CardID { return c.AllMonsters() }),
			Target:     cards.TargetFrom(1, func(c *engine.Ctx) []engine.CardID { return c.AllMonsters() }),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	})
}
