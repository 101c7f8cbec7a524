package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	// Ground Collapse: as it is activated its controller chooses 2 Monster Zones of the field
	// that are empty and usable, on either side (a zone prompt: engine.Ctx.DeclareZones); once it
	// resolves they are kept as the value of a mark on itself, and its Continuous effect locks
	// them (engine.Static.LockedZones) while it is face-up on the field and not negated: no card
	// may be summoned, Set or moved into them. The zones are freed when it leaves the field.
	usable := func(c *ctx) []engine.Place {
		return c.UsableZones(engine.MZone, c.You(), c.Opp())
	}
	cards.Register(90502999, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Desc: "choose 2 Monster Zones: neither player can use them",
				HasTargets: func(c *ctx) bool { return len(usable(c)) >= 2 },
				Target: func(c *ctx) {
					c.SetParam(int(c.DeclareZones(c.You(), 2, usable(c))))
				},
				Resolve: func(c *ctx) {
					if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) || c.Param() == 0 {
						return
					}
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Value: c.Param()})
				},
			},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					LockedZones: func(c *ctx) engine.ZoneSet {
						v, _ := c.MarkValue(c.Self(), c.Self())
						return engine.ZoneSet(v)
					},
				},
			},
		},
	})
}
