package sdy_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/scenario"
)

// revealedTo runs a scenario and returns, sorted, the names of the cards its EvReveal events show
// to seat s (the events a scenario's expectations cannot see).
func revealedTo(t *testing.T, path string, s engine.Seat) []string {
	t.Helper()
	f, err := scenario.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Cards = all.Library()
	d, err := f.Run()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range d.Events() {
		if e.Kind == engine.EvReveal {
			names = append(names, d.EventView(e, s).Name)
		}
	}
	sort.Strings(names)
	return names
}

// TestSternMysticShowsFaceDownCards checks that The Stern Mystic's FLIP shows every face-down
// card on the field to both players, its own controller's included, and nothing face-up.
func TestSternMysticShowsFaceDownCards(t *testing.T) {
	const path = "../../testdata/ocg/cards/sdy/stern-mystic-reveals-without-flipping.duel"
	want := "Man-Eater Bug,Mirror Force,Trap Master,Waboku"
	for _, s := range []engine.Seat{engine.A, engine.B} {
		if got := strings.Join(revealedTo(t, path, s), ","); got != want {
			t.Errorf("seat %s saw %q revealed, want %q", s, got, want)
		}
	}
}

// TestDeSpellRevealsItsSetTarget checks that a Set card De-Spell targets is shown to both players
// even when it stays on the field.
func TestDeSpellRevealsItsSetTarget(t *testing.T) {
	const path = "../../testdata/ocg/cards/sdy/de-spell-set-trap-revealed-and-stays.duel"
	if got := strings.Join(revealedTo(t, path, engine.A), ","); got != "Mirror Force" {
		t.Errorf("A saw %q revealed, want Mirror Force", got)
	}
}
