package engine

import "testing"

// TestCheckListsArena checks the lists made during a check: carved from the arena without
// allocating once it is large enough, each capped at its length (an append moves it out instead
// of writing over the next), untouched by the lists made after them, and the arena used again
// only when the outermost check ends. Outside a check every list is an array of its own.
func TestCheckListsArena(t *testing.T) {
	g := &game{}
	a, b := []CardID{1, 2, 3}, []CardID{4, 5}
	g.beginCheck()
	x := g.outIDs(a)
	g.beginCheck() // a nested check
	y := g.outIDs(b)
	g.endCheck()
	z := g.outIDs(a)
	if cap(x) != len(x) || cap(y) != len(y) {
		t.Fatalf("caps %d/%d, %d/%d", cap(x), len(x), cap(y), len(y))
	}
	_ = append(x, 9) // must not write over y
	if y[0] != 4 || y[1] != 5 || x[2] != 3 || z[0] != 1 {
		t.Fatalf("lists overwritten: %v %v %v", x, y, z)
	}
	if g.listTop != 8 {
		t.Fatalf("the nested check's end freed the arena (top %d)", g.listTop)
	}
	g.endCheck()
	if g.listTop != 0 || g.checkDepth != 0 {
		t.Fatalf("after the outermost check: top %d depth %d", g.listTop, g.checkDepth)
	}
	if n := testing.AllocsPerRun(100, func() {
		g.beginCheck()
		for range 20 {
			g.outIDs(a)
			g.outSeats([]Seat{0, 1})
		}
		g.endCheck()
	}); n != 0 {
		t.Fatalf("%v allocations per check in steady state", n)
	}
	out := g.outIDs(a)
	if &out[0] == &g.listArena[0] || g.outIDs(nil) != nil {
		t.Fatal("a list made outside a check is in the arena (or an empty list is not nil)")
	}
}
