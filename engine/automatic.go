package engine

// Automatic effects (EffectKind Automatic): effects that apply by themselves when their event
// happens, with no chain link. raiseCard notes them among the pending triggers; runAutomatic
// applies them, in the order their events happened, at the next point where the rules look at
// the state (adjust, after every action and every chain link) and before any trigger goes on a
// chain; and sooner, before a resolving effect's next step, before any prompt and before a
// Tribute Summon's monster arrives (settleAutomatic).

// runAutomatic applies the pending Automatic effects, and those they set off in turn. In a Draw,
// Standby or End Phase's window (game.phaseList) the phase's own ones (set off by its EvPhase)
// are left to the window, which applies them one at a time (applyPhaseAutomatics).
func (g *game) runAutomatic() {
	for guard := 0; !g.over; guard++ {
		i := g.nextAutomatic(!g.phaseList)
		if i < 0 {
			return
		}
		if guard > 1000 {
			panic("engine: Automatic effects keep setting each other off")
		}
		g.applyAutomatic(i)
	}
}

// applyPhaseAutomatics applies, in a phase's window with an empty chain, the pending Automatic
// effects, the phase's own included, in order, and stops after one of the phase's that moved a
// card while another effect of the phase still waits: ygopro-core's list of the phase's effects
// applies a Continuous one (an upkeep: The Regulation of Tribe's, Imperial Order's) and answers
// the events it made in a window with an empty chain, the turn player's first, before the
// phase's next effect (lockstep PSV seeds 5, 16, 25). It reports whether it stopped so.
func (g *game) applyPhaseAutomatics() bool {
	for guard := 0; !g.over; guard++ {
		i := g.nextAutomatic(true)
		if i < 0 {
			return false
		}
		if guard > 1000 {
			panic("engine: Automatic effects keep setting each other off")
		}
		phase := g.pending[i].ev.Kind == EvPhase
		from := len(g.fresh)
		g.applyAutomatic(i)
		if phase && g.movedSince(from) && g.phaseEffectPending() {
			return true
		}
	}
	return false
}

// applyAutomatic applies the pending Automatic effect g.pending[i] and takes it off the list.
func (g *game) applyAutomatic(i int) {
	pt := g.pending[i]
	g.pending = append(g.pending[:i], g.pending[i+1:]...)
	c := g.c(pt.card)
	if !defaultRange(pt.eff, c.data).Has(c.place.Loc) ||
		c.place.Loc.OnField() && (!c.pos.IsFaceUp() || g.negated(pt.card) && !pt.eff.Unnegated) {
		return // it left, or was turned face-down or negated, before it applied
	}
	if pt.eff.Resolve == nil {
		return
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

// nextAutomatic returns the index of the first pending Automatic effect (with phase false, not
// one set off by a phase's beginning), or -1. The phase's own ones of the seats other than the
// turn player wait while the turn player's effects of the phase wait to go on a chain, and, in a
// phase's window, until the turn player has passed there (game.phaseList), as their triggers do:
// ygopro-core lists them to their player only then (Swords of Revealing Light's last count after
// the turn player's Mushroom Man 2 yes/no, LOB,MRD seeds 19, 67, 78).
func (g *game) nextAutomatic(phase bool) int {
	for i := range g.pending {
		pt := &g.pending[i]
		if pt.eff.Kind != Automatic || pt.ev.Kind == EvPhase && !phase {
			continue
		}
		if pt.ev.Kind == EvPhase && pt.seat != g.turnPlayer &&
			(g.phaseList && !g.phasePassed || g.turnPlayerPhaseTrigger()) {
			continue
		}
		return i
	}
	return -1
}

// turnPlayerPhaseTrigger reports whether an effect of the phase of the turn player waits to go on
// a chain.
func (g *game) turnPlayerPhaseTrigger() bool {
	for i := range g.pending {
		if pt := &g.pending[i]; pt.ev.Kind == EvPhase && pt.seat == g.turnPlayer && pt.eff.Kind != Automatic {
			return true
		}
	}
	return false
}

// phaseEffectPending reports whether an effect of the phase (set off by its EvPhase) waits: an
// Automatic one to apply or another to go on a chain.
func (g *game) phaseEffectPending() bool {
	for i := range g.pending {
		if g.pending[i].ev.Kind == EvPhase {
			return true
		}
	}
	return false
}

// movedSince reports whether a card moved (was sent, destroyed, tributed, banished ...) among the
// events of the current action from its from-th on (all of them when the action began since).
func (g *game) movedSince(from int) bool {
	if from > len(g.fresh) {
		from = 0
	}
	for i := from; i < len(g.fresh); i++ {
		switch ev := &g.fresh[i]; ev.Kind {
		case EvMove, EvDestroy, EvTribute, EvDiscard, EvSpecialSummon:
			if ev.From.Loc != ev.To.Loc || ev.From.Seat != ev.To.Seat {
				return true
			}
		}
	}
	return false
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
