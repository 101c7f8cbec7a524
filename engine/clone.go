package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// ErrNotOpen is wrapped by Clone at a prompt that is not an open state (see Duel.Open) when the
// duel does not keep its open states (Duel.KeepOpenStates).
var ErrNotOpen = errors.New("engine: not an open state")

// Open reports whether the duel stands at an open state: the turn player's idle prompt in a Main
// Phase or its prompt in the Battle Step, with no chain, no effect resolving and no procedure
// under way. These are the prompts the turn procedure asks at the top of its loop, so the state
// alone (the game value, with no Go stack of a procedure behind it) says everything that follows:
// a copy of the state can restart the procedure there and come back to the same prompt. A duel
// that is over is also open (nothing follows). Every other prompt (a chain window, a selection, a
// yes/no, a tribute choice ...) is asked from inside a procedure whose place lives only on the
// duel's coroutine stack.
func (d *Duel) Open() bool {
	if d.err != nil {
		return false
	}
	if !d.pending {
		return d.g.over
	}
	g := d.g
	if len(g.chain) > 0 || g.resolving != nil || g.ctxDepth > 0 {
		return false
	}
	switch g.prompt.Kind {
	case PromptIdle:
		return g.phase == Main1 || g.phase == Main2
	case PromptBattle:
		return g.phase == Battle && g.timing == BattleStep
	}
	return false
}

// Clone returns an independent copy of the duel: the copy and the duel share only immutable data
// (the card database, the card behaviours), and given the same answers they go on identically
// (the same events, the same Hash) without affecting each other.
//
// At an open state (Open) the copy is a copy of the state alone: it costs a few microseconds and
// a few allocations, and the copy's procedure is restarted from its state when it is first
// answered. At any other prompt, Clone needs the duel to keep its last open state
// (KeepOpenStates): the copy is then a copy of that state with the answers given since replayed;
// otherwise it returns an error wrapping ErrNotOpen. A duel that ended with an internal error
// cannot be cloned.
//
// The copy's pending events (Events) are the duel's.
func (d *Duel) Clone() (*Duel, error) {
	if d.err != nil {
		return nil, fmt.Errorf("engine: cannot clone a duel that ended with an internal error: %w", d.err)
	}
	if d.Open() {
		c := d.g.cloneDuel()
		c.pending = d.pending
		if d.track != nil {
			c.track = &openTrack{} // it keeps its open states from this one on
		}
		return c, nil
	}
	t := d.track
	if t == nil || t.base == nil {
		return nil, fmt.Errorf("%w: a %s prompt in the %s (clone at an idle or Battle Step prompt, or call KeepOpenStates first)",
			ErrNotOpen, d.g.prompt.Kind, d.g.phase)
	}
	c := &Duel{}
	if err := d.replayInto(c, nil); err != nil {
		return nil, err
	}
	return c, nil
}

// replayInto makes dst (a Duel no procedure runs on) a copy of the duel by copying its last open
// state, into the game into when not nil, and replaying the answers since.
func (d *Duel) replayInto(dst *Duel, into *game) error {
	t := d.track
	*dst = Duel{g: t.base.cloneInto(into), proc: dst.proc}
	dst.startProcedure()
	dst.resume()
	for i, o := range t.answers {
		if err := dst.Answer(o); err != nil {
			return fmt.Errorf("engine: clone: replaying answer %d of %d since the last open state: %w", i+1, len(t.answers), err)
		}
	}
	if dst.g.changeSeq != d.g.changeSeq {
		return fmt.Errorf("engine: clone: the replay since the last open state diverged (change %d, want %d)", dst.g.changeSeq, d.g.changeSeq)
	}
	dst.g.events = append(dst.g.events[:0], d.g.events...)
	dst.track = t.clone()
	return nil
}

// CloneInto makes dst a copy of the duel, as Clone does, reusing dst's memory: copying again and
// again into the same scratch duel (a search's rollouts) allocates next to nothing. dst's own
// duel is closed first, and its Prompt and Events from before are no longer valid (as after an
// answer); dst may be a new(Duel), and must not be the duel itself.
func (d *Duel) CloneInto(dst *Duel) error {
	if dst == d {
		return fmt.Errorf("engine: CloneInto: a duel cannot be copied into itself")
	}
	if d.err != nil {
		return fmt.Errorf("engine: cannot clone a duel that ended with an internal error: %w", d.err)
	}
	dst.Close()
	var into *game
	if dst.g != nil && dst.g != d.g && (dst.track == nil || dst.g != dst.track.base) {
		into = dst.g
	}
	if !d.Open() {
		if d.track == nil || d.track.base == nil {
			return fmt.Errorf("%w: a %s prompt in the %s (clone at an idle or Battle Step prompt, or keep the open states)",
				ErrNotOpen, d.g.prompt.Kind, d.g.phase)
		}
		return d.replayInto(dst, into)
	}
	track := dst.track
	*dst = Duel{g: d.g.cloneInto(into), pending: d.pending, proc: dst.proc}
	if d.track != nil {
		if track == nil {
			track = &openTrack{}
		}
		track.base, track.answers = nil, track.answers[:0]
		dst.track = track
	}
	return nil
}

