package engine

import (
	"cmp"
	"slices"
)

// run is the duel procedure. It is data-driven: it starts from whatever turn, phase and timing the
// game holds, so a duel built from a position runs from there.
func (g *game) run() {
	if !g.started {
		g.startDuel()
	}
	for !g.over {
		g.procs().RunPhase(g.kernel())
	}
}

// runPhase runs the current phase of a Master Rule turn (Procedures.RunPhase).
func (g *game) runPhase() {
	if !g.inDuel(g.turnPlayer) && g.phase != End {
		g.nextPhase(End) // the turn player left a tag duel: its turn ends
	}
	switch g.phase {
	case Draw:
		g.drawPhase()
	case Standby:
		g.standbyPhase()
	case Main1, Main2:
		g.mainPhase()
	case Battle:
		g.battlePhase()
	case End:
		g.endPhase()
	}
}

// startDuel shuffles both decks, decides who goes first and deals the opening hands.
func (g *game) startDuel() {
	g.started = true
	for _, s := range g.seats() {
		g.shuffle(s)
	}
	g.first = g.decideFirst()
	g.emit(Event{Kind: EvStart, Seat: g.first})
	for _, s := range g.seats() {
		for i := 0; i < g.rules.StartHand; i++ {
			g.draw(s)
		}
	}
	g.checkState()
	g.turn = 0
	g.beginTurn(g.first)
}

// decideFirst runs rock-paper-scissors or a coin toss, then asks the winner to go first or second.
func (g *game) decideFirst() Seat {
	var chooser Seat
	switch g.firstMode {
	case FirstA:
		return A
	case FirstB:
		return B
	case FirstCoin:
		p := g.newPrompt(PromptCoin, B)
		p.add(OptHeads, NoCard)
		p.add(OptTails, NoCard)
		call := g.ask()
		heads := g.rng.IntN(2) == 0
		g.emit(Event{Kind: EvCoin, Seat: B, Heads: heads, Card: NoCard, Target: NoCard})
		chooser = A
		if (call.Kind == OptHeads) == heads {
			chooser = B
		}
	default:
		for {
			var hands [2]OptionKind
			for s := A; s <= B; s++ {
				p := g.newPrompt(PromptRPS, s)
				p.add(OptRock, NoCard)
				p.add(OptPaper, NoCard)
				p.add(OptScissors, NoCard)
				hands[s] = g.ask().Kind
			}
			g.emit(Event{Kind: EvRPS, Hands: [2]uint8{uint8(hands[A] - OptRock), uint8(hands[B] - OptRock)},
				Card: NoCard, Target: NoCard})
			if hands[A] == hands[B] {
				continue
			}
			// rock beats scissors, paper beats rock, scissors beats paper.
			if (hands[A]-OptRock+3-(hands[B]-OptRock))%3 == 1 {
				chooser = A
			} else {
				chooser = B
			}
			break
		}
	}
	p := g.newPrompt(PromptFirst, chooser)
	p.add(OptFirst, NoCard)
	p.add(OptSecond, NoCard)
	first := chooser
	goFirst := g.ask().Kind != OptSecond
	if !goFirst {
		first = chooser.Other()
	}
	g.emit(Event{Kind: EvFirst, Seat: chooser, GoFirst: goFirst, Card: NoCard, Target: NoCard})
	return first
}

// beginTurn starts the next turn for a seat at its Draw Phase.
func (g *game) beginTurn(s Seat) {
	g.turn++
	g.turnPlayer = s
	g.phase = Draw
	g.timing = NoTiming
	g.phaseBegun = false
	g.phaseStamp = 0
	g.emit(Event{Kind: EvTurn, Seat: s, Card: NoCard, Target: NoCard}) // emit sets Turn
	if g.skipsPhase(PFSkipTurn) {
		g.returnControl()
		g.expireAtEndOfTurn()
		g.beginTurn(g.next(s))
	}
}

// enterPhase records the start of a phase.
func (g *game) enterPhase(p Phase) {
	g.phase = p
	g.timing = NoTiming
	g.phaseBegun = true
	if p == Draw || p == Standby || p == End {
		g.phaseStamp = g.stampSeq // latePhaseEvent's; 0 in the other phases (one state less apart)
	}
	g.phaseTouched = false
	g.phasePassed = false
	g.emit(Event{Kind: EvPhase, Seat: g.turnPlayer, Phase: p, Card: NoCard, Target: NoCard})
}

