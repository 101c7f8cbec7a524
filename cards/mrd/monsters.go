package mrd

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(26202165, &engine.Script{ // Sangan
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
			Category: engine.CatSearch, OncePerName: true,
			TriggerIf: func(c *engine.Ctx) bool {
				ev := c.Event()
				return ev.Card == c.Self() && ev.From.Loc == engine.MZone && ev.To.Loc == engine.GY
			},
			Resolve: func(c *engine.Ctx) {
				cands := cards.DeckCards(c, c.You(), func(id engine.CardID) bool {
					return cards.IsMonster(c, id) && c.Data(id).ATK <= 1500
				})
				if got := c.SearchCards(c.You(), cands, 1, 1, engine.ForNothing); len(got) > 0 {
					c.AddToHand(got...)
					// The lock is on the added card's name, not Sangan's.
					c.BanName(c.You(), c.Data(got[0]).Passcode)
				}
			},
		}},
	})

	cards.Register(40640057, &engine.Script{ // Kuriboh
		Effects: []*engine.Effect{{
			Kind: engine.Quick, Range: engine.Locs(engine.Hand), DamageCalc: true,
			Condition: func(c *engine.Ctx) bool {
				// Only if its player would take battle damage from this battle (ygopro-core).
				return c.IsOpp(c.TurnPlayer()) && c.Attacker() != engine.NoCard && c.Timing() == engine.DuringCalc &&
					c.BattleDamage(c.You()) > 0
			},
			Pay: func(c *engine.Ctx) { c.Discard(c.Self()) },
			Resolve: func(c *engine.Ctx) {
				c.AddPlayerFlag(c.You(), engine.PFNoBattleDamage, engine.EndOfBattle)
			},
		}},
	})
}
