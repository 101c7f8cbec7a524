package engine

import (
	"fmt"
	"math/bits"
)

// pendingTrigger is a Trigger or FLIP effect whose event happened, waiting to go on a chain.
type pendingTrigger struct {
	eff  *Effect
	card CardID
	seat Seat
	ev   Event
	seq  int // the action it happened in
	gen  int // the card's gen when the event happened (triggerCanActivate)
	// group holds, for an Effect.OncePerAction effect, the cards of the events of its action that
	// set it off, the kept event's first (Ctx.Group); it is never changed in place, only replaced.
	group []CardID
	// ordered: a mandatory phase effect its seat has ordered already, waiting for the chain of
	// the one before it to resolve (chainTriggers asks no order again)
	ordered bool
}

// raiseTriggers notes the Trigger and FLIP effects an event sets off. They go on the chain at the
// next point where a chain can start (never in the middle of a chain or before damage
// calculation).
//
// It looks only at the cards of trigCards that have a trigger of the event's kinds (trigBy, for
// the first 64 of them; the rest one by one), in trigCards' order: an event of a kind few triggers
// answer (a phase beginning, with one Destiny Board in a deck) costs a few loads instead of a walk
// over every card with a trigger.
func (g *game) raiseTriggers(ev *Event) {
	if ev.From.Loc == Resource && ev.Card != NoCard && ev.To.Loc != Resource {
		// A kouhu cost card has no name, type or effect: leaving the resource zone sets nothing
		// off (seed 000 关于“费用卡”离场).
		return
	}
	if !g.trigOn.Matches(ev) {
		return // no trigger of the duel answers such an event (triggerMatches would refuse it)
	}
	cands := g.trigBy[ev.Kind&63] // (an EventMask holds kinds 0-63)
	if eventKinds(ev)&(1<<EvMove) != 0 {
		cands |= g.trigBy[EvMove]
	}
	for cands != 0 {
		i := bits.TrailingZeros64(cands)
		cands &= cands - 1
		g.raiseCard(g.trigCards[i], ev)
	}
	if len(g.trigCards) > trigIndexed {
		for _, id := range g.trigCards[trigIndexed:] {
			g.raiseCard(id, ev)
		}
	}
}

// trigIndexed is how many of trigCards, from the first, trigBy indexes.
const trigIndexed = 64

// trigBits sets, in by, bit i (i < trigIndexed) of the kinds of event a Trigger or Flip effect of
// a script may answer (Script.trigOn: the effects' On, with EvMove for every moving event as
// Matches reads it; EvFlip and EvFlipSummon for a Flip effect): trigCards[i] has that script.
func trigBits(by *[64]uint64, i int, sc *Script) {
	if i >= trigIndexed {
		return
	}
	bit := uint64(1) << i
	for m := uint64(sc.trigOn); m != 0; m &= m - 1 {
		by[bits.TrailingZeros64(m)] |= bit
	}
}

// countTrigBy makes trigBy afresh from trigCards (Verify compares).
func (g *game) countTrigBy() [64]uint64 {
	var by [64]uint64
	for i, id := range g.trigCards {
		trigBits(&by, i, g.c(id).script)
	}
	return by
}

