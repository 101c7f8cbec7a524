package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// HandWin is the Check of a card that wins when its owner's hand holds it and every card of
// pieces (Exodia the Forbidden One, in the pool and in the kouhu set): the owner of a complete hand
// wins at once; two complete hands at the same time make a draw (RULES.md ocg "End of the duel").
func HandWin(pieces []card.Passcode, reason string) func(c *engine.Ctx) {
	holds := func(c *engine.Ctx, s engine.Seat) bool {
		hand := c.Pile(s, engine.Hand)
		for _, p := range pieces {
			if !inHand(c, hand, p) {
				return false
			}
		}
		return true
	}
	return func(c *engine.Ctx) {
		if c.Place(c.Self()).Loc != engine.Hand {
			return
		}
		me := c.Owner(c.Self())
		if !holds(c, me) {
			return
		}
		for _, s := range c.Opponents() {
			if holds(c, s) {
				c.EndInDraw("both players hold all five pieces of " + reason)
			}
		}
		c.Win(me, reason)
	}
}

// inHand reports whether a card of passcode p is among hand (a loop, not a closure that would be
// allocated at each check).
func inHand(c *engine.Ctx, hand []engine.CardID, p card.Passcode) bool {
	for _, id := range hand {
		if c.Data(id).Passcode == p {
			return true
		}
	}
	return false
}
