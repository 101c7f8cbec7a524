package sdk

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(98374133, cards.EquipSpell( // Invigoration
		func(c *engine.Ctx, id engine.CardID) bool { return cards.HasAttr(c, id, card.Earth) }, 400, -200))

	cards.Register(19523799, &engine.Script{ // Ookazi
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDamage,
			Resolve: func(c *engine.Ctx) { c.DamageOpps(800) },
		}},
	})

	oppHand := func(c *engine.Ctx) []engine.CardID { return cards.OppPile(c, engine.Hand) }
	cards.Register(81820689, &engine.Script{ // The Inexperienced Spy
		Effects: []*engine.Effect{{
			// Nothing to look at with an empty hand: the card cannot be activated then.
			Kind: engine.Activate, Condition: cards.NonEmpty(oppHand),
			Resolve: func(c *engine.Ctx) {
				got := c.SelectCards(c.You(), oppHand(c), 1, 1, engine.ForNothing)
				c.ConfirmTo(c.You(), got...)
			},
		}},
	})

	oppDeck := func(c *engine.Ctx) []engine.CardID { return cards.OppPile(c, engine.Deck) }
	cards.Register(17092736, &engine.Script{ // Ancient Telescope
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Condition: cards.NonEmpty(oppDeck),
			Resolve: func(c *engine.Ctx) {
				// In a tag duel, the top 5 of each opponent's Deck.
				var top []engine.CardID
				for _, s := range c.Opponents() {
					deck := c.Pile(s, engine.Deck) // top card last
					for i, n := len(deck)-1, 0; i >= 0 && n < 5; i, n = i-1, n+1 {
						top = append(top, deck[i])
					}
				}
				// Looking does not move the cards: the order is kept without a shuffle.
				c.ConfirmTo(c.You(), top...)
			},
		}},
	})

	handDragons := func(c *engine.Ctx) []engine.CardID {
		return c.Filter(c.Pile(c.You(), engine.Hand), func(id engine.CardID) bool {
			return cards.HasRace(c, id, card.Dragon) && c.CanSpecialSummon(id, c.You())
		})
	}
	lordUp := func(c *engine.Ctx) bool {
		for _, id := range c.AllMonsters() {
			if c.Data(id).Passcode == lordOfD && c.FaceUp(id) {
				return true
			}
		}
		return false
	}
	cards.Register(43973174, &engine.Script{ // The Flute of Summoning Dragon
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			// Lord of D. is a condition of the activation only: the summons happen even if it
			// has left the field when the Flute resolves.
			Condition: func(c *engine.Ctx) bool { return lordUp(c) && len(handDragons(c)) > 0 },
			Resolve: func(c *engine.Ctx) {
				n := min(2, c.FreeZones(c.You(), engine.MZone))
				if n == 0 {
					return
				}
				for _, id := range c.SelectCards(c.You(), handDragons(c), 1, n, engine.ForNothing) {
					c.SpecialSummon(id, c.You(), 0)
				}
			},
		}},
	})
}