// latePhaseEvent sets off, after a chain resolved in a Draw, Standby or End Phase window, the
// phase's effects (EvPhase) of the cards that came face-up on the field since the phase's event
// was raised, which their cards missed: ygopro-core raises the phase's event again each time the
// phase's window comes back (Imperial Order activated in the Standby Phase pays at once, Limiter
// Removal activated in the End Phase destroys its Machines; lockstep PSV seeds 24, 35, 39). The
// cards that saw the event already are not asked again. No event is recorded.
func (g *game) latePhaseEvent() {
	if !g.phaseBegun || g.timing != NoTiming || g.phase != Draw && g.phase != Standby && g.phase != End {
		return
	}
	since := g.phaseStamp
	g.phaseStamp = g.stampSeq
	if since == g.stampSeq {
		return // nothing came face-up on the field
	}
	ev := Event{Kind: EvPhase, Seat: g.turnPlayer, Phase: g.phase, Turn: g.turn, Card: NoCard, Target: NoCard}
	if !g.trigOn.Matches(&ev) {
		return
	}
	for _, id := range g.trigCards {
		if int(g.c(id).stamp) > since {
			g.raiseCard(id, &ev)
		}
	}
}

// nextPhase leaves the current phase for p; p's entry procedure runs when the loop reaches it.
func (g *game) nextPhase(p Phase) {
	g.phase = p
	g.phasePassed = false
	g.phaseStamp = 0
	g.timing = NoTiming
	g.phaseBegun = false
}

// skipsPhase reports whether the turn player skips this phase (or turn) by a mark (PFSkipDraw,
// PFSkipStandby, PFSkipTurn) and spends that mark: a skipped phase has no draw, no event and no window.
func (g *game) skipsPhase(f PlayerFlag) bool {
	for i, m := range g.pmods {
		if m.seat == g.turnPlayer && m.flags == f {
			g.pmods = append(g.pmods[:i], g.pmods[i+1:]...)
			return true
		}
	}
	return false
}

func (g *game) drawPhase() {
	g.markAction()
	if g.skipsPhase(PFSkipDraw) {
		g.nextPhase(Standby)
		return
	}
	g.enterPhase(Draw)
	if !(g.turn == 1 && g.rules.NoFirstDraw) {
		g.draw(g.turnPlayer)
		g.checkState()
	}
	g.phaseWindow()
	g.nextPhase(Standby)
}

func (g *game) standbyPhase() {
	g.markAction()
	if g.skipsPhase(PFSkipStandby) {
		g.nextPhase(Main1)
		return
	}
	g.enterPhase(Standby)
	g.phaseWindow()
	g.nextPhase(Main1)
}

// endPhase runs the End Phase (RULES.md "Turn" and "Windows"): the end-of-turn effects (the
// triggers of the phase's start) resolve first, then the turn player discards down to the hand
// limit, then both seats get the window that closes the phase, the turn player first. A chain in
// that window may fill the hand again: the discard and the window repeat until the window closes
// with the hand within the limit.
func (g *game) endPhase() {
	g.markAction()
	g.enterPhase(End)
	g.endPhaseControl()
	g.triggerWindow()
	tp := g.turnPlayer
	for !g.over {
		g.discardToLimit(tp)
		before := g.chainsResolved
		g.phaseWindow()
		if g.chainsResolved == before || !g.overLimit(tp) {
			break
		}
	}
	if g.over {
		return
	}
	g.returnControl() // a control taken during the End Phase itself
	g.expireAtEndOfTurn()
	g.beginTurn(g.next(tp))
}

// overLimit reports whether a seat in the duel holds more cards than the ruleset's hand limit.
func (g *game) overLimit(s Seat) bool {
	lim := g.rules.HandLimit
	return lim > 0 && len(g.pl(s).hand) > lim && g.inDuel(s)
}

// discardToLimit makes a seat over the hand limit discard down to it (one select of exactly the
// cards to discard, notation.md).
func (g *game) discardToLimit(s Seat) {
	if !g.overLimit(s) {
		return
	}
	g.markAction()
	n := len(g.pl(s).hand) - g.rules.HandLimit
	p := g.newPrompt(PromptSelect, s)
	p.Candidates = append(p.Candidates, g.pl(s).hand...)
	p.Min, p.Max, p.Purpose = n, n, ForDiscard
	var buf [scratchIDs]CardID
	gone := g.askSelected(buf[:0])
	g.sortSameTime(gone)
	for _, id := range gone {
		g.move(id, Place{Seat: g.c(id).owner, Loc: GY}, FaceUp, EvDiscard)
	}
}

// selectedCards returns the cards chosen by a select answer, in candidate order. The slice is
// fresh: the prompt's candidates are reused by the next prompt.
func (g *game) selectedCards(o Option) []CardID {
	var buf [scratchIDs]CardID
	return g.outIDs(g.appendSelected(buf[:0], o)) // in the arena of lists.go while card code runs
}

