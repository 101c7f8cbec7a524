package seed

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(55144522, &engine.Script{ // Pot of Greed
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDraw,
			Condition: func(c *engine.Ctx) bool { return len(c.Pile(c.You(), engine.Deck)) >= 2 },
			Resolve:   func(c *engine.Ctx) { c.Draw(c.You(), 2) },
		}},
	})

	allMonsters := func(c *engine.Ctx) []engine.CardID { return c.AllMonsters() }
	cards.Register(53129443, &engine.Script{ // Dark Hole
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(allMonsters),
			Resolve:   cards.DestroyAll(allMonsters),
		}},
	})

	oppMonsters := func(c *engine.Ctx) []engine.CardID { return c.OppMonsters() }
	cards.Register(12580477, &engine.Script{ // Raigeki
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(oppMonsters),
			Resolve:   cards.DestroyAll(oppMonsters),
		}},
	})

	otherSpellTraps := func(c *engine.Ctx) []engine.CardID {
		return c.Filter(c.AllSpellTraps(), func(id engine.CardID) bool { return id != c.Self() })
	}
	cards.Register(5318639, &engine.Script{ // Mystical Space Typhoon
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: cards.HasSome(1, func(c *engine.Ctx) []engine.CardID { return c.AllSpellTraps() },
				func(c *engine.Ctx, id engine.CardID) bool { return id != c.Self() }),
			Target: cards.TargetFrom(1, otherSpellTraps),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	})

	revivable := func(c *engine.Ctx) []engine.CardID {
		return cards.Both(c, func(s engine.Seat) []engine.CardID {
			return cards.GYCards(c, s, func(id engine.CardID) bool { return c.CanSpecialSummon(id, c.You()) })
		})
	}
	cards.Register(83764718, &engine.Script{ // Monster Reborn
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			// Some monster of either Graveyard (no list made: this runs at every prompt).
			HasTargets: func(c *engine.Ctx) bool {
				for _, s := range c.Players() {
					for _, id := range c.Pile(s, engine.GY) {
						if c.CanSpecialSummon(id, c.You()) && c.Targetable(id) {
							return true
						}
					}
				}
				return false
			},
			Target: cards.TargetFrom(1, revivable),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.SpecialSummon(t, c.You(), 0)
				}
			},
		}},
	})

	cards.Register(70046172, cards.BoostUntilEnd( // Rush Recklessly
		700, 0))

	cards.Register(59197169, &engine.Script{ // Yami
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			cards.FieldBoost([]card.Race{card.Fiend, card.Spellcaster}, 200, 200),
			cards.FieldBoost([]card.Race{card.Fairy}, -200, -200),
		},
	})

	cards.Register(37120512, cards.EquipSpell( // Sword of Dark Destruction
		func(c *engine.Ctx, id engine.CardID) bool { return cards.HasAttr(c, id, card.Dark) }, 400, -200))
}
