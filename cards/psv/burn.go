package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Continuous Traps that burn: Minor Goblin Official, Type Zero Magic Crusher,
// Skull Invitation.

// oppStandby reports whether the event is the start of the opponent's Standby Phase.
func oppStandby(c *ctx) bool {
	return c.Event().Phase == engine.Standby && c.TurnPlayer() != c.You()
}

func init() {
	// Minor Goblin Official: activated only while the opponent has 3000 LP or less; then a
	// mandatory trigger in each of the opponent's Standby Phases inflicts 500 damage (whatever
	// their LP are by then).
	cards.Register(1918087, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind:      engine.Activate,
				Condition: func(c *ctx) bool { return c.LP(c.Opp()) <= 3000 },
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatDamage, Range: engine.Locs(engine.SZone),
				OncePerTurn: true, Desc: "500 damage to the opponent",
				TriggerIf: oppStandby,
				Resolve:   func(c *ctx) { c.Damage(c.Opp(), 500) },
			},
		},
	})

	// Type Zero Magic Crusher: a Quick Effect of the face-up card, as often as its cost is paid:
	// discard 1 Spell Card to inflict 500 damage to the opponent.
	spellDiscard := cards.DiscardCost(1, func(c *ctx, id cardID) bool { return cards.IsSpell(c, id) })
	cards.Register(21237481, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Quick, Range: engine.Locs(engine.SZone), Category: engine.CatDamage,
				Desc: "discard 1 Spell: 500 damage to the opponent",
				// Not while its own activation is still on the chain.
				Condition: func(c *ctx) bool { return c.Active(c.Self()) },
				CanPay:    spellDiscard.CanPay,
				Pay:       spellDiscard.Pay,
				Resolve:   func(c *ctx) { c.Damage(c.Opp(), 500) },
			},
		},
	})

	// Skull Invitation: each time cards are sent to the Graveyard together (one action), with no
	// chain link, each player takes 300 damage for each of them they own, both at the same time
	// (the opponent's first; ygopro-core's continuous effect).
	cards.Register(98139712, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Automatic, On: engine.On(engine.EvMove), Range: engine.Locs(engine.SZone), OncePerAction: true,
				Desc:      "300 damage to the owner of each card sent to the GY",
				TriggerIf: func(c *ctx) bool { ev := c.Event(); return ev.To.Loc == engine.GY && ev.From.Loc != engine.GY },
				Resolve: func(c *ctx) {
					mine, theirs := 0, 0
					for _, id := range c.Group() {
						if c.Owner(id) == c.You() {
							mine++
						} else {
							theirs++
						}
					}
					c.DamageAtOnce(c.Opp(), c.You(), 300*theirs, 300*mine)
				},
			},
		},
	})
}
