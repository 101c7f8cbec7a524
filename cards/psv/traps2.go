package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(35316708, &engine.Script{ // Time Seal
		Effects: []*engine.Effect{{
			Kind: engine.Activate,
			// The mark waits for the opponent's next Draw Phase, even one that begins in a later
			// turn than the next, and is spent by it.
			Resolve: func(c *ctx) {
				for _, s := range c.Opponents() {
					c.AddPlayerFlag(s, engine.PFSkipDraw, engine.Permanent)
				}
			},
		}},
	})

	cards.Register(23471572, &engine.Script{ // Solomon's Lawbook
		Effects: []*engine.Effect{{
			Kind:    engine.Activate,
			Resolve: func(c *ctx) { c.AddPlayerFlag(c.You(), engine.PFSkipStandby, engine.Permanent) },
		}},
	})

	// Chain Destruction answers the summon of a monster with 2000 or less ATK, either side's.
	small := func(c *ctx, id cardID) bool {
		return c.Place(id).Loc == engine.MZone && c.FaceUp(id) && c.ATK(id) <= 2000
	}
	cards.Register(1248895, &engine.Script{ // Chain Destruction
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvSummon, engine.EvFlipSummon, engine.EvSpecialSummon),
			Category:   engine.CatDestroy,
			Answers:    func(c *ctx) bool { ev := c.Event(); return ev != nil && small(c, ev.Card) },
			HasTargets: cards.EventCardTargetable,
			Target:     func(c *ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == engine.NoCard || !small(c, t) {
					return
				}
				code, s := c.Data(t).Passcode, c.Controller(t)
				same := func(id cardID) bool { return c.Data(id).Passcode == code }
				if ids := c.Concat(c.FilterPile(s, engine.Hand, same), c.FilterPile(s, engine.Deck, same)); len(ids) > 0 {
					c.Destroy(ids...)
				}
			},
		}},
	})

	allMonsters := func(c *ctx) []cardID { return c.AllMonsters() }
	cards.Register(37580756, &engine.Script{ // Michizure
		Effects: []*engine.Effect{{
			// A monster going from a Monster Zone to its controller's GY: the owner's, whoever
			// controlled it; in the Damage Step too (ygopro-core, lockstep probe of Michizure).
			Kind: engine.Activate, On: engine.On(engine.EvMove), Category: engine.CatDestroy,
			DamageStep: true,
			Answers: func(c *ctx) bool {
				ev := c.Event()
				return ev != nil && ev.From.Loc == engine.MZone && ev.To.Seat == c.You() &&
					ev.To.Loc == engine.GY && cards.IsMonster(c, ev.Card)
			},
			HasTargets: cards.HasAny(1, allMonsters),
			Target:     cards.TargetFrom(1, allMonsters),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	})

	faceDownDef := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool { return c.Pos(id) == engine.FaceDownDef })
	}
	effectMonsters := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool {
			return c.FaceUp(id) && c.Data(id).Kind.Has(card.Effect)
		})
	}
	cards.Register(36468556, &engine.Script{ // Ceasefire
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDamage,
			Condition: func(c *ctx) bool { return len(faceDownDef(c)) > 0 || len(effectMonsters(c)) > 0 },
			Resolve: func(c *ctx) {
				for _, id := range faceDownDef(c) {
					c.RevealPositionNoFlip(id, engine.FaceUpDef)
				}
				if n := len(effectMonsters(c)); n > 0 {
					c.DamageOpps(500 * n)
				}
			},
		}},
	})
}
