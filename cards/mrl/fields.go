package mrl

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRL's Field Spells: six that raise the ATK and lower the DEF of one Attribute's monsters on both
// sides, and one that raises the DEF of every Defense Position monster.

func init() {
	for _, f := range []struct {
		code card.Passcode
		attr card.Attribute
	}{
		{18161786, card.Dark},  // Mystic Plasma Zone
		{19384334, card.Fire},  // Molten Destruction
		{45778932, card.Wind},  // Rising Air Current
		{56594520, card.Earth}, // Gaia Power
		{81777047, card.Light}, // Luminous Spark
		{82999629, card.Water}, // Umiiruka
	} {
		cards.Register(f.code, cards.FieldSpell(cards.AttrStats(f.attr, 500, -400)))
	}

	cards.Register(81380218, cards.FieldSpell(&engine.Effect{ // Chorus of Sanctuary
		Kind: engine.Continuous, Static: engine.Static{
			DEF: 500,
			Affects: func(c *ctx, id cardID) bool {
				return c.Place(id).Loc == engine.MZone && c.Pos(id).IsDefense()
			},
		},
	}))
}
