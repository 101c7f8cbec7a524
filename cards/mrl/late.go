package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Magic Ruler's cards that needed engine features of their own: Chain Energy (a cost of playing
// a card from the hand, engine.HandCost).

// chainEnergyCode is Chain Energy's passcode.
const chainEnergyCode = 79323590

func init() {
	cards.Register(chainEnergyCode, &engine.Script{ // Chain Energy
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				AffectsPlayer: func(c *ctx, s engine.Seat) bool { return true },
				// Each copy in force takes its own 500 LP; a play needs them all at once (with two
				// copies, 1000 LP), as ygopro-core's accumulating flag effect does.
				HandCost: &engine.HandCost{
					CanPay: func(c *ctx, id cardID) bool { return c.LP(c.You()) >= 500*chainEnergies(c) },
					Pay:    func(c *ctx, id cardID) { c.PayLP(500) },
				},
			}},
		},
	})
}

// chainEnergies counts the face-up Chain Energies in force on the field.
func chainEnergies(c *ctx) int {
	n := 0
	for _, id := range c.AllSpellTraps() {
		if c.Data(id).Passcode == chainEnergyCode && c.Active(id) {
			n++
		}
	}
	return n
}
