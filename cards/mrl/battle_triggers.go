package mrl

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	tomatoCands := func(c *engine.Ctx) []engine.CardID {
		return cards.DeckCards(c, c.You(), func(id engine.CardID) bool {
			return cards.HasAttr(c, id, card.Dark) && c.Data(id).ATK <= 1500 && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(83011277, &engine.Script{ // Mystic Tomato
		Effects: []*engine.Effect{{
			// Pin: an optional "When ..." trigger (it can miss its timing).
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
			Optional: true, When: true, Category: engine.CatSpecialSummon,
			TriggerIf: cards.SentToGYByBattle,
			// Not a target: only whether the effect could do anything (a monster and a zone).
			HasTargets: func(c *engine.Ctx) bool { return len(tomatoCands(c)) > 0 },
			Resolve: func(c *engine.Ctx) {
				got := c.SearchCards(c.You(), tomatoCands(c), 1, 1, engine.ForNothing)
				if len(got) > 0 {
					c.SpecialSummon(got[0], c.You(), engine.FaceUpAtk)
				}
				c.ShuffleDeck(c.You())
			},
		}},
	})
}
