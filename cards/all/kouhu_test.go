package all

import (
	"fmt"
	"testing"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// kouhuDuel makes a duel of two kouhu preconstructed decks with every card's behaviour.
func kouhuDuel(t testing.TB, a, b string, seed uint64) func() (*engine.Duel, error) {
	var dl [2]engine.DeckList
	for i, key := range []string{a, b} {
		d, err := kouhu.LoadDeck(key)
		if err != nil {
			t.Fatal(err)
		}
		dl[i].Main, dl[i].Extra = d.Codes()
	}
	return func() (*engine.Duel, error) {
		return engine.New(engine.Config{Rules: krules.Rules(), Seed: seed, Cards: Library(), Decks: dl})
	}
}

// kouhuChecks follows the cost cards across the answers of one duel: a cost card is never tapped
// twice without being untapped in between (a resource never pays twice), and cost cards untap
// only in a Preparation Phase or while an effect resolves.
type kouhuChecks struct {
	tapped map[engine.CardID]bool
	phase  engine.Phase
}

func (k *kouhuChecks) each(d *engine.Duel) error {
	if k.tapped == nil {
		k.tapped = map[engine.CardID]bool{}
	}
	resolving := false
	var arrived []engine.CardID
	for _, e := range d.Events() {
		switch e.Kind {
		case engine.EvPhase:
			k.phase = e.Phase
		case engine.EvResolve:
			resolving = true
		case engine.EvChainEnd:
			resolving = false
		case engine.EvTap:
			if e.From.Loc != engine.Resource {
				continue
			}
			now := e.Tapped
			if now && k.tapped[e.Card] {
				return fmt.Errorf("cost card %d was tapped twice: it paid twice", e.Card)
			}
			if !now && !resolving && k.phase != engine.Standby {
				return fmt.Errorf("cost card %d untapped in the %s phase outside a resolution", e.Card, k.phase)
			}
			k.tapped[e.Card] = now
		}
		if e.Card != engine.NoCard && e.To.Loc == engine.Resource && e.From.Loc != engine.Resource {
			arrived = append(arrived, e.Card)
		}
	}
	for _, id := range arrived {
		// A cost card may arrive tapped (Wellspring of Mana): its state is learnt on arrival.
		k.tapped[id] = d.Card(id).Tapped
	}
	return nil
}

// TestKouhuDuels plays random duels of the two kouhu decks with every invariant of the engine
// (every card in exactly one place, zones without limit, views hiding cost cards and hands, the
// replay) and the kouhu ones above.
func TestKouhuDuels(t *testing.T) {
	n := testsize.N(30, 60, 300)
	wins := map[string]int{}
	for i := 0; i < n; i++ {
		a, b := "dragons", "knights-and-mages"
		if i%2 == 1 {
			a, b = b, a
		}
		kc := &kouhuChecks{}
		seed := uint64(7000 + i)
		duelcheck.Play(t, seed, kouhuDuel(t, a, b, seed), duelcheck.Options{Deep: i%10 == 0, Each: kc.each,
			OnEnd: func(d *engine.Duel) {
				if w, ok, _ := d.Result(); ok {
					wins[w.String()]++
				} else {
					wins["draw/none"]++
				}
			}})
	}
	t.Logf("%d kouhu duels: %v", n, wins)
}

// FuzzKouhuDuel plays a kouhu duel whose answers are chosen by the fuzzer's bytes.
func FuzzKouhuDuel(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 1})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		kc := &kouhuChecks{}
		duelcheck.Play(t, seed, kouhuDuel(t, "dragons", "knights-and-mages", seed),
			duelcheck.Options{Deep: true, Picks: picks, Each: kc.each, MaxAnswers: 2000})
	})
}
