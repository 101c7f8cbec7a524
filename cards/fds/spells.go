package fds

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// isSynchro reports whether a card is a Synchro Monster.
func isSynchro(c *ctx, id cardID) bool { return c.Data(id).Kind.Has(card.Synchro) }

func init() {
	faceUpAll := func(c *ctx) []cardID { return cards.FaceUpMonsters(c) }
	cards.Register(98143165, &engine.Script{ // Synchro Boost
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatEquip,
				Desc:       "equip to a face-up monster",
				HasTargets: cards.HasAny(1, faceUpAll),
				Target:     cards.TargetFrom(1, faceUpAll),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == noCard || !onFieldFaceUp(c, t) {
						return
					}
					c.Equip(c.Self(), t)
					// Continuous effects cannot change a Level, so the Level is a modifier that
					// applies while this card stays face-up on the field. It is made on the
					// monster, and leaves with it.
					c.AddMod(t, engine.Modifier{Kind: engine.ModLevel, Value: 1, Expiry: engine.WhileSource})
				},
			},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					ATK:     500,
					Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
				},
			},
		},
	})

	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(35537860, &engine.Script{ // Synchro Blast Wave
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			// A condition of the activation only: the target is destroyed even if the Synchro
			// Monster has left the field by then.
			Condition: func(c *ctx) bool {
				for _, id := range cards.FaceUp(c, c.Monsters(c.You())) {
					if isSynchro(c, id) {
						return true
					}
				}
				return false
			},
			HasTargets: cards.HasAny(1, oppMonsters),
			Target:     cards.TargetFrom(1, oppMonsters),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	cards.Register(61032879, &engine.Script{ // Synchronized Realm
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				// Mandatory. Only once the card is in force (its activation resolved).
				Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatDamage,
				Desc: "inflict 500 damage",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.SummonType == engine.SynchroSummoned && ev.Seat == c.You() && c.Active(c.Self())
				},
				Resolve: func(c *ctx) { c.DamageOpps(500) },
			},
		},
	})

	warriorsInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool { return isWarrior(c, id) })
	}
	cards.Register(95281259, &engine.Script{ // The Warrior Returning Alive
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatToHand,
			HasTargets: cards.HasAny(1, warriorsInGY),
			Target:     cards.TargetFrom(1, warriorsInGY),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.AddToHand(t)
				}
			},
		}},
	})

	oppFaceUp := func(c *ctx) []cardID { return cards.FaceUp(c, c.OppMonsters()) }
	cards.Register(97169186, &engine.Script{ // Smashing Ground
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(oppFaceUp),
			Resolve:   func(c *ctx) { cards.DestroyExtreme(c, oppFaceUp(c), c.DEF, true) },
		}},
	})

	monstersInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool { return cards.IsMonster(c, id) })
	}
	cards.Register(74848038, &engine.Script{ // Monster Reincarnation
		Effects: []*engine.Effect{{
			// The cost is paid before the target is chosen (notation.md "Activation"), so a
			// monster discarded for it may be the target; a target must exist before the cost.
			Kind: engine.Activate, Category: engine.CatToHand,
			CanPay:     canDiscard,
			Pay:        discardOne,
			HasTargets: cards.HasAny(1, monstersInGY),
			Target:     cards.TargetFrom(1, monstersInGY),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.AddToHand(t)
				}
			},
		}},
	})

	cards.Register(69162969, &engine.Script{ // Lightning Vortex
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(oppFaceUp),
			CanPay:    canDiscard,
			Pay:       discardOne,
			Resolve:   cards.DestroyAll(oppFaceUp),
		}},
	})

	faceUpSpellTraps := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return id != c.Self() && c.FaceUp(id) })
	}
	cards.Register(45939841, &engine.Script{ // Twister
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			// Paying exactly all your LP is allowed, and loses (as Imperial Order's pin).
			CanPay:     func(c *ctx) bool { return c.LP(c.You()) >= 500 },
			Pay:        func(c *ctx) { c.PayLP(500) },
			HasTargets: cards.HasAny(1, faceUpSpellTraps),
			Target:     cards.TargetFrom(1, faceUpSpellTraps),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) {
					c.Destroy(t)
				}
			},
		}},
	})

	cards.Register(43422537, &engine.Script{ // Double Summon
		Effects: []*engine.Effect{{
			// A second Double Summon resolves but adds nothing: the engine grants at most one
			// extra Normal Summon per turn however many flags there are.
			Kind:    engine.Activate,
			Resolve: func(c *ctx) { c.AddPlayerFlag(c.You(), engine.PFExtraNormalSummon, engine.EndOfTurn) },
		}},
	})

	dutyCost := func(c *ctx) []cardID {
		// Face-up Normal Monsters (a face-down one shows no kind); a Token cannot be sent to the GY.
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool {
			d := c.Data(id)
			return c.FaceUp(id) && d.IsNormalMonster() && !d.Kind.Has(card.Token)
		})
	}
	dutyTargets := func(c *ctx) []cardID {
		return cards.Both(c, func(s engine.Seat) []cardID {
			return cards.GYCards(c, s, func(id cardID) bool { return c.CanSpecialSummon(id, c.You()) })
		})
	}
	cards.Register(78794994, &engine.Script{ // Symbols of Duty
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon | engine.CatEquip,
			CanPay: cards.NonEmpty(dutyCost),
			Pay: func(c *ctx) {
				c.SendToGY(c.SelectCards(c.You(), dutyCost(c), 1, 1, engine.ForCost)...)
			},
			// The cost frees a Monster Zone and is paid before the target is chosen
			// (notation.md "Activation"), so the Normal Monster sent may itself be the target:
			// a target always exists unless the player cannot Summon.
			HasTargets: func(c *ctx) bool { return !c.PlayerHas(c.You(), engine.PFCannotSummon) },
			Target:     cards.TargetFrom(1, dutyTargets),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !c.SpecialSummon(t, c.You(), 0) {
					return // nothing equipped: the card goes to the GY after the chain
				}
				c.Equip(c.Self(), t)
				// The mark that remembers the monster once this card has left the field: a
				// modifier with no effect whose source is this card (engine.Ctx.MarkedBy); it
				// leaves with the monster.
				c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
			},
		}},
		// "When this card leaves the field, destroy that monster" is applied as a rule, with no
		// chain link (as the engine does for equip cards whose monster leaves): any monster that
		// still carries this card's mark while this card no longer equips it is destroyed.
		Check: func(c *ctx) {
			self := c.Self()
			// Runs after every action: Marked answers at once while this card marks nothing (it
			// never did, or the monster left), and while it marks only the monster it equips
			// there is nothing to destroy.
			if ms := c.Marked(self); len(ms) == 0 || len(ms) == 1 && ms[0] == c.EquipTarget(self) {
				return
			}
			var buf [32]cardID // the monsters listed on the stack
			for _, id := range c.AppendAllMonsters(buf[:0]) {
				if c.MarkedBy(id, self) && c.EquipTarget(self) != id {
					c.Destroy(id)
				}
			}
		},
	})
}
