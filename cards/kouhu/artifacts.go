package kouhu

import (
	"github.com/duelistgame/duelist/engine"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// The artifacts. Placing one pays its Level and puts it face-up in the creature & artifact zone
// (the rules do; an equip artifact is attached to the creature chosen then). An artifact's
// activated effects work from that zone at once (speed 1); an equip artifact's trait applies to
// the creature it is attached to.

// equipped is a Continuous effect of an equip artifact: the creature it is attached to gains atk,
// def and flags.
func equipped(desc string, atk, def int, flags engine.Flag) *effect {
	return &effect{
		Kind:  engine.Continuous,
		Desc:  desc,
		Range: engine.Locs(engine.MZone),
		Static: engine.Static{
			ATK:     atk,
			DEF:     def,
			Flags:   flags,
			Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id && krules.IsCreature(c, id) },
		},
	}
}

// hasTappedResource reports whether the controller has a tapped cost card.
func hasTappedResource(c *ctx) bool {
	for _, id := range c.Pile(c.You(), engine.Resource) {
		if c.Tapped(id) {
			return true
		}
	}
	return false
}

func init() {
	register(leyCrystal, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Ignition, OncePerTurn: true, Desc: "untap 1 tapped cost card",
			Condition: hasTappedResource,
			Resolve:   func(c *ctx) { c.UntapResource(c.You()) },
		}},
	})

	mineHas, mineTarget := targetOne(myCreatures)
	register(warDrum, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatStatChange,
			Desc:       "1 of your creatures gains 500 ATK until the End Phase",
			HasTargets: mineHas,
			Target:     mineTarget,
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && krules.IsCreature(c, t) {
					untilEndPhase(c, t, 500, 0)
				}
			},
		}},
	})

	register(knightsLance, &engine.Script{
		Effects: []*effect{equipped("the equipped creature gains 600 ATK and pierce", 600, 0, engine.FlagPierce)},
	})

	register(archmagesStaff, &engine.Script{
		Effects: []*effect{equipped("the equipped creature gains 400 ATK and 400 DEF", 400, 400, 0)},
	})

	register(dragonScaleMail, &engine.Script{
		Effects: []*effect{equipped("the equipped creature gains 200 ATK and 800 DEF", 200, 800, 0)},
	})
}
