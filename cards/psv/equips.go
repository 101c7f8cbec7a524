package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Equip Spells.

func init() {
	cards.Register(97687912, cards.EquipWith(func(*ctx, cardID) bool { return true }, // Fairy Meteor Crush
		cards.EquipFlag(engine.FlagPierce, 0, 0)))
}

func init() {
	// Premature Burial marks the monster it summons (a modifier with no change, lost when the
	// monster leaves the field): the mark is its equip limit and says which monster to destroy
	// once the card itself is destroyed, when it no longer has an equip target.
	const premature = 70828912
	burialCost := cards.LPCost(800)
	burialCands := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool {
			return cards.IsMonster(c, id) && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(premature, &engine.Script{
		EquipFits: func(c *ctx, t cardID) bool { return c.MarkedBy(t, c.Self()) },
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatSpecialSummon | engine.CatEquip,
				Desc:   "pay 800 LP: Special Summon a monster from your GY and equip it",
				CanPay: burialCost.CanPay, Pay: burialCost.Pay,
				HasTargets: func(c *ctx) bool {
					return c.FreeZones(c.You(), engine.MZone) > 0 && len(burialCands(c)) > 0
				},
				Target: cards.TargetFrom(1, burialCands),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == engine.NoCard || c.Place(t).Loc != engine.GY || !cards.OnField(c, c.Self()) {
						return
					}
					if c.SpecialSummon(t, c.You(), engine.FaceUpAtk) {
						c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
						c.Equip(c.Self(), t)
					}
				},
			},
			{
				Kind: engine.Automatic, On: engine.On(engine.EvDestroy),
				Range: engine.Locs(engine.GY, engine.Banished),
				Desc:  "destroyed: destroy the equipped monster",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.Card == c.Self() && ev.From.Loc.OnField() && ev.FromUp
				},
				Resolve: func(c *ctx) {
					if ms := c.Marked(c.Self()); len(ms) > 0 {
						c.Destroy(ms...)
					}
				},
			},
		},
	})
}

func init() {
	// 7 Completed: the choice made on activation (1 ATK, 2 DEF) is kept as the value of a mark
	// the card puts on itself when it is equipped.
	isMachine := func(c *ctx, id cardID) bool { return cards.MonsterOfRace(c, id, card.Machine) }
	machines := func(c *ctx) []cardID {
		return c.Filter(cards.FaceUpMonsters(c), func(id cardID) bool { return isMachine(c, id) })
	}
	chosen := func(c *ctx, want int) int {
		if v, ok := c.MarkValue(c.Self(), c.Self()); ok && v == want {
			return 700
		}
		return 0
	}
	cards.Register(86198326, &engine.Script{ // 7 Completed
		EquipFits: isMachine,
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatEquip, Attaches: true,
				Desc:       "equip to a Machine: it gains 700 ATK or DEF",
				HasTargets: cards.HasAny(1, machines),
				Target: func(c *ctx) {
					c.SelectTargets(machines(c), 1, 1)
					c.SetParam(c.ChooseOption(c.You(), 2))
				},
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == engine.NoCard || !c.FaceUp(t) || !isMachine(c, t) {
						return
					}
					c.Equip(c.Self(), t)
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Value: c.Param()})
				},
			},
			{Kind: engine.Continuous, Static: engine.Static{
				Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
				ATKFunc: func(c *ctx, _ cardID) int { return chosen(c, 1) },
				DEFFunc: func(c *ctx, _ cardID) int { return chosen(c, 2) },
			}},
		},
	})
}
