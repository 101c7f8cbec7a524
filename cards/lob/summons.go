package lob

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(24094653, &engine.Script{ // Polymerization
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			// Only when a Fusion Summon is possible: the materials are in hand or on the field
			// (face-down ones too) and a zone will be free once they are gone.
			Condition: func(c *ctx) bool { return c.CanFusionSummon(c.You()) },
			// A Fusion Monster or material that left between activation and resolution is
			// simply not offered: if no Fusion is possible any more, nothing happens.
			Resolve: func(c *ctx) { c.FusionSummon(c.You()) },
		}},
	})

	// The Fusion Monsters: materials only. Fusion Monsters are never Normal Summoned and are bound
	// by the revive limit (the engine knows both from their card kind).
	cards.Register(66889139, &engine.Script{ // Gaia the Dragon Champion
		Materials: []card.Passcode{gaiaTheFierceKnight, curseOfDragon},
	})
	for _, f := range []struct{ fusion, a, b card.Passcode }{
		{1641882, 38142739, 83464209},  // Fusionist: Petit Angel + Mystical Sheep 2
		{17881964, 53293545, 75356564}, // Darkfire Dragon: Firegrass + Petit Dragon
		{37421579, 36121917, 96851799}, // Charubin the Fire Knight: Monster Egg + Hinotama Soul
		{45231177, 34460851, 44287299}, // Flame Swordsman: Flame Manipulator + Masaki the Legendary Swordsman
		{54541900, 56342351, 92731455}, // Karbonala Warrior: M-Warrior 1 + M-Warrior 2
		{58528964, 32274490, 40826495}, // Flame Ghost: Skull Servant + Dissolverock
		{70681994, 53153481, 33064647}, // Dragoness the Wicked Knight: Armaill + One-Eyed Shield Dragon
		{9293977, 29172562, 55444629},  // Metal Dragon: Steel Ogre Grotto 1 + Lesser Dragon
		{95952802, 90357090, 43500484}, // Flower Wolf: Silver Fang + Darkworld Thorns
	} {
		cards.Register(f.fusion, &engine.Script{Materials: []card.Passcode{f.a, f.b}})
	}
}
