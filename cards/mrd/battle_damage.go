package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's monsters that attack directly and the ones whose battle damage to the opponent does
// something more: a draw, a discard at random, the opponent's draw; and Dark Elf's attack cost.

func init() {
	for _, code := range []card.Passcode{
		12472242, // Leghul
		21347810, // Rainbow Flower
		32809211, // Jinzo 7
	} {
		cards.Register(code, &engine.Script{Effects: []*engine.Effect{cards.AttacksDirectly()}})
	}

	// onBattleDamage is a mandatory trigger of a monster whose battle damage to the opponent
	// sets it off; it resolves even if the monster left the field in that battle.
	onBattleDamage := func(cat engine.Category, desc string, resolve func(c *ctx)) *engine.Effect {
		return &engine.Effect{
			Kind: engine.Trigger, On: engine.On(engine.EvDamage), Category: cat, Desc: desc,
			TriggerIf: cards.DealtBattleDamage,
			Resolve:   resolve,
		}
	}
	cards.Register(10189126, &engine.Script{Effects: []*engine.Effect{ // Masked Sorcerer
		onBattleDamage(engine.CatDraw, "draw 1 card", func(c *ctx) { c.Draw(c.You(), 1) }),
	}})
	cards.Register(15150365, &engine.Script{Effects: []*engine.Effect{ // White Magical Hat
		onBattleDamage(engine.CatDiscard, "the opponent discards 1 card at random", func(c *ctx) {
			s := c.Event().Seat
			c.Discard(c.RandomCards(s, c.Pile(s, engine.Hand), 1)...)
		}),
	}})
	cards.Register(71107816, &engine.Script{Effects: []*engine.Effect{ // The Bistro Butcher
		onBattleDamage(engine.CatDraw, "the opponent draws 2 cards", func(c *ctx) { c.Draw(c.Event().Seat, 2) }),
	}})

	cards.Register(21417692, &engine.Script{Effects: []*engine.Effect{ // Dark Elf
		cards.AttackLPCost(1000),
	}})
}
