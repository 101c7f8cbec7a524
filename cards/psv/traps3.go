package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// attackAndReceive is Attack and Receive's passcode: it counts the copies in its controller's GY.
const attackAndReceive card.Passcode = 63689843

func init() {
	cards.Register(63689843, &engine.Script{ // Attack and Receive
		Effects: []*engine.Effect{{
			// Any damage, battle or effect; in the Damage Step too (ygopro-core).
			Kind: engine.Activate, On: engine.On(engine.EvDamage), Category: engine.CatDamage,
			DamageStep: true, DamageCalc: true,
			Answers: func(c *ctx) bool { ev := c.Event(); return ev != nil && ev.Seat == c.You() && ev.Amount > 0 },
			Resolve: func(c *ctx) {
				c.DamageOpps(700)
				// Counted as it resolves: this card is still on the field.
				n := len(cards.GYCards(c, c.You(), func(id cardID) bool { return c.Data(id).Passcode == attackAndReceive }))
				if n > 0 {
					c.DamageOpps(300 * n)
				}
			},
		}},
	})

	cards.Register(473469, destroyedAnswer(func(d *card.Data) bool { return d.IsTrap() }))    // Driving Snow
	cards.Register(73079365, destroyedAnswer(func(d *card.Data) bool { return d.IsSpell() })) // Gust
}

// destroyedAnswer builds a Trap answering a card of its controller's Spell & Trap Zones (a Trap for
// Driving Snow, a Spell for Gust) destroyed by an effect of the opponent's card and sent to the GY:
// it targets another Spell or Trap on the field and destroys it.
func destroyedAnswer(fits func(d *card.Data) bool) *engine.Script {
	otherSpellTraps := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return id != c.Self() })
	}
	return &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvDestroy), Category: engine.CatDestroy,
			Answers: func(c *ctx) bool {
				ev := c.Event()
				return ev != nil && !ev.Battle && (ev.From.Loc == engine.SZone || ev.From.Loc == engine.FZone) &&
					ev.FromCtrl == c.You() && ev.To.Loc == engine.GY && fits(c.Data(ev.Card)) &&
					ev.Reason != engine.NoCard && c.IsOpp(c.Controller(ev.Reason))
			},
			HasTargets: cards.HasAny(1, otherSpellTraps),
			Target:     cards.TargetFrom(1, otherSpellTraps),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	}
}
