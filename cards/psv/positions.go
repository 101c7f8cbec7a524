package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Traps that turn monsters over or send them back: Shadow of Eyes and Major Riot.
func init() {
	// Shadow of Eyes answers an opponent's monster that became face-down on the field: Set (by
	// the rules or Special Summoned face-down) or turned face-down by an effect.
	setByOpp := func(c *ctx) bool {
		ev := c.Event()
		return ev != nil && ev.Card != engine.NoCard && c.Place(ev.Card).Loc == engine.MZone &&
			c.Pos(ev.Card) == engine.FaceDownDef && c.IsOpp(c.Controller(ev.Card))
	}
	cards.Register(58621589, &engine.Script{ // Shadow of Eyes
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvSet, engine.EvSetFaceDown, engine.EvSpecialSummon),
			Category:   engine.CatPosition,
			Answers:    setByOpp,
			HasTargets: cards.EventCardTargetable,
			Target:     func(c *ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *ctx) {
				// Face-up Attack Position without flipping it: no FLIP effect.
				if t := c.Target(); t != engine.NoCard {
					c.RevealPositionNoFlip(t, engine.FaceUpAtk)
				}
			},
		}},
	})

	// Major Riot answers a monster of its controller's returned from the field to the hand by an
	// effect of the opponent's card.
	returnedByOpp := func(c *ctx) bool {
		ev := c.Event()
		return ev != nil && ev.From.Loc == engine.MZone && ev.FromCtrl == c.You() && ev.To.Loc == engine.Hand &&
			ev.To.Seat == c.You() && ev.Reason != engine.NoCard && c.IsOpp(c.Controller(ev.Reason))
	}
	cards.Register(9074847, &engine.Script{ // Major Riot
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvMove), Category: engine.CatToHand | engine.CatSpecialSummon,
			Answers: func(c *ctx) bool { return returnedByOpp(c) && len(c.AllMonsters()) > 0 },
			Resolve: func(c *ctx) {
				all := c.AllMonsters()
				if len(all) == 0 {
					return
				}
				c.ReturnToHand(all...)
				// Each player Special Summons from the hand, face-down, as many monsters as went
				// back to that player's hand (a Token or an Extra Deck monster does not count):
				// first this card's controller, then the opponent.
				for _, s := range []engine.Seat{c.You(), c.Opp()} {
					n := len(c.Filter(all, func(id cardID) bool {
						p := c.Place(id)
						return p.Loc == engine.Hand && p.Seat == s
					}))
					if n == 0 {
						continue
					}
					cands := c.FilterPile(s, engine.Hand, func(id cardID) bool { return c.CanSpecialSummon(id, s) })
					n = min(n, len(cands), c.FreeZones(s, engine.MZone))
					if n == 0 {
						continue
					}
					for _, id := range c.SelectCards(s, cands, n, n, engine.ForNothing) {
						c.SpecialSummon(id, s, engine.FaceDownDef)
					}
				}
			},
		}},
	})
}
