package lob

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// LOB's plain Spells: the Equip Spells of one monster Type, the Field Spells, burn and heal, and
// the two that target (Stop Defense, Gravedigger Ghoul).

func init() {
	for _, eq := range []struct {
		code card.Passcode
		race card.Race
	}{
		{61854111, card.Warrior},      // Legendary Sword
		{46009906, card.Beast},        // Beast Fangs
		{15052462, card.Zombie},       // Violet Crystal
		{77027445, card.Aqua},         // Power of Kaishin
		{1435851, card.Dragon},        // Dragon Treasure
		{37820550, card.Thunder},      // Electro-Whip
		{36607978, card.BeastWarrior}, // Mystical Moon
		{25769732, card.Machine},      // Machine Conversion Factory
		{51267887, card.Dinosaur},     // Raise Body Heat
		{98252586, card.WingedBeast},  // Follow Wind
		{1557499, card.Fairy},         // Silver Bow and Arrow
		{77007920, card.Insect},       // Laser Cannon Armor
		{39774685, card.Plant},        // Vile Germs
	} {
		cards.Register(eq.code, cards.EquipRace(eq.race, 300, 300))
	}

	cards.Register(87430998, cards.FieldSpell( // Forest
		cards.FieldBoost([]card.Race{card.Insect, card.Beast, card.Plant, card.BeastWarrior}, 200, 200)))
	cards.Register(23424603, cards.FieldSpell( // Wasteland
		cards.FieldBoost([]card.Race{card.Dinosaur, card.Zombie, card.Rock}, 200, 200)))
	cards.Register(50913601, cards.FieldSpell( // Mountain
		cards.FieldBoost([]card.Race{card.Dragon, card.WingedBeast, card.Thunder}, 200, 200)))
	cards.Register(22702055, cards.FieldSpell( // Umi
		cards.FieldBoost([]card.Race{card.Fish, card.SeaSerpent, card.Thunder, card.Aqua}, 200, 200),
		cards.FieldBoost([]card.Race{card.Machine, card.Pyro}, -200, -200)))

	cards.Register(76103675, cards.BurnSpell(200)) // Sparks
	cards.Register(46130346, cards.BurnSpell(500)) // Hinotama
	cards.Register(73134081, cards.BurnSpell(600)) // Final Flame
	cards.Register(38199696, cards.HealSpell(500)) // Red Medicine
	cards.Register(11868825, cards.HealSpell(600)) // Goblin's Secret Remedy

	oppDefense := func(c *ctx) []cardID {
		return c.Filter(c.OppMonsters(), func(id cardID) bool { return c.Pos(id).IsDefense() })
	}
	cards.Register(63102017, &engine.Script{ // Stop Defense
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatPosition,
			HasTargets: cards.HasAny(1, oppDefense),
			Target:     cards.TargetFrom(1, oppDefense),
			Resolve: func(c *ctx) {
				// A face-down target is flipped face-up (its FLIP effect triggers); one already in
				// Attack Position again stays as it is (ChangePosition does nothing then).
				if t := c.Target(); t != noCard {
					c.ChangePosition(t, engine.FaceUpAtk)
				}
			},
		}},
	})

	oppGYMonsters := func(c *ctx) []cardID {
		return c.Filter(cards.OppPile(c, engine.GY), func(id cardID) bool { return cards.IsMonster(c, id) })
	}
	cards.Register(82542267, &engine.Script{ // Gravedigger Ghoul
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatRemove,
			HasTargets: cards.HasAny(1, oppGYMonsters),
			Target:     func(c *ctx) { c.SelectTargets(oppGYMonsters(c), 1, 2) },
			// The targets still in the Graveyard are banished; one that left is not.
			Resolve: func(c *ctx) { c.Banish(c.Targets()...) },
		}},
	})
}
