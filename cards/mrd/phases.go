package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's monsters with effects in their controller's Standby or End Phase (Blast Juggler, Mushroom
// Man 2), after a battle (Electric Lizard) and FLIP effects that order the Deck or free Dragons
// (Big Eye, Dragon Piper).

func init() {
	yourPhase := func(ph engine.Phase) func(c *ctx) bool {
		return func(c *ctx) bool { return c.Event().Phase == ph && c.TurnPlayer() == c.You() }
	}

	// Blast Juggler: "you can" in your Standby Phase: tribute it (face-up) to target 2 face-up
	// monsters with 1000 or less ATK; destroy those that still qualify.
	lowATK := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool {
			return id != c.Self() && c.FaceUp(id) && c.ATK(id) <= 1000
		})
	}
	cards.Register(70138455, &engine.Script{Effects: []*engine.Effect{{ // Blast Juggler
		Kind: engine.Trigger, On: engine.On(engine.EvPhase), Optional: true, Category: engine.CatDestroy,
		Desc:       "tribute this card: destroy 2 face-up monsters with 1000 or less ATK",
		TriggerIf:  yourPhase(engine.Standby),
		CanPay:     func(c *ctx) bool { return c.FaceUp(c.Self()) },
		Pay:        func(c *ctx) { c.Tribute(c.Self()) },
		HasTargets: cards.HasAny(2, lowATK),
		Target:     cards.TargetFrom(2, lowATK),
		Resolve: func(c *ctx) {
			c.Destroy(c.Filter(c.Targets(), func(id cardID) bool {
				return cards.FaceUpInMZone(c, id) && c.ATK(id) <= 1000
			})...)
		},
	}}})

	// Mushroom Man 2: its controller takes 300 damage in each of their Standby Phases, and may
	// pay 500 LP in their End Phase to give its control to the opponent.
	cards.Register(93900406, &engine.Script{Effects: []*engine.Effect{ // Mushroom Man 2
		{
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatDamage, OncePerTurn: true,
			Desc:      "its controller takes 300 damage",
			TriggerIf: yourPhase(engine.Standby),
			Resolve:   func(c *ctx) { c.Damage(c.You(), 300) },
		},
		{
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatControl, OncePerTurn: true,
			Optional:  true,
			Desc:      "pay 500 LP: the opponent takes control of this card",
			TriggerIf: yourPhase(engine.End),
			CanPay:    cards.LPCost(500).CanPay,
			Pay:       cards.LPCost(500).Pay,
			// Only while its control can change: the opponent has a free Monster Zone
			// (ygopro-core's IsControlerCanBeChanged; lockstep MRD seed 14).
			HasTargets: func(c *ctx) bool { return c.FreeZones(c.Opp(), engine.MZone) > 0 },
			Resolve: func(c *ctx) {
				if self := c.Self(); cards.FaceUpInMZone(c, self) && c.Controller(self) == c.You() {
					c.TakeControl(self, c.Opp(), false)
				}
			},
		},
	}})

	// Electric Lizard: a monster that is not a Zombie and attacked it (and is still on the field
	// after damage calculation) cannot attack in its controller's next turn.
	cards.Register(55875323, &engine.Script{Effects: []*engine.Effect{{ // Electric Lizard
		Kind: engine.Trigger, On: engine.On(engine.EvBattle),
		Desc: "the attacker cannot attack in its controller's next turn",
		TriggerIf: func(c *ctx) bool {
			ev := c.Event()
			return ev.Target == c.Self() && !cards.HasRace(c, ev.Card, card.Zombie)
		},
		Resolve: func(c *ctx) {
			if a := c.Event().Card; a == c.Attacker() && c.Place(a).Loc == engine.MZone && !c.DestroyedByBattle(a) {
				c.AddMod(a, engine.Modifier{Kind: engine.ModFlags, Flags: engine.FlagCannotAttack, Expiry: engine.EndOfTurnAfterNext})
			}
		},
	}}})

	// Big Eye: FLIP: the top 5 cards of the Deck (fewer if it has fewer) go back on top in the
	// order its controller chooses.
	cards.Register(16768387, &engine.Script{Effects: []*engine.Effect{{ // Big Eye
		Kind: engine.Flip,
		Resolve: func(c *ctx) {
			deck := c.Pile(c.You(), engine.Deck) // bottom first
			n := min(5, len(deck))
			if n < 2 {
				return
			}
			top := make([]cardID, 0, n)
			for i := len(deck) - 1; i >= len(deck)-n; i-- {
				top = append(top, deck[i])
			}
			c.PutOnDeck(c.OrderCards(c.You(), top, true), true)
		},
	}}})

	// Dragon Piper: FLIP: destroy every face-up Dragon Capture Jar; if one was destroyed, every
	// face-up Defense Position Dragon changes to Attack Position.
	const dragonCaptureJar card.Passcode = 50045299
	cards.Register(55763552, &engine.Script{Effects: []*engine.Effect{{ // Dragon Piper
		Kind: engine.Flip, Category: engine.CatDestroy | engine.CatPosition,
		Resolve: func(c *ctx) {
			jars := c.Filter(c.AllSpellTraps(), func(id cardID) bool {
				return c.FaceUp(id) && c.Data(id).Passcode == dragonCaptureJar
			})
			if len(jars) == 0 || c.Destroy(jars...) == 0 {
				return
			}
			for _, id := range c.AllMonsters() {
				if c.Pos(id) == engine.FaceUpDef && cards.HasRace(c, id, card.Dragon) {
					c.ChangePosition(id, engine.FaceUpAtk)
				}
			}
		},
	}}})
}

func init() {
	// Steel Scorpion: a monster that is not a Machine and attacked it is destroyed in the End
	// Phase of its controller's 2nd turn after that attack. The count is kept as marks of the
	// Scorpion on that monster (the first made by the battle, one more in each End Phase of a
	// turn of the Scorpion's opponent: the attack's turn, then 2 more); it goes on wherever the
	// Scorpion is (destroyed in that battle, most often), and ends if the monster leaves the
	// field. Nothing negates it.
	const marksToDestroy = 4
	mark := func(c *ctx, id cardID) {
		c.AddMod(id, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
	}
	cards.Register(13599884, &engine.Script{Effects: []*engine.Effect{ // Steel Scorpion
		{
			Kind: engine.Trigger, On: engine.On(engine.EvBattle),
			Desc: "the attacker will be destroyed in the End Phase of its controller's 2nd turn after this one",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Target == c.Self() && !cards.HasRace(c, ev.Card, card.Machine)
			},
			Resolve: func(c *ctx) {
				if a := c.Event().Card; a == c.Attacker() && c.Place(a).Loc == engine.MZone && !c.DestroyedByBattle(a) && !c.MarkedBy(a, c.Self()) {
					mark(c, a)
				}
			},
		},
		{
			Kind: engine.Automatic, On: engine.On(engine.EvPhase), Unnegated: true,
			Range: engine.Locs(engine.MZone, engine.GY, engine.Hand, engine.Deck, engine.Banished),
			Desc:  "count the End Phase; destroy the monster at the 3rd",
			TriggerIf: func(c *ctx) bool {
				return c.Event().Phase == engine.End && c.TurnPlayer() != c.You() && len(c.Marked(c.Self())) > 0
			},
			Resolve: func(c *ctx) {
				var doomed []cardID
				for _, id := range c.Marked(c.Self()) {
					mark(c, id)
					if c.MarkCount(id, c.Self()) >= marksToDestroy {
						doomed = append(doomed, id)
					}
				}
				if len(doomed) > 0 {
					c.Destroy(doomed...)
				}
			},
		},
	}})
}
