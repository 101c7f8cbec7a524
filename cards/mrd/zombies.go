package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Castle of Dark Illusions and Pumpking the King of Ghosts: boosts that grow in their
// controller's Standby Phases, four times at most. Each card counts its Standby Phases with marks
// on itself (Ctx.MarkCount), which it loses when it leaves the field.

const castleOfDarkIllusions card.Passcode = 62121

func init() {
	zombies := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool { return cards.HasRace(c, id, card.Zombie) })
	}
	// boostZombies gives every Zombie on the field 200 ATK and DEF for as long as it stays there
	// (the boost stays if the Castle leaves).
	boostZombies := func(c *ctx) {
		for _, id := range zombies(c) {
			c.AddMod(id, engine.Modifier{Kind: engine.ModATK, Value: 200})
			c.AddMod(id, engine.Modifier{Kind: engine.ModDEF, Value: 200})
		}
	}
	yourStandby := func(c *ctx) bool {
		return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You()
	}
	mark := func(c *ctx) {
		c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
	}
	uses := func(c *ctx) int { return c.MarkCount(c.Self(), c.Self()) }
	cards.Register(castleOfDarkIllusions, &engine.Script{Effects: []*engine.Effect{ // Castle of Dark Illusions
		{
			Kind: engine.Flip, Category: engine.CatStatChange,
			Resolve: func(c *ctx) {
				boostZombies(c)
				if cards.FaceUpInMZone(c, c.Self()) {
					mark(c) // its Standby Phase boosts begin
				}
			},
		},
		{
			// In each of its controller's next 4 Standby Phases while it stays face-up.
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatStatChange,
			Desc:      "Zombies gain 200 ATK and DEF",
			TriggerIf: func(c *ctx) bool { return yourStandby(c) && uses(c) >= 1 && uses(c) <= 4 && c.FaceUp(c.Self()) },
			Resolve: func(c *ctx) {
				boostZombies(c)
				if cards.FaceUpInMZone(c, c.Self()) {
					mark(c)
				}
			},
		},
	}})

	castleUp := func(c *ctx) bool {
		for _, id := range c.AllMonsters() {
			if c.FaceUp(id) && c.Data(id).Passcode == castleOfDarkIllusions {
				return true
			}
		}
		return false
	}
	pumpkingStat := func(c *ctx, id cardID) int {
		v := 100 * c.MarkCount(id, id)
		if castleUp(c) {
			v += 100
		}
		return v
	}
	cards.Register(29155212, &engine.Script{Effects: []*engine.Effect{ // Pumpking the King of Ghosts
		{Kind: engine.Continuous, Static: engine.Static{
			Affects: func(c *ctx, id cardID) bool { return id == c.Self() },
			ATKFunc: pumpkingStat, DEFFunc: pumpkingStat,
		}},
		{
			// While a face-up Castle of Dark Illusions is on the field, in its controller's Standby
			// Phase: 100 more, up to 4 times.
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatStatChange,
			Desc:      "100 more ATK and DEF while Castle of Dark Illusions is face-up",
			TriggerIf: func(c *ctx) bool { return yourStandby(c) && uses(c) < 4 && castleUp(c) },
			Resolve: func(c *ctx) {
				if cards.FaceUpInMZone(c, c.Self()) && castleUp(c) {
					mark(c)
				}
			},
		},
	}})
}
