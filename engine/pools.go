package engine

import "slices"

// Scratch lists the duel procedure reuses instead of allocating them anew each time. Like the
// arena of lists.go they are not state: Hash leaves them out and a copy starts its own (cloneInto).

// takeWaiting returns a copy of the waiting triggers for chainTriggers to go through, in the
// duel's scratch buffer when it is free (chainTriggers does not run inside itself: a trigger it
// activates starts a chain, and it returns at once with a chain; a copy that is allocated covers
// the case anyway).
func (g *game) takeWaiting() []pendingTrigger {
	if g.waitBusy {
		return append([]pendingTrigger(nil), g.pending...)
	}
	g.waitBusy = true
	g.waitBuf = append(g.waitBuf[:0], g.pending...)
	return g.waitBuf
}

// doneWaiting gives back the buffer takeWaiting returned.
func (g *game) doneWaiting(w []pendingTrigger) {
	if len(w) > 0 && len(g.waitBuf) > 0 && &w[0] == &g.waitBuf[0] {
		g.waitBusy = false
	}
}

// reserveEffUsed gives every card with effects the room for its once-per-turn record (effUsed,
// filled by useEffect) in the duel's one array of them (game.effTurns), instead of one
// allocation for each card the first time it uses an effect.
func (g *game) reserveEffUsed() {
	n := len(g.effTurns)
	for i := range g.cards {
		if sc := g.cards[i].script; sc != nil && g.cards[i].effN == 0 {
			n += len(sc.Effects)
		}
	}
	if n == len(g.effTurns) {
		return
	}
	buf := slices.Grow(g.effTurns, n-len(g.effTurns))
	for i := range g.cards {
		c := &g.cards[i]
		if c.script != nil && c.effN == 0 && len(c.script.Effects) > 0 {
			k := len(c.script.Effects)
			c.effAt, c.effN = int32(len(buf)), uint16(k)
			buf = append(buf, make([]int32, k)...)
		}
	}
	g.effTurns = buf
}

// nextCard adds a zero card record to the duel's cards and returns its number. Within the
// capacity reserve gave the list, a record never used is zero already (a new array; in an array
// a copy reused, an old record past the end has its data set, every card has data), so it is
// taken as it is, fields then set one by one: writing a whole record costs more than setting up
// the duel's other lists together.
func (g *game) nextCard() CardID {
	id := CardID(len(g.cards))
	if len(g.cards) < cap(g.cards) && g.cards[:len(g.cards)+1][id].data == nil {
		g.cards = g.cards[:len(g.cards)+1]
	} else {
		g.cards = append(g.cards, cardState{})
	}
	return id
}

// linkTargetRoom is the number of targets a chain link has room for in the pool before its list
// moves to an array of its own.
const linkTargetRoom = 4

// linkTargets returns empty target lists (targets and their moves) for a chain link, carved
// from the duel's pools with room for linkTargetRoom each, instead of two allocations per targeting
// link. The pools are used again from their start when a chain has resolved (freeLinkTargets):
// then no link holds its lists any more.
func (g *game) linkTargets() ([]CardID, []int) {
	if g.tgtTop+linkTargetRoom > len(g.tgtPool) {
		// The links carved so far keep the old arrays.
		n := max(2*len(g.tgtPool), 16*linkTargetRoom)
		g.tgtPool, g.tgtMovesPool, g.tgtTop = make([]CardID, n), make([]int, n), 0
	}
	i := g.tgtTop
	g.tgtTop += linkTargetRoom
	return g.tgtPool[i:i:g.tgtTop], g.tgtMovesPool[i:i:g.tgtTop]
}

// freeLinkTargets lets the pools of linkTargets be used again once the chain is empty and no
// link is resolving.
func (g *game) freeLinkTargets() {
	if len(g.chain) == 0 && g.resolving == nil {
		g.tgtTop = 0
	}
}

// Room reserved at set-up for the events of one answer, the events of one action and a prompt's
// options, so that they do not grow one allocation after another in the first turns (a list that
// outgrows its share moves to an array of its own).
const (
	eventsRoom = 24 // the answer that starts the duel makes about 18 (draws, phases)
	freshRoom  = 8
	optsRoom   = 16
	selRoom    = 32 // a selection's candidates (selectOptions' classes)
)

// reserveScratch gives the event lists, the prompt's options and the selections' scratch their
// room in three allocations.
func (g *game) reserveScratch() {
	evs := make([]Event, eventsRoom+freshRoom)
	g.events, g.fresh = evs[:0:eventsRoom], evs[eventsRoom:eventsRoom:eventsRoom+freshRoom]
	g.prompt.opts = make([]Option, 0, optsRoom)
	g.selScratch = make([]int, 0, selRoom)
}
