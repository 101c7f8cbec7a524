package engine_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/duelistgame/duelist/engine"
)

// TestDropOpenStates: a copy of a duel that keeps its open states keeps them too; dropped, its
// answers at open states copy nothing (a search's playout), and it can be copied at an open
// state only, while the duel it was copied from still can anywhere.
func TestDropOpenStates(t *testing.T) {
	c := cloneDuels(t)[0](3)
	c.KeepOpenStates = true
	d, err := engine.New(c)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r := rand.New(rand.NewPCG(3, 1))
	for n := 0; n < 40 && d.Prompt() != nil; n++ { // into the duel, to a prompt that is not open
		opts := d.Prompt().Options()
		if err := d.Answer(opts[r.IntN(len(opts))]); err != nil {
			t.Fatal(err)
		}
	}
	scratch := new(engine.Duel)
	defer scratch.Close()
	if err := d.CloneInto(scratch); err != nil {
		t.Fatal(err)
	}
	scratch.DropOpenStates()
	allocs := testing.AllocsPerRun(1, func() {
		for n := 0; n < 200 && scratch.Prompt() != nil; n++ {
			opts := scratch.Prompt().Options()
			scratch.TakeEvents()
			if err := scratch.Answer(opts[r.IntN(len(opts))]); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs > 10 { // 87 when the copy keeps its open states
		t.Errorf("200 answers of a duel that dropped its open states allocated %v times", allocs)
	}
	if p := scratch.Prompt(); p != nil && !scratch.Open() {
		if _, err := scratch.Clone(); !errors.Is(err, engine.ErrNotOpen) {
			t.Errorf("a duel that dropped its open states copied at a %s prompt: %v", p.Kind, err)
		}
	}
	for d.Prompt() != nil && d.Open() {
		opts := d.Prompt().Options()
		d.Answer(opts[0])
	}
	if d.Prompt() != nil {
		w, err := d.Clone()
		if err != nil {
			t.Fatalf("the duel it was copied from no longer copies at a %s prompt: %v", d.Prompt().Kind, err)
		}
		w.Close()
	}
}
