package cards

import (
	"duelist/card"
	"duelist/engine"
)

func init() {
	Register(55144522, &engine.Script{ // Pot of Greed
		Desc: "Draw 2 cards.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDraw,
			Condition: func(c *ctx) bool { return len(c.Pile(c.You(), engine.Deck)) >= 2 },
			Resolve:   func(c *ctx) { c.Draw(c.You(), 2) },
		}},
	})

	allMonsters := func(c *ctx) []cardID { return c.AllMonsters() }
	Register(53129443, &engine.Script{ // Dark Hole
		Desc: "Destroy every monster on the field.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: nonEmpty(allMonsters),
			Resolve:   destroyAll(allMonsters),
		}},
	})

	oppMonsters := func(c *ctx) []cardID { return c.Monsters(c.Opp()) }
	Register(12580477, &engine.Script{ // Raigeki
		Desc: "Destroy every monster your opponent controls.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: nonEmpty(oppMonsters),
			Resolve:   destroyAll(oppMonsters),
		}},
	})

	otherSpellTraps := func(c *ctx) []cardID {
		return engine.Filter(c.AllSpellTraps(), func(id cardID) bool { return id != c.Self() })
	}
	Register(5318639, &engine.Script{ // Mystical Space Typhoon
		Desc: "Target 1 Spell or Trap on the field; destroy it.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: hasAny(1, otherSpellTraps),
			Target:     targetFrom(1, otherSpellTraps),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	revivable := func(c *ctx) []cardID {
		return both(c, func(s engine.Seat) []cardID {
			return gyCards(c, s, func(id cardID) bool { return c.CanSpecialSummon(id, c.You()) })
		})
	}
	Register(83764718, &engine.Script{ // Monster Reborn
		Desc: "Target 1 monster in either Graveyard; Special Summon it to your field.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			HasTargets: hasAny(1, revivable),
			Target:     targetFrom(1, revivable),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.SpecialSummon(t, c.You(), 0)
				}
			},
		}},
	})

	faceUpAll := func(c *ctx) []cardID { return faceUpMonsters(c) }
	Register(70046172, &engine.Script{ // Rush Recklessly
		Desc: "Target 1 face-up monster; it gains 700 ATK until the end of this turn.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			HasTargets: hasAny(1, faceUpAll),
			Target:     targetFrom(1, faceUpAll),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) {
					statUntilEnd(c, t, 700, 0)
				}
			},
		}},
	})

	Register(59197169, &engine.Script{ // Yami
		Desc: "Fiend and Spellcaster monsters gain 200 ATK/DEF; Fairy monsters lose 200 ATK/DEF.",
		Effects: []*effect{
			activateOnly(),
			fieldBoost([]card.Race{card.Fiend, card.Spellcaster}, 200, 200),
			fieldBoost([]card.Race{card.Fairy}, -200, -200),
		},
	})

	Register(37120512, equipSpell( // Sword of Dark Destruction
		"Equip only to a DARK monster: it gains 400 ATK and loses 200 DEF.",
		func(c *ctx, id cardID) bool { return hasAttr(c, id, card.Dark) }, 400, -200))
}
