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
// gains atk and def while it is equipped (EquipSpell). When the monster stops being of the Type
// (DNA Surgery declares another), the Equip Spell is destroyed (EquipLimit).
func EquipRace(r card.Race, atk, def int) *engine.Script {
	fits := func(c *ctx, id cardID) bool { return MonsterOfRace(c, id, r) }
	s := EquipSpell(fits, atk, def)
	s.Check, s.CheckWhileFaceUp = EquipLimit(fits), true
	return s
}

// EquipLimit is the Check of an Equip Spell whose monster must stay one that fits (ygopro-core's
// EFFECT_EQUIP_LIMIT, checked after every action): a face-up Equip Spell equipped to a monster
// that no longer fits is destroyed (Lightning Blade on a Warrior that DNA Surgery made a Beast:
// lockstep probe of Jar of Greed, seed 10).
func EquipLimit(fits func(c *ctx, id cardID) bool) func(c *ctx) {
	return func(c *ctx) {
		self := c.Self()
		if t := c.EquipTarget(self); t != noCard && OnField(c, self) && c.FaceUp(self) && !fits(c, t) {
			c.Destroy(self)
		}
	}
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

// EquipWith builds an Equip Spell for monsters that fit (EquipSpell's activation) whose work
// while equipped is done by the effects given: EquipFlag (Paralyzing Potion: it cannot attack),
// StandbyWeaken (Germ Infection), a trigger of its own (Sword of Deep-Seated).
func EquipWith(fits func(c *ctx, id cardID) bool, more ...*effect) *engine.Script {
	return &engine.Script{EquipFits: fits, Effects: append([]*effect{EquipSpell(fits, 0, 0).Effects[0]}, more...)}
}

// StandbyWeaken is an Automatic effect of an Equip Spell: at the start of each of its
// controller's Standby Phases the equipped monster loses atk ATK, a lasting change that stays
// when the Equip Spell leaves and ends when the monster leaves the field or is turned face-down
// (Stim-Pack: 200; Germ Infection: 300). It starts no chain.
func StandbyWeaken(atk int) *effect {
	return &effect{
		Kind: engine.Automatic, On: engine.On(engine.EvPhase),
		Desc: "the equipped monster loses ATK in your Standby Phase",
		TriggerIf: func(c *ctx) bool {
			return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You() && c.EquipTarget(c.Self()) != noCard
		},
		Resolve: func(c *ctx) {
			if t := c.EquipTarget(c.Self()); t != noCard {
				c.AddMod(t, engine.Modifier{Kind: engine.ModATK, Value: -atk})
			}
		},
	}
}

// OnlyAttackTarget is the Continuous effects of an Equip Spell that makes its monster the only
// one the opponent's monsters may attack (Ring of Magnetism): its controller's other monsters
// cannot be attack targets (the equipped one still can), and no monster of the opponent may
// attack directly while it is on the field, one that "can attack directly" included (ygopro-core:
// a monster that must be attacked leaves the attacker no direct attack).
func OnlyAttackTarget() []*effect {
	return []*effect{
		{Kind: engine.Continuous, Static: engine.Static{
			Flags: engine.FlagCannotBeAttackTarget,
			Affects: func(c *ctx, id cardID) bool {
				t := c.EquipTarget(c.Self())
				return t != noCard && id != t && c.Place(id).Loc == engine.MZone && c.Controller(id) == c.Controller(t)
			},
		}},
		{Kind: engine.Continuous, Static: engine.Static{
			Flags: engine.FlagNoDirectAttack,
			Affects: func(c *ctx, id cardID) bool {
				t := c.EquipTarget(c.Self())
				return t != noCard && c.Place(id).Loc == engine.MZone && c.Controller(id) != c.Controller(t)
			},
		}},
	}
}

// SentFromFieldToGY is the TriggerIf of "when this card is sent from the field to the Graveyard"
// (On EvMove, Range the Graveyard): destroyed, sent with its monster. A card whose activation
// was negated (Magic Jammer) was never on the field for it: it sets off nothing (ygopro-core
// forgets where such a card came from).
func SentFromFieldToGY(c *ctx) bool {
	ev := c.Event()
	if ev.Card != c.Self() || ev.To.Loc != engine.GY || !ev.From.Loc.OnField() {
		return false
	}
	for n := 1; n <= c.ChainLen(); n++ {
		if l := c.Link(n); l.Card == c.Self() && l.Kind == engine.Activate && l.Negated {
			return false
		}
	}
	return true
}

// BackOnTop is the trigger of an Equip Spell "when this card is sent from the field to the
// Graveyard, place it on top of your Deck" (Horn of the Unicorn: mandatory, cost nil); with a
// cost it is optional and worded "When ... you can", missing its timing (Horn of Light: pay 500
// LP; Axe of Despair: Tribute 1 monster). It does nothing if the card left the Graveyard first.
func BackOnTop(cost *Cost) *effect {
	e := &effect{
		Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
		Desc:      "place this card on top of your Deck",
		TriggerIf: SentFromFieldToGY,
		Resolve: func(c *ctx) {
			if c.Place(c.Self()).Loc == engine.GY {
				c.PutOnDeck([]cardID{c.Self()}, true)
			}
		},
	}
	if cost != nil {
		e.Optional, e.When = true, true
		e.CanPay, e.Pay = cost.CanPay, cost.Pay
	}
	return e
}
