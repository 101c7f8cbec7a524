package cards

import (
	"duelist/engine"
)

func init() {
	Register(41420027, &engine.Script{ // Solemn Judgment
		Desc: "When a monster would be Summoned, or a Spell/Trap Card is activated: pay half your LP; negate it and destroy that card.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *ctx) bool {
				if c.Summoning() != noCard {
					return true
				}
				l := c.Link(0)
				return l.IsSpell || l.IsTrap
			},
			Pay: func(c *ctx) { c.PayLP(c.LP(c.You()) / 2) },
			Resolve: func(c *ctx) {
				if s := c.Summoning(); s != noCard && c.PrevLink() == 0 {
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

	Register(44095762, &engine.Script{ // Mirror Force
		Desc: "When an opponent's monster declares an attack: destroy all Attack Position monsters your opponent controls.",
		Effects: []*effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDestroy,
			Condition: oppAttacks,
			Resolve: func(c *ctx) {
				c.Destroy(engine.Filter(c.Monsters(c.Opp()), func(id cardID) bool {
					return c.Pos(id) == engine.FaceUpAtk
				})...)
			},
		}},
	})

	Register(62279055, &engine.Script{ // Magic Cylinder
		Desc: "When an opponent's monster declares an attack: target it; negate the attack and inflict damage to your opponent equal to its ATK.",
		Effects: []*effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack),
			Category:  engine.CatDamage | engine.CatDisableAttack,
			Condition: oppAttacks,
			Target:    func(c *ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard {
					return
				}
				if c.NegateAttack() {
					c.Damage(c.Opp(), c.ATK(t))
				}
			},
		}},
	})

	summonedByOpp := func(c *ctx) bool {
		ev := c.Event()
		return ev != nil && c.Controller(ev.Card) == c.Opp() && c.Place(ev.Card).Loc == engine.MZone &&
			c.FaceUp(ev.Card) && c.ATK(ev.Card) >= 1000
	}
	Register(4206964, &engine.Script{ // Trap Hole
		Desc: "When your opponent Normal or Flip Summons a monster with 1000 or more ATK: target it; destroy it.",
		Effects: []*effect{{
			Kind: engine.Activate, On: engine.On(engine.EvSummon, engine.EvFlipSummon),
			Category:  engine.CatDestroy,
			Condition: summonedByOpp,
			Target:    func(c *ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	faceUpAll := func(c *ctx) []cardID { return faceUpMonsters(c) }
	Register(17814387, &engine.Script{ // Reinforcements
		Desc: "Target 1 face-up monster; it gains 500 ATK until the end of this turn.",
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			HasTargets: hasAny(1, faceUpAll),
			Target:     targetFrom(1, faceUpAll),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) {
					statUntilEnd(c, t, 500, 0)
				}
			},
		}},
	})

	Register(61740673, &engine.Script{ // Imperial Order
		Desc: "Negate the effects of all Spell Cards on the field. In every Standby Phase, pay 700 LP or destroy this card.",
		Effects: []*effect{
			activateOnly(),
			{
				Kind: engine.Continuous, Flags: engine.FlagNegated,
				Affects: func(c *ctx, id cardID) bool { return isSpell(c, id) && onField(c, id) && c.FaceUp(id) },
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Desc: "pay 700 LP or destroy this card",
				Condition: func(c *ctx) bool { return c.Event().Phase == engine.Standby },
				Resolve: func(c *ctx) {
					if !onField(c, c.Self()) || !c.FaceUp(c.Self()) {
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

	Register(51452091, &engine.Script{ // Royal Decree
		Desc: "Negate the effects of all other Trap Cards on the field.",
		Effects: []*effect{
			activateOnly(),
			{
				Kind: engine.Continuous, Flags: engine.FlagNegated,
				Affects: func(c *ctx, id cardID) bool {
					return id != c.Self() && isTrap(c, id) && onField(c, id) && c.FaceUp(id)
				},
			},
		},
	})
}
