package all

import (
	"testing"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/ruleset"
)

// starterDuel makes a duel between two preconstructed decks with the card behaviours.
func starterDuel(t testing.TB, a, b string, seed uint64) func() (*engine.Duel, error) {
	return starterDuelRules(t, a, b, seed, engine.OCG())
}

// starterDuelRules is starterDuel under given rules.
func starterDuelRules(t testing.TB, a, b string, seed uint64, rules engine.Rules) func() (*engine.Duel, error) {
	da, err := decks.Get(a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := decks.Get(b)
	if err != nil {
		t.Fatal(err)
	}
	return func() (*engine.Duel, error) {
		return engine.New(engine.Config{Rules: rules, Seed: seed, Cards: Library(),
			Decks: [2]engine.DeckList{{Main: da.Main, Extra: da.Extra}, {Main: db.Main, Extra: db.Extra}}})
	}
}

// TestStarterDuels plays random duels of the preconstructed decks against each other (Yugi,
// Kaiba, the 5D's starter, the Fusion deck) under every playable ruleset, with every card's
// behaviour, checking the invariants after every answer.
func TestStarterDuels(t *testing.T) {
	n := testsize.N(60, 120, 900)
	pairs := [][2]string{{"yugi", "kaiba"}, {"kaiba", "yugi"}, {"5ds", "yugi"}, {"kaiba", "5ds"}}
	if _, err := decks.Get("fusion"); err == nil {
		pairs = append(pairs, [2]string{"5ds", "fusion"}, [2]string{"fusion", "kaiba"})
	}
	var rules []engine.Rules
	for _, rs := range ruleset.All() {
		if rs.Playable() == nil && !rs.Kouhu() { // kouhu plays its own card set (kouhu_test.go)
			rules = append(rules, rs.Rules)
		}
	}
	for i := 0; i < n; i++ {
		p := pairs[i%len(pairs)]
		r := rules[(i/len(pairs))%len(rules)]
		duelcheck.Play(t, uint64(i), starterDuelRules(t, p[0], p[1], uint64(i), r),
			duelcheck.Options{Deep: i%10 == 0})
	}
}

// FuzzStarterDuel plays a Yugi-vs-Kaiba duel whose answers are chosen by the fuzzer's bytes.
func FuzzStarterDuel(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 1})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		duelcheck.Play(t, seed, starterDuel(t, "yugi", "kaiba", seed), duelcheck.Options{Deep: true, Picks: picks})
	})
}
