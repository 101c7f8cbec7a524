package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Stat changes of the kit that Continuous effects make: monsters of an Attribute boosted or
// weakened (Hoshiningen, Star Boy ...), and a monster's own ATK or DEF counted from the duel
// (Swamp Battleguard: 500 for each Lava Battleguard; Muka Muka: 300 for each card in the hand).

// AttrBoost is a Continuous effect: every face-up monster of the Attribute on the field gains atk
// ATK (negative: loses).
func AttrBoost(a card.Attribute, atk int) *effect { return AttrStats(a, atk, 0) }

// AttrStats is a Continuous effect: every face-up monster of the Attribute on the field gains atk
// ATK and def DEF (negative: loses). The Attribute Field Spells of Magic Ruler: Mystic Plasma
// Zone gives DARK monsters 500 ATK and takes 400 DEF.
func AttrStats(a card.Attribute, atk, def int) *effect {
	return &effect{Kind: engine.Continuous, Static: engine.Static{
		ATK: atk, DEF: def,
		Affects: func(c *ctx, id cardID) bool {
			return c.Place(id).Loc == engine.MZone && c.FaceUp(id) && c.Data(id).Attribute == a
		},
	}}
}

// SelfStats is a Continuous effect: the monster's own ATK (and DEF, with def) changes by per for
// each thing count counts now.
func SelfStats(per int, def bool, count func(c *ctx) int) *effect {
	e := &effect{Kind: engine.Continuous, Static: engine.Static{
		Affects: func(c *ctx, id cardID) bool { return id == c.Self() },
		ATKFunc: func(c *ctx, _ cardID) int { return per * count(c) },
	}}
	if def {
		e.DEFFunc = func(c *ctx, _ cardID) int { return per * count(c) }
	}
	return e
}

// CountFaceUp counts the face-up monsters of a name the effect's controller controls.
func CountFaceUp(code card.Passcode) func(c *ctx) int {
	return func(c *ctx) int {
		n := 0
		for _, id := range c.Monsters(c.You()) {
			if c.FaceUp(id) && c.Data(id).Passcode == code {
				n++
			}
		}
		return n
	}
}
