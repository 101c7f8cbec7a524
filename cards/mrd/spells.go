package mrd

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's Normal Spells that destroy, banish, discard, tribute or change a battle position.

func init() {
	// Every card in a Spell & Trap Zone or a Field Zone counts, face-down or not (a Union
	// monster equipped there too): the reference engine's "Spell or Trap on the field".
	otherSpellTraps := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return id != c.Self() })
	}
	cards.Register(19613556, &engine.Script{ // Heavy Storm
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(otherSpellTraps),
			Destroys:  otherSpellTraps,
			Resolve:   cards.DestroyAll(otherSpellTraps),
		}},
	})

	discard := cards.DiscardCost(1, nil)
	allMonsters := func(c *ctx) []cardID { return c.AllMonsters() }
	cards.Register(79759861, &engine.Script{ // Tribute to the Doomed
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			CanPay: discard.CanPay, Pay: discard.Pay,
			HasTargets: cards.HasAny(1, allMonsters),
			Target:     cards.TargetFrom(1, allMonsters),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	bothGYs := func(c *ctx) []cardID {
		return cards.Both(c, func(s engine.Seat) []cardID { return c.Pile(s, engine.GY) })
	}
	cards.Register(5758500, &engine.Script{ // Soul Release
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatRemove,
			HasTargets: cards.HasAny(1, bothGYs),
			Target:     func(c *ctx) { c.SelectTargets(bothGYs(c), 1, 5) },
			// The targets still in a Graveyard are banished; one that left is not.
			Resolve: func(c *ctx) { c.Banish(c.Targets()...) },
		}},
	})

	oppAttackers := func(c *ctx) []cardID {
		return c.Filter(c.OppMonsters(), func(id cardID) bool { return c.Pos(id).IsAttack() })
	}
	cards.Register(25880422, &engine.Script{ // Block Attack
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatPosition,
			HasTargets: cards.HasAny(1, oppAttackers),
			Target:     cards.TargetFrom(1, oppAttackers),
			Resolve: func(c *ctx) {
				// A target already in Defense Position (or face-down) again stays as it is.
				if t := c.Target(); t != noCard && c.Pos(t).IsAttack() {
					c.ChangePosition(t, engine.FaceUpDef)
				}
			},
		}},
	})

	handMonsters := func(c *ctx) []cardID {
		return c.FilterPile(c.You(), engine.Hand, func(id cardID) bool { return cards.IsMonster(c, id) })
	}
	cards.Register(41142615, &engine.Script{ // The Cheerful Coffin
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDiscard,
			Condition: cards.NonEmpty(handMonsters),
			Resolve: func(c *ctx) {
				c.Discard(c.SelectCards(c.You(), handMonsters(c), 1, 3, engine.ForDiscard)...)
			},
		}},
	})

	tribute := cards.TributeCost(1, false, nil)
	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(56830749, &engine.Script{ // Share the Pain
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatToGrave,
			CanPay: tribute.CanPay, Pay: tribute.Pay,
			Condition: cards.NonEmpty(oppMonsters),
			Resolve: func(c *ctx) {
				// The opponent chooses which of their monsters they tribute (not a target).
				c.Tribute(c.SelectCards(c.Opp(), oppMonsters(c), 1, 1, engine.ForTribute)...)
			},
		}},
	})
}
