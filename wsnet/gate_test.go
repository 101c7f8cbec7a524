package wsnet

import (
	"testing"
)

func TestGateCaps(t *testing.T) {
	g := NewGate(3, 2)
	for i := range 2 {
		if !g.Connect("a") {
			t.Fatalf("connection %d of one address refused", i+1)
		}
	}
	if g.Connect("a") {
		t.Fatal("a third connection of one address let in (cap 2)")
	}
	if !g.Connect("b") || g.Connect("c") {
		t.Fatal("the total cap of 3 not kept")
	}
	g.Disconnect("a")
	if !g.Connect("c") || g.Count() != 3 {
		t.Fatalf("after a disconnect: count %d", g.Count())
	}
	u := NewGate(-1, -1)
	for i := range 100 {
		if !u.Connect("x") {
			t.Fatalf("an uncapped gate refused connection %d", i+1)
		}
	}
}
