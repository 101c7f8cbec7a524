package engine

// Costs of playing a card from the hand (Chain Energy): a Continuous effect with a HandCost and
// AffectsPlayer makes each player it affects pay to Normal Summon or Set a monster from their
// hand, to Special Summon one from the hand (by its own procedure or by an effect), to activate
// a card or an effect from the hand, and to Set a Spell or Trap from the hand. An option whose
// costs cannot all be paid is not offered; the costs are paid as the card is played, before
// anything else of it (ygopro-core's summon, special summon, activate and set costs).

// HandCost is the cost a player pays to play a card from their hand. Both are asked with a Ctx
// of the effect's card whose seat is the playing player; CanPay nil: always payable.
type HandCost struct {
	CanPay func(c *Ctx, id CardID) bool
	Pay    func(c *Ctx, id CardID)
}

// handCostsPayable reports whether seat s can pay every hand cost on playing card id.
func (g *game) handCostsPayable(id CardID, s Seat) bool {
	if g.contOn[contHand] == 0 {
		return true
	}
	ok := true
	g.activeContinuous(contHand, func(src CardID, e *Effect) bool {
		if e.HandCost == nil || e.AffectsPlayer == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, s, nil, nil)
		if e.AffectsPlayer(ctx, s) && e.HandCost.CanPay != nil && !e.HandCost.CanPay(ctx, id) {
			ok = false
		}
		g.release()
		return ok
	})
	return ok
}

// payHandCosts pays the hand costs of seat s on playing card id (from its hand).
func (g *game) payHandCosts(id CardID, s Seat) {
	if g.contOn[contHand] == 0 {
		return
	}
	var buf [8]*Effect
	var srcs [8]CardID
	costs, from := buf[:0], srcs[:0]
	g.activeContinuous(contHand, func(src CardID, e *Effect) bool {
		if e.HandCost != nil && e.HandCost.Pay != nil && e.AffectsPlayer != nil && !g.negated(src) {
			ctx := g.ctx(src, e, s, nil, nil)
			if e.AffectsPlayer(ctx, s) {
				costs, from = append(costs, e), append(from, src)
			}
			g.release()
		}
		return true
	})
	for i, e := range costs { // paid after the walk: a payment may change the field
		ctx := g.ctx(from[i], e, s, nil, nil)
		e.HandCost.Pay(ctx, id)
		g.release()
	}
}

// fromHandPayable reports whether seat s may play card id as far as hand costs go: a card
// elsewhere than in the hand pays none.
func (g *game) fromHandPayable(id CardID, s Seat) bool {
	return g.c(id).place.Loc != Hand || g.handCostsPayable(id, s)
}

// payFromHand pays seat s's hand costs on card id if it is in the hand.
func (g *game) payFromHand(id CardID, s Seat) {
	if g.c(id).place.Loc == Hand {
		g.payHandCosts(id, s)
	}
}
