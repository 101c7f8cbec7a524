package cards

import (
	"duelist/engine"
)

func init() {
	Register(54652250, &engine.Script{ // Man-Eater Bug
		Desc: "FLIP: target 1 monster on the field; destroy it.",
		Effects: []*effect{{
			Kind: engine.Flip, Category: engine.CatDestroy,
			HasTargets: hasAny(1, func(c *ctx) []cardID { return c.AllMonsters() }),
			Target:     targetFrom(1, func(c *ctx) []cardID { return c.AllMonsters() }),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	Register(26202165, &engine.Script{ // Sangan
		Desc: "If sent from the field to the GY: add 1 monster with 1500 or less ATK from your Deck to your hand; you cannot activate cards or effects named Sangan for the rest of this turn.",
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
			Category: engine.CatSearch, OncePerName: true,
			Condition: func(c *ctx) bool {
				ev := c.Event()
				return ev.Card == c.Self() && ev.From.Loc == engine.MZone && ev.To.Loc == engine.GY
			},
			Resolve: func(c *ctx) {
				c.BanName(c.You(), c.Data(c.Self()).Passcode)
				cands := deckCards(c, c.You(), func(id cardID) bool {
					return isMonster(c, id) && c.Data(id).ATK <= 1500
				})
				if got := c.SelectCards(c.You(), cands, 1, 1, engine.ForNothing); len(got) > 0 {
					c.AddToHand(got...)
				}
			},
		}},
	})

	Register(40640057, &engine.Script{ // Kuriboh
		Desc: "During your opponent's turn, at damage calculation: discard this card; you take no battle damage from that battle.",
		Effects: []*effect{{
			Kind: engine.Quick, Range: engine.Locs(engine.Hand), DamageCalc: true,
			Condition: func(c *ctx) bool {
				return c.TurnPlayer() == c.Opp() && c.Attacker() != noCard && c.Timing() == engine.DuringCalc
			},
			Pay: func(c *ctx) { c.Discard(c.Self()) },
			Resolve: func(c *ctx) {
				c.AddPlayerFlag(c.You(), engine.PFNoBattleDamage, engine.EndOfBattle)
			},
		}},
	})
}