// raiseCard notes the effects of one card of trigCards that an event sets off.
func (g *game) raiseCard(id CardID, ev *Event) {
	c := g.c(id)
	if !c.trigLocs.Has(c.place.Loc) {
		return // none of its triggers works where it is (triggerMatches would refuse)
	}
	if g.unsummonedSet && id == g.unsummoned && ev.Card == id {
		return // a monster whose summon was negated, destroyed: none of its own triggers
	}
	for _, e := range c.script.Effects {
		if !g.triggerMatches(id, e, ev) {
			continue
		}
		seat := c.ctrl
		switch {
		case c.place.Loc == Hand:
			seat = c.place.Seat // the player holding it: a card drawn from another's Deck is theirs
		case !c.place.Loc.OnField():
			seat = c.owner
		}
		if !g.inDuel(seat) {
			continue // its player left a tag duel
		}
		if e.TriggerIf != nil {
			ctx := g.ctx(id, e, seat, ev, nil)
			ok := e.TriggerIf(ctx)
			g.release()
			if !ok {
				continue
			}
		}
		if e.OncePerAction {
			if pt := g.pendingInAction(id, e); pt != nil {
				pt.group = append(pt.group[:len(pt.group):len(pt.group)], ev.Card)
				continue
			}
		}
		pt := pendingTrigger{eff: e, card: id, seat: seat, ev: *ev, seq: g.actionSeq, gen: int(c.gen)}
		if e.OncePerAction {
			pt.group = []CardID{ev.Card}
		}
		g.pending = append(g.pending, pt)
	}
}

// pendingInAction returns the trigger of the card's effect set off by an event of the current
// action that is waiting already (Effect.OncePerAction), or nil.
func (g *game) pendingInAction(id CardID, e *Effect) *pendingTrigger {
	for i := range g.pending {
		if pt := &g.pending[i]; pt.eff == e && pt.card == id && pt.seq == g.actionSeq {
			return pt
		}
	}
	return nil
}

// triggerMatches reports whether an effect of a card is set off by an event.
func (g *game) triggerMatches(id CardID, e *Effect, ev *Event) bool {
	c := g.c(id)
	switch e.Kind {
	case Flip:
		if ev.Card != id || ev.Kind != EvFlip && ev.Kind != EvFlipSummon {
			return false
		}
	case Trigger, Automatic:
		if !e.On.Matches(ev) {
			return false
		}
	default:
		return false
	}
	if !defaultRange(e, c.data).Has(c.place.Loc) {
		return false
	}
	if c.place.Loc.OnField() && (!c.pos.IsFaceUp() || g.negated(id) && !e.Unnegated) {
		return false
	}
	// A Spell or Trap whose activation is still on the chain (or was negated) has no effect yet
	// that an event may set off (ygopro-core enables a card's effects when its activation
	// resolves: Skull Invitation does not answer a card discarded as the cost of a link chained
	// to it, lockstep PSV seed 29).
	if c.place.Loc.OnField() && !g.applies(c) {
		return false
	}
	return !g.forbidden(id)
}

