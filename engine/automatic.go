package engine

// Automatic effects (EffectKind Automatic): effects that apply by themselves when their event
// happens, with no chain link. raiseCard notes them among the pending triggers; runAutomatic
// applies them, in the order their events happened, at the next point where the rules look at
// the state (adjust, after every action and every chain link) and before any trigger goes on a
// chain.

// runAutomatic applies the pending Automatic effects, and those they set off in turn.
func (g *game) runAutomatic() {
	for guard := 0; !g.over; guard++ {
		i := g.nextAutomatic()
		if i < 0 {
			return
		}
		if guard > 1000 {
			panic("engine: Automatic effects keep setting each other off")
		}
		pt := g.pending[i]
		g.pending = append(g.pending[:i], g.pending[i+1:]...)
		c := g.c(pt.card)
		if !defaultRange(pt.eff, c.data).Has(c.place.Loc) ||
			c.place.Loc.OnField() && (!c.pos.IsFaceUp() || g.negated(pt.card) && !pt.eff.Unnegated) {
			continue // it left, or was turned face-down or negated, before it applied
		}
		if pt.eff.Resolve == nil {
			continue
		}
		ev := pt.ev
		ctx := g.ctx(pt.card, pt.eff, pt.seat, &ev, nil)
		ctx.group = pt.group
		prev := g.reasonCard
		g.reasonCard = pt.card
		pt.eff.Resolve(ctx)
		g.reasonCard = prev
		g.release()
	}
}

// nextAutomatic returns the index of the first pending Automatic effect, or -1.
func (g *game) nextAutomatic() int {
	for i := range g.pending {
		if g.pending[i].eff.Kind == Automatic {
			return i
		}
	}
	return -1
}
