package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TollCost is the Continuous effect of a face-up card that makes monsters pay to declare an
// attack (Toll: 500 LP, every player; Gravekeeper's Servant: the top card of the Deck, the
// opponent only). The cost is per copy: with n copies of the card in force over the attacker's
// controller, the attack needs n times the cost (can: may seat s pay n of them?) and each copy
// takes its own (pay, once per copy), as ygopro-core's accumulating flag effect does.
// oppOnly: only the monsters of the card's controller's opponent pay. The cost is asked and paid
// with the attacker's controller as the context's seat (engine.AttackCost).
func TollCost(code card.Passcode, oppOnly bool, can func(c *ctx, s engine.Seat, n int) bool, pay func(c *ctx, s engine.Seat)) *effect {
	// copies counts the copies of the card in force over seat s's attacks.
	copies := func(c *ctx, s engine.Seat) int {
		n := 0
		for _, id := range c.AllSpellTraps() {
			if c.Data(id).Passcode == code && c.Active(id) && (!oppOnly || c.Controller(id) != s) {
				n++
			}
		}
		return n
	}
	return &effect{Kind: engine.Continuous, Static: engine.Static{
		Affects: func(c *ctx, id cardID) bool {
			return c.Place(id).Loc == engine.MZone && (!oppOnly || c.Controller(id) != c.Controller(c.Self()))
		},
		AttackCost: &engine.AttackCost{
			CanPay: func(c *ctx, attacker cardID) bool {
				s := c.Controller(attacker)
				return can(c, s, copies(c, s))
			},
			Pay: func(c *ctx, attacker cardID) { pay(c, c.Controller(attacker)) },
		},
	}}
}