// appendSelected appends the cards chosen by a select answer, in candidate order, to dst: the
// duel procedure's own selections go to a buffer on its stack (selectedCards copies them out).
func (g *game) appendSelected(dst []CardID, o Option) []CardID {
	for i, id := range g.prompt.Candidates {
		if o.Picks(i) {
			dst = append(dst, id)
		}
	}
	return dst
}

// draw makes a seat draw one card; a seat that must draw from an empty deck is marked to lose.
func (g *game) draw(s Seat) {
	pl := g.pl(s)
	if len(pl.deck) == 0 {
		pl.deckedOut = true
		return
	}
	id := pl.deck[len(pl.deck)-1]
	from := g.c(id).place
	g.remove(id)
	g.put(id, Place{Seat: s, Loc: Hand})
	c := g.c(id)
	c.pos = FaceDown
	g.emit(Event{Kind: EvDraw, Seat: s, Card: id, Code: c.data.Passcode, From: from, To: c.place,
		FromCtrl: s, ToCtrl: s, Target: NoCard})
}

// shuffle shuffles a seat's deck with the duel's PRNG.
func (g *game) shuffle(s Seat) {
	d := g.pl(s).deck
	for i := len(d) - 1; i > 0; i-- {
		j := g.rng.IntN(i + 1)
		d[i], d[j] = d[j], d[i]
	}
	forcedShuffle(g, s) // the lockstep harness's order (-tags refcore only)
	for i, id := range d {
		c := &g.cards[id]
		c.place.Seq = i
		c.knownDeck |= c.known // who knew where it was now knows only that it is in the Deck
		c.known = 0
	}
	g.emit(Event{Kind: EvShuffle, Seat: s, Card: NoCard, Target: NoCard})
}

// move moves a card to a place with a position and records the event. Cards leaving the field
// lose their per-field state.
func (g *game) move(id CardID, to Place, pos Pos, k EventKind) {
	g.moveEv(id, to, pos, k, false, false)
}

// moveEv is move with the event's Battle (destroyed by battle) and Public (shown to both) flags.
func (g *game) moveEv(id CardID, to Place, pos Pos, k EventKind, battle, public bool) {
	c := g.c(id)
	if c.token && c.place != nowhere && !to.Loc.OnField() {
		g.removeToken(id, k, battle) // a token that leaves the field ceases to exist
		return
	}
	if c.place.Loc == MZone && to.Loc != MZone && len(c.materials()) > 0 {
		g.detachAll(id)
	}
	if to.Loc == GY && g.contOn[contPlayer] > 0 && g.banishesInstead(id) {
		to, pos = Place{Seat: to.Seat, Loc: Banished}, FaceUp
	}
	from, fromUp, fromCtrl := c.place, c.pos.IsFaceUp(), c.ctrl
	g.remove(id)
	if from.Loc.OnField() && !to.Loc.OnField() {
		c.ctrl = c.owner
		c.destroyed = false
		c.attacks = 0
		c.attackTurn = 0
		g.clearMods(c)
		c.equipTarget = NoCard
		c.clearCounters()
		c.tapped, c.sickTurn, c.resFresh = false, 0, false
	} else if !from.Loc.OnField() {
		if from.Loc == Banished && c.ext != nil {
			g.releaseZoneLock(c) // a temporarily banished monster's zone is free again
		}
		// Counters put on a card off the field (Lightforce Sword's count of the Standby Phases
		// of a banished card) hold while it stays where it is.
		if from.Loc == Hand && to.Loc.OnField() && c.ext != nil {
			// A card played from the hand keeps its hidden marks (names starting "_") on the
			// field, as ygopro-core's flag effects without RESET_TOFIELD: Graverobber's mark on
			// the Spell it took follows the Spell's activation.
			c.keepHiddenCounters()
		} else {
			c.clearCounters()
		}
	}
	c.active = false // a Spell or Trap arriving face-up applies only once activated or placed
	c.gen++
	if k == EvDestroy && from.Loc.OnField() && !to.Loc.OnField() {
		c.destroyedGen = c.gen // where its destruction sent it (Ctx.LeftFieldDestroyed)
	}
	c.pos = pos
	if to.Loc == Hand || to.Loc == Deck || to.Loc == Extra {
		c.proper = false // back in a hidden pile: it must be summoned properly again
	}
	if from.Loc == MZone && to.Loc == GY && from.Seat == c.owner {
		g.pl(c.owner).monsterToGYTurn = g.turn
	}
	g.put(id, to)
	c.movedTurn, c.movedBattle, c.movedBy = int32(g.turn), battle, 0
	if g.resolving != nil {
		c.movedBy = uint8(g.resolving.seat) + 1
	} else if g.reasonCard != NoCard {
		c.movedBy = uint8(g.c(g.reasonCard).ctrl) + 1
	}
	if to.Loc.OnField() && pos.IsFaceUp() {
		g.stampSeq++
		c.stamp = int32(g.stampSeq)
	}
	g.emit(Event{Kind: k, Seat: c.owner, Card: id, Code: c.data.Passcode, From: from, To: c.place,
		FromUp: fromUp, ToUp: pos.IsFaceUp(), FromCtrl: fromCtrl, ToCtrl: c.ctrl, Pos: pos,
		Timing: g.timing, Target: NoCard, Battle: battle, Public: public})
}

