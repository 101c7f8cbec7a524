package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Effect Monsters whose work is a Continuous effect.

func init() {
	cards.Register(21015833, &engine.Script{ // Hayabusa Knight
		Effects: []*engine.Effect{cards.SelfFlag(engine.FlagExtraAttack, nil)},
	})
	cards.Register(79870141, &engine.Script{ // Mad Sword Beast
		Effects: []*engine.Effect{cards.Piercing()},
	})
	cards.Register(78193831, &engine.Script{ // Buster Blader
		// The opponent's face-up Dragons (a face-down monster's Type is not known) and the
		// Dragons in their GY.
		Effects: []*engine.Effect{cards.SelfStats(500, false, func(c *ctx) int {
			n := 0
			for _, id := range c.Monsters(c.Opp()) {
				if c.FaceUp(id) && cards.HasRace(c, id, card.Dragon) {
					n++
				}
			}
			return n + len(cards.GYCards(c, c.Opp(), func(id cardID) bool {
				return cards.IsMonster(c, id) && cards.HasRace(c, id, card.Dragon)
			}))
		})},
	})
}

func init() {
	cards.Register(77585513, &engine.Script{ // Jinzo
		Effects: []*engine.Effect{
			{Kind: engine.Continuous, Static: engine.Static{
				PlayerFlags:   engine.PFNoTrapActivation,
				AffectsPlayer: func(*ctx, engine.Seat) bool { return true },
			}},
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagNegated,
				Affects: func(c *ctx, id cardID) bool {
					return cards.IsTrap(c, id) && cards.OnField(c, id) && c.FaceUp(id)
				},
			}},
		},
	})
}

func init() {
	cards.Register(423705, &engine.Script{ // Gearfried the Iron Knight
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvEquip), Category: engine.CatDestroy,
			Desc:      "destroy the Equip Card equipped to this card",
			TriggerIf: func(c *ctx) bool { return c.Event().Target == c.Self() },
			Resolve: func(c *ctx) {
				if e := c.Event().Card; cards.OnField(c, e) {
					c.Destroy(e)
				}
			},
		}},
	})
	cards.Register(66362965, &engine.Script{ // The Fiend Megacyber
		SummonProc: cards.TributeProc(0, nil, func(c *ctx) bool {
			return len(c.Monsters(c.Opp()))-len(c.Monsters(c.You())) >= 2
		}),
	})
}

func init() {
	// Goblin Attack Force marks itself when its attack reaches the Damage Step (value 1, for the turn); as
	// the Battle Phase ends (battlePhaseEnds) it goes to Defense Position and marks
	// itself with the position lock (value 2) until the end of its controller's next turn.
	const attacked, locked = 1, 2
	cards.Register(78658564, &engine.Script{ // Goblin Attack Force
		Effects: []*engine.Effect{
			{
				// An attack counts once it reaches the Damage Step: one negated when declared (Magic
				// Cylinder) does not (ygopro-core's attacked count; lockstep probe of Goblin Attack
				// Force, seed 3).
				Kind: engine.Automatic, On: engine.On(engine.EvStep),
				Desc: "this card attacked",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Timing == engine.DamageStart && c.Attacker() == c.Self()
				},
				Resolve: func(c *ctx) {
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Value: attacked, Expiry: engine.EndOfTurn})
				},
			},
			{
				Kind: engine.Automatic, On: engine.On(engine.EvStep, engine.EvPhase),
				Desc: "attacked: change to Defense Position at the end of the Battle Phase",
				TriggerIf: func(c *ctx) bool {
					v, ok := c.MarkValue(c.Self(), c.Self())
					return battlePhaseEnds(c) && ok && v == attacked && c.MarkCount(c.Self(), c.Self()) == 1
				},
				Resolve: func(c *ctx) {
					if c.Place(c.Self()).Loc != engine.MZone {
						return
					}
					if c.Pos(c.Self()) == engine.FaceUpAtk {
						c.ChangePosition(c.Self(), engine.FaceUpDef)
					}
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Flags: engine.FlagCannotChangePosition,
						Source: c.Self(), Value: locked, Expiry: engine.EndOfTurnAfterNext})
				},
			},
		},
	})
}

