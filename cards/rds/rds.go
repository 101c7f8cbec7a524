// Package rds registers the behaviour of the cards whose first printing is Rise of Destiny (RDS).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in rds.cards beside this file; docs/cards.md says how to add a card.
package rds

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
	discardable := func(c *ctx) []cardID {
		return c.Filter(c.Pile(c.You(), engine.Hand), func(id cardID) bool { return id != c.Self() })
	}
	cards.Register(49010598, &engine.Script{ // Divine Wrath
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *ctx) bool {
				l := c.Link(0)
				return l.Card != noCard && l.Monster
			},
			CanPay: cards.NonEmpty(discardable),
			Pay: func(c *ctx) {
				c.Discard(c.SelectCards(c.You(), discardable(c), 1, 1, engine.ForDiscard)...)
			},
			Resolve: func(c *ctx) {
				n := c.PrevLink()
				if !c.NegateActivation(n) {
					return
				}
				// Only a monster still on the field is destroyed (one discarded or sent to the GY
				// for its own cost, as Kuriboh, is not).
				if m := c.Link(n).Card; cards.OnField(c, m) {
					c.Destroy(m)
				}
			},
		}},
	})

	monstersInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool { return cards.IsMonster(c, id) })
	}
	cards.Register(74848038, &engine.Script{ // Monster Reincarnation
		Effects: []*engine.Effect{{
			// The cost is paid before the target is chosen (notation.md "Activation"), so a
			// monster discarded for it may be the target; a target must exist before the cost.
			Kind: engine.Activate, Category: engine.CatToHand,
			CanPay:     cards.CanDiscardOne,
			Pay:        cards.DiscardOneCost,
			HasTargets: cards.HasAny(1, monstersInGY),
			Target:     cards.TargetFrom(1, monstersInGY),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.AddToHand(t)
				}
			},
		}},
	})
}
