package lob

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	revivable := func(c *engine.Ctx) []engine.CardID {
		return cards.Both(c, func(s engine.Seat) []engine.CardID {
			return cards.GYCards(c, s, func(id engine.CardID) bool { return c.CanSpecialSummon(id, c.You()) })
		})
	}
	// Monster Reborn: first printed in LOB (LOB-118; the passcode list repeats Succubus Knight
	// in its place).
	cards.Register(83764718, &engine.Script{ // Monster Reborn
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			// Some monster of either Graveyard (no list made: this runs at every prompt).
			HasTargets: func(c *engine.Ctx) bool {
				for _, s := range c.Players() {
					for _, id := range c.Pile(s, engine.GY) {
						if c.CanSpecialSummon(id, c.You()) && c.Targetable(id) {
							return true
						}
					}
				}
				return false
			},
			Target: cards.TargetFrom(1, revivable),
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.SpecialSummon(t, c.You(), 0)
				}
			},
		}},
	})
}