func init() {
	cards.Register(52675689, &engine.Script{ // Invitation to a Dark Sleep
		Effects: []*engine.Effect{
			{
				Kind: engine.Trigger, On: engine.On(engine.EvSummon, engine.EvFlipSummon),
				Desc:       "target a monster of the opponent: it cannot attack",
				TriggerIf:  cards.SummonedSelf,
				HasTargets: func(c *ctx) bool { return len(c.Monsters(c.Opp())) > 0 },
				Target:     cards.TargetFrom(1, func(c *ctx) []cardID { return c.Monsters(c.Opp()) }),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == engine.NoCard || c.Place(t).Loc != engine.MZone || !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
						return
					}
					c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
				},
			},
			{Kind: engine.Continuous, Static: engine.Static{
				Flags:   engine.FlagCannotAttack,
				Affects: func(c *ctx, id cardID) bool { return c.MarkedBy(id, c.Self()) },
			}},
		},
	})

	// Vampire Baby keeps the monster it destroyed by battle as the value of a mark on itself (the
	// card's id + 1, for the turn), then offers to summon it as the Battle Phase ends
	// (battlePhaseEnds). Only the first monster it destroyed in a turn is kept.
	vampireVictim := func(c *ctx) cardID {
		v, ok := c.MarkValue(c.Self(), c.Self())
		if !ok || v <= 0 {
			return engine.NoCard
		}
		id := cardID(v - 1)
		if c.Place(id).Loc != engine.GY || !cards.IsMonster(c, id) || !c.CanSpecialSummon(id, c.You()) {
			return engine.NoCard
		}
		return id
	}
	cards.Register(56387350, &engine.Script{ // Vampire Baby
		Effects: []*engine.Effect{
			{
				Kind: engine.Automatic, On: engine.On(engine.EvDestroy),
				Desc: "remember the monster this card destroyed by battle",
				TriggerIf: func(c *ctx) bool {
					ev, self := c.Event(), c.Self()
					return ev.Battle && ev.Card != self && (c.Attacker() == self || c.AttackTarget() == self) &&
						c.Place(self).Loc == engine.MZone
				},
				Resolve: func(c *ctx) {
					if _, ok := c.MarkValue(c.Self(), c.Self()); !ok {
						c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self(),
							Value: int(c.Event().Card) + 1, Expiry: engine.EndOfTurn})
					}
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvStep, engine.EvPhase), Optional: true, Category: engine.CatSpecialSummon,
				Desc:      "Special Summon the monster this card destroyed by battle",
				TriggerIf: func(c *ctx) bool { return battlePhaseEnds(c) && vampireVictim(c) != engine.NoCard },
				HasTargets: func(c *ctx) bool {
					return c.FreeZones(c.You(), engine.MZone) > 0 && vampireVictim(c) != engine.NoCard
				},
				Resolve: func(c *ctx) {
					if id := vampireVictim(c); id != engine.NoCard && c.FreeZones(c.You(), engine.MZone) > 0 {
						c.SpecialSummon(id, c.You(), 0)
					}
				},
			},
		},
	})
}

// battlePhaseEnds is the condition of "at the end of the Battle Phase" (an effect On EvStep and
// EvPhase): the End Step of the Battle Phase begins, or, where the ruleset has no End Step window
// or the Battle Phase was ended at once, Main Phase 2 begins (every Battle Phase ends there). An
// effect that acts once checks that it has not acted already.
func battlePhaseEnds(c *ctx) bool {
	ev := c.Event()
	return ev.Kind == engine.EvStep && ev.Timing == engine.EndStep || ev.Kind == engine.EvPhase && ev.Phase == engine.Main2
}

func init() {
	const paracide = 27911549
	paracides := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool { return c.Data(id).Passcode == paracide })
	}
	cards.Register(88733579, &engine.Script{ // Drill Bug
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDamage), Optional: true,
			Desc:      "place Parasite Paracide from the Deck on its top",
			TriggerIf: cards.DealtBattleDamage,
			// Only with another card in the Deck, so that the shuffle matters (as ygopro-core).
			HasTargets: func(c *ctx) bool {
				return len(paracides(c)) > 0 && len(c.Pile(c.You(), engine.Deck)) > 1
			},
			Resolve: func(c *ctx) {
				got := c.SearchCards(c.You(), paracides(c), 1, 1, engine.ForNothing)
				if len(got) == 0 {
					return
				}
				c.ShuffleDeck(c.You())
				c.PutOnDeck(got, true)
				c.Reveal(got...)
			},
		}},
	})
}
