package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Magic Ruler's Normal Spells that sweep the field or the Deck (Giant Trunade, Final Destiny,
// Eternal Rest, Upstart Goblin).

// fieldCardsButSelf lists every card on the field, monsters and Spells & Traps, other than the
// effect's own card.
func fieldCardsButSelf(c *ctx) []cardID {
	all := c.Concat(c.AllMonsters(), c.AllSpellTraps())
	return c.Filter(all, func(id cardID) bool { return id != c.Self() })
}

// otherSpellTraps lists the cards of the Spell & Trap and Field Zones other than the effect's own.
func otherSpellTraps(c *ctx) []cardID {
	return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return id != c.Self() })
}

// equippedMonsters lists the monsters on the field that have at least one card equipped to them.
func equippedMonsters(c *ctx) []cardID {
	var out []cardID
	for _, e := range c.AllSpellTraps() {
		if t := c.EquipTarget(e); t != noCard && c.Place(t).Loc == engine.MZone && !containsID(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func containsID(ids []cardID, id cardID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func init() {
	cards.Register(42703248, &engine.Script{ // Giant Trunade
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatToHand,
			Condition: cards.NonEmpty(otherSpellTraps),
			Resolve:   func(c *ctx) { c.ReturnToHand(otherSpellTraps(c)...) },
		}},
	})

	destinyCost := cards.DiscardCost(5, nil)
	cards.Register(18591904, &engine.Script{ // Final Destiny
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(fieldCardsButSelf),
			CanPay:    destinyCost.CanPay, Pay: destinyCost.Pay,
			Destroys: fieldCardsButSelf,
			Resolve:  func(c *ctx) { c.Destroy(fieldCardsButSelf(c)...) },
		}},
	})

	cards.Register(95051344, &engine.Script{ // Eternal Rest
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(equippedMonsters),
			Destroys:  equippedMonsters,
			Resolve:   func(c *ctx) { c.Destroy(equippedMonsters(c)...) },
		}},
	})

	cards.Register(70368879, &engine.Script{ // Upstart Goblin
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDraw | engine.CatRecover,
			Condition: func(c *ctx) bool { return len(c.Pile(c.You(), engine.Deck)) > 0 },
			Resolve: func(c *ctx) {
				before := len(c.Pile(c.You(), engine.Hand))
				c.Draw(c.You(), 1)
				if len(c.Pile(c.You(), engine.Hand)) > before {
					for _, o := range c.Opponents() {
						c.Recover(o, 1000)
					}
				}
			},
		}},
	})
}
