package engine

import "testing"

// TestCardListsArena checks the lists made while card code runs (a Ctx is taken): carved from
// the arena without allocating once it is large enough, each capped at its length (an append
// moves it out instead of writing over the next), untouched by the lists made after them, and the
// arena used again only when the outermost Ctx is released. With no Ctx taken every list is an
// array of its own.
func TestCardListsArena(t *testing.T) {
	g := &game{}
	a, b := []CardID{1, 2, 3}, []CardID{4, 5}
	g.ctx(0, nil, 0, nil, nil)
	x := g.outIDs(a)
	g.ctx(0, nil, 0, nil, nil) // card code calling into the engine, which runs card code again
	y := g.outIDs(b)
	g.release()
	z := g.outIDs(a)
	if cap(x) != len(x) || cap(y) != len(y) {
		t.Fatalf("caps %d/%d, %d/%d", cap(x), len(x), cap(y), len(y))
	}
	_ = append(x, 9) // must not write over y
	if y[0] != 4 || y[1] != 5 || x[2] != 3 || z[0] != 1 {
		t.Fatalf("lists overwritten: %v %v %v", x, y, z)
	}
	if g.listTop != 8 {
		t.Fatalf("releasing the inner Ctx freed the arena (top %d)", g.listTop)
	}
	g.release()
	if g.listTop != 0 || g.ctxDepth != 0 {
		t.Fatalf("after the outermost Ctx: top %d depth %d", g.listTop, g.ctxDepth)
	}
	if n := testing.AllocsPerRun(100, func() {
		g.ctx(0, nil, 0, nil, nil)
		for range 20 {
			g.outIDs(a)
			g.outSeats([]Seat{0, 1})
		}
		g.release()
	}); n != 0 {
		t.Fatalf("%v allocations per run of card code in steady state", n)
	}
	out := g.outIDs(a)
	if &out[0] == &g.listArena[0] || g.outIDs(nil) != nil {
		t.Fatal("a list made with no Ctx taken is in the arena (or an empty list is not nil)")
	}
}

// TestFilterInArena: Ctx.Filter of more cards than a stack buffer holds (a tag duel's piles)
// keeps them in the arena without allocating, capped at their length, and gives back the room it
// did not use unless a list was made after it.
func TestFilterInArena(t *testing.T) {
	g := &game{}
	ids := make([]CardID, 100)
	for i := range ids {
		ids[i] = CardID(i)
	}
	even := func(id CardID) bool { return id%2 == 0 }
	c := g.ctx(0, nil, 0, nil, nil)
	out := c.Filter(ids, even)
	if len(out) != 50 || cap(out) != 50 || out[0] != 0 || out[49] != 98 || g.listTop != 50 {
		t.Fatalf("Filter kept %d (cap %d) %v, arena top %d", len(out), cap(out), out, g.listTop)
	}
	nested := c.Filter(ids, func(id CardID) bool { c.List([]CardID{id}); return id < 3 })
	if len(nested) != 3 || nested[2] != 2 || g.listTop != 50+100+100 || out[1] != 2 {
		t.Fatalf("Filter with lists made inside: %v, top %d, first list %v", nested, g.listTop, out[:2])
	}
	g.release()
	if n := testing.AllocsPerRun(100, func() {
		c := g.ctx(0, nil, 0, nil, nil)
		c.Filter(ids, even)
		g.release()
	}); n != 0 {
		t.Fatalf("%v allocations per Filter of 100 cards in steady state", n)
	}
}