// chainTriggers puts the waiting triggers on the chain in the order of RULES.md ocg: the turn
// player's mandatory, the opponent's mandatory, the turn player's optional (each asked), the
// opponent's optional; a seat with several in one group orders them. Optional "When ..." triggers
// whose event was not the last thing to happen have missed their timing.
func (g *game) chainTriggers() {
	if len(g.pending) == 0 || len(g.chain) > 0 || g.held || g.over {
		return
	}
	if g.runAutomatic(); len(g.pending) == 0 || g.over {
		return
	}
	waiting := g.takeWaiting()
	defer g.doneWaiting(waiting)
	g.pending = g.pending[:0]
	type group struct {
		seat     Seat
		optional bool
	}
	// Mandatory first, then optional; inside each, the seats in turn order from the turn player.
	// A phase's effects (below) go seat by seat instead: the turn player's mandatory and optional
	// ones, then the opponent's (ygopro-core's list of the phase's effects is its player's until
	// that player passes).
	phaseMajor := false
	for i := range waiting {
		phaseMajor = phaseMajor || waiting[i].ev.Kind == EvPhase
	}
	var groups [2 * MaxSeats]group
	n := 0
	for _, optional := range [2]bool{false, true} {
		for k := 0; k < g.seatCount(); k++ {
			groups[n] = group{g.rotation(g.rotIndex(g.turnPlayer) + k), optional}
			n++
		}
	}
	if phaseMajor {
		for k := 0; k < g.seatCount(); k++ {
			seat := g.rotation(g.rotIndex(g.turnPlayer) + k)
			groups[2*k], groups[2*k+1] = group{seat, false}, group{seat, true}
		}
	}
	var buf [4]pendingTrigger // a group's triggers, on the stack (more move to the heap)
	// "During the ... Phase" effects (triggers of the phase's start, EvPhase) are activated one
	// at a time, each starting its own chain (the End Phase's list of effects; ygopro-core asks
	// the next after the chain resolves: lockstep MRD seed 72, two Mushroom Man 2; mandatory ones
	// too: two Burning Lands, two Snatch Steals, PSV seed 34 of 8db576a): once one is on this
	// chain, the others wait for the next chain. Mandatory ones keep the order their seat gave
	// once; optional ones, declined before it or still to ask, are asked again there (ygopro-core
	// lists them again after the chain); all declined, they are gone.
	// In a phase's closing window the other seats' ones wait for the turn player to pass there
	// (game.phaseList).
	hold := g.phaseList && !g.phasePassed
	phaseOn := false
	var later, declined []pendingTrigger
	for _, grp := range groups[:n] {
		if !g.inDuel(grp.seat) {
			continue // a seat that left a tag duel activates nothing
		}
		list := buf[:0]
		for i := range waiting {
			pt := &waiting[i]
			if pt.seat != grp.seat || pt.eff.Optional != grp.optional {
				continue
			}
			if pt.eff.Kind == Automatic {
				later = append(later, *pt) // a phase's, left to its window (applyPhaseAutomatics)
				continue
			}
			if hold && grp.seat != g.turnPlayer && pt.ev.Kind == EvPhase {
				later = append(later, *pt)
				continue
			}
			if pt.eff.Optional && pt.eff.When && pt.seq != g.actionSeq {
				continue // missed the timing
			}
			if !g.triggerCanActivate(pt) {
				continue
			}
			if g.sameLimitedIn(list, pt) {
				continue // a once-per-turn effect set off twice at once activates once
			}
			phase := pt.ev.Kind == EvPhase
			if phase && phaseOn {
				later = append(later, *pt)
				continue
			}
			if grp.optional && !g.askTrigger(pt) {
				if phase {
					declined = append(declined, *pt)
				}
				continue
			}
			if phase && grp.optional {
				// The ones declined before it may still be used after its chain.
				phaseOn = true
				later = append(later, declined...)
			}
			list = append(list, *pt)
		}
		if len(list) > 1 && !allOrdered(list) {
			list = g.orderTriggers(grp.seat, list)
		}
		for i := range list {
			pt := &list[i]
			mandatoryPhase := pt.ev.Kind == EvPhase && !grp.optional
			if mandatoryPhase && phaseOn {
				pt.ordered = true // the next in its seat's order, after this chain
				later = append(later, *pt)
				continue
			}
			// Limits are checked again: a once-per-turn effect set off twice at once activates once.
			if !g.limitsAllow(pt.card, pt.eff, pt.seat) {
				continue
			}
			if mandatoryPhase {
				// The optional ones declined before it may still be used after its chain.
				phaseOn = true
				later = append(later, declined...)
				declined = declined[:0]
			}
			g.actGroup = pt.group
			g.activate(pt.card, pt.eff, pt.seat, &pt.ev)
			g.actGroup = nil
		}
		if g.controlAfterTP && grp.seat == g.turnPlayer && !grp.optional {
			g.controlAfterTP = false // endPhaseControl: the control returns after these
			g.returnControl()
		}
	}
	g.pending = append(g.pending, later...)
}

// allOrdered reports whether every trigger of a list was ordered by its seat already.
func allOrdered(list []pendingTrigger) bool {
	for i := range list {
		if !list[i].ordered {
			return false
		}
	}
	return true
}

