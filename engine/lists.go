package engine

// The card lists card code asks for while a check runs.
//
// Every idle prompt and chain window runs the checks (Condition, CanPay, HasTargets) of the
// candidates it may offer, and those checks ask for card lists (AllMonsters, Pile, Filter ...)
// that they only count or look through. During a check the lists are carved from the duel's
// scratch array (listArena) instead of being allocated one by one, and the array is used again
// from its start when the outermost check ends: steady state, a check allocates nothing. A list
// is carved with its capacity equal to its length, so a card's append to it moves it out instead
// of writing over the next list. Outside checks (resolving, paying, targeting) the lists are
// allocated as before: they may be kept (targets, selections, a delayed effect's cards).
//
// The arena is scratch space, not state: Hash leaves it out, a copy starts its own.

// beginCheck starts a check: the lists made until the matching endCheck may live in the arena.
func (g *game) beginCheck() { g.checkDepth++ }

// endCheck ends a check; when it was the outermost, the arena's lists are dead and it is used
// again from its start.
func (g *game) endCheck() {
	g.checkDepth--
	if g.checkDepth == 0 {
		g.listTop, g.seatTop = 0, 0
	}
}

// outIDs returns ids (gathered in a buffer of the caller's, usually on its stack) as a list the
// card code may keep for as long as it is allowed to: during a check a piece of the arena,
// otherwise an array of its own of exactly their length (exactIDs).
func (g *game) outIDs(ids []CardID) []CardID {
	if g.checkDepth == 0 || len(ids) == 0 {
		return exactIDs(ids)
	}
	n := len(ids)
	if g.listTop+n > len(g.listArena) {
		// The lists carved so far keep the old array; new ones go in a larger one.
		g.listArena, g.listTop = make([]CardID, max(2*len(g.listArena), 256, n)), 0
	}
	out := g.listArena[g.listTop : g.listTop+n : g.listTop+n]
	copy(out, ids)
	g.listTop += n
	return out
}

// outSeats is outIDs for a list of seats.
func (g *game) outSeats(ss []Seat) []Seat {
	if g.checkDepth == 0 || len(ss) == 0 {
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

// Filter keeps the cards that satisfy f, as the package's Filter does; during a check the list
// is made without allocating (see Ctx).
func (c *Ctx) Filter(ids []CardID, f func(CardID) bool) []CardID {
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, id := range ids {
		if f(id) {
			out = append(out, id)
		}
	}
	return c.g.outIDs(out)
}

// List returns a copy of a list of cards the card code gathered itself (in a buffer of its own),
// made the way the Ctx's own lists are: during a check without allocating (see Ctx).
func (c *Ctx) List(ids []CardID) []CardID { return c.g.outIDs(ids) }
