package lon

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Labyrinth of Nightmare's Normal Traps.

func init() {
	cards.Register(83968380, &engine.Script{ // Jar of Greed
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDraw,
			Condition: func(c *engine.Ctx) bool { return len(c.Pile(c.You(), engine.Deck)) >= 1 },
			Resolve:   func(c *engine.Ctx) { c.Draw(c.You(), 1) },
		}},
	})

	// Mask of Weakness targets the monster that is attacking, whoever controls it, from the
	// attack declaration until damage calculation (ygopro-core: Duel.GetAttacker, no side asked).
	cards.Register(57882509, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			Desc: "the attacking monster loses 700 ATK until the end of the turn",
			HasTargets: func(c *engine.Ctx) bool {
				a := c.Attacker()
				return a != engine.NoCard && cards.OnField(c, a) && c.Targetable(a)
			},
			Target: func(c *engine.Ctx) { c.SetTargets(c.Attacker()) },
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard && cards.FaceUpInMZone(c, t) {
					cards.StatUntilEnd(c, t, -700, 0)
				}
			},
		}},
	})

	// Deal of Phantom: a face-up monster gains 100 ATK for each monster in its controller's GY,
	// counted as it resolves; it needs a monster there to be activated.
	gyMonsters := func(c *ctx) int {
		return len(cards.GYCards(c, c.You(), func(id cardID) bool { return cards.IsMonster(c, id) }))
	}
	cards.Register(69122763, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			Condition:  func(c *ctx) bool { return gyMonsters(c) > 0 },
			HasTargets: cards.HasAny(1, cards.FaceUpMonsters),
			Target:     cards.TargetFrom(1, cards.FaceUpMonsters),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != engine.NoCard && cards.FaceUpInMZone(c, t) {
					cards.StatUntilEnd(c, t, 100*gyMonsters(c), 0)
				}
			},
		}},
	})

	// Torrential Tribute answers any summon, either side's, and destroys every monster on the
	// field.
	cards.Register(53582587, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvSummon, engine.EvFlipSummon, engine.EvSpecialSummon),
			Category: engine.CatDestroy,
			Answers:  func(c *ctx) bool { return len(c.AllMonsters()) > 0 },
			Destroys: func(c *ctx) []cardID { return c.AllMonsters() },
			Resolve: func(c *ctx) {
				if ms := c.AllMonsters(); len(ms) > 0 {
					c.Destroy(ms...)
				}
			},
		}},
	})

	// Destruction Punch: at the end of the Damage Step, when the opponent's monster attacked a
	// Defense Position monster whose DEF is higher than its ATK (both still on the field), the
	// attacker is destroyed.
	cards.Register(5616412, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvStep), Category: engine.CatDestroy,
			DamageStep: true,
			Answers: func(c *ctx) bool {
				a, d := c.Attacker(), c.AttackTarget()
				return c.Event().Timing == engine.DamageEnd && a != engine.NoCard && d != engine.NoCard &&
					c.IsOpp(c.Controller(a)) && c.Place(a).Loc == engine.MZone && c.Place(d).Loc == engine.MZone &&
					c.Pos(d).IsDefense() && c.DEF(d) > c.ATK(a)
			},
			Target: func(c *ctx) { c.SetTargets(c.Attacker()) },
			Resolve: func(c *ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	})

	// Graverobber's Retribution: in each of its controller's Standby Phases, the opponent takes
	// 100 damage for each face-up monster they have banished, counted as it resolves.
	cards.Register(33737664, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Range: engine.Locs(engine.SZone),
				Category: engine.CatDamage, OncePerTurn: true,
				Desc: "100 damage for each monster your opponent has banished",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You()
				},
				Resolve: func(c *ctx) {
					for _, s := range c.Opponents() {
						n := len(c.FilterPile(s, engine.Banished, func(id cardID) bool {
							return c.FaceUp(id) && cards.IsMonster(c, id)
						}))
						if n > 0 {
							c.Damage(s, 100*n)
						}
					}
				},
			},
		},
	})
}