// KeepOpenStates makes the duel keep a copy of its last open state and the answers given since,
// so that Clone works at every prompt (by copying that state and replaying the answers). Each
// answer given at an open state then costs one state copy. Until the duel reaches its next open
// state, Clone still needs an open state; Config.KeepOpenStates keeps the duel's start instead, so
// that Clone works from the first prompt.
func (d *Duel) KeepOpenStates() {
	if d.track != nil {
		return
	}
	d.track = &openTrack{}
	if d.Open() && d.pending {
		d.track.base = d.g.clone()
	}
}

// DropOpenStates undoes KeepOpenStates: the duel no longer keeps its last open state, so that its
// answers copy nothing (a search's playouts, which are never copied: keeping the states made a
// game copy at each of their open states). Clone then needs an open state again.
func (d *Duel) DropOpenStates() { d.track = nil }

// openTrack is the last open state a duel keeps (KeepOpenStates) and the answers given since.
// base is never changed once taken: copies of the duel share it.
type openTrack struct {
	base    *game
	answers []Option
}

func (t *openTrack) clone() *openTrack {
	if t == nil {
		return nil
	}
	return &openTrack{base: t.base, answers: append([]Option(nil), t.answers...)}
}

// noteAnswer records an accepted answer before it is applied: at an open state the state is kept
// and the answers since start again.
func (d *Duel) noteAnswer(o Option) {
	t := d.track
	if t == nil {
		return
	}
	if d.Open() {
		t.base = d.g.clone()
		t.answers = t.answers[:0]
	}
	if t.base != nil {
		t.answers = append(t.answers, o)
	}
}

// restart starts the procedure of a copy made at an open state: it runs to the prompt the state
// stands at, which must come back unchanged (the same prompt, nothing happening on the way).
func (d *Duel) restart() error {
	g := d.g
	want, seq := promptSum(&g.prompt), g.changeSeq
	d.startProcedure()
	d.resume()
	if d.err == nil && (!d.pending || g.changeSeq != seq || promptSum(&g.prompt) != want) {
		d.err = fmt.Errorf("%w: a cloned duel's procedure did not come back to its %s prompt", ErrCardPanic, g.prompt.Kind)
		g.over, g.reason = true, "internal error"
		d.pending = false
	}
	return d.err
}

// promptSum sums up a prompt (its kind, seat, options and candidates) to check that it came back.
func promptSum(p *Prompt) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	mix(uint64(p.Kind))
	mix(uint64(p.Seat))
	mix(uint64(len(p.opts)))
	for _, o := range p.opts {
		mix(uint64(o.Kind))
		mix(uint64(uint32(o.Card)))
		mix(uint64(o.Effect) | uint64(o.Direct)<<8 | uint64(o.Choice)<<16)
		mix(uint64(uint32(o.Rank)) | uint64(uint32(o.Pick))<<32)
		mix(o.Sel)
	}
	for _, id := range p.Candidates {
		mix(uint64(uint32(id)))
	}
	return h
}

// clone copies the game: every slice and map of its state is copied, so that the copy shares no
// mutable memory with the original (SharedMemory in the tests walks both to check it); the card
// data, scripts, the cards' ruleset data (copied on write by Determinize) and the library are
// immutable and shared. The coroutine's hand-off and the scratch contexts are left empty: the
// copy's procedure is started when it is answered.
func (g *game) clone() *game { return g.cloneInto(nil) }

// cloneInto is clone writing into dst's memory when dst is not nil (a game no procedure runs on):
// its arrays are reused where they are large enough, so that a copy into a used game allocates
// nothing.
//
// The slices of card IDs (piles, zones, Xyz materials, the card lists the kernel watches, the
// prompt's candidates) are carved from one array, each with its own capacity, and the cards'
// numbers and modifiers from two more (kept in copyBufs for the next copy into the game), so that
// a copy costs a handful of allocations.
func (g *game) cloneInto(dst *game) *game { return g.copyInto(dst, nil) }

// cloneDuel copies the game into a new block that holds its Duel too (Clone at an open state).
func (g *game) cloneDuel() *Duel {
	b := new(gameBlock)
	b.d.g = g.copyInto(nil, b)
	return &b.d
}

