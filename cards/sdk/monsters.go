package sdk

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(6285791, &engine.Script{ // The Wicked Worm Beast
		Effects: []*engine.Effect{{
			// A mandatory trigger: the return is not optional and cannot miss its timing.
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatToHand,
			Desc: "return this card to the hand",
			TriggerIf: func(c *engine.Ctx) bool {
				return c.Event().Phase == engine.End && c.TurnPlayer() == c.You()
			},
			Resolve: func(c *engine.Ctx) {
				if self := c.Self(); c.Place(self).Loc == engine.MZone && c.FaceUp(self) {
					c.ReturnToHand(self)
				}
			},
		}},
	})

	cards.Register(lordOfD, &engine.Script{ // Lord of D.
		Effects: []*engine.Effect{{
			Kind: engine.Continuous,
			Static: engine.Static{
				Flags: engine.FlagUntargetable,
				Affects: func(c *engine.Ctx, id engine.CardID) bool {
					return c.Place(id).Loc == engine.MZone && c.FaceUp(id) && cards.HasRace(c, id, card.Dragon)
				},
			},
		}},
	})

	cards.Register(54098121, &engine.Script{ // Mysterious Puppeteer
		Effects: []*engine.Effect{{
			// Mandatory: it has no "you can". A Set or a Special Summon is not a Normal or Flip
			// Summon, so EvSet and EvSpecialSummon do not set it off.
			Kind: engine.Trigger, On: engine.On(engine.EvSummon, engine.EvFlipSummon),
			Category: engine.CatRecover, Desc: "gain 500 LP",
			// A monster "other than itself" (pool.md): neither its own Normal Summon nor its own
			// Flip Summon counts.
			TriggerIf: func(c *engine.Ctx) bool {
				ev := c.Event()
				return ev == nil || ev.Card != c.Self()
			},
			Resolve: func(c *engine.Ctx) { c.Recover(c.You(), 500) },
		}},
	})
}
