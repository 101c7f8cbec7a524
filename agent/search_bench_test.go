package agent_test

import (
	"slices"
	"testing"
	"time"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
)

// benchDecisions plays duels of the starter decks with the agent of a level as A and the greedy
// agent as B and reports the search's playouts per second of CPU and its decision times
// (p50/p99, prompts with more than one option) over b.N decisions.
func benchDecisions(b *testing.B, level string, policy agent.Playout) {
	var times []time.Duration
	playouts := 0
	var busy time.Duration
	for seed := uint64(0); len(times) < b.N; seed++ {
		d := starterDuel(b, seed)
		a, err := agent.NewLevel(level, seed, false)
		if err != nil {
			b.Fatal(err)
		}
		s, _ := a.(*agent.Search)
		if s != nil && policy != nil {
			s.Policy = policy
		}
		g := agent.NewGreedy(seed)
		for p := d.Prompt(); p != nil && len(times) < b.N; p = d.Prompt() {
			var o engine.Option
			if p.Seat == engine.A {
				multi := len(p.Options()) > 1
				start := time.Now()
				o = a.Choose(d, p)
				if multi {
					el := time.Since(start)
					times = append(times, el)
					busy += el
				}
			} else {
				o = g.Choose(d, p)
			}
			d.TakeEvents()
			if err := d.Answer(o); err != nil {
				b.Fatal(err)
			}
		}
		if s != nil {
			playouts += s.Stats().Playouts
		}
		d.Close()
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
	if playouts > 0 {
		b.ReportMetric(float64(playouts)/busy.Seconds(), "playouts/s")
	}
}

// starterDuel starts an ocg duel of the starter decks, Yugi's against Kaiba's.
func starterDuel(tb testing.TB, seed uint64) *engine.Duel {
	tb.Helper()
	da, err := decks.Get("yugi")
	if err != nil {
		tb.Fatal(err)
	}
	db, err := decks.Get("kaiba")
	if err != nil {
		tb.Fatal(err)
	}
	d, err := engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: all.Library(), First: engine.FirstA,
		Decks: [2]engine.DeckList{{Main: da.Main}, {Main: db.Main}}, KeepOpenStates: true})
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// BenchmarkDecisionEasy ... Hard: decision times per level (go test ./agent -run XXX -bench
// Decision -benchtime 200x; one op is one decision with more than one option).
func BenchmarkDecisionEasy(b *testing.B)   { benchDecisions(b, agent.LevelEasy, nil) }
func BenchmarkDecisionNormal(b *testing.B) { benchDecisions(b, agent.LevelNormal, nil) }
func BenchmarkDecisionHard(b *testing.B)   { benchDecisions(b, agent.LevelHard, nil) }

// BenchmarkDecisionNormalGreedyPlayouts is Normal with the greedy agent in its playouts.
func BenchmarkDecisionNormalGreedyPlayouts(b *testing.B) {
	benchDecisions(b, agent.LevelNormal, agent.GreedyPlayout)
}
