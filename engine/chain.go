package engine

// chainLink is one link of the chain: an activated effect waiting to resolve.
type chainLink struct {
	eff         *Effect
	card        CardID
	seat        Seat
	speed       int
	ev          Event // the event it answers (triggers and event-bound effects)
	hasEv       bool
	targets     []CardID
	targetMoves []int
	negAct      bool  // the activation was negated
	negEff      bool  // the effect was negated
	redirect    uint8 // bit s: effect damage to seat s goes to the other seat
	cardMoves   int   // the card's gen after it was activated (it must stay to resolve)
	activation  bool  // the activation of a Spell or Trap card itself
	param       int   // a number its cost fixed for its resolution (Ctx.SetParam)
	// group: the cards of the events that set off its OncePerAction trigger (Ctx.Group)
	group []CardID
}

// runWindow is a point where the rules let both seats respond: after an action, at the start of
// each phase and step, at each Damage Step timing. Triggers waiting to be chained go on the chain
// first (SEGOC); then the seats get priority in turn, the first seat first (the turn player,
// unless an action just gave it to the other); a seat with nothing it could activate is not
// asked (notation.md), unless the duel always asks. When both pass in a row the chain resolves
// last-in first-out, and a new chain may start. With returnToIdle, the window ends after a chain
// resolves: the turn player's idle or battle prompt is their priority.
func (g *game) runWindow(first Seat, returnToIdle bool) {
	g.runWindowOpt(first, returnToIdle, true, false)
}

// phaseWindow is the window that closes the Draw, Standby and End Phases and the Battle Phase's
// Start and End Steps (RULES.md "Windows"): the turn player has priority first, then the
// opponent; after a chain resolves the turn player has priority again, and the window closes when
// both pass in a row with no chain.
func (g *game) phaseWindow() {
	prev, prevList := g.freeActs, g.phaseList
	g.freeActs = true // Effect.NoChain effects may be used here
	g.phaseList = g.timing == NoTiming && (g.phase == Draw || g.phase == Standby || g.phase == End)
	g.runWindowOpt(g.turnPlayer, false, true, false)
	g.freeActs, g.phaseList = prev, prevList
}

// holdsPhaseEffects reports whether a phase's effects of a seat other than the turn player wait
// for the turn player to pass (game.phaseList).
func (g *game) holdsPhaseEffects() bool {
	if !g.phaseList || g.phasePassed {
		return false
	}
	for i := range g.pending {
		if pt := &g.pending[i]; pt.ev.Kind == EvPhase && pt.seat != g.turnPlayer {
			return true
		}
	}
	return false
}

// triggerWindow chains the triggers that wait (the End Phase's end-of-turn effects) and lets the
// seats answer them, chain after chain, until none waits; no seat is asked to start a chain of its
// own (that is the phase's closing window).
func (g *game) triggerWindow() { g.runWindowOpt(g.turnPlayer, false, false, true) }

// closingWindow is the window at the end of a Main Phase or of the Battle Step, opened when the
// turn player moves on from its idle or battle prompt (that choice is its pass). The opponent may
// start a chain; it reports whether one resolved, in which case the turn player is back at its
// prompt in the same phase with priority (RULES.md "Windows"). NoPhaseWindows has no such window.
func (g *game) closingWindow() bool {
	if g.rules.NoPhaseWindows {
		return false
	}
	g.markAction()
	before := g.chainsResolved
	g.runWindowOpt(g.turnPlayer, true, false, false)
	return g.chainsResolved != before
}

