package engine_test

import (
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
)

// randomDuels is how many random duels TestRandomDuels plays in the long run (DUELIST_LONG_TESTS=1;
// the default and -short play fewer: internal/testsize).
const randomDuels = 2000

// vanillaDeck is a legal 40-card deck of the pool's Normal Monsters, varied by seed.
func vanillaDeck(seed uint64) []card.Passcode {
	var mons []card.Passcode
	for _, d := range card.Pool().All() {
		if d.IsNormalMonster() && !d.Kind.Has(card.Tuner) {
			mons = append(mons, d.Passcode)
		}
	}
	var out []card.Passcode
	for i := 0; len(out) < 40; i++ {
		m := mons[(int(seed)*7+i*13)%len(mons)]
		for k := 0; k < 1+(i+int(seed))%3 && len(out) < 40; k++ {
			out = append(out, m)
		}
	}
	return out
}

func newVanilla(seed uint64) func() (*engine.Duel, error) {
	return func() (*engine.Duel, error) {
		return engine.New(engine.Config{Rules: engine.OCG(), Seed: seed,
			Decks: [2]engine.DeckList{{Main: vanillaDeck(seed)}, {Main: vanillaDeck(seed + 1)}}})
	}
}

// TestRandomDuels plays random duels of Normal Monster decks and checks after every answer the
// state invariants, the views, and (every tenth duel) that every option's text names it and that
// made-up answers are refused; each duel's replay must end in the same state.
func TestRandomDuels(t *testing.T) {
	n := testsize.N(100, 200, randomDuels)
	for i := 0; i < n; i++ {
		duelcheck.Play(t, uint64(i), newVanilla(uint64(i)), duelcheck.Options{Deep: i%10 == 0})
	}
}

// FuzzDuel plays a duel whose answers are chosen by the fuzzer's bytes.
func FuzzDuel(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 1})
	f.Add(uint64(99), []byte{7, 7, 7, 2, 9, 200, 13})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		duelcheck.Play(t, seed, newVanilla(seed), duelcheck.Options{Deep: true, Picks: picks})
	})
}
