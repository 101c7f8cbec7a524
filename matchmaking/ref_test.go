package matchmaking

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPairQueueAsReference: the wave pairs exactly as the plain statement of its rule
// (refPairQueue) on random queues with many tied ratings and waits, accounts queued twice and
// guests.
func TestPairQueueAsReference(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 7))
		c := &fakeClock{t: time.Unix(0, 0)}
		p := New(Config{}, c.now)
		n := 2 + r.IntN(300)
		var es []Entry
		for i := range n {
			e := Entry{ID: fmt.Sprint("p", r.IntN(1000000), "-", i), Account: int64(r.IntN(n)), Queue: ocg1,
				Rating: float64(1400 + r.IntN(40)*5), Joined: c.t.Add(-time.Duration(r.IntN(4)) * time.Second)}
			if r.IntN(3) == 0 {
				e.Rating += r.Float64()
			}
			es = append(es, e)
		}
		want := names(p.refPairQueue(slices.Clone(es), c.t))
		got, left := p.pairQueue(slices.Clone(es), c.t, nil)
		if len(left)+2*len(got) != len(es) {
			t.Fatalf("seed %d: %d players, %d pairs and %d left", seed, len(es), len(got), len(left))
		}
		if got := names(got); got != want {
			t.Fatalf("seed %d: paired\n%s\nthe rule pairs\n%s", seed, got, want)
		}
	}
}

// refPairQueue is pairQueue as it was before its sorts moved indices (TestPairQueueAsReference):
// the plain statement of the rule, comparing the IDs as strings. The players are sorted by rating; a player's
// candidates are the next few above it within the largest gap anyone accepts.
func (p *Pool) refPairQueue(es []Entry, now time.Time) []Pair {
	slices.SortFunc(es, func(a, b Entry) int {
		if c := cmp.Compare(a.Rating, b.Rating); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	gap := make([]float64, len(es))
	widest := 0.0
	for i, e := range es {
		gap[i] = p.Gap(now.Sub(e.Joined))
		widest = math.Max(widest, gap[i])
	}
	type cand struct {
		i, j int
		diff float64
		wait time.Duration
	}
	cands := make([]cand, 0, len(es)*2) // most players have a few candidates
	for i := range es {
		for j := i + 1; j < len(es) && j <= i+neighbours && es[j].Rating-es[i].Rating <= widest; j++ {
			d := es[j].Rating - es[i].Rating
			if d > gap[i] || d > gap[j] {
				continue
			}
			if es[i].Account != 0 && es[i].Account == es[j].Account {
				continue // no self-pairing across two connections of one account
			}
			cands = append(cands, cand{i, j, d, now.Sub(es[i].Joined) + now.Sub(es[j].Joined)})
		}
	}
	slices.SortFunc(cands, func(x, y cand) int {
		if c := cmp.Compare(x.diff, y.diff); c != 0 {
			return c
		}
		if c := cmp.Compare(y.wait, x.wait); c != 0 {
			return c
		}
		if c := strings.Compare(es[x.i].ID, es[y.i].ID); c != 0 {
			return c
		}
		return strings.Compare(es[x.j].ID, es[y.j].ID)
	})
	used := make([]bool, len(es))
	var pairs []Pair
	for _, c := range cands {
		if used[c.i] || used[c.j] {
			continue
		}
		used[c.i], used[c.j] = true, true
		a, b := es[c.i], es[c.j]
		if b.Joined.Before(a.Joined) || (b.Joined.Equal(a.Joined) && b.ID < a.ID) {
			a, b = b, a
		}
		pairs = append(pairs, Pair{A: a, B: b})
	}
	return pairs
}

// TestWaveLeavesThePoolAsLeaveWould: a wave takes its pairs out of the pool as Leave would,
// whether most players were paired (the pool is made again of those left) or few (each pair
// leaves): the same players wait, each account and guest identity still holds its one entry,
// the queues' counts are right, and a paired player may queue again.
func TestWaveLeavesThePoolAsLeaveWould(t *testing.T) {
	q2 := Queue{Ruleset: "ocg", Format: "bo3"}
	most := 0 // waves that paired most of the pool
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 9))
		c := &fakeClock{t: time.Unix(0, 0)}
		p, ref := New(Config{}, c.now), New(Config{}, c.now)
		spread := 50 + r.IntN(40000) // close ratings pair most; far ones few
		for i := range 2 + r.IntN(200) {
			e := Entry{ID: fmt.Sprint("p", i), Account: int64(r.IntN(300)), Queue: ocg1, Rating: float64(1500 + r.IntN(spread))}
			if r.IntN(3) == 0 {
				e.Queue = q2
			}
			if e.Account == 0 && r.IntN(2) == 0 {
				e.Guest = fmt.Sprint("g", r.IntN(20))
			}
			if p.Join(e) == nil {
				if err := ref.Join(e); err != nil {
					t.Fatal(err)
				}
			}
		}
		n := p.Len()
		pairs := p.Wave()
		if 2*len(pairs) > n/2 {
			most++
		}
		for _, pr := range pairs {
			ref.Leave(pr.A.ID)
			ref.Leave(pr.B.ID)
		}
		if !maps.Equal(p.waiting, ref.waiting) || !maps.Equal(p.owners, ref.owners) || !maps.Equal(p.byQueue, ref.byQueue) {
			t.Fatalf("seed %d (%d pairs): the pool after the wave\n%v\n%v\n%v\nwant\n%v\n%v\n%v", seed, len(pairs),
				p.waiting, p.owners, p.byQueue, ref.waiting, ref.owners, ref.byQueue)
		}
		for _, pr := range pairs {
			for _, e := range []Entry{pr.A, pr.B} {
				e.ID += "-again"
				if err := p.Join(e); err != nil {
					t.Fatalf("seed %d: %s, paired, cannot queue again: %v", seed, e.ID, err)
				}
			}
		}
	}
	if most == 0 || most == 60 {
		t.Fatalf("%d of 60 waves paired most of their pool: both ways of taking the pairs out are not tried", most)
	}
}
