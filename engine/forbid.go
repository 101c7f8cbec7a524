package engine

// Forbidden cards (Prohibition; ygopro-core's EFFECT_FORBIDDEN). A card for which a Continuous
// effect's Static.Forbids holds cannot be used, wherever it is: it cannot be Normal Summoned or
// Set, Flip Summoned, Special Summoned (by its own procedure or by an effect), nor Set as a Spell
// or Trap; none of its effects can be activated, and its Trigger, Flip and Automatic effects are
// not set off; on the field it cannot attack nor change its battle position. It can still be
// moved, discarded, tributed or sent by other cards. Which cards is the effect's to say:
// Prohibition's are the cards of the declared name, but for those on the field as it resolved.

// forbidden reports whether a card is forbidden now.
func (g *game) forbidden(id CardID) bool {
	if g.contOn[contForbid] == 0 {
		return false // no card on the field forbids anything (contcount.go)
	}
	found := false
	g.activeContinuous(contForbid, func(src CardID, e *Effect) bool {
		if e.Forbids == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		found = e.Forbids(ctx, id)
		g.release()
		return !found
	})
	return found
}
