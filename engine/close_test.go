package engine

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"weak"
)

// A closed duel's state is garbage at once: one collection frees it. (Close used to leave the
// coroutine's stop function in the handle of the drop cleanup, which kept the whole game alive
// for one more collection, so a server or benchmark that makes and closes duels carried every
// duel of the last cycle as live heap, and the heap goal grew with it.)
func TestClosedDuelIsFreedByOneCollection(t *testing.T) {
	decks := [2]DeckList{{Main: normalDeck(1)}, {Main: normalDeck(2)}}
	for _, tc := range []struct {
		name    string
		answers int // answers before Close; -1 plays to the end
	}{{"at the first prompt", 0}, {"in the middle", 40}, {"after the end", -1}} {
		t.Run(tc.name, func(t *testing.T) {
			wp := func() weak.Pointer[game] {
				d, err := New(Config{Rules: OCG(), Seed: 7, Decks: decks})
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(1, 2))
				for i := 0; d.Prompt() != nil && (tc.answers < 0 || i < tc.answers); i++ {
					opts := d.Prompt().Options()
					if err := d.Answer(opts[r.IntN(len(opts))]); err != nil {
						t.Fatal(err)
					}
				}
				if tc.answers < 0 && !d.Over() {
					t.Fatal("the duel did not end")
				}
				w := weak.Make(d.g)
				d.Close()
				return w
			}()
			runtime.GC()
			if wp.Value() != nil {
				t.Error("the closed duel's game is still alive after one collection")
			}
		})
	}
}
