package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's monsters of chance and of the Battle Phase: Barrel Dragon's three coins, Jirai Gumo's
// call, The Unhappy Maiden's end of the Battle Phase, Insect Soldiers of the Sky against WIND.

func init() {
	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(81480460, &engine.Script{Effects: []*engine.Effect{{ // Barrel Dragon
		Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatDestroy | engine.CatCoin,
		HasTargets: cards.HasAny(1, oppMonsters),
		Target:     cards.TargetFrom(1, oppMonsters),
		// The coins are tossed only if the target is still there; 2 heads or more destroy it.
		Resolve: func(c *ctx) {
			t := c.Target()
			if t == noCard {
				return
			}
			heads := 0
			for _, h := range c.TossCoins(c.You(), 3) {
				if h {
					heads++
				}
			}
			if heads >= 2 {
				c.Destroy(t)
			}
		},
	}}})

	cards.Register(94773007, &engine.Script{Effects: []*engine.Effect{{ // Jirai Gumo
		Kind: engine.Trigger, On: engine.On(engine.EvAttack), Category: engine.CatCoin,
		Desc:      "call a coin toss; wrong: lose half your LP",
		TriggerIf: func(c *ctx) bool { return c.Event().Card == c.Self() },
		// The LP become half, rounded up: a loss, not damage.
		Resolve: func(c *ctx) {
			if !c.CallCoin(c.You()) {
				c.LoseLP(c.You(), c.LP(c.You())/2)
			}
		},
	}}})

	cards.Register(51275027, &engine.Script{Effects: []*engine.Effect{{ // The Unhappy Maiden
		Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
		Desc:      "destroyed by battle: the Battle Phase ends",
		TriggerIf: cards.SentToGYByBattle,
		Resolve:   func(c *ctx) { c.EndBattlePhase() },
	}}})

	// Insect Soldiers of the Sky: +1000 ATK in the Damage Step while it attacks a face-up WIND
	// monster (a face-down one counts once flipped).
	cards.Register(7019529, &engine.Script{Effects: []*engine.Effect{{ // Insect Soldiers of the Sky
		Kind: engine.Continuous, Static: engine.Static{
			Affects: func(c *ctx, id cardID) bool { return id == c.Self() },
			ATKFunc: func(c *ctx, id cardID) int {
				t := c.AttackTarget()
				if c.Attacker() != id || t == noCard || !c.Timing().InDamageStep() || !c.FaceUp(t) || !cards.HasAttr(c, t, card.Wind) {
					return 0
				}
				return 1000
			},
		},
	}}})
}
