package all

import (
	"testing"

	"duelist/decks"
	"duelist/engine"
	"duelist/internal/duelcheck"
)

// starterDuel makes a duel between two preconstructed decks with the card behaviours.
func starterDuel(t testing.TB, a, b string, seed uint64) func() (*engine.Duel, error) {
	da, err := decks.Get(a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := decks.Get(b)
	if err != nil {
		t.Fatal(err)
	}
	return func() (*engine.Duel, error) {
		return engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: Library(),
			Decks: [2]engine.DeckList{{Main: da.Main, Extra: da.Extra}, {Main: db.Main, Extra: db.Extra}}})
	}
}

// TestStarterDuels plays random duels of Starter Deck Yugi against Starter Deck Kaiba (both ways)
// with every card's behaviour, checking the invariants after every answer.
func TestStarterDuels(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 100
	}
	pairs := [][2]string{{"yugi", "kaiba"}, {"kaiba", "yugi"}, {"5ds", "yugi"}}
	for i := 0; i < n; i++ {
		p := pairs[i%len(pairs)]
		duelcheck.Play(t, uint64(i), starterDuel(t, p[0], p[1], uint64(i)), duelcheck.Options{Deep: i%10 == 0})
	}
}

// FuzzStarterDuel plays a Yugi-vs-Kaiba duel whose answers are chosen by the fuzzer's bytes.
func FuzzStarterDuel(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 1})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		duelcheck.Play(t, seed, starterDuel(t, "yugi", "kaiba", seed), duelcheck.Options{Deep: true, Picks: picks})
	})
}
