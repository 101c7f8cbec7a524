package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's WATER Warriors that Umi shields from Spell Cards.

// umi is the passcode of Umi, the Field Spell both cards need face-up.
const umi = 22702055

func init() {
	withUmi := func(c *ctx) bool { return cards.FieldSpellFaceUp(c, umi) }
	cards.Register(24128274, &engine.Script{ // Deepsea Warrior
		Effects: []*engine.Effect{cards.UnaffectedBySpells(withUmi)},
	})
	cards.Register(3643300, &engine.Script{ // The Legendary Fisherman
		Effects: []*engine.Effect{
			cards.UnaffectedBySpells(withUmi),
			cards.SelfFlag(engine.FlagIgnoredAsAttackTarget, withUmi),
		},
	})
}
