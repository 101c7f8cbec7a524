package sdk

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// lordOfD is the passcode of Lord of D., which The Flute of Summoning Dragon asks for.
const lordOfD card.Passcode = 17985575

func init() {
	cards.Register(6285791, &engine.Script{ // The Wicked Worm Beast
		Desc: "In the End Phase of its controller's turn, this face-up monster goes back to its owner's hand.",
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
		Desc: "While this card is face-up, card effects cannot target face-up Dragon monsters.",
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
		Desc: "Each time a monster other than this card is Normal Summoned or Flip Summoned, you gain 500 LP.",
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

	allMonsters := func(c *engine.Ctx) []engine.CardID { return c.AllMonsters() }
	cards.Register(7089711, &engine.Script{ // Hane-Hane
		Desc: "FLIP: target 1 monster on the field (this one allowed); return it to its owner's hand.",
		Effects: []*engine.Effect{{
			// Mandatory FLIP effect: Hane-Hane itself is a legal target while it stays on the
			// field, unless the battle that flipped it destroyed it (no longer a legal target).
			Kind: engine.Flip, Category: engine.CatToHand,
			HasTargets: cards.HasAny(1, allMonsters),
			Target:     cards.TargetFrom(1, allMonsters),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard && c.Place(t).Loc == engine.MZone {
					c.ReturnToHand(t)
				}
			},
		}},
	})
}
