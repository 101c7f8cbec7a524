package mrd

import (
	"slices"

	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's monsters whose effects are set off by their own change of battle position (the kit's
// ChangedToDefense and ChangedToAttack): the clowns, Tainted Wisdom and Yado Karu.

func init() {
	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }
	// targetOne targets 1 of cands if there is one: the mandatory triggers below activate (and
	// resolve doing nothing) when there is none.
	targetOne := func(cands func(c *ctx) []cardID) func(c *ctx) {
		return func(c *ctx) {
			if ids := cands(c); len(ids) > 0 {
				c.SelectTargets(ids, 1, 1)
			}
		}
	}
	cards.Register(13215230, &engine.Script{Effects: []*engine.Effect{{ // Dream Clown
		Kind: engine.Trigger, On: cards.PositionChanges, Category: engine.CatDestroy,
		Desc:      "changed to Defense Position: destroy 1 monster of the opponent",
		TriggerIf: cards.ChangedToDefense,
		Target:    targetOne(oppMonsters),
		Resolve: func(c *ctx) {
			if t := c.Target(); t != noCard {
				c.Destroy(t)
			}
		},
	}}})
	cards.Register(93889755, &engine.Script{Effects: []*engine.Effect{{ // Crass Clown
		Kind: engine.Trigger, On: cards.PositionChanges, Category: engine.CatToHand,
		Desc:      "changed to Attack Position: return 1 monster of the opponent to the hand",
		TriggerIf: cards.ChangedToAttack,
		Target:    targetOne(oppMonsters),
		Resolve: func(c *ctx) {
			if t := c.Target(); t != noCard {
				c.ReturnToHand(t)
			}
		},
	}}})
	cards.Register(28725004, &engine.Script{Effects: []*engine.Effect{{ // Tainted Wisdom
		Kind: engine.Trigger, On: cards.PositionChanges,
		Desc:      "changed to Defense Position: shuffle your Deck",
		TriggerIf: cards.ChangedToDefense,
		Resolve:   func(c *ctx) { c.ShuffleDeck(c.You()) },
	}}})

	// Yado Karu: "you can", worded "when": it misses its timing behind a later event. The cards
	// are put at the bottom in the order chosen, the first chosen the highest of them.
	handCards := func(c *ctx) []cardID { return c.Pile(c.You(), engine.Hand) }
	cards.Register(29380133, &engine.Script{Effects: []*engine.Effect{{ // Yado Karu
		Kind: engine.Trigger, On: cards.PositionChanges,
		Optional: true, When: true,
		Desc:      "changed to Defense Position: put cards from your hand at the bottom of your Deck",
		TriggerIf: func(c *ctx) bool { return cards.ChangedToDefense(c) && len(handCards(c)) > 0 },
		Resolve: func(c *ctx) {
			// As the reference engine: to the top of the Deck first, then ordered there, then
			// moved to the bottom one by one from the top.
			got := c.SelectCards(c.You(), handCards(c), 1, len(handCards(c)), engine.ForNothing)
			onTop := slices.Clone(got)
			slices.Reverse(onTop)
			c.PutOnDeck(onTop, true)
			if len(got) > 1 && len(got) <= 6 { // the most an order prompt lists
				got = c.OrderCards(c.You(), got, true)
			}
			slices.Reverse(got)
			c.PutOnDeck(got, false)
		},
	}}})
}