// runWindowOpt runs a window (runWindow and its kinds above). What a chain resolved in it made
// happen may be answered only in the window right after that chain: when the window closes, those
// events are no longer the last thing to happen (a Trap Hole is not offered at the next prompt).
func (g *game) runWindowOpt(first Seat, returnToIdle, tpStarts, triggersOnly bool) {
	resolved := false
	for !g.over {
		// A phase's effect applied with no chain link (an Automatic one: The Regulation of
		// Tribe's upkeep) that moved cards is followed by a window with an empty chain, the turn
		// player's first, before the phase's next effect applies or goes on a chain
		// (applyPhaseAutomatics; lockstep PSV seeds 5 and 25: Burning Land waited for it).
		eventWindow := false
		if g.phaseList && len(g.chain) == 0 {
			eventWindow = g.applyPhaseAutomatics()
		}
		g.adjust()
		if !eventWindow {
			g.chainTriggers()
		}
		if triggersOnly && len(g.chain) == 0 {
			return
		}
		s := first
		if n := len(g.chain); n > 0 {
			s = g.next(g.chain[n-1].seat)
		} else if !g.inDuel(s) {
			s = g.next(s)
		}
		// Priority goes round in turn order; the window closes when every seat still in the duel
		// has passed in succession.
		passes := 0
		for passes < g.active() && !g.over {
			if !tpStarts && s == g.turnPlayer && len(g.chain) == 0 {
				passes++
				s = g.next(s)
				continue
			}
			// The turn player passing a phase's window with an empty chain lets the other seats'
			// effects of the phase start their chains (game.phaseList), before they are asked.
			tpPass := !eventWindow && s == g.turnPlayer && len(g.chain) == 0 && g.holdsPhaseEffects()
			p := g.newPrompt(PromptChain, s)
			g.addActivations(p, s, false)
			if len(p.opts) == 0 && !g.alwaysAsk {
				if tpPass {
					g.phasePassed = true
					break
				}
				passes++
				s = g.next(s)
				continue
			}
			p.add(OptPass, NoCard)
			o := g.ask()
			if o.Kind == OptPass {
				if tpPass {
					g.phasePassed = true
					break
				}
				passes++
				s = g.next(s)
				continue
			}
			g.activateOption(o, s)
			passes = 0
			s = g.next(s)
		}
		if len(g.chain) == 0 {
			if len(g.pending) == 0 || g.held {
				if resolved {
					g.fresh, g.freshKinds = g.fresh[:0], 0
				}
				return
			}
			continue
		}
		g.resolveChain()
		g.chainsResolved++
		resolved = true
		g.latePhaseEvent()
		if g.summoning != NoCard {
			// A summon's window (summonWindow) holds one chain: once it resolved, the summon
			// goes ahead or is negated, with no new window for it (ygopro-core; lockstep MRD
			// seed 41: a second Horn of Heaven was offered after the first negated a Flip
			// Summon). The triggers it left wait for the window after the summon.
			g.fresh, g.freshKinds = g.fresh[:0], 0
			return
		}
		first = g.turnPlayer
		if returnToIdle {
			// RULES.md "Settled against the reference engine": after a chain resolves, the turn
			// player gets a window and then the opponent, before the turn player's next command
			// (a "when ... summoned" card may answer a summon made while the chain resolved).
			tpStarts = true
		}
	}
}

// window opens a window with the turn player's priority first.
func (g *game) window() { g.runWindow(g.turnPlayer, false) }

// afterAction opens the window that follows an action taken at an idle or battle prompt. An
// action taken while an effect resolves (a summon it grants) opens none: its triggers wait.
func (g *game) afterAction() {
	if g.resolving != nil {
		return
	}
	g.runWindow(g.turnPlayer, true)
	// The events of the action were answerable only in the window right after it (a Trap Hole
	// on a summon is not offered against a later activation).
	g.fresh, g.freshKinds = g.fresh[:0], 0
}

// markAction starts a new game action: the events that follow are the "last thing that happened".
func (g *game) markAction() {
	g.actionSeq++
	g.phaseTouched = true
	g.fresh, g.freshKinds = g.fresh[:0], 0
}

// activateOption activates the effect an `activate` option names (an Effect.NoChain one is used at
// once, with no chain).
func (g *game) activateOption(o Option, s Seat) {
	e := g.effectOf(o)
	if e.NoChain {
		g.useNoChain(o.Card, e, s)
		return
	}
	ev, ok := g.eventFor(o.Card, e, s)
	if !ok {
		ev = nil
	}
	g.activate(o.Card, e, s, ev) // the link keeps its own copy: the events of the action are reused
}

