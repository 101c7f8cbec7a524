// Package ston registers the behaviour of the cards whose first printing is Strike of Neos (STON).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in ston.cards beside this file; docs/cards.md says how to add a card.
package ston

import (
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
	normalMonsterInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool {
			return c.Data(id).IsNormalMonster() && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(35539880, &engine.Script{ // Birthright
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			HasTargets: cards.HasAny(1, normalMonsterInGY),
			Target:     cards.TargetFrom(1, normalMonsterInGY),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !c.SpecialSummon(t, c.You(), engine.FaceUpAtk) {
					return
				}
				// A mark with no effect of its own, kept while the monster stays on the field
				// (even after this card has left: that is how this card finds it to destroy it).
				c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.Permanent})
				cards.Link(c, t)
			},
		}},
		Check: func(c *ctx) {
			self := c.Self()
			if !cards.OnField(c, self) || !c.FaceUp(self) {
				// This card left the field: destroy the monster it summoned.
				if ms := c.Marked(self); len(ms) > 0 {
					c.Destroy(ms...)
				}
				return
			}
			if t := cards.Linked(c); t != noCard && !c.MarkedBy(t, self) {
				cards.Unlink(c)
				c.Destroy(self)
			}
		},
	})

	faceUpSpellTraps := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return id != c.Self() && c.FaceUp(id) })
	}
	cards.Register(45939841, &engine.Script{ // Twister
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			// Paying exactly all your LP is allowed, and loses (as Imperial Order's pin).
			CanPay:     func(c *ctx) bool { return c.LP(c.You()) >= 500 },
			Pay:        func(c *ctx) { c.PayLP(500) },
			HasTargets: cards.HasAny(1, faceUpSpellTraps),
			Target:     cards.TargetFrom(1, faceUpSpellTraps),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) {
					c.Destroy(t)
				}
			},
		}},
	})
}
