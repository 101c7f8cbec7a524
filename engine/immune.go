package engine

// Immunity: a card unaffected by the effects of some cards (Static.UnaffectedBy; ygopro-core's
// EFFECT_IMMUNE_EFFECT). The Continuous effects of those cards give it nothing (continuous.go asks
// unaffected for each), and the operations of their effects (Ctx.Destroy, SendToGY, Banish,
// ReturnToHand, PutOnDeck, ChangePosition, AddMod, TakeControl) leave it where and as it is. It
// may still be chosen as their target: the effect then does nothing to it. Rules and battle
// (no card's effect) always affect it, and so do costs of its own controller it pays with it.

// unaffected reports whether card id, on the field, is unaffected by the effects of card src: a
// Continuous effect that applies gives id an UnaffectedBy that holds for src. A card is never
// unaffected by its own effects, nor by no card's (the rules).
func (g *game) unaffected(id, src CardID) bool {
	if g.contOn[contImmune] == 0 || src == NoCard || id == src || !g.c(id).place.Loc.OnField() {
		return false // before making the closure (contcount.go)
	}
	out := false
	g.activeContinuous(contImmune, func(by CardID, e *Effect) bool {
		if e.Affects == nil || e.UnaffectedBy == nil || g.negated(by) {
			return true
		}
		ctx := g.ctx(by, e, g.c(by).ctrl, nil, nil)
		out = e.Affects(ctx, id) && e.UnaffectedBy(ctx, id, src)
		g.release()
		return !out
	})
	return out
}

// affected keeps of ids the cards that the effect's card affects (unaffected drops the others);
// while no card on the field has an immunity it returns ids as they are.
func (c *Ctx) affected(ids []CardID) []CardID {
	if c.g.contOn[contImmune] == 0 || c.card == NoCard {
		return ids
	}
	out := make([]CardID, 0, len(ids))
	for _, id := range ids {
		if !c.g.unaffected(id, c.card) {
			out = append(out, id)
		}
	}
	return out
}