// copyInto is cloneInto; a new copy goes into the block b when not nil.
func (g *game) copyInto(dst *game, b *gameBlock) *game {
	var old game
	n := dst
	if n == nil {
		// The game, its generator and the generator's Rand in one allocation.
		if b == nil {
			b = new(gameBlock)
		}
		b.g = *g
		b.pcg = *g.pcg
		b.rng = *rand.New(&b.pcg)
		n = &b.g
		n.pcg, n.rng = &b.pcg, &b.rng
	} else {
		old = *n
		*n = *g
		*old.pcg = *g.pcg
		n.pcg, n.rng = old.pcg, old.rng
	}
	n.yield = nil
	n.ctxs = old.ctxs // scratch: nothing runs on dst (nil for a new copy)
	n.ctxDepth = 0
	n.negCache, n.negCacheAt = old.negCache[:0], -1
	n.modLive = append(old.modLive[:0], g.modLive...) // its own: the copy's modifiers change its counts
	n.selScratch = old.selScratch[:0]
	n.listArena, n.seatArena = old.listArena, old.seatArena // scratch of card code (lists.go)
	n.listTop, n.seatTop = 0, 0
	n.waitBuf, n.waitBusy = old.waitBuf[:0], false
	n.tgtPool, n.tgtMovesPool, n.tgtTop = old.tgtPool, old.tgtMovesPool, 0 // the copy's links have their targets in its own arrays
	n.panicStack = ""
	n.extPool = old.extPool                                 // records no card of dst's old state was given (nil for a new copy)
	n.modPool, n.counterPool = old.modPool, old.counterPool // the same for the room of modifiers and counters
	n.subsetBuf = old.subsetBuf
	n.ruleData = g.ruleData[:len(g.ruleData):len(g.ruleData)] // shared, read-only: a card made in the copy appends to its own array

	n.cards = reuse(old.cards, g.cards, len(g.cards))
	// Sizes of the arrays the slices are carved from.
	ids, ints, mods, exts := 0, 0, 0, 0
	for i := range n.cards {
		c := &n.cards[i]
		if x := c.ext; x != nil {
			exts++
			ids += len(x.materials)
			mods += len(x.mods)
		}
	}
	for s := range g.players {
		p := &g.players[s]
		ids += cap(p.deck) + cap(p.hand) + len(p.mzone) + len(p.szone) + cap(p.gy) + cap(p.banished) +
			cap(p.extra) + cap(p.res)
	}
	ids += len(g.chainDone) + len(g.trigCards) + len(g.contCards) + len(g.actCards) + len(g.equips) +
		len(g.checkCards) + cap(g.prompt.Candidates) + len(g.negSrcs)
	for k := range g.contBy {
		ids += len(g.contBy[k])
	}
	for i := range g.chain {
		ids += len(g.chain[i].targets)
		ints += len(g.chain[i].targetMoves)
	}
	n.bufs.ids = grow(old.bufs.ids, ids)
	n.bufs.ints = grow(old.bufs.ints, ints)
	n.bufs.mods = grow(old.bufs.mods, mods)
	n.bufs.exts = grow(old.bufs.exts, exts)
	ida := idArena{buf: n.bufs.ids}
	inta := intArena{buf: n.bufs.ints}
	moda := modArena{buf: n.bufs.mods}
	exta := n.bufs.exts

	for i := range n.cards {
		c := &n.cards[i]
		if c.ext != nil {
			x := &exta[0]
			exta = exta[1:]
			x.materials = ida.take(c.ext.materials, len(c.ext.materials))
			x.mods = moda.take(c.ext.mods)
			x.counters = nil
			if c.ext.counters != nil {
				x.counters = slices.Clone(c.ext.counters)
			}
			c.ext = x
		}
	}
	for s := range n.players {
		p := &n.players[s]
		p.deck = ida.take(p.deck, cap(p.deck))
		p.hand = ida.take(p.hand, cap(p.hand))
		p.mzone = ida.take(p.mzone, len(p.mzone))
		p.szone = ida.take(p.szone, len(p.szone))
		p.gy = ida.take(p.gy, cap(p.gy))
		p.banished = ida.take(p.banished, cap(p.banished))
		p.extra = ida.take(p.extra, cap(p.extra))
		p.res = ida.take(p.res, cap(p.res))
	}
	n.chainDone = ida.take(g.chainDone, len(g.chainDone))
	n.trigCards = ida.take(g.trigCards, len(g.trigCards))
	n.contCards = ida.take(g.contCards, len(g.contCards))
	n.actCards = ida.take(g.actCards, len(g.actCards))
	n.equips = ida.take(g.equips, len(g.equips))
	n.checkCards = ida.take(g.checkCards, len(g.checkCards))
	for k := range g.contBy {
		n.contBy[k] = ida.take(g.contBy[k], len(g.contBy[k]))
	}
	n.negSrcs = ida.take(g.negSrcs, len(g.negSrcs))
	n.prompt.Candidates = ida.take(g.prompt.Candidates, cap(g.prompt.Candidates))
	n.prompt.opts = reuse(old.prompt.opts, g.prompt.opts, cap(g.prompt.opts))

	n.chain = reuse(old.chain, g.chain, len(g.chain))
	n.resolving = nil
	for i := range n.chain {
		l := &n.chain[i]
		l.targets = ida.take(l.targets, len(l.targets))
		l.targetMoves = inta.take(l.targetMoves)
		if g.resolving == &g.chain[i] {
			n.resolving = l
		}
	}
	if g.resolving != nil && n.resolving == nil {
		l := *g.resolving // a link already taken off the chain
		l.targets = append([]CardID(nil), l.targets...)
		l.targetMoves = append([]int(nil), l.targetMoves...)
		n.resolving = &l
	}
	n.effTurns = reuse(old.effTurns, g.effTurns, len(g.effTurns))
	n.events = reuse(old.events, g.events, len(g.events))
	n.fresh = reuse(old.fresh, g.fresh, len(g.fresh))
	n.pending = reuse(old.pending, g.pending, len(g.pending))
	n.controls = reuse(old.controls, g.controls, len(g.controls))
	n.grants = reuse(old.grants, g.grants, len(g.grants))
	n.pmods = reuse(old.pmods, g.pmods, len(g.pmods))
	n.names = reuse(old.names, g.names, len(g.names))
	return n
}

