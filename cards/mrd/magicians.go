package mrd

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	spellsInGY := func(c *engine.Ctx) []engine.CardID {
		return cards.GYCards(c, c.You(), func(id engine.CardID) bool { return cards.IsSpell(c, id) })
	}
	cards.Register(31560081, &engine.Script{ // Magician of Faith
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatToHand,
			HasTargets: cards.HasAny(1, spellsInGY),
			Target:     cards.TargetFrom(1, spellsInGY),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.AddToHand(t)
				}
			},
		}},
	})

	cards.Register(71625222, &engine.Script{ // Time Wizard
		Effects: []*engine.Effect{{
			Kind: engine.Ignition, OncePerTurn: true,
			Category: engine.CatCoin | engine.CatDestroy | engine.CatDamage,
			Resolve: func(c *engine.Ctx) {
				if c.CallCoin(c.You()) {
					c.Destroy(c.OppMonsters()...)
					return
				}
				// The damage counts only the monsters that were destroyed, with the ATK they
				// have in the Graveyard: their printed ATK, a face-down one's too, without the
				// changes they had on the field (ygopro-core sums the destroyed cards' ATK after
				// the destruction).
				mine := c.Monsters(c.You())
				c.Destroy(mine...)
				total := 0
				for _, id := range mine {
					if c.Place(id).Loc != engine.MZone {
						total += max(c.Data(id).ATK, 0)
					}
				}
				if total > 0 {
					c.Damage(c.You(), total/2)
				}
			},
		}},
	})
}
