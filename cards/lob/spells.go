package lob

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(4614116, cards.EquipRace(card.Fiend, 300, 300))        // Dark Energy
	cards.Register(91595718, cards.EquipRace(card.Spellcaster, 300, 300)) // Book of Secret Arts

	cards.Register(86318356, cards.FieldSpell( // Sogen
		cards.FieldBoost([]card.Race{card.Warrior, card.BeastWarrior}, 200, 200)))

	oppFaceUp := func(c *ctx) []cardID { return cards.FaceUp(c, c.OppMonsters()) }
	cards.Register(66788016, &engine.Script{ // Fissure
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(oppFaceUp),
			Resolve:   func(c *ctx) { cards.DestroyExtreme(c, oppFaceUp(c), c.ATK, false) },
		}},
	})

	faceUpTraps := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return c.FaceUp(id) && cards.IsTrap(c, id) })
	}
	cards.Register(51482758, &engine.Script{ // Remove Trap
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: cards.HasAny(1, faceUpTraps),
			Target:     cards.TargetFrom(1, faceUpTraps),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) {
					c.Destroy(t)
				}
			},
		}},
	})

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

	cards.Register(59197169, cards.FieldSpell( // Yami
		cards.FieldBoost([]card.Race{card.Fiend, card.Spellcaster}, 200, 200),
		cards.FieldBoost([]card.Race{card.Fairy}, -200, -200)))
}
