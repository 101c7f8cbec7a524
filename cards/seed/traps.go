package seed

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(41420027, &engine.Script{ // Solemn Judgment
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *engine.Ctx) bool {
				if c.Summoning() != engine.NoCard {
					return true
				}
				l := c.Link(0)
				return l.IsSpell || l.IsTrap
			},
			Pay: func(c *engine.Ctx) { c.PayLP(c.LP(c.You()) / 2) },
			Resolve: func(c *engine.Ctx) {
				if s := c.Summoning(); s != engine.NoCard && c.PrevLink() == 0 {
					c.NegateSummon()
					return
				}
				n := c.PrevLink()
				if c.NegateActivation(n) {
					c.Destroy(c.Link(n).Card)
				}
			},
		}},
	})

	cards.Register(44095762, &engine.Script{ // Mirror Force
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDestroy,
			Answers: cards.OppAttacks,
			Resolve: func(c *engine.Ctx) {
				c.Destroy(c.Filter(c.OppMonsters(), func(id engine.CardID) bool {
					return c.Pos(id) == engine.FaceUpAtk
				})...)
			},
		}},
	})

	cards.Register(62279055, &engine.Script{ // Magic Cylinder
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack),
			Category:   engine.CatDamage | engine.CatDisableAttack,
			Answers:    cards.OppAttacks,
			HasTargets: eventCardTargetable,
			Target:     func(c *engine.Ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *engine.Ctx) {
				t := c.Target()
				if t == engine.NoCard {
					return
				}
				if c.NegateAttack() {
					c.DamageOpps(c.ATK(t))
				}
			},
		}},
	})

	summonedByOpp := func(c *engine.Ctx) bool {
		ev := c.Event()
		return ev != nil && c.IsOpp(c.Controller(ev.Card)) && c.Place(ev.Card).Loc == engine.MZone &&
			c.FaceUp(ev.Card) && c.ATK(ev.Card) >= 1000
	}
	cards.Register(4206964, &engine.Script{ // Trap Hole
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvSummon, engine.EvFlipSummon),
			Category:   engine.CatDestroy,
			Answers:    summonedByOpp,
			HasTargets: eventCardTargetable,
			Target:     func(c *engine.Ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	})

	cards.Register(17814387, cards.BoostUntilEnd( // Reinforcements
		500, 0))

	cards.Register(61740673, &engine.Script{ // Imperial Order
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Flags: engine.FlagNegated,
					Affects: func(c *engine.Ctx, id engine.CardID) bool {
						return cards.IsSpell(c, id) && cards.OnField(c, id) && c.FaceUp(id)
					},
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Desc: "pay 700 LP or destroy this card",
				TriggerIf: func(c *engine.Ctx) bool { return c.Event().Phase == engine.Standby },
				Resolve: func(c *engine.Ctx) {
					if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
						return
					}
					if c.LP(c.You()) >= 700 {
						c.PayLP(700)
						return
					}
					c.Destroy(c.Self())
				},
			},
		},
	})

	cards.Register(51452091, &engine.Script{ // Royal Decree
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Flags: engine.FlagNegated,
					Affects: func(c *engine.Ctx, id engine.CardID) bool {
						return id != c.Self() && cards.IsTrap(c, id) && cards.OnField(c, id) && c.FaceUp(id)
					},
				},
			},
		},
	})
}

// eventCardTargetable: the card of the event answered can be targeted (Lord of D. protects
// Dragons from Trap Hole and Magic Cylinder).
func eventCardTargetable(c *engine.Ctx) bool {
	return c.Event() != nil && c.Targetable(c.Event().Card)
}
