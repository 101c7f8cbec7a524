package engine_test

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
)

// starterStates plays random duels of Starter Deck Yugi (40) against Starter Deck Kaiba (40)
// with every card's behaviour and keeps n states of them that pass the test keep, spread over
// the duels (a state every few answers, turns 1 to the end).
func starterStates(b *testing.B, n int, track bool, keep func(d *engine.Duel) bool) []*engine.Duel {
	cfg := engine.Config{Rules: engine.OCG(), Cards: all.Library(), KeepOpenStates: track,
		Decks: [2]engine.DeckList{deckList(b, "yugi-40"), deckList(b, "kaiba-40")}}
	r := rand.New(rand.NewPCG(1, 2))
	var out []*engine.Duel
	for seed := uint64(0); len(out) < n; seed++ {
		cfg.Seed = seed
		d, err := engine.New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; d.Prompt() != nil && len(out) < n; i++ {
			if i%7 == 3 && keep(d) {
				c, err := d.Clone()
				if err != nil {
					b.Fatal(err)
				}
				out = append(out, c)
			}
			d.AnswerIndex(r.IntN(len(d.Prompt().Options())))
			d.TakeEvents()
		}
		d.Close()
	}
	return out
}

// cpuTime returns the process's CPU time (user and system, every thread: the garbage collector's
// work included). On a loaded machine the wall time per op is inflated by waiting for a core; the
// CPU time per op is not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per op since start.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkClone copies starter-deck duels (yugi-40 against kaiba-40) at open states taken all
// through random duels: the cost of Duel.Clone alone.
func BenchmarkClone(b *testing.B) {
	states := starterStates(b, 200, false, (*engine.Duel).Open)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer reportCPU(b, cpu)
	for i := 0; i < b.N; i++ {
		c, err := states[i%len(states)].Clone()
		if err != nil {
			b.Fatal(err)
		}
		_ = c
	}
}

// BenchmarkCloneAnswer is Clone and one answer to the copy: the copy's procedure starts from its
// state (a coroutine, then the prompt computed again), then the answer is played.
func BenchmarkCloneAnswer(b *testing.B) {
	states := starterStates(b, 200, false, (*engine.Duel).Open)
	r := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer reportCPU(b, cpu)
	for i := 0; i < b.N; i++ {
		c, err := states[i%len(states)].Clone()
		if err != nil {
			b.Fatal(err)
		}
		if err := c.AnswerIndex(r.IntN(len(c.Prompt().Options()))); err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkCloneReplay copies starter-deck duels at prompts that are not open states (chain
// windows, selections, targets ...): the last open state is copied and the answers since are
// replayed (Config.KeepOpenStates). It reports how many answers were replayed on average.
func BenchmarkCloneReplay(b *testing.B) {
	states := starterStates(b, 200, true, func(d *engine.Duel) bool { return !d.Open() })
	replayed := 0
	for _, d := range states {
		replayed += engine.AnswersSinceOpen(d)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer reportCPU(b, cpu)
	for i := 0; i < b.N; i++ {
		c, err := states[i%len(states)].Clone()
		if err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
	b.ReportMetric(float64(replayed)/float64(len(states)), "replayed/op")
}

// BenchmarkCopyFloor allocates and copies a byte array as large as a starter-deck duel's game
// value and cards: the floor under BenchmarkClone on the machine it runs on (on a loaded machine
// both are inflated alike).
func BenchmarkCopyFloor(b *testing.B) {
	states := starterStates(b, 1, false, (*engine.Duel).Open)
	src := make([]byte, engine.StateBytes(states[0]))
	var dst []byte
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer reportCPU(b, cpu)
	for i := 0; i < b.N; i++ {
		dst = make([]byte, len(src))
		copy(dst, src)
	}
	_ = dst
}

// BenchmarkDeterminize determinizes starter-deck duels at open states for the seat to move.
func BenchmarkDeterminize(b *testing.B) {
	states := starterStates(b, 200, false, (*engine.Duel).Open)
	r := rand.New(rand.NewPCG(5, 6))
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer reportCPU(b, cpu)
	for i := 0; i < b.N; i++ {
		d := states[i%len(states)]
		c, err := d.Determinize(d.Prompt().Seat, r)
		if err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkCloneInto copies starter-deck duels at open states into one scratch duel again and
// again (Duel.CloneInto), as a search's rollouts do.
func BenchmarkCloneInto(b *testing.B) {
	states := starterStates(b, 200, false, (*engine.Duel).Open)
	scratch := new(engine.Duel)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer reportCPU(b, cpu)
	for i := 0; i < b.N; i++ {
		if err := states[i%len(states)].CloneInto(scratch); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCloneIntoAnswer is CloneInto and one answer to the copy (its procedure restarted).
func BenchmarkCloneIntoAnswer(b *testing.B) {
	states := starterStates(b, 200, false, (*engine.Duel).Open)
	scratch := new(engine.Duel)
	r := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	defer reportCPU(b, cpu)
	for i := 0; i < b.N; i++ {
		if err := states[i%len(states)].CloneInto(scratch); err != nil {
			b.Fatal(err)
		}
		if err := scratch.AnswerIndex(r.IntN(len(scratch.Prompt().Options()))); err != nil {
			b.Fatal(err)
		}
	}
}
