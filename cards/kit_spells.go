package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Spells of the kit the 2002 boosters print by the dozen: Equip Spells for one monster Type,
// Field Spells that change the stats of some Types, and Normal Spells that inflict damage or
// gain Life Points.

// EquipRace builds an Equip Spell for monsters of one Type (Legendary Sword: Warriors; Dark
// Energy: Fiends): activated targeting a face-up monster of the Type on either field, which
// gains atk and def while it is equipped (EquipSpell).
func EquipRace(r card.Race, atk, def int) *engine.Script {
	return EquipSpell(func(c *ctx, id cardID) bool { return MonsterOfRace(c, id, r) }, atk, def)
}

// FieldSpell builds a Field Spell whose work is done by its Continuous effects, which apply
// while it is face-up in the Field Zone (Umi: FieldBoost of four Types, and of two others with
// negative values).
func FieldSpell(effects ...*effect) *engine.Script {
	return &engine.Script{Effects: append([]*effect{ActivateOnly()}, effects...)}
}

// BurnSpell builds a Spell that inflicts n damage to the opponent (to each opponent in a tag
// duel) on resolution (Hinotama: 500).
func BurnSpell(n int) *engine.Script {
	return &engine.Script{Effects: []*effect{{
		Kind: engine.Activate, Category: engine.CatDamage,
		Resolve: func(c *ctx) { c.DamageOpps(n) },
	}}}
}

// HealSpell builds a Spell whose controller gains n LP on resolution (Red Medicine: 500).
func HealSpell(n int) *engine.Script {
	return &engine.Script{Effects: []*effect{{
		Kind: engine.Activate, Category: engine.CatRecover,
		Resolve: func(c *ctx) { c.Recover(c.You(), n) },
	}}}
}
