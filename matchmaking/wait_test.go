package matchmaking

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// waitSim queues n players with ratings drawn from N(1500, 350) (a ladder's spread) and runs the
// pool as the server does (a look every tick on a fake clock) until everyone is paired or
// an hour passed. arrive is the time over which the players join, evenly spread (0: all at once).
// It returns every paired player's wait and how many were left unpaired.
func waitSim(n int, arrive, tick time.Duration, seed uint64) (waits []time.Duration, unpaired int, waves int) {
	c := &fakeClock{t: time.Unix(1_800_000_000, 0)}
	p := New(Config{}, c.now)
	rng := rand.New(rand.NewPCG(seed, 17))
	joined := map[string]time.Time{}
	start := c.t
	next := 0
	for c.t.Sub(start) < time.Hour && (next < n || p.Len() > 0) {
		for next < n && (arrive == 0 || c.t.Sub(start) >= arrive*time.Duration(next)/time.Duration(n)) {
			r := math.Max(100, math.Min(3000, 1500+350*rng.NormFloat64()))
			id := fmt.Sprint("p", next)
			if err := p.Join(Entry{ID: id, Account: int64(next + 1), Queue: ocg1, Rating: r}); err != nil {
				panic(err)
			}
			joined[id] = c.t
			next++
		}
		if p.Due() {
			waves++
			for _, pr := range p.Wave() {
				waits = append(waits, c.t.Sub(joined[pr.A.ID]), c.t.Sub(joined[pr.B.ID]))
			}
		}
		c.advance(tick)
	}
	slices.Sort(waits)
	return waits, p.Len(), waves
}

func quantile(ws []time.Duration, q float64) time.Duration {
	if len(ws) == 0 {
		return 0
	}
	return ws[min(len(ws)-1, int(q*float64(len(ws))))]
}

// BenchmarkQueueWait1000 reports quick match's waits for 1,000 queued players with the default
// configuration and the server's 200 ms tick: all queued at once, and arriving evenly over a
// minute. The figures are simulated time (the pool's clock), not the benchmark's.
//
//	go test ./matchmaking -run '^$' -bench QueueWait -benchtime 1x
func BenchmarkQueueWait1000(b *testing.B) {
	for _, arrive := range []time.Duration{0, time.Minute} {
		b.Run(fmt.Sprintf("arrive=%v", arrive), func(b *testing.B) {
			var ws []time.Duration
			var left, waves int
			for i := 0; b.Loop(); i++ {
				ws, left, waves = waitSim(1000, arrive, 200*time.Millisecond, uint64(i+1))
			}
			b.ReportMetric(quantile(ws, 0.5).Seconds(), "p50-wait-s")
			b.ReportMetric(quantile(ws, 0.99).Seconds(), "p99-wait-s")
			b.ReportMetric(quantile(ws, 1).Seconds(), "max-wait-s")
			b.ReportMetric(float64(left), "unpaired")
			b.ReportMetric(float64(waves), "waves")
		})
	}
}

// TestQueueWaitEveryonePaired: in the simulation every one of 1,000 players is paired (an even
// number, one queue, no account twice), and nobody waits longer than it takes the gap to reach
// the widest rating difference of the spread.
func TestQueueWaitEveryonePaired(t *testing.T) {
	ws, left, _ := waitSim(1000, 0, 200*time.Millisecond, 1)
	if left != 0 || len(ws) != 1000 {
		t.Fatalf("%d paired, %d left", len(ws), left)
	}
	if ws[len(ws)-1] > 40*time.Second {
		t.Fatalf("the longest wait was %v; the gap reaches 800 after 28 s", ws[len(ws)-1])
	}
}
