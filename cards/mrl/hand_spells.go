package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Magic Ruler's Normal Spells that reach into a hand or the Deck (Confiscation, The Forceful
// Sentry, Delinquent Duo, Painful Choice) and Darkness Approaches.

func init() {
	confiscationCost := cards.LPCost(1000)
	cards.Register(17375316, &engine.Script{ // Confiscation
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDiscard,
			Condition: cards.OppHasHand,
			CanPay:    confiscationCost.CanPay, Pay: confiscationCost.Pay,
			Resolve: func(c *ctx) {
				c.Discard(cards.PickFromHand(c, c.Opp(), 1, engine.ForDiscard, nil)...)
			},
		}},
	})

	cards.Register(42829885, &engine.Script{ // The Forceful Sentry
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDiscard,
			Condition: cards.OppHasHand,
			Resolve: func(c *ctx) {
				if got := cards.PickFromHand(c, c.Opp(), 1, engine.ForNothing, nil); len(got) > 0 {
					c.PutOnDeck(got, true)
					c.ShuffleDeck(c.Owner(got[0]))
				}
			},
		}},
	})

	duoCost := cards.LPCost(1000)
	cards.Register(44763025, &engine.Script{ // Delinquent Duo
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDiscard,
			Condition: cards.OppHasHand,
			CanPay:    duoCost.CanPay, Pay: duoCost.Pay,
			Resolve: func(c *ctx) {
				opp := c.Opp()
				hand := c.Pile(opp, engine.Hand)
				if len(hand) == 0 {
					return
				}
				// First a card at random, then one of the opponent's choice.
				c.Discard(c.RandomCards(c.You(), hand, 1)...)
				if rest := c.Pile(opp, engine.Hand); len(rest) > 0 {
					c.Discard(c.SelectCards(opp, rest, 1, 1, engine.ForDiscard)...)
				}
			},
		}},
	})

	cards.Register(74191942, &engine.Script{ // Painful Choice
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSearch | engine.CatToHand | engine.CatToGrave,
			Condition: func(c *ctx) bool { return len(c.Pile(c.You(), engine.Deck)) >= 5 },
			Resolve: func(c *ctx) {
				deck := c.Pile(c.You(), engine.Deck)
				if len(deck) < 5 {
					return
				}
				five := c.SearchCards(c.You(), deck, 5, 5, engine.ForNothing)
				// The opponent is shown the five and picks the one added to the hand.
				c.ConfirmTo(c.Opp(), five...)
				pick := c.SearchCards(c.Opp(), five, 1, 1, engine.ForNothing)
				c.AddToHand(pick...)
				c.SendToGY(c.Filter(five, func(id cardID) bool { return !containsID(pick, id) })...)
				c.ShuffleDeck(c.You())
			},
		}},
	})

	darknessCost := cards.DiscardCost(2, nil)
	// A face-up monster that can be turned face-down: not a Token, not under Light of
	// Intervention.
	canTurnSet := func(c *ctx, id cardID) bool { return c.CanTurnFaceDown(id) }
	faceUpMonsters := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool { return canTurnSet(c, id) })
	}
	cards.Register(80168720, &engine.Script{ // Darkness Approaches
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatPosition,
			CanPay: darknessCost.CanPay, Pay: darknessCost.Pay,
			HasTargets: cards.HasAny(1, faceUpMonsters),
			Target:     cards.TargetFrom(1, faceUpMonsters),
			Resolve: func(c *ctx) {
				// Turned face-down, not flipped: a face-down monster's FLIP does not start.
				if t := c.Target(); t != noCard && canTurnSet(c, t) {
					c.ChangePosition(t, engine.FaceDownDef)
				}
			},
		}},
	})
}
