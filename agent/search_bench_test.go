package agent_test

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
)

// benchDecisions plays duels of the starter decks with the agent of a level as A and the greedy
// agent as B and reports the search's playouts per second and its decision times (p50/p99,
// prompts with more than one option) over b.N decisions, in wall time and in CPU time of the
// deciding thread (cpu-ms, playouts/cpu-s: what a decision costs on one core, whatever else the
// machine runs).
func benchDecisions(b *testing.B, level string, policy agent.Playout) {
	benchDecisionsOf(b, level, policy, func(seed uint64) *engine.Duel { return starterDuel(b, seed) })
}

// threadCPU is the CPU time the calling OS thread has used.
func threadCPU(b *testing.B) time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ts.Nano())
}

func benchDecisionsOf(b *testing.B, level string, policy agent.Playout, duel func(seed uint64) *engine.Duel) {
	// The decisions run on this thread only, so that its CPU clock counts them and nothing else.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var times, cpus []time.Duration
	playouts := 0
	var busy, busyCPU time.Duration
	for seed := uint64(0); len(times) < b.N; seed++ {
		d := duel(seed)
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
				start, cpu0 := time.Now(), threadCPU(b)
				o = a.Choose(d, p)
				if multi {
					el, cpu := time.Since(start), threadCPU(b)-cpu0
					times, cpus = append(times, el), append(cpus, cpu)
					busy += el
					busyCPU += cpu
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
	slices.Sort(cpus)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(cpus[len(cpus)/2].Microseconds())/1000, "p50-cpu-ms")
	b.ReportMetric(float64(cpus[len(cpus)*99/100].Microseconds())/1000, "p99-cpu-ms")
	if playouts > 0 {
		b.ReportMetric(float64(playouts)/busy.Seconds(), "playouts/s")
		b.ReportMetric(float64(playouts)/busyCPU.Seconds(), "playouts/cpu-s")
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

// BenchmarkDecisionNormalKouhu and BenchmarkDecisionNormalTag: Normal's decisions in kouhu (its
// two decks) and in tag duels (the starter decks, a partner each; Normal plays A).
func BenchmarkDecisionNormalKouhu(b *testing.B) {
	benchDecisionsOf(b, agent.LevelNormal, nil, func(seed uint64) *engine.Duel { return easyDuel(b, "kouhu", seed) })
}
func BenchmarkDecisionNormalTag(b *testing.B) {
	benchDecisionsOf(b, agent.LevelNormal, nil, func(seed uint64) *engine.Duel { return easyDuel(b, "tag", seed) })
}

// BenchmarkDecisionNormalGreedyPlayouts is Normal with the greedy agent in its playouts.
func BenchmarkDecisionNormalGreedyPlayouts(b *testing.B) {
	benchDecisions(b, agent.LevelNormal, agent.GreedyPlayout)
}
