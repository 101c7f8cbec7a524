package kouhu

import (
	"github.com/duelistgame/duelist/engine"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// The traps. Each is Set first and used when its condition is met, paying its Level (the rules
// do). An [Additional cost] is paid as the card's effect resolves: a card that cannot pay it is
// negated (RULES.md kouhu), and a negated card does not pay it.

// spiritCounter is Destiny Board's counter.
const spiritCounter = "spirit"

// attackerTarget fixes the attacking creature as the effect's target.
func attackerTarget(c *ctx) { c.SetTargets(c.Event().Card) }

// destinyCheck is Destiny Board's special victory: a face-up, active Destiny Board with 4 spirit
// counters wins for its controller.
func destinyCheck(c *ctx) {
	self := c.Self()
	if c.Place(self).Loc != engine.SZone || !c.Active(self) || c.Counter(self, spiritCounter) < 4 {
		return
	}
	c.Win(c.Controller(self), "Destiny Board")
}

// bindingCheck sends an active Binding Chains to the Graveyard once no creature carries its
// binding (a change whose source is the card, lost when the creature leaves the field).
func bindingCheck(c *ctx) {
	self := c.Self()
	if c.Place(self).Loc == engine.SZone && c.Active(self) && len(c.Marked(self)) == 0 {
		c.SendToGY(self)
	}
}

func init() {
	register(solemnJudgment, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Desc: "pay half your LP: negate the summon or use and destroy that card",
			Condition: func(c *ctx) bool {
				if c.Summoning() != noCard {
					return true // a summon, or an artifact being placed
				}
				l := c.Link(0)
				return l.IsSpell || l.IsTrap
			},
			Resolve: func(c *ctx) {
				// [Additional cost] half the LP, the half kept rounded up.
				c.PayLP(c.LP(c.You()) / 2)
				if c.Summoning() != noCard && c.PrevLink() == 0 {
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

	register(destinyBoard, &engine.Script{
		Effects: []*effect{
			{
				Kind: engine.Activate, On: engine.On(engine.EvAttack),
				Desc: "this card stays on the field", Answers: oppAttacks,
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatWin,
				Desc: "start of your Main Phase 1: put 1 spirit counter on this card",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Main1 && c.TurnPlayer() == c.You() && c.Active(c.Self())
				},
				Resolve: func(c *ctx) {
					if c.Place(c.Self()).Loc == engine.SZone && c.FaceUp(c.Self()) {
						c.AddCounter(c.Self(), spiritCounter, 1)
					}
				},
			},
		},
		Check:   destinyCheck,
		CheckIn: engine.Locs(engine.SZone), // destinyCheck looks at the card there only
	})

	register(spikedPit, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDamage,
			Desc:    "deal 1200 damage to the attacking creature",
			Answers: oppAttacks,
			Target:  attackerTarget,
			Resolve: onTarget(func(c *ctx, t cardID) { krules.DamageCreature(c, t, 1200) }),
		}},
	})

	register(bindingChains, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDisableAttack,
			Desc:    "negate the attack and bind the attacker",
			Answers: oppAttacks,
			Target:  attackerTarget,
			Resolve: func(c *ctx) {
				t := c.Target()
				c.NegateAttack()
				if t == noCard || !krules.IsCreature(c, t) {
					// Nothing to bind: the card has no reason to stay.
					c.SendToGY(c.Self())
					return
				}
				// The binding ends when this card leaves the field (WhileSource); it is also the
				// mark that tells this card its creature is still there (bindingCheck).
				c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.WhileSource,
					Flags: engine.FlagCannotAttack | engine.FlagCannotBlock})
			},
		}},
		Check:   bindingCheck,
		CheckIn: engine.Locs(engine.SZone), // bindingCheck looks at the card there only
	})

	register(wallOfWind, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDisableAttack,
			Desc:    "negate the attack and end the Battle Phase",
			Answers: oppAttacks,
			Resolve: func(c *ctx) {
				c.NegateAttack()
				c.EndBattlePhase()
			},
		}},
	})

	register(spellSeal, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy | engine.CatDiscard,
			Desc: "discard 1 card: negate the use of the opponent's spell and destroy it",
			Condition: func(c *ctx) bool {
				l := c.Link(0)
				return l.IsSpell && c.IsOpp(l.Player)
			},
			Resolve: func(c *ctx) {
				// [Additional cost] discard 1 card, or the card is negated.
				d := c.SelectCards(c.You(), c.Pile(c.You(), engine.Hand), 1, 1, engine.ForCost)
				if len(d) == 0 {
					return
				}
				c.Discard(d...)
				n := c.PrevLink()
				if c.NegateActivation(n) {
					c.Destroy(c.Link(n).Card)
				}
			},
		}},
	})
}
