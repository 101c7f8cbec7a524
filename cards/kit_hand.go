package cards

import "github.com/duelistgame/duelist/engine"

// The kit's hand reveal: "look at your opponent's hand and choose 1 card" (Confiscation, The
// Forceful Sentry). The opponent's hand is shown to the effect's controller (an EvConfirm per
// card, to that seat only), then the controller chooses among its cards seeing their faces
// (Ctx.SearchCards' look), as ygopro-core's ConfirmCards then Select.

// PickFromHand shows seat of's whole hand to the effect's controller and asks them to choose n
// of its cards that fit (nil: any). It returns nil when the hand holds none that fits (the hand
// is still shown).
func PickFromHand(c *ctx, of engine.Seat, n int, why engine.Purpose, fits func(id cardID) bool) []cardID {
	hand := c.Pile(of, engine.Hand)
	if len(hand) == 0 {
		return nil
	}
	c.ConfirmTo(c.You(), hand...)
	cands := hand
	if fits != nil {
		cands = c.Filter(hand, fits)
	}
	return c.SearchCards(c.You(), cands, n, n, why)
}

// OppHasHand is the condition of an effect that works on the opponent's hand: the opponent (one
// of them in a tag duel) holds at least one card.
func OppHasHand(c *ctx) bool {
	for _, s := range c.Opponents() {
		if len(c.Pile(s, engine.Hand)) > 0 {
			return true
		}
	}
	return false
}
