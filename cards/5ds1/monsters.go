package fds

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(36472900, &engine.Script{ // Sonic Chick
		Effects: []*engine.Effect{{
			// Read at damage calculation: the ATK of the monster it battles at that moment,
			// with ATK: flag-only continuous effects are not asked for ATK, so two Sonic Chicks do not ask each other forever.
			Kind: engine.Continuous,
			Static: engine.Static{
				Flags: engine.FlagIndestructibleBattle,
				Affects: func(c *ctx, id cardID) bool {
					if id != c.Self() {
						return false
					}
					var other cardID
					switch id {
					case c.Attacker():
						other = c.AttackTarget()
					case c.AttackTarget():
						other = c.Attacker()
					default:
						return false
					}
					return other != noCard && c.ATK(other) >= 1900
				},
			},
		}},
	})

	lowInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool {
			return cards.LevelAtMost(c, id, 2) && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(junkSynchron, &engine.Script{ // Junk Synchron
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSummon), Optional: true, When: true,
			Category:   engine.CatSpecialSummon,
			TriggerIf:  cards.SummonedSelf,
			HasTargets: cards.HasAny(1, lowInGY),
			Target:     cards.TargetFrom(1, lowInGY),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !c.SpecialSummon(t, c.You(), engine.FaceUpDef) {
					return
				}
				// Negated while it stays on the field (a lasting modifier leaves with the card).
				c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Flags: engine.FlagNegated})
			},
		}},
	})

	cards.Register(9365703, &engine.Script{ // Speed Warrior
		Effects: []*engine.Effect{
			{
				// The OCG text allows the Battle Step only (not the Damage Step). Doubling twice
				// changes nothing, so the effect is limited to once per turn (which also keeps
				// agents from activating it forever).
				Kind: engine.Quick, OncePerTurn: true, Category: engine.CatStatChange,
				Desc: "double this card's original ATK until the end of the Battle Phase",
				Condition: func(c *ctx) bool {
					self := c.Self()
					return c.Phase() == engine.Battle && c.Timing() == engine.BattleStep &&
						c.SummonType(self) == engine.NormalSummoned && c.ArrivedThisTurn(self)
				},
				// "Becomes double its original ATK" until the end of the Battle Phase: a final ATK,
				// what changed its ATK before no longer counts (ygopro-core's SET_ATTACK_FINAL;
				// lockstep 5ds vs kaiba-40 seed 12).
				Resolve: func(c *ctx) {
					if self := c.Self(); cards.FaceUpInMZone(c, self) {
						c.AddMod(self, engine.Modifier{Kind: engine.ModFinalATK, Value: 2 * c.BaseATK(self), Expiry: engine.EndOfBattlePhase})
					}
				},
			},
		},
	})

	cards.Register(36750412, &engine.Script{ // Magna Drago
		Effects: []*engine.Effect{{
			// Mandatory; the battle damage comes from the battle this card is in, as attacker or
			// as attack target.
			Kind: engine.Trigger, On: engine.On(engine.EvDamage), Category: engine.CatStatChange,
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Battle && c.IsOpp(ev.Seat) &&
					(c.Attacker() == c.Self() || c.AttackTarget() == c.Self())
			},
			Resolve: func(c *ctx) {
				if cards.FaceUpInMZone(c, c.Self()) {
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModATK, Value: 200})
				}
			},
		}},
	})

	myFaceUp := func(c *ctx) []cardID { return cards.FaceUp(c, c.Monsters(c.You())) }
	cards.Register(62154416, &engine.Script{ // Frequency Magician
		Effects: []*engine.Effect{
			{
				Kind: engine.Trigger, On: engine.On(engine.EvSummon), Desc: "place 1 Spell Counter",
				TriggerIf: cards.SummonedSelf,
				Resolve: func(c *ctx) {
					if cards.FaceUpInMZone(c, c.Self()) && c.Counter(c.Self(), spellCounter) < 1 {
						c.AddCounter(c.Self(), spellCounter, 1)
					}
				},
			},
			{
				Kind: engine.Ignition, Category: engine.CatStatChange,
				Desc:       "remove 1 Spell Counter: a face-up monster you control gains 500 ATK",
				CanPay:     func(c *ctx) bool { return c.Counter(c.Self(), spellCounter) >= 1 },
				Pay:        func(c *ctx) { c.AddCounter(c.Self(), spellCounter, -1) },
				HasTargets: cards.HasAny(1, myFaceUp),
				Target:     cards.TargetFrom(1, myFaceUp),
				Resolve: func(c *ctx) {
					if t := c.Target(); t != noCard && cards.FaceUpInMZone(c, t) {
						cards.StatUntilEnd(c, t, 500, 0)
					}
				},
			},
		},
	})

	oppFaceUp := func(c *ctx) []cardID { return cards.FaceUp(c, c.OppMonsters()) }
	cards.Register(26376390, &engine.Script{ // Copycat
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSummon, engine.EvFlipSummon, engine.EvSpecialSummon),
			Category:  engine.CatStatChange,
			TriggerIf: cards.SummonedSelf,
			// A Copycat Special Summoned with its effects negated (Junk Synchron: its trigger is
			// set off before the negation applies) still activates and targets, as in ygopro-core;
			// it resolves with no effect (engine: a link of a negated card; lockstep 5ds seed 21).
			HasTargets: cards.HasAny(1, oppFaceUp),
			Target:     cards.TargetFrom(1, oppFaceUp),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !cards.FaceUpInMZone(c, t) || !cards.FaceUpInMZone(c, c.Self()) {
					return
				}
				// Original values (the printed ones), final: what changed Copycat's ATK and DEF
				// before (a Field Spell) no longer counts, what comes later does (ygopro-core's
				// SET_ATTACK_FINAL and SET_DEFENSE_FINAL; lockstep 5ds vs yugi-40 under Yami).
				d := c.Data(t)
				c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFinalATK, Value: d.ATK})
				c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFinalDEF, Value: d.DEF})
			},
		}},
	})
}
