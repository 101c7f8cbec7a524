package engine

// The card lists card code asks for while one of its effects runs.
//
// Every idle prompt and chain window runs the checks (Condition, CanPay, HasTargets) of the
// candidates it may offer, and those checks, like the effects' costs, targets and resolutions,
// ask for card lists (AllMonsters, Pile, Filter ...) that they count, look through, filter or hand
// to the Ctx's operations, which copy what they keep. While card code runs (a Ctx is taken: the
// duel's ctxDepth is above 0) the lists are carved from the duel's scratch array (listArena)
// instead of being allocated one by one, and the array is used again from its start when the
// outermost Ctx is released: steady state, card code's lists allocate nothing. A list is carved
// with its capacity equal to its length, so a card's append to it moves it out instead of
// writing over the next list. Card code keeps nothing between its runs (what it must remember is
// state of the duel: targets, marks, counters, modifiers), so no list outlives its run; the
// engine's own code does not ask a Ctx for lists.
//
// The arena is scratch space, not state: Hash leaves it out, a copy starts its own.

// freeLists lets the arena be used again: no list carved from it is alive any more.
func (g *game) freeLists() {
	if poisonLists {
		for i := range g.listArena[:g.listTop] {
			g.listArena[i] = -1000 // no such card: a list kept past its run fails where it is used
		}
		for i := range g.seatArena[:g.seatTop] {
			g.seatArena[i] = 200
		}
	}
	g.listTop, g.seatTop = 0, 0
}

// outIDs returns ids (gathered in a buffer of the caller's, usually on its stack) as a list the
// code may keep for as long as it is allowed to: while card code runs a piece of the arena,
// otherwise an array of its own of exactly their length (exactIDs).
func (g *game) outIDs(ids []CardID) []CardID {
	if g.ctxDepth == 0 || len(ids) == 0 {
		return exactIDs(ids)
	}
	out := g.newIDs(len(ids))
	copy(out, ids)
	return out
}

// newIDs returns a list of n cards for the caller to fill (outIDs without the copy): a piece of
// the arena while card code runs, otherwise an array of its own (nil for none).
func (g *game) newIDs(n int) []CardID {
	if n == 0 {
		return nil
	}
	if g.ctxDepth == 0 {
		return make([]CardID, n)
	}
	if g.listTop+n > len(g.listArena) {
		// The lists carved so far keep the old array; new ones go in a larger one.
		g.listArena, g.listTop = make([]CardID, max(2*len(g.listArena), 256, n)), 0
	}
	out := g.listArena[g.listTop : g.listTop+n : g.listTop+n]
	g.listTop += n
	return out
}

// outSeats is outIDs for a list of seats.
func (g *game) outSeats(ss []Seat) []Seat {
	if g.ctxDepth == 0 || len(ss) == 0 {
		if len(ss) == 0 {
			return nil
		}
		return append([]Seat(nil), ss...)
	}
	n := len(ss)
	if g.seatTop+n > len(g.seatArena) {
		g.seatArena, g.seatTop = make([]Seat, max(2*len(g.seatArena), 64, n)), 0
	}
	out := g.seatArena[g.seatTop : g.seatTop+n : g.seatTop+n]
	copy(out, ss)
	g.seatTop += n
	return out
}

// Filter keeps the cards that satisfy f, as the package's Filter does, without allocating (see
// Ctx). While card code runs the cards kept go straight to a piece of the arena with room for
// all of ids (a buffer on the stack would be outgrown by a tag duel's piles), whose unused end is
// given back when f made no list after it.
func (c *Ctx) Filter(ids []CardID, f func(CardID) bool) []CardID {
	g := c.g
	if g.ctxDepth == 0 {
		var buf [scratchIDs]CardID
		out := buf[:0]
		for _, id := range ids {
			if f(id) {
				out = append(out, id)
			}
		}
		return g.outIDs(out)
	}
	room := g.newIDs(len(ids))
	arena, end := len(g.listArena), g.listTop
	out := room[:0]
	for _, id := range ids {
		if f(id) {
			out = append(out, id) // within room's capacity
		}
	}
	if len(g.listArena) == arena && g.listTop == end {
		g.listTop -= len(room) - len(out)
	}
	if len(out) == 0 {
		return nil
	}
	return out[:len(out):len(out)]
}

// List returns a copy of a list of cards the card code gathered itself (in a buffer of its own),
// made the way the Ctx's own lists are, without allocating (see Ctx).
func (c *Ctx) List(ids []CardID) []CardID { return c.g.outIDs(ids) }

// Concat returns the cards of the lists one after the other, as one list made the way the Ctx's
// own lists are: of any length without allocating (see Ctx), where gathering them in a buffer of
// the caller's first would outgrow it (every Graveyard of a tag duel).
func (c *Ctx) Concat(lists ...[]CardID) []CardID {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	out := c.g.newIDs(n)
	at := 0
	for _, l := range lists {
		at += copy(out[at:], l)
	}
	return out
}