// commandActivate runs an `activate` answered at the turn player's idle or battle prompt. No new
// action starts: the activation answers the events that were the last thing to happen (a Trap
// Hole after a summon). An Effect.NoChain effect opens no window, unless what it did set off
// triggers, which are chained in one.
func (g *game) commandActivate(o Option) {
	noChain := g.effectOf(o).NoChain
	g.activateOption(o, g.turnPlayer)
	if !noChain || len(g.pending) > 0 {
		g.afterAction()
	}
}

// useNoChain uses an Effect.NoChain effect: its cost and its resolution at once, no chain link.
// What it makes happen is the last thing that happened.
func (g *game) useNoChain(id CardID, e *Effect, s Seat) {
	g.markAction()
	g.payFromHand(id, s)
	g.useEffect(id, e, s)
	ctx := g.ctx(id, e, s, nil, nil)
	if e.Pay != nil {
		e.Pay(ctx)
	}
	prev := g.reasonCard
	g.reasonCard = id
	if e.Resolve != nil {
		e.Resolve(ctx)
	}
	g.reasonCard = prev
	g.release()
}

// effectOf returns the effect an activate option names (Effect = its 1-based index in the script).
func (g *game) effectOf(o Option) *Effect {
	sc := g.c(o.Card).script
	if o.Effect > 0 {
		return sc.Effects[o.Effect-1]
	}
	for _, e := range sc.Effects {
		if e.Kind == Activate || e.Kind == Ignition || e.Kind == Quick {
			return e
		}
	}
	return sc.Effects[0]
}

// activate puts an effect on the chain: the card is placed face-up (a Spell or Trap from the hand
// goes to a zone), the cost is paid, targets are chosen (notation.md "Activation"), and the
// activation becomes an event the other seat may answer.
func (g *game) activate(id CardID, e *Effect, s Seat, ev *Event) {
	c := g.c(id)
	d := c.data
	link := chainLink{eff: e, card: id, seat: s, speed: speedOf(e, d), activation: e.Kind == Activate}
	if ev != nil {
		link.ev, link.hasEv = *ev, true
	}
	g.payFromHand(id, s) // Chain Energy: before the card leaves the hand
	if e.Kind == Activate && !d.IsMonster() {
		g.pay(s, g.procs().ActivationCost(g.kernel(), id)) // kouhu: its Level (a Set one when turned face-up)
		g.placeActivated(id, s)
	}
	g.useEffect(id, e, s)
	link.cardMoves = int(c.gen)
	link.group, g.actGroup = g.actGroup, nil
	g.chain = append(g.chain, link)
	l := &g.chain[len(g.chain)-1]
	var lev *Event // the link's copy of the event: the caller's may be in a list that is reused
	if l.hasEv {
		lev = &l.ev
	}
	ctx := g.ctx(id, e, s, lev, l)
	if e.Pay != nil {
		e.Pay(ctx)
		// The rules that follow a card leaving apply before the targets are chosen (ygopro-core
		// applies them at once): an equip card whose monster the cost sent away, a card linked
		// to it (Birthright whose monster was tributed), Automatic effects.
		g.adjust()
	}
	// A seat that left a tag duel by paying the cost (its last LP) chooses nothing: its link
	// applies nothing (seats.go), so it is not asked for targets either.
	if e.Target != nil && g.inDuel(s) {
		e.Target(ctx)
	}
	g.release()
	l = &g.chain[len(g.chain)-1]
	l.cardMoves = int(c.gen)
	g.emit(Event{Kind: EvActivate, Seat: s, Card: id, Code: d.Passcode, From: c.place, To: c.place,
		FromUp: true, ToUp: true, FromCtrl: c.ctrl, ToCtrl: c.ctrl, Link: int32(len(g.chain)),
		Target: NoCard, Public: true, Timing: g.timing, Effect: e.index})
}