// gameBlock is a copy's game with its generator (game.pcg, game.rng point into it) and, for
// Clone, the Duel that holds it.
type gameBlock struct {
	d   Duel
	g   game
	pcg rand.PCG
	rng rand.Rand
}

// copyBufs are the arrays a copy's slices are carved from, kept for the next copy into the same
// game (Duel.CloneInto).
type copyBufs struct {
	ids  []CardID
	ints []int
	mods []Modifier
	exts []cardExt // the cards' cardExt records
}

// grow returns buf, or a new array when buf has fewer than n elements.
func grow[T any](buf []T, n int) []T {
	if cap(buf) >= n {
		return buf[:n]
	}
	return make([]T, n)
}

// reuse copies s into old's array when it holds capacity elements, else into a new array of
// that capacity; nil stays nil, and an empty slice becomes an empty one that shares nothing.
func reuse[T any](old, s []T, capacity int) []T {
	if s == nil {
		return nil
	}
	if cap(old) >= capacity && cap(old) > 0 {
		out := old[:len(s)]
		copy(out, s)
		return out
	}
	return cloneSlice(s, capacity)
}

// cloneSlice copies a slice into a new array of the given capacity; nil stays nil, and an empty
// slice becomes an empty one that shares nothing.
func cloneSlice[T any](s []T, capacity int) []T {
	if s == nil {
		return nil
	}
	if capacity == 0 {
		return make([]T, 0)
	}
	out := make([]T, len(s), capacity)
	copy(out, s)
	return out
}

// idArena hands out slices of one array of card IDs.
type idArena struct{ buf []CardID }

// take copies s into the arena with the given capacity (at least len(s)); nil stays nil.
func (a *idArena) take(s []CardID, capacity int) []CardID {
	if s == nil {
		return nil
	}
	if capacity == 0 {
		return make([]CardID, 0)
	}
	out := a.buf[:len(s):capacity]
	copy(out, s)
	a.buf = a.buf[capacity:]
	return out
}

// intArena hands out slices of one array of ints, each as long as its source (an append copies).
type intArena struct{ buf []int }

func (a *intArena) take(s []int) []int {
	if s == nil {
		return nil
	}
	if len(s) == 0 {
		return make([]int, 0)
	}
	out := a.buf[:len(s):len(s)]
	copy(out, s)
	a.buf = a.buf[len(s):]
	return out
}

// modArena hands out slices of one array of modifiers, each as long as its source.
type modArena struct{ buf []Modifier }

func (a *modArena) take(s []Modifier) []Modifier {
	if s == nil {
		return nil
	}
	if len(s) == 0 {
		return make([]Modifier, 0)
	}
	out := a.buf[:len(s):len(s)]
	copy(out, s)
	a.buf = a.buf[len(s):]
	return out
}