// damage reduces a seat's LP (never below 0) and records the event.
func (g *game) damage(s Seat, amount int, battle bool) {
	if amount <= 0 || g.playerHas(s, PFNoDamage) || battle && g.playerHas(s, PFNoBattleDamage) {
		return
	}
	pl := g.pl(s)
	pl.lp -= amount
	if pl.lp < 0 {
		pl.lp = 0
	}
	g.emit(Event{Kind: EvDamage, Seat: s, Amount: amount, Battle: battle, Card: NoCard,
		Target: NoCard, Timing: g.timing})
}

// checkState ends the duel when a seat has lost: LP 0 or a draw from an empty deck. Both at once
// is a draw (RULES.md ocg "End of the duel"). In a tag duel a seat that lost leaves the duel and
// its team loses when both members have.
func (g *game) checkState() {
	if g.tag {
		g.checkTeams()
		return
	}
	var lost [2]bool
	for s := A; s <= B; s++ {
		lost[s] = g.lost(s)
	}
	switch {
	case lost[A] && lost[B]:
		g.endDuel(2, "both players lost at once")
	case lost[A]:
		g.endDuel(int(B), g.lossReason(A))
	case lost[B]:
		g.endDuel(int(A), g.lossReason(B))
	default:
		return
	}
	panic(stopSignal{})
}

// lost reports whether a seat has lost: LP 0 or a draw from an empty deck.
func (g *game) lost(s Seat) bool {
	pl := &g.players[s]
	return pl.lp <= 0 || pl.deckedOut
}

func (g *game) lossReason(s Seat) string {
	if g.pl(s).lp <= 0 {
		return SeatName(s, g.tag) + "'s LP reached 0"
	}
	return SeatName(s, g.tag) + " had to draw from an empty deck"
}

// endDuel records the end of the duel: winner 0/1 for a seat, 2 for a draw.
func (g *game) endDuel(winner int, reason string) {
	if g.over {
		return
	}
	g.over = true
	g.winner = winner
	g.reason = reason
	seat := Seat(0)
	if winner != 2 {
		seat = Seat(winner)
	}
	g.emit(Event{Kind: EvWin, Seat: seat, Draw: winner == 2, Card: NoCard, Target: NoCard})
}

// sameTime returns cards that move at the same time in the order they move (docs/notation.md
// "Cards moved at the same time", the reference engine's order): the cards of the turn player's
// side first, then the other side's; then by where they are: Deck, hand, Monster Zones, Spell &
// Trap Zones, Field Zone, Graveyard, banished, Extra Deck; within the hand and the zones from the
// first, within a pile from the top. Each card lands on top of its new pile, so the first in this
// order is the lowest there. A list of several cards comes back as a sorted copy.
func (g *game) sameTime(ids []CardID) []CardID {
	if len(ids) < 2 {
		return ids
	}
	out := g.outIDs(ids) // a copy: in the arena of lists.go while card code runs
	g.sortSameTime(out)
	return out
}

// sortSameTime puts cards moved at the same time in the order sameTime gives them, in place (the
// duel procedure sorts its own lists, gathered in buffers on its stack).
func (g *game) sortSameTime(ids []CardID) {
	if len(ids) < 2 {
		return // (most calls: nothing left the field, one card was sent)
	}
	slices.SortStableFunc(ids, func(a, b CardID) int {
		ca, cb := g.c(a), g.c(b)
		if sa, sb := ca.ctrl.Team() != g.turnPlayer.Team(), cb.ctrl.Team() != g.turnPlayer.Team(); sa != sb {
			if sa {
				return 1
			}
			return -1
		}
		pa, pb := ca.place, cb.place
		if pa.Loc != pb.Loc {
			return cmp.Compare(pa.Loc, pb.Loc)
		}
		if pa.Seat != pb.Seat {
			return cmp.Compare(pa.Seat, pb.Seat)
		}
		switch pa.Loc {
		case Deck, GY, Banished, Extra:
			return cmp.Compare(pb.Seq, pa.Seq) // piles: from the top
		}
		return cmp.Compare(pa.Seq, pb.Seq)
	})
}
