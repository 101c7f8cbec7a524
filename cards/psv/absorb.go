package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's monsters that become, or take, monster cards as Equip cards.

func init() {
	// Sword Hunter marks itself with each monster it destroys by battle (the monster is the mark's
	// source, for the turn). As the Battle Phase ends (battlePhaseEnds, once) its mandatory
	// trigger equips to it every marked monster still in a Graveyard, all or none: with fewer
	// free Spell & Trap Zones than monsters it equips none. Each equipped monster, marked by Sword
	// Hunter, gives it 200 ATK. The trigger starts a chain link even with no monster to equip (as
	// ygopro-core's).
	victims := func(c *ctx) []cardID {
		return cards.Both(c, func(s engine.Seat) []cardID {
			return cards.GYCards(c, s, func(id cardID) bool { return cards.IsMonster(c, id) && c.MarkedBy(c.Self(), id) })
		})
	}
	cards.Register(51345461, &engine.Script{ // Sword Hunter
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
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Event().Card, Expiry: engine.EndOfTurn})
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvStep, engine.EvPhase), OncePerTurn: true, Category: engine.CatEquip,
				Desc:      "equip the monsters this card destroyed by battle from the GYs to it",
				TriggerIf: battlePhaseEnds,
				Resolve: func(c *ctx) {
					self := c.Self()
					free := c.FreeZones(c.You(), engine.SZone)
					if free == 0 || c.Place(self).Loc != engine.MZone || !c.FaceUp(self) {
						return
					}
					vs := victims(c)
					if len(vs) == 0 || len(vs) > free {
						return
					}
					for _, v := range vs {
						if c.AbsorbMonster(v, self) {
							c.AddMod(v, engine.Modifier{Kind: engine.ModFlags, Source: self})
						}
					}
				},
			},
			cards.SelfStats(200, false, func(c *ctx) int {
				n := 0
				for _, id := range c.AllSpellTraps() {
					if _, ok := c.MarkValue(id, c.Self()); ok && c.EquipTarget(id) == c.Self() {
						n++
					}
				}
				return n
			}),
		},
	})

	// Kiseitai: attacked while face-down, once the attack has flipped it (before damage
	// calculation) its mandatory trigger makes it an Equip card of the attacking monster, so the
	// battle stops; with no free Spell & Trap Zone it is destroyed instead. Equipped by itself
	// (marked), in each Standby Phase of its controller's opponent it gains its controller half
	// the equipped monster's ATK, rounded up.
	cards.Register(4266839, &engine.Script{ // Kiseitai
		Effects: []*engine.Effect{
			{
				Kind: engine.Trigger, On: engine.On(engine.EvFlip), Category: engine.CatEquip,
				Desc: "attacked face-down: become an Equip card of the attacking monster",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Card == c.Self() && c.AttackTarget() == c.Self() && c.Timing() == engine.BeforeCalc
				},
				Resolve: func(c *ctx) {
					self, att := c.Self(), c.Attacker()
					if att == engine.NoCard || c.Place(att).Loc != engine.MZone || c.Place(self).Loc != engine.MZone {
						return
					}
					if c.FreeZones(c.You(), engine.SZone) == 0 || !c.FaceUp(att) {
						c.Destroy(self)
						return
					}
					if c.EquipMonster(self, att) {
						c.AddMod(self, engine.Modifier{Kind: engine.ModFlags, Source: self})
					}
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), OncePerTurn: true, Category: engine.CatRecover,
				Range: engine.Locs(engine.SZone),
				Desc:  "gain half the ATK of the equipped monster",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && c.TurnPlayer() != c.You() &&
						equippedBySelf(c)
				},
				Resolve: func(c *ctx) {
					if t := c.EquipTarget(c.Self()); t != engine.NoCard && c.Place(c.Self()).Loc == engine.SZone {
						c.Recover(c.You(), (c.ATK(t)+1)/2)
					}
				},
			},
		},
	})
}

// equippedBySelf reports whether the effect's card is an Equip card that it made itself (its own
// mark: Kiseitai), not one another card took (Relinquished absorbing it).
func equippedBySelf(c *ctx) bool {
	_, ok := c.MarkValue(c.Self(), c.Self())
	return ok && c.EquipTarget(c.Self()) != engine.NoCard
}

func init() {
	// Thousand-Eyes Restrict (Relinquished + Thousand-Eyes Idol): as Relinquished it takes a
	// monster of the opponent as an Equip card once per turn while it has none, its ATK and DEF
	// become that monster's printed ones (0 while it is face-down), and the monster is destroyed
	// instead of it by battle; every other monster on the field, face-down ones too, can neither
	// attack nor change its battle position.
	absorbed := func(c *ctx) cardID {
		for _, id := range c.AllSpellTraps() {
			if c.EquipTarget(id) == c.Self() && cards.IsMonster(c, id) {
				return id
			}
		}
		return engine.NoCard
	}
	printed := func(def bool) func(c *ctx, _ cardID) (int, bool) {
		return func(c *ctx, _ cardID) (int, bool) {
			a := absorbed(c)
			switch {
			case a == engine.NoCard:
				return 0, false
			case !c.FaceUp(a):
				return 0, true
			case def:
				return c.Data(a).DEF, true
			}
			return c.Data(a).ATK, true
		}
	}
	sc := &engine.Script{
		Materials: []card.Passcode{64631466, 27125110}, // Relinquished, Thousand-Eyes Idol
		Effects: []*engine.Effect{
			{
				Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatEquip,
				Desc:       "equip a monster of your opponent to this card",
				Condition:  func(c *ctx) bool { return absorbed(c) == engine.NoCard && c.FreeZones(c.You(), engine.SZone) > 0 },
				HasTargets: cards.HasAny(1, func(c *ctx) []cardID { return c.OppMonsters() }),
				Target:     cards.TargetFrom(1, func(c *ctx) []cardID { return c.OppMonsters() }),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == engine.NoCard || c.Place(t).Loc != engine.MZone || !c.IsOpp(c.Controller(t)) {
						return
					}
					if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
						return
					}
					if absorbed(c) != engine.NoCard {
						c.SendToGY(t) // it has one already: the target goes to the Graveyard
						return
					}
					c.AbsorbMonster(t, c.Self())
				},
			},
			{Kind: engine.Continuous, Static: engine.Static{
				Affects: func(c *ctx, id cardID) bool { return id == c.Self() },
				SetATK:  printed(false),
				SetDEF:  printed(true),
			}},
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagCannotAttack | engine.FlagCannotChangePosition,
				Affects: func(c *ctx, id cardID) bool {
					return id != c.Self() && c.Place(id).Loc == engine.MZone
				},
			}},
		},
	}
	sc.BattleSubstitute = true
	cards.Register(63519819, sc) // Thousand-Eyes Restrict
}
