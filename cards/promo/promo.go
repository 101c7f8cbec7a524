// Package promo registers the behaviour of the cards whose first printing is Promotional cards (PROMO).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in promo.cards beside this file; docs/cards.md says how to add a card.
package promo

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// blueEyes is the passcode of Blue-Eyes White Dragon, Blue-Eyes Ultimate Dragon's material.
const blueEyes card.Passcode = 89631139

func init() {
	cards.Register(23995346, &engine.Script{ // Blue-Eyes Ultimate Dragon
		Materials: []card.Passcode{blueEyes, blueEyes, blueEyes},
	})

	// virusCarrier: a DARK monster you control with 1000 or less ATK. A face-down monster counts
	// with its printed values (it may be tributed for the cost).
	virusCarriers := func(c *engine.Ctx) []engine.CardID {
		// In a tag duel the partner's monsters may be tributed as a cost too (seed 002).
		return c.Filter(c.AllyMonsters(), func(id engine.CardID) bool {
			return cards.HasAttr(c, id, card.Dark) && c.ATK(id) <= 1000
		})
	}
	strong := func(c *engine.Ctx) func(engine.CardID) bool {
		return func(id engine.CardID) bool { return cards.IsMonster(c, id) && c.ATK(id) >= 1500 }
	}
	cards.Register(57728570, &engine.Script{ // Crush Card Virus
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			CanPay: func(c *engine.Ctx) bool { return len(virusCarriers(c)) > 0 },
			Pay: func(c *engine.Ctx) {
				c.Tribute(c.SelectCards(c.You(), virusCarriers(c), 1, 1, engine.ForCost)...)
			},
			Resolve: func(c *engine.Ctx) {
				// In a tag duel, each opponent in turn.
				for _, opp := range append([]engine.Seat(nil), c.Opponents()...) {
					// Made on resolution, in turn t: EndOfNextTurn lasts through turn t+1.
					c.AddPlayerFlag(opp, engine.PFNoDamage, engine.EndOfNextTurn)
					hand := c.Pile(opp, engine.Hand)
					field := c.Monsters(opp)
					c.ConfirmTo(c.You(), hand...)
					c.ConfirmTo(c.You(), c.Filter(field, func(id engine.CardID) bool { return !c.FaceUp(id) })...)
					c.Destroy(c.Filter(append(field, hand...), strong(c))...)
					deck := cards.DeckCards(c, opp, strong(c))
					if len(deck) == 0 {
						continue
					}
					// The opponent looks through their own Deck: it is shuffled afterwards.
					c.Destroy(c.SearchCards(opp, deck, 0, 3, engine.ForNothing)...)
					c.ShuffleDeck(opp)
				}
			},
		}},
	})
}
