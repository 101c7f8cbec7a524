package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Petit Moth's evolution: Cocoon of Evolution equips it from the hand and counts its controller's
// turns (End Phases) while it does, as marks of the Cocoon on Petit Moth; Larvae Moth (2 turns)
// and Great Moth (4) are Special Summoned from the hand by tributing that Petit Moth.

const (
	petitMoth         card.Passcode = 58192742
	cocoonOfEvolution card.Passcode = 40240595
)

func init() {
	petitMoths := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool {
			return c.FaceUp(id) && c.Data(id).Passcode == petitMoth
		})
	}
	cards.Register(cocoonOfEvolution, &engine.Script{Effects: []*engine.Effect{ // Cocoon of Evolution
		{
			Kind: engine.Ignition, Range: engine.Locs(engine.Hand), Category: engine.CatEquip,
			Desc:       "equip this card from your hand to a face-up Petit Moth you control",
			Condition:  func(c *ctx) bool { return c.FreeZones(c.You(), engine.SZone) > 0 },
			HasTargets: cards.HasAny(1, petitMoths),
			Target:     cards.TargetFrom(1, petitMoths),
			// The Cocoon still in the hand equips the target still face-up and yours; if it
			// cannot, it goes to the Graveyard.
			Resolve: func(c *ctx) {
				self := c.Self()
				if c.Place(self).Loc != engine.Hand {
					return
				}
				t := c.Target()
				if t == noCard || c.Controller(t) != c.You() || !c.FaceUp(t) || !c.EquipMonster(self, t) {
					c.SendToGY(self)
				}
			},
		},
		{
			// Equipped, its ATK and DEF (0 and 2000) are Petit Moth's original ATK and DEF.
			Kind: engine.Continuous, Range: engine.Locs(engine.SZone), Static: engine.Static{
				Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
				ATKFunc: func(c *ctx, id cardID) int { return c.Data(c.Self()).ATK - c.BaseATK(id) },
				DEFFunc: func(c *ctx, id cardID) int { return c.Data(c.Self()).DEF - c.BaseDEF(id) },
			},
		},
		{
			Kind: engine.Automatic, On: engine.On(engine.EvPhase), Range: engine.Locs(engine.SZone), Unnegated: true,
			Desc: "count this turn",
			TriggerIf: func(c *ctx) bool {
				return c.Event().Phase == engine.End && c.TurnPlayer() == c.You() && c.EquipTarget(c.Self()) != noCard
			},
			Resolve: func(c *ctx) {
				if t := c.EquipTarget(c.Self()); t != noCard {
					c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
				}
			},
		},
	}})

	// evolved is the procedure of Larvae Moth and Great Moth: tribute a Petit Moth you control
	// equipped with a Cocoon of Evolution that counted at least turns of yours.
	evolved := func(turns int) *engine.SummonProc {
		ready := func(c *ctx) []cardID {
			return c.Filter(c.Monsters(c.You()), func(id cardID) bool {
				if c.Data(id).Passcode != petitMoth {
					return false
				}
				for _, e := range c.AllSpellTraps() {
					if c.Data(e).Passcode == cocoonOfEvolution && c.EquipTarget(e) == id && c.MarkCount(id, e) >= turns {
						return true
					}
				}
				return false
			})
		}
		return &engine.SummonProc{
			Condition: func(c *ctx) bool { return len(ready(c)) > 0 },
			Cost: func(c *ctx) {
				c.Tribute(c.SelectCards(c.You(), ready(c), 1, 1, engine.ForTribute)...)
			},
		}
	}
	cards.Register(87756343, &engine.Script{CannotNormalSummon: true, SummonProc: evolved(2)}) // Larvae Moth
	cards.Register(14141448, &engine.Script{CannotNormalSummon: true, SummonProc: evolved(4)}) // Great Moth
}
