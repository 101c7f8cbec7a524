package duelcheck

import (
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Passcodes resolves card names of the pool, failing the test on an unknown one.
func Passcodes(t testing.TB, names []string) []card.Passcode {
	t.Helper()
	out := make([]card.Passcode, len(names))
	for i, n := range names {
		d, ok := card.Pool().ByName(n)
		if !ok {
			t.Fatalf("no card %q in the pool", n)
		}
		out[i] = d.Passcode
	}
	return out
}

// PlayMany plays n random duels between two decks under OCG rules with a card library, seeds
// from base, checking every invariant (deep checks every tenth duel).
func PlayMany(t *testing.T, lib engine.Library, n int, base uint64, a, b engine.DeckList) {
	t.Helper()
	for i := 0; i < n; i++ {
		seed := base + uint64(i)
		Play(t, seed, func() (*engine.Duel, error) {
			return engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: lib,
				Decks: [2]engine.DeckList{a, b}})
		}, Options{Deep: i%10 == 0})
	}
}
