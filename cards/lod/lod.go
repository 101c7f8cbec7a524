// Package lod registers the behaviour of the cards whose first printing is Legacy of Darkness (LOD).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in lod.cards beside this file; docs/cards.md says how to add a card.
package lod

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard

func init() {
	lowInHand := func(c *ctx) []cardID {
		return c.Filter(c.Pile(c.You(), engine.Hand), func(id cardID) bool {
			return cards.LevelAtMost(c, id, 4) && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(2460565, &engine.Script{ // Marauding Captain
		Effects: []*engine.Effect{
			{
				// Face-down monsters show no Type, so only face-up Warriors are covered.
				Kind: engine.Continuous,
				Static: engine.Static{
					Flags: engine.FlagCannotBeAttackTarget,
					Affects: func(c *ctx, id cardID) bool {
						return id != c.Self() && c.Controller(id) == c.You() && cards.FaceUpInMZone(c, id) &&
							cards.MonsterOfRace(c, id, card.Warrior)
					},
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvSummon), Optional: true, When: true,
				Category: engine.CatSpecialSummon, Desc: "Special Summon 1 Level 4 or lower monster from your hand",
				TriggerIf:  cards.SummonedSelf,
				HasTargets: func(c *ctx) bool { return len(lowInHand(c)) > 0 },
				Resolve: func(c *ctx) {
					if got := c.SelectCards(c.You(), lowInHand(c), 1, 1, engine.ForNothing); len(got) > 0 {
						c.SpecialSummon(got[0], c.You(), 0)
					}
				},
			},
		},
	})

	otherMonsters := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool { return id != c.Self() })
	}
	cards.Register(74131780, &engine.Script{ // Exiled Force
		Effects: []*engine.Effect{{
			Kind: engine.Ignition, Category: engine.CatDestroy,
			// The target is chosen after the cost, so Exiled Force itself is never one.
			HasTargets: cards.HasAny(1, otherMonsters),
			Pay:        func(c *ctx) { c.Tribute(c.Self()) },
			Target:     cards.TargetFrom(1, otherMonsters),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	warriorsInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool { return cards.MonsterOfRace(c, id, card.Warrior) })
	}
	cards.Register(95281259, &engine.Script{ // The Warrior Returning Alive
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatToHand,
			HasTargets: cards.HasAny(1, warriorsInGY),
			Target:     cards.TargetFrom(1, warriorsInGY),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.AddToHand(t)
				}
			},
		}},
	})
}