// sameLimitedIn reports whether a once-per-turn trigger of the same card (or, by name, of the
// same name) is in the list already.
func (g *game) sameLimitedIn(list []pendingTrigger, pt *pendingTrigger) bool {
	for _, x := range list {
		if x.eff != pt.eff {
			continue
		}
		if pt.eff.OncePerName && g.c(x.card).data == g.c(pt.card).data || pt.eff.OncePerTurn && x.card == pt.card {
			return true
		}
	}
	return false
}

// triggerCanActivate checks a waiting trigger's limits, cost and targets. A trigger set off by
// another card's event (Mysterious Puppeteer's, by a summon) needs its card where it was when
// the event happened: one that has moved since (tributed later in the same chain) activates
// nothing (ygopro-core's relation check of field triggers). A trigger of the card's own event
// (its summon, its destruction, its FLIP) activates wherever the card went.
func (g *game) triggerCanActivate(pt *pendingTrigger) bool {
	if pt.ev.Card != pt.card && int(g.c(pt.card).gen) != pt.gen {
		return false
	}
	if !g.limitsAllow(pt.card, pt.eff, pt.seat) {
		return false
	}
	if !g.c(pt.card).data.IsMonster() && g.playerHas(pt.seat, PFNoSpellTrapPlay) {
		return false // Cold Wave: a Spell's or Trap's triggers are not activated either (PSV seed 9)
	}
	ctx := g.ctx(pt.card, pt.eff, pt.seat, &pt.ev, nil)
	ok := (pt.eff.CanPay == nil || pt.eff.CanPay(ctx)) && (pt.eff.HasTargets == nil || pt.eff.HasTargets(ctx))
	g.release()
	return ok
}

// askTrigger asks the controller of an optional trigger whether to activate it.
func (g *game) askTrigger(pt *pendingTrigger) bool {
	p := g.newPrompt(PromptYesNo, pt.seat)
	p.Subject = pt.card
	p.add(OptYes, NoCard)
	p.add(OptNo, NoCard)
	return g.ask().Kind == OptYes
}

// orderTriggers asks a seat the chain order of its simultaneous triggers (an `order` prompt whose
// options are the permutations, chain link order, lowest first).
func (g *game) orderTriggers(s Seat, list []pendingTrigger) []pendingTrigger {
	if len(list) > 6 {
		return list // more than 720 orders: keep the order they happened in
	}
	p := g.newPrompt(PromptOrder, s)
	for _, pt := range list {
		p.Candidates = append(p.Candidates, pt.card)
	}
	n := len(list)
	// Orders that differ only by swapping the same effect of the same card name are one answer.
	seen := map[string]bool{}
	for r := 0; r < factorial(n); r++ {
		key := g.orderKey(list, r)
		if seen[key] {
			continue
		}
		seen[key] = true
		p.opts = append(p.opts, Option{Kind: OptOrder, Card: NoCard, Rank: int32(r)})
	}
	if len(p.opts) == 1 {
		return list
	}
	o := g.ask()
	order := nthPermutation(n, int(o.Rank))
	out := make([]pendingTrigger, n)
	for i, j := range order {
		out[i] = list[j]
	}
	return out
}

// orderKey writes an order of triggers as the sequence of their notation references and effects.
func (g *game) orderKey(list []pendingTrigger, r int) string {
	key := ""
	for _, j := range nthPermutation(len(list), r) {
		key += fmt.Sprintf("%s/%d,", g.cardRef(list[j].card, omniscient), list[j].eff.index)
	}
	return key
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// nthPermutation returns the r-th permutation of 0..n-1 in lexicographic order.
func nthPermutation(n, r int) []int {
	items := make([]int, n)
	for i := range items {
		items[i] = i
	}
	fact := 1
	for i := 2; i < n; i++ {
		fact *= i
	}
	out := make([]int, 0, n)
	for i := n - 1; i >= 0; i-- {
		idx := 0
		if i > 0 {
			idx = r / fact
			r %= fact
			fact /= i
		}
		out = append(out, items[idx])
		items = append(items[:idx], items[idx+1:]...)
	}
	return out
}