// placeActivated puts a Spell or Trap being activated face-up on the field.
func (g *game) placeActivated(id CardID, s Seat) {
	c := g.c(id)
	if c.place.Loc == Hand {
		if c.data.Kind.Has(fieldKind) {
			g.placeField(id, s, FaceUp)
		} else {
			g.move(id, Place{Seat: s, Loc: SZone, Seq: g.freeZone(s, SZone)}, FaceUp, EvMove)
		}
	} else {
		c.pos = FaceUp
	}
	g.stampSeq++
	c.stamp = int32(g.stampSeq)
	if c.data.Kind.Has(fieldKind) && g.rules.SharedFieldZone {
		g.destroyOtherFields(id) // anime: one Field Zone for both, which the new card takes at once
	}
}

// useEffect records a use for once-per-turn limits.
func (g *game) useEffect(id CardID, e *Effect, s Seat) {
	c := g.c(id)
	g.markEffUsed(c, e.index)
	if e.OncePerName {
		g.names = append(g.names, nameUse{seat: s, code: c.data.Passcode, idx: e.index, turn: g.turn})
	}
}

// markEffUsed records that the card's effect (by number from 1) was used this turn.
func (g *game) markEffUsed(c *cardState, index int) {
	if int(c.effN) < index {
		// A record too short (a card made after the set-up): a new one at the end of the array;
		// every effect of a card is tracked, however many it has.
		n := max(len(c.script.Effects), index)
		at := len(g.effTurns)
		g.effTurns = append(g.effTurns, g.effUsed(c)...)
		g.effTurns = append(g.effTurns, make([]int32, n-int(c.effN))...)
		c.effAt, c.effN = int32(at), uint16(n)
	}
	g.effTurns[int(c.effAt)+index-1] = int32(g.turn)
}

// resolveChain resolves the chain last-in first-out. Normal and Quick-Play Spells and Normal and
// Counter Traps go to the Graveyard when the whole chain has resolved.
func (g *game) resolveChain() {
	for len(g.chain) > 0 && !g.over {
		i := len(g.chain) - 1
		l := &g.chain[i]
		g.markAction()
		c := g.c(l.card)
		g.emit(Event{Kind: EvResolve, Seat: l.seat, Card: l.card, Code: c.data.Passcode,
			From: c.place, To: c.place, FromUp: c.pos.IsFaceUp(), ToUp: c.pos.IsFaceUp(),
			FromCtrl: c.ctrl, ToCtrl: c.ctrl, Link: int32(i + 1), Target: NoCard, Timing: g.timing,
			Effect: l.eff.index})
		// A link stands unless its activation was negated or its card left; it applies unless its
		// effect or its card is negated too. An Attaches effect (an Equip Spell's equip) runs
		// whenever its link stands, and a standing activation makes its card active, negated or
		// not: ygopro-core carries out an effect with a continuous target while it is disabled.
		stands := !l.negAct && g.linkStands(l)
		applies := stands && !l.negEff && !g.linkNegated(l)
		if stands && l.activation && c.place.Loc.OnField() && int(c.gen) == l.cardMoves {
			c.active = true
			g.changeSeq++
		}
		if (applies || stands && l.eff.Attaches) && l.eff.Resolve != nil {
			var evp *Event
			if l.hasEv {
				evp = &l.ev
			}
			ctx := g.ctx(l.card, l.eff, l.seat, evp, l)
			prev := g.reasonCard
			g.reasonCard = l.card
			g.resolving = l
			l.eff.Resolve(ctx)
			g.resolving = nil
			g.reasonCard = prev
			g.release()
		}
		l = &g.chain[i]
		if stands && l.activation && c.data.Kind.Has(fieldKind) && !g.rules.SharedFieldZone && c.place.Loc.OnField() &&
			int(c.gen) == l.cardMoves && c.pos.IsFaceUp() {
			// RULES.md "Settled against the reference engine": a new Field Spell sends the other
			// face-up one away when its activation resolves, even with its effects negated
			// (Imperial Order); one whose activation was negated replaces nothing.
			g.destroyOtherFields(l.card)
		}
		if l.activation && c.place.Loc.OnField() && int(c.gen) == l.cardMoves && c.pos.IsFaceUp() {
			if g.leavesAfterChain(l) {
				g.chainDone = append(g.chainDone, l.card)
			}
		}
		g.chain = g.chain[:i]
		g.adjust()
	}
	// They go together, as cards sent at the same time (not in the order the links resolved).
	var buf [8]CardID
	done := append(buf[:0], g.chainDone...)
	g.sortSameTime(done)
	for _, id := range done {
		if c := g.c(id); c.place.Loc.OnField() {
			g.move(id, Place{Seat: c.owner, Loc: GY}, FaceUp, EvMove)
		}
	}
	g.chainDone = g.chainDone[:0]
	g.freeLinkTargets()
	if g.rules.ResourceZone {
		g.freshResourcesReady()
	}
	g.emit(Event{Kind: EvChainEnd, Card: NoCard, Target: NoCard, Timing: g.timing})
}

