package engine

// Automatic effects (EffectKind Automatic): effects that apply by themselves when their event
// happens, with no chain link. raiseCard notes them among the pending triggers; runAutomatic
// applies them, in the order their events happened, at the next point where the rules look at
// the state (adjust, after every action and every chain link) and before any trigger goes on a
// chain; and sooner, before a resolving effect's next step, before any prompt and before a
// Tribute Summon's monster arrives (settleAutomatic).

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

// settleAutomatic applies the Automatic effects waiting now, before the rules go on (a resolving
// effect's next step, a prompt, a summoned monster's arrival after its tributes): ygopro-core
// carries out a Continuous effect's answer to an event as soon as the operation that raised it
// is over, in the middle of a resolving effect or a summon (Skull Invitation's damage for the
// card Dust Tornado destroyed comes before Dust Tornado asks whether to Set a card, lockstep PSV
// seed 14; its damage for Jinzo's tribute before Jinzo, which negates it, is on the field).
// Inside an Automatic effect that is applying nothing is done: runAutomatic applies the others
// after it.
func (g *game) settleAutomatic() {
	if g.over || len(g.pending) == 0 || g.inAutomatic() {
		return
	}
	g.runAutomatic()
}

// inAutomatic reports whether an Automatic effect is applying (one of the running effects'
// contexts is one).
func (g *game) inAutomatic() bool {
	if g.ctxs == nil {
		return false
	}
	for i := range g.ctxDepth {
		if e := g.ctxs[i].eff; e != nil && e.Kind == Automatic {
			return true
		}
	}
	return false
}
