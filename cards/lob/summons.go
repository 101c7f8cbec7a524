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
}