// linkStands reports whether a link's card is still there for it when it resolves: a link of a
// seat that left a tag duel does nothing, and neither does the activation of a Continuous, Equip
// or Field card that left the field (or was turned face-down).
func (g *game) linkStands(l *chainLink) bool {
	if !g.inDuel(l.seat) {
		return false // its player left a tag duel: the link resolves with no effect
	}
	c := g.c(l.card)
	k := c.data.Kind
	if l.activation && k&(continuousKind|equipKind|fieldKind) != 0 {
		if int(c.gen) != l.cardMoves || !c.place.Loc.OnField() || !c.pos.IsFaceUp() {
			return false
		}
	}
	return true
}

// linkNegated reports whether a link's card is on the field with its effects negated: the link
// resolves with no effect (but an Attaches effect, linkStands).
func (g *game) linkNegated(l *chainLink) bool {
	c := g.c(l.card)
	return c.place.Loc.OnField() && c.pos.IsFaceUp() && g.negated(l.card)
}

// leavesAfterChain reports whether an activated card goes to the Graveyard once the chain ends:
// Normal and Quick-Play Spells, Normal and Counter Traps, an Equip Spell that equipped nothing,
// and any card whose activation was negated.
func (g *game) leavesAfterChain(l *chainLink) bool {
	c := g.c(l.card)
	k := c.data.Kind
	if l.negAct {
		return true
	}
	if c.script != nil && c.script.Stays {
		return false
	}
	switch {
	case k&equipKind != 0:
		return g.equipTargetOf(l.card) == NoCard
	case k&(continuousKind|fieldKind) != 0:
		return false
	}
	return true
}

// ChainNames returns the names of the cards whose chain links have not finished resolving, chain
// link 1 first.
func (d *Duel) ChainNames() []string {
	var out []string
	for _, l := range d.g.chain {
		out = append(out, d.g.c(l.card).data.Name)
	}
	return out
}

// Counters returns the counters on a card by counter name.
func (d *Duel) Counters(id CardID) map[string]int { return d.g.c(id).counters().asMap() }

// EffectOf returns the effect an `activate` option would activate (for agents and clients that
// want to know what it does), or nil for other options.
func (d *Duel) EffectOf(o Option) *Effect {
	if o.Kind != OptActivate || o.Card < 0 || int(o.Card) >= len(d.g.cards) || d.g.c(o.Card).script == nil {
		return nil
	}
	return d.g.effectOf(o)
}

// EffectAt returns effect number n (1-based) of a card's script, or nil.
func (d *Duel) EffectAt(id CardID, n int) *Effect {
	sc := d.g.c(id).script
	if sc == nil || n < 1 || n > len(sc.Effects) {
		return nil
	}
	return sc.Effects[n-1]
}

// ChainTop returns the card and controller of the last chain link, or NoCard.
func (d *Duel) ChainTop() (CardID, Seat) {
	if n := len(d.g.chain); n > 0 {
		return d.g.chain[n-1].card, d.g.chain[n-1].seat
	}
	return NoCard, 0
}

// Summoning returns the monster whose summon may still be negated, or NoCard.
func (d *Duel) Summoning() CardID { return d.g.summoning }

// Attack returns the attacker and target of the battle in progress (NoCard when none).
func (d *Duel) Attack() (attacker, target CardID) { return d.g.attacker, d.g.target }
