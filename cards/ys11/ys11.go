// Package ys11 registers the behaviour of the cards whose first printing is Starter Deck: Dawn of the Xyz (YS11).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in ys11.cards beside this file; docs/cards.md says how to add a card.
package ys11

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// ctx is the engine's effect context.
type ctx = engine.Ctx

const noCard = engine.NoCard

func init() {
	cards.Register(84013237, &engine.Script{ // Number 39: Utopia
		Xyz: &engine.XyzReq{Count: 2},
		Effects: []*engine.Effect{
			{
				// A Quick Effect (Spell Speed 2) on any monster's attack declaration, its
				// controller's own monsters' included; detaching is the cost.
				Kind: engine.Quick, On: engine.On(engine.EvAttack), Category: engine.CatDisableAttack,
				Desc: "detach 1 material: negate the attack",
				Answers: func(c *ctx) bool {
					ev := c.Event()
					return ev != nil && c.Attacker() == ev.Card
				},
				CanPay: func(c *ctx) bool { return len(c.Materials(c.Self())) > 0 },
				Pay:    func(c *ctx) { c.Detach(c.Self(), 1) },
				Resolve: func(c *ctx) {
					// An attacker that left the field in the meantime has no attack left to
					// negate (and a Token that left no longer exists).
					if a := c.Attacker(); a != noCard && c.Place(a).Loc == engine.MZone {
						c.NegateAttack()
					}
				},
			},
			{
				// Mandatory, and checked when it is targeted: detaching its last material in
				// answer to that attack does not destroy it. A new target chosen after a replay is
				// also "targeted for an attack".
				Kind: engine.Trigger, On: engine.On(engine.EvAttack, engine.EvRetarget),
				Category: engine.CatDestroy,
				Desc:     "destroy this card: targeted for an attack with no materials",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.Target == c.Self() && len(c.Materials(c.Self())) == 0
				},
				Resolve: func(c *ctx) {
					if cards.OnField(c, c.Self()) {
						c.Destroy(c.Self())
					}
				},
			},
		},
	})
}
