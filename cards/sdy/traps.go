package sdy

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// isFaceUpDragon: a face-up Dragon monster on the field (what Dragon Capture Jar affects).
func isFaceUpDragon(c *ctx, id cardID) bool {
	return c.Place(id).Loc == engine.MZone && c.FaceUp(id) && cards.HasRace(c, id, card.Dragon)
}

func init() {
	mine := func(c *ctx) []cardID { return c.Monsters(c.You()) }
	theirs := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(83887306, &engine.Script{ // Two-Pronged Attack
		Desc: "Target 2 monsters you control and 1 monster your opponent controls; destroy them.",
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: func(c *ctx) bool { return cards.HasAny(2, mine)(c) && cards.HasAny(1, theirs)(c) },
			Target: func(c *ctx) {
				c.SelectTargets(mine(c), 2, 2)
				c.SelectTargets(theirs(c), 1, 1)
			},
			// All three or none (RULES.md "Settled against the reference engine"): if any target
			// is gone, nothing is destroyed.
			Resolve: func(c *ctx) {
				if ts := c.Targets(); len(ts) == 3 {
					c.Destroy(ts...)
				}
			},
		}},
	})

	cards.Register(12607053, &engine.Script{ // Waboku
		Desc: "For the rest of this turn, you take no battle damage and your monsters cannot be destroyed by battle.",
		Effects: []*engine.Effect{{
			Kind: engine.Activate,
			// Not offered where it could not apply: only while a Battle Phase can still happen
			// this turn (RULES.md "Settled against the reference engine").
			Condition: func(c *ctx) bool { return c.BattlePhaseAhead() },
			Resolve: func(c *ctx) {
				c.AddPlayerFlag(c.You(), engine.PFNoBattleDamage, engine.EndOfTurn)
				c.AddPlayerFlag(c.You(), engine.PFIndestructibleBattle, engine.EndOfTurn)
			},
		}},
	})

	cards.Register(50045299, &engine.Script{ // Dragon Capture Jar
		Desc: "While this card is face-up, every face-up Dragon monster is in Defense Position and cannot change its battle position.",
		Effects: []*engine.Effect{
			{Kind: engine.Activate, Category: engine.CatPosition, Desc: "activate this card"},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Flags:   engine.FlagCannotChangePosition | engine.FlagForceDefense,
					Affects: isFaceUpDragon,
				},
			},
		},
		// The change to Defense Position is a state the card keeps, not an activated effect: every
		// face-up Attack Position Dragon is turned as soon as the card is in force (its activation
		// resolved, not negated), and so is any Dragon that arrives or is flipped later.
		CheckWhileFaceUp: true, // Active below needs it
		Check: func(c *ctx) {
			if !c.Active(c.Self()) {
				return
			}
			var buf [32]engine.CardID // runs after every action: the monsters listed on the stack
			for _, id := range c.AppendAllMonsters(buf[:0]) {
				if isFaceUpDragon(c, id) && c.Pos(id) == engine.FaceUpAtk {
					c.ChangePosition(id, engine.FaceUpDef)
				}
			}
		},
	})

	cards.Register(77622396, &engine.Script{ // Reverse Trap
		Desc: "Until the end of this turn, every increase or decrease of ATK/DEF works the other way round (changes that set, double or halve a value are not reversed).",
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			Resolve: func(c *ctx) { c.AddPlayerFlag(c.You(), engine.PFReverseStats, engine.EndOfTurn) },
		}},
	})

	cards.Register(44209392, cards.BoostUntilEnd( // Castle Walls
		"Target 1 face-up monster; it gains 500 DEF until the end of this turn.", 0, 500))

	cards.Register(80604091, &engine.Script{ // Ultimate Offering
		Desc: "During your Main Phase or your opponent's Battle Phase: you can pay 500 LP; Normal Summon or Set 1 monster at once (an extra one).",
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind:       engine.Quick,
				Desc:       "pay 500 LP: Normal Summon or Set 1 monster now",
				YourPhases: engine.Phases(engine.Main1, engine.Main2),
				OppPhases:  engine.Phases(engine.Battle),
				// Not while its own activation is still on the chain.
				Condition: func(c *ctx) bool { return c.Active(c.Self()) },
				// Chained to itself only while more monsters could be summoned than
				// activations of this card's effect wait on the chain.
				CanPay: func(c *ctx) bool {
					waiting := 0
					for n := 1; n <= c.ChainLen(); n++ {
						if l := c.Link(n); l.Card == c.Self() && l.Kind == engine.Quick {
							waiting++
						}
					}
					return c.LP(c.You()) >= 500 && c.NormalSummonableNow(c.You()) > waiting
				},
				Pay: func(c *ctx) { c.PayLP(500) },
				Resolve: func(c *ctx) {
					c.NormalSummonNow(c.You())
				},
			},
		},
	})
}
