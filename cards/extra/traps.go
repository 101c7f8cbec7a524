package extra

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// attackerTarget targets the monster whose attack declaration the effect answers.
func attackerTarget(c *ctx) { c.SetTargets(c.Event().Card) }

func init() {
	cards.Register(36361633, &engine.Script{ // Threatening Roar
		Effects: []*engine.Effect{{
			// An attack already declared goes on: only new declarations are stopped.
			Kind: engine.Activate, Category: engine.CatDisableAttack,
			Resolve: func(c *ctx) {
				for _, s := range c.Opponents() {
					c.AddPlayerFlag(s, engine.PFCannotAttack, engine.EndOfTurn)
				}
			},
		}},
	})

	cards.Register(98427577, &engine.Script{ // Scrap-Iron Scarecrow
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDisableAttack,
			Answers: cards.OppAttacks,
			Target:  attackerTarget,
			Resolve: func(c *ctx) {
				// "then": the card is Set again only if the attack was negated. Set again, it
				// counts as Set this turn, so it cannot be activated again before the next turn.
				if c.Target() != noCard && c.NegateAttack() {
					c.SetAgain(c.Self())
				}
			},
		}},
	})

	cards.Register(56120475, &engine.Script{ // Sakuretsu Armor
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack), Category: engine.CatDestroy,
			Answers: cards.OppAttacks,
			Target:  attackerTarget,
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	discardable := func(c *ctx) []cardID {
		return c.Filter(c.Pile(c.You(), engine.Hand), func(id cardID) bool { return id != c.Self() })
	}
	cards.Register(49010598, &engine.Script{ // Divine Wrath
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			Condition: func(c *ctx) bool {
				l := c.Link(0)
				return l.Card != noCard && l.Monster
			},
			CanPay: cards.NonEmpty(discardable),
			Pay: func(c *ctx) {
				c.Discard(c.SelectCards(c.You(), discardable(c), 1, 1, engine.ForDiscard)...)
			},
			Resolve: func(c *ctx) {
				n := c.PrevLink()
				if !c.NegateActivation(n) {
					return
				}
				// Only a monster still on the field is destroyed (one discarded or sent to the GY
				// for its own cost, as Kuriboh, is not).
				if m := c.Link(n).Card; cards.OnField(c, m) {
					c.Destroy(m)
				}
			},
		}},
	})

	normalMonsterInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool {
			return c.Data(id).IsNormalMonster() && c.CanSpecialSummon(id, c.You())
		})
	}
	backupCands := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool {
			d := c.Data(id)
			return d.IsMonster() && !d.Kind.Has(card.Effect) && d.ATK <= 1500
		})
	}
	cards.Register(36280194, &engine.Script{ // Backup Soldier
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatToHand,
			Condition: func(c *ctx) bool {
				return len(cards.GYCards(c, c.You(), func(id cardID) bool { return cards.IsMonster(c, id) })) >= 5
			},
			HasTargets: cards.HasAny(1, backupCands),
			Target:     func(c *ctx) { c.SelectTargets(backupCands(c), 1, 3) },
			Resolve: func(c *ctx) {
				if ts := c.Targets(); len(ts) > 0 {
					c.AddToHand(ts...)
				}
			},
		}},
	})

	miniCands := func(c *ctx) []cardID {
		return c.Filter(cards.FaceUpMonsters(c), func(id cardID) bool { return miniaturizable(c, id) })
	}
	cards.Register(34815282, &engine.Script{ // Miniaturize
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			HasTargets: cards.HasAny(1, miniCands),
			Target:     cards.TargetFrom(1, miniCands),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !c.FaceUp(t) || !miniaturizable(c, t) {
					return // the card stays on the field with nothing to do
				}
				// WhileSource: both changes end when this card leaves the field. They are also
				// the mark that links the monster to this card.
				self := c.Self()
				c.AddMod(t, engine.Modifier{Kind: engine.ModLevel, Value: -1, Source: self, Expiry: engine.WhileSource})
				c.AddMod(t, engine.Modifier{Kind: engine.ModATK, Value: -1000, Source: self, Expiry: engine.WhileSource})
				link(c, t)
			},
		}},
		CheckIn: onField, // the Check below does nothing elsewhere
		Check: func(c *ctx) {
			t := linked(c)
			if t == noCard || !cards.OnField(c, c.Self()) {
				return
			}
			// The monster left the field (its mark is gone) or was turned face-down: it is no
			// longer "that face-up monster", so the link ends and this card is destroyed.
			if !c.MarkedBy(t, c.Self()) || !c.FaceUp(t) {
				unlink(c)
				c.Destroy(c.Self())
			}
		},
	})

	cards.Register(18807108, &engine.Script{ // Spellbinding Circle
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate,
				// Any monster of the opponent, face-down ones too.
				HasTargets: cards.HasAny(1, func(c *ctx) []cardID { return c.OppMonsters() }),
				Target:     cards.TargetFrom(1, func(c *ctx) []cardID { return c.OppMonsters() }),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == noCard || c.Place(t).Loc != engine.MZone {
						return
					}
					// Its flags are the mark, and end when this card leaves the field; the
					// monster keeps them if its control changes.
					c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.WhileSource,
						Flags: engine.FlagCannotAttack | engine.FlagCannotChangePosition})
					link(c, t)
				},
			},
		},
		CheckIn: onField, // the Check below does nothing elsewhere
		Check: func(c *ctx) {
			t := linked(c)
			if t == noCard || !cards.OnField(c, c.Self()) || c.MarkedBy(t, c.Self()) {
				return
			}
			// The monster left the field. Only its destruction destroys this card; returned
			// to the hand, tributed or banished, it leaves this card on the field doing nothing.
			unlink(c)
			if c.DestroyedJustNow(t) {
				c.Destroy(c.Self())
			}
		},
	})

	cards.Register(35539880, &engine.Script{ // Birthright
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			HasTargets: cards.HasAny(1, normalMonsterInGY),
			Target:     cards.TargetFrom(1, normalMonsterInGY),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !c.SpecialSummon(t, c.You(), engine.FaceUpAtk) {
					return
				}
				// A mark with no effect of its own, kept while the monster stays on the field
				// (even after this card has left: that is how this card finds it to destroy it).
				c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.Permanent})
				link(c, t)
			},
		}},
		Check: func(c *ctx) {
			self := c.Self()
			if !cards.OnField(c, self) || !c.FaceUp(self) {
				// This card left the field: destroy the monster it summoned.
				if ms := c.Marked(self); len(ms) > 0 {
					c.Destroy(ms...)
				}
				return
			}
			if t := linked(c); t != noCard && !c.MarkedBy(t, self) {
				unlink(c)
				c.Destroy(self)
			}
		},
	})
}

// miniaturizable: Miniaturize's target must have more than 1000 original ATK and a Level (not an
// Xyz Monster, whose Rank is no Level).
func miniaturizable(c *ctx, id cardID) bool {
	d := c.Data(id)
	return d.ATK > 1000 && !d.Kind.Has(card.Xyz)
}
