package lon

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Labyrinth of Nightmare's Spells: Equip Spells whose boost is counted from the field, and a
// mask that costs Life Points to keep.

// anyMonster is the equip condition of an Equip Spell for any monster.
func anyMonster(*engine.Ctx, engine.CardID) bool { return true }

// equipCounted is a Continuous effect of an Equip Spell: the equipped monster gains per ATK and
// DEF for each thing count counts now, on the Equip Spell's controller's side.
func equipCounted(per int, count func(c *engine.Ctx) int) *engine.Effect {
	v := func(c *engine.Ctx, _ engine.CardID) int { return per * count(c) }
	return &engine.Effect{Kind: engine.Continuous, Static: engine.Static{
		Affects: func(c *engine.Ctx, id engine.CardID) bool { return c.EquipTarget(c.Self()) == id },
		ATKFunc: v, DEFFunc: v,
	}}
}

func init() {
	// United We Stand: 800 for each face-up monster the Equip Spell's controller controls.
	cards.Register(56747793, cards.EquipWith(anyMonster, equipCounted(800, func(c *engine.Ctx) int {
		return len(cards.FaceUp(c, c.Monsters(c.You())))
	})))

	// Mage Power: 500 for each Spell and Trap its controller has on the field, Set ones and
	// itself included (a Union monster equipped as a card is no Spell).
	cards.Register(83746708, cards.EquipWith(anyMonster, equipCounted(500, func(c *engine.Ctx) int {
		n := 0
		for _, id := range c.SpellTraps(c.You()) {
			if cards.IsSpell(c, id) || cards.IsTrap(c, id) {
				n++
			}
		}
		return n
	})))

	// Mask of Brutality: 1000 ATK more, 1000 DEF less; 1000 LP in each of its controller's
	// Standby Phases, or it is destroyed.
	cards.Register(82432018, cards.EquipWith(anyMonster,
		cards.EquipFlag(0, 1000, -1000), cards.Maintenance(1000)))

	// Lightning Blade: a Warrior gains 800 ATK; while it is face-up in a Spell & Trap Zone, every
	// face-up WATER monster on the field loses 500 ATK (equipped or not).
	lb := cards.EquipRace(card.Warrior, 800, 0)
	lb.Effects = append(lb.Effects, cards.AttrBoost(card.Water, -500))
	cards.Register(55226821, lb)

	// Cyclon Laser: only to Gradius, which gains 300 ATK and inflicts piercing battle damage.
	const gradius card.Passcode = 10992251
	cards.Register(5494820, cards.EquipWith(func(c *ctx, id cardID) bool { return c.Data(id).Passcode == gradius },
		cards.EquipFlag(engine.FlagPierce, 300, 0)))

	// Mask of the Accursed: the equipped monster cannot attack, and in each of the Equip Spell's
	// controller's Standby Phases the monster's controller (as the trigger is activated) takes
	// 500 damage.
	cards.Register(56948373, cards.EquipWith(anyMonster,
		cards.EquipFlag(engine.FlagCannotAttack, 0, 0),
		&engine.Effect{
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Range: engine.Locs(engine.SZone),
			Category: engine.CatDamage, OncePerTurn: true,
			Desc: "500 damage to the controller of the equipped monster",
			TriggerIf: func(c *ctx) bool {
				return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You() && c.EquipTarget(c.Self()) != engine.NoCard
			},
			Target:  func(c *ctx) { c.SetParam(int(c.Controller(c.EquipTarget(c.Self())))) },
			Resolve: func(c *ctx) { c.Damage(engine.Seat(c.Param()), 500) },
		}))

	// Miracle Dig: with 5 or more face-up monsters banished, target 3 of them; they return to
	// the GY (those still banished).
	banishedMonsters := func(c *ctx) []cardID {
		return c.FilterPile(c.You(), engine.Banished, func(id cardID) bool {
			return c.FaceUp(id) && cards.IsMonster(c, id)
		})
	}
	cards.Register(6343408, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatToGrave,
			Condition:  func(c *ctx) bool { return len(banishedMonsters(c)) >= 5 },
			HasTargets: cards.HasAny(3, banishedMonsters),
			Target:     cards.TargetFrom(3, banishedMonsters),
			Resolve: func(c *ctx) {
				if ts := c.Targets(); len(ts) > 0 {
					c.SendToGY(ts...)
				}
			},
		}},
	})

	// Offerings to the Doomed: destroy a face-up monster; its controller skips their next Draw
	// Phase, whether or not the target was destroyed (in their own Draw Phase: the next one); a
	// second one before that Draw Phase skips no more.
	cards.Register(19230407, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: cards.HasAny(1, cards.FaceUpMonsters),
			Target:     cards.TargetFrom(1, cards.FaceUpMonsters),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != engine.NoCard && cards.FaceUpInMZone(c, t) {
					c.Destroy(t)
				}
				// Two skips pending are one: both end with that Draw Phase (ygopro-core's
				// EFFECT_SKIP_DP; lockstep probe of Offerings to the Doomed, seed 4).
				if !c.PlayerHas(c.You(), engine.PFSkipDraw) {
					c.AddPlayerFlag(c.You(), engine.PFSkipDraw, engine.Permanent)
				}
			},
		}},
	})
}
