package mrl

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	fireInDeck := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool {
			return cards.HasAttr(c, id, card.Fire) && c.Data(id).ATK <= 1500 && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(60806437, &engine.Script{ // UFO Turtle
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
			Optional: true, When: true, Category: engine.CatSpecialSummon,
			TriggerIf: cards.SentToGYByBattle,
			// Not a target: only whether the effect could do anything (a monster and a zone).
			HasTargets: func(c *ctx) bool { return len(fireInDeck(c)) > 0 },
			Resolve: func(c *ctx) {
				if got := c.SearchCards(c.You(), fireInDeck(c), 1, 1, engine.ForNothing); len(got) > 0 {
					c.SpecialSummon(got[0], c.You(), engine.FaceUpAtk)
				}
				c.ShuffleDeck(c.You())
			},
		}},
	})
}
