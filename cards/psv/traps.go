package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// numinousHealer is Numinous Healer's passcode: it counts the copies in its controller's GY.
const numinousHealer card.Passcode = 2130625

func init() {
	cards.Register(98299011, &engine.Script{ // Gift of the Mystical Elf
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatRecover,
			Condition: func(c *ctx) bool { return len(c.AllMonsters()) > 0 },
			// Counted on resolution: every monster, face-down ones too.
			Resolve: func(c *ctx) {
				if n := len(c.AllMonsters()); n > 0 {
					c.Recover(c.You(), 300*n)
				}
			},
		}},
	})

	cards.Register(2130625, &engine.Script{ // Numinous Healer
		Effects: []*engine.Effect{{
			// When its controller takes damage, battle or effect; in the Damage Step too
			// (ygopro-core; lockstep PSV seeds 7, 9, 10, 19).
			Kind: engine.Activate, On: engine.On(engine.EvDamage), Category: engine.CatRecover,
			DamageStep: true, DamageCalc: true,
			Answers: func(c *ctx) bool { ev := c.Event(); return ev != nil && ev.Seat == c.You() && ev.Amount > 0 },
			Resolve: func(c *ctx) {
				c.Recover(c.You(), 1000)
				// This card is still on the field as it resolves: only the copies already in
				// the GY count.
				n := len(cards.GYCards(c, c.You(), func(id cardID) bool { return c.Data(id).Passcode == numinousHealer }))
				if n > 0 {
					c.Recover(c.You(), 500*n)
				}
			},
		}},
	})

	cards.Register(96355986, &engine.Script{ // Enchanted Javelin
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatRecover,
			Answers:    cards.OppAttacks,
			HasTargets: cards.EventCardTargetable,
			Target:     cards.TargetAttacker,
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Place(t).Loc != engine.MZone || !c.FaceUp(t) {
					return
				}
				if atk := c.ATK(t); atk > 0 {
					c.Recover(c.You(), atk)
				}
			},
		}},
	})

	oppSpellTraps := func(c *ctx) []cardID { return c.SpellTraps(c.Opp()) }
	cards.Register(60082869, &engine.Script{ // Dust Tornado
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: cards.HasAny(1, oppSpellTraps),
			Target:     cards.TargetFrom(1, oppSpellTraps),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Destroy(t) == 0 {
					return
				}
				settable := c.FilterPile(c.You(), engine.Hand, c.CanSetSpellFromHand)
				if len(settable) == 0 || !c.AskYesNo(c.You()) {
					return
				}
				for _, id := range c.SelectCards(c.You(), settable, 1, 1, engine.ForNothing) {
					c.SetSpellFromHand(id, c.You())
				}
			},
		}},
	})

	spellsInHand := func(c *ctx, s engine.Seat) []cardID {
		return c.FilterPile(s, engine.Hand, func(id cardID) bool { return cards.IsSpell(c, id) })
	}
	cards.Register(59344077, &engine.Script{ // Magic Drain
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *ctx) bool {
				l := c.Link(0)
				return l.IsSpell && c.IsOpp(l.Player)
			},
			Destroys: cards.AnsweredCard,
			Resolve: func(c *ctx) {
				n := c.PrevLink()
				if n < 1 {
					return
				}
				// The player who activated the Spell chooses: option 1, discard a Spell Card (this
				// card's effect is negated: nothing more happens), or option 2, let its activation
				// be negated. Without a Spell Card in the hand it is still asked, with the second
				// option alone (ygopro-core's option prompt).
				opp := c.Link(n).Player
				if spells := spellsInHand(c, opp); len(spells) == 0 {
					c.ChooseOption(opp, 1)
				} else if c.ChooseOption(opp, 2) == 1 {
					c.Discard(c.SelectCards(opp, spells, 1, 1, engine.ForDiscard)...)
					return
				}
				if c.NegateActivation(n) {
					c.Destroy(c.Link(n).Card)
				}
			},
		}},
	})
}
