package lon

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Labyrinth of Nightmare's Traps that negate: Flip effects under Royal Command, a Spell aimed at
// one monster by Riryoku Field.

func init() {
	// Royal Command: while it is face-up, the effects of every Flip monster on the field are
	// negated (a flipped one activates nothing).
	cards.Register(33950246, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagNegated,
				Affects: func(c *ctx, id cardID) bool {
					return c.Place(id).Loc == engine.MZone && c.Data(id).Kind.Has(card.Flip)
				},
			}},
		},
	})

	// Riryoku Field answers the activation of a Spell Card that targets exactly one monster on
	// the field: it is negated, and the Spell, if still on the field, destroyed.
	cards.Register(70344351, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *ctx) bool {
				l := c.Link(0)
				if !l.IsSpell || l.Negated {
					return false
				}
				ts := c.LinkTargets(0)
				return len(ts) == 1 && c.Place(ts[0]).Loc == engine.MZone
			},
			Destroys: cards.AnsweredCard,
			Resolve: func(c *ctx) {
				n := c.PrevLink()
				if s := c.Link(n).Card; c.NegateActivation(n) && cards.OnField(c, s) {
					c.Destroy(s)
				}
			},
		}},
	})
}

func init() {
	// Blind Destruction: in each of its controller's Standby Phases a die is rolled; every
	// face-up monster on the field whose Level is the result is destroyed (a 6: Level 6 or more).
	cards.Register(32015116, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Range: engine.Locs(engine.SZone),
				Category: engine.CatDestroy | engine.CatCoin, OncePerTurn: true,
				Desc: "roll a die and destroy the face-up monsters of that Level",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You()
				},
				Resolve: func(c *ctx) {
					d := c.RollDie(c.You())
					hit := c.Filter(cards.FaceUpMonsters(c), func(id cardID) bool {
						if d >= 6 {
							return cards.IsMonster(c, id) && c.Level(id) != 0 && !cards.LevelAtMost(c, id, 5)
						}
						return cards.LevelAtMost(c, id, d) && !cards.LevelAtMost(c, id, d-1)
					})
					if len(hit) > 0 {
						c.Destroy(hit...)
					}
				},
			},
		},
	})
}
