package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRL's Equip Spells: boosts that come back on top of the Deck (for a cost or by themselves) or
// burn as they go.

func init() {
	anyMonster := func(*ctx, cardID) bool { return true }
	lp500, tribute1 := cards.LPCost(500), cards.TributeCost(1, false, nil)

	cards.Register(38552107, cards.EquipWith(anyMonster, // Horn of Light
		cards.EquipFlag(0, 0, 800), cards.BackOnTop(&lp500)))

	cards.Register(40619825, cards.EquipWith(anyMonster, // Axe of Despair
		cards.EquipFlag(0, 1000, 0), cards.BackOnTop(&tribute1)))

	cards.Register(64047146, cards.EquipWith(anyMonster, // Horn of the Unicorn
		cards.EquipFlag(0, 700, 700), cards.BackOnTop(nil)))

	cards.Register(99597615, cards.EquipWith(anyMonster, // Malevolent Nuzzler
		cards.EquipFlag(0, 700, 0), cards.BackOnTop(&lp500)))

	cards.Register(22046459, cards.EquipWith(anyMonster, // Megamorph
		&engine.Effect{Kind: engine.Continuous, Static: engine.Static{
			Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
			SetATK: func(c *ctx, id cardID) (int, bool) {
				switch you, opp := c.LP(c.You()), c.LP(c.Opp()); {
				case you < opp:
					return 2 * c.BaseATK(id), true
				case you > opp:
					return (c.BaseATK(id) + 1) / 2, true
				}
				return 0, false
			},
		}}))

	cards.Register(45986603, snatchSteal())

	cards.Register(65169794, cards.EquipWith(anyMonster, // Black Pendant
		cards.EquipFlag(0, 500, 0),
		&engine.Effect{
			Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
			Category: engine.CatDamage, Desc: "inflict 500 damage to your opponent",
			TriggerIf: cards.SentFromFieldToGY,
			Resolve:   func(c *ctx) { c.DamageOpps(500) },
		}))
}

// snatchSteal is Snatch Steal: equipped to a monster of the opponent, its controller takes
// control of that monster while it stays equipped, face-up and not negated (ygopro-core's
// EFFECT_SET_CONTROL), and the opponent gains 1000 LP in each of their Standby Phases. Control
// is kept by the card's Check; a stolen monster is marked by the card, an even number of marks
// meaning the steal ended (control went back to its owner).
func snatchSteal() *engine.Script {
	mark := func(c *ctx, id cardID) {
		c.AddMod(id, engine.Modifier{Kind: engine.ModATK, Value: 0, Source: c.Self()})
	}
	// A monster of the opponent, while a Monster Zone is free to take it to (ygopro-core's
	// IsControlerCanBeChanged).
	sc := cards.EquipWith(func(c *ctx, id cardID) bool {
		return c.Controller(id) != c.You() && c.FreeZones(c.You(), engine.MZone) > 0
	},
		&engine.Effect{
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Range: engine.Locs(engine.SZone),
			Category: engine.CatRecover, OncePerTurn: true,
			Desc: "your opponent gains 1000 LP",
			TriggerIf: func(c *ctx) bool {
				return c.Event().Phase == engine.Standby && c.TurnPlayer() != c.You()
			},
			Resolve: func(c *ctx) { c.Recover(c.Opp(), 1000) },
		})
	// Its equip limit is wider than its activation's: any monster its controller does not
	// control, or the one it holds (ygopro-core's EFFECT_EQUIP_LIMIT), with no free zone asked:
	// Tailor of the Fickle may move it while its controller's zones are full (lockstep MRL
	// seed 35).
	sc.EquipFits = func(c *ctx, id cardID) bool {
		return c.Controller(id) != c.You() || c.EquipTarget(c.Self()) == id
	}
	// holder is the Snatch Steal that holds monster t: of those face-up, not negated and
	// equipped to it, the one that came face-up last (noCard: none).
	holder := func(c *ctx, t cardID) cardID {
		best := noCard
		for _, id := range c.AllSpellTraps() {
			if c.Data(id).Passcode == c.Data(c.Self()).Passcode && c.EquipTarget(id) == t && c.FaceUp(id) &&
				!c.Negated(id) && (best == noCard || c.FaceUpOrder(id) > c.FaceUpOrder(best)) {
				best = id
			}
		}
		return best
	}
	sc.Check = func(c *ctx) {
		self := c.Self()
		t := c.EquipTarget(self)
		active := t != noCard && cards.OnField(c, self) && c.FaceUp(self) && !c.Negated(self)
		if active {
			if c.MarkCount(t, self)%2 == 0 {
				mark(c, t)
			}
			if holder(c, t) == self && c.Controller(t) != c.You() {
				c.TakeControl(t, c.You(), false)
			}
		}
		for _, m := range c.Marked(self) {
			if m == t && active || c.MarkCount(m, self)%2 == 0 {
				continue
			}
			mark(c, m) // the steal ends: back to its owner, unless another one holds it
			if holder(c, m) == noCard && c.Controller(m) != c.Owner(m) {
				c.TakeControl(m, c.Owner(m), false)
			}
		}
	}
	return sc
}
