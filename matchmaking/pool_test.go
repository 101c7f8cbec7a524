package matchmaking

import (
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// fakeClock is the injected clock of the tests.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

var ocg1 = Queue{Ruleset: "ocg", Format: "bo1"}

func newPool(t *testing.T) (*Pool, *fakeClock) {
	t.Helper()
	c := &fakeClock{t: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)}
	return New(Config{Wave: 3 * time.Second, Enough: 6, BaseGap: 100, GapPerS: 25, MaxGap: 800, AIOffer: 20 * time.Second}, c.now), c
}

func join(t *testing.T, p *Pool, id string, acct int64, q Queue, r float64) {
	t.Helper()
	if err := p.Join(Entry{ID: id, Account: acct, Queue: q, Rating: r}); err != nil {
		t.Fatal(err)
	}
}

func names(ps []Pair) string {
	s := ""
	for _, p := range ps {
		s += fmt.Sprintf("[%s %s]", p.A.ID, p.B.ID)
	}
	return s
}

func TestClosestFirst(t *testing.T) {
	p, _ := newPool(t)
	// d-e are 10 apart, b-c 30, a-b 40; greedy closest-first takes d-e, then b-c, leaving a.
	join(t, p, "a", 1, ocg1, 1400)
	join(t, p, "b", 2, ocg1, 1440)
	join(t, p, "c", 3, ocg1, 1470)
	join(t, p, "d", 4, ocg1, 1600)
	join(t, p, "e", 5, ocg1, 1610)
	got := names(p.Wave())
	if got != "[d e][b c]" {
		t.Fatalf("pairs %s, want [d e][b c]", got)
	}
	if p.Len() != 1 {
		t.Fatalf("%d left waiting, want 1 (a)", p.Len())
	}
	if _, ok := p.Waiting("a"); !ok {
		t.Fatal("a should still wait")
	}
}

func TestGapWidensWithWaiting(t *testing.T) {
	p, c := newPool(t)
	join(t, p, "low", 1, ocg1, 1200)
	join(t, p, "high", 2, ocg1, 1500) // 300 apart: over the 100 both accept on joining
	if ps := p.Wave(); len(ps) != 0 {
		t.Fatalf("paired at once across a 300 gap: %s", names(ps))
	}
	c.advance(7 * time.Second) // gap 100 + 25·7 = 275 < 300
	if ps := p.Wave(); len(ps) != 0 {
		t.Fatalf("paired after 7 s (gap 275) across 300: %s", names(ps))
	}
	c.advance(1 * time.Second)                       // gap 300
	if got := names(p.Wave()); got != "[high low]" { // joined together: A is the smaller ID
		t.Fatalf("after 8 s: %q, want [high low]", got)
	}
	if g := p.Gap(time.Hour); g != 800 {
		t.Errorf("gap after an hour = %v, want the cap 800", g)
	}
}

// TestJoinKeepsAnEarlierWait: a player handed over from another pool joins with the time it
// joined there and keeps its widened gap: 300 apart, two players who joined 8 s ago are paired
// at once (gap 300); a join time after the clock's counts as now.
func TestJoinKeepsAnEarlierWait(t *testing.T) {
	p, c := newPool(t)
	since := c.t.Add(-8 * time.Second)
	for _, e := range []Entry{{ID: "low", Account: 1, Queue: ocg1, Rating: 1200, Joined: since},
		{ID: "high", Account: 2, Queue: ocg1, Rating: 1500, Joined: since},
		{ID: "later", Account: 3, Queue: ocg1, Rating: 3000, Joined: c.t.Add(time.Hour)}} {
		if err := p.Join(e); err != nil {
			t.Fatal(err)
		}
	}
	if e, _ := p.Waiting("low"); !e.Joined.Equal(since) {
		t.Fatalf("low joined at %v, want the time it gave, %v", e.Joined, since)
	}
	if e, _ := p.Waiting("later"); !e.Joined.Equal(c.t) {
		t.Fatalf("a join time after the clock's became %v, want now (%v)", e.Joined, c.t)
	}
	if got := names(p.Wave()); got != "[high low]" {
		t.Fatalf("pairs %q, want [high low] at once (8 s of wait kept: gap 300)", got)
	}
}

func TestBothMustAcceptTheGap(t *testing.T) {
	p, c := newPool(t)
	join(t, p, "old", 1, ocg1, 1000)
	c.advance(30 * time.Second) // old accepts 850 → capped 800
	join(t, p, "new", 2, ocg1, 1500)
	if ps := p.Wave(); len(ps) != 0 {
		t.Fatalf("a newcomer was paired 500 away: %s", names(ps))
	}
	c.advance(16 * time.Second) // new accepts 100 + 400 = 500
	if got := names(p.Wave()); got != "[old new]" {
		t.Fatalf("got %q, want [old new]", got)
	}
}

// TestOneEntryPerAccount is issue 35's queue held by one account: 600 connections of one
// account queued, and both real players who came were paired with it. A second entry of an
// account (or of a guest identity) is refused, in any queue, until the first leaves or is paired.
func TestOneEntryPerAccount(t *testing.T) {
	p, c := newPool(t)
	join(t, p, "tab1", 7, ocg1, 1500)
	if err := p.Join(Entry{ID: "tab1", Account: 7, Queue: ocg1, Rating: 1500}); !errors.Is(err, ErrQueued) {
		t.Fatalf("queueing one connection twice: %v, want ErrQueued", err)
	}
	for i, q := range []Queue{ocg1, {Ruleset: "ocg", Format: "bo3"}, {Ruleset: "classic", Format: "bo1"}} {
		if err := p.Join(Entry{ID: fmt.Sprintf("tab%d", i+2), Account: 7, Queue: q, Rating: 1500}); !errors.Is(err, ErrOwnerQueued) {
			t.Fatalf("a second entry of account 7 in %s: %v, want ErrOwnerQueued", q, err)
		}
	}
	join(t, p, "g1", 0, ocg1, 1500)
	if err := p.Join(Entry{ID: "guest-a", Guest: "tok-a", Queue: ocg1, Rating: 1500}); err != nil {
		t.Fatal(err)
	}
	if err := p.Join(Entry{ID: "guest-a2", Guest: "tok-a", Queue: ocg1, Rating: 1500}); !errors.Is(err, ErrOwnerQueued) {
		t.Fatalf("a second entry of one guest identity: %v, want ErrOwnerQueued", err)
	}
	if p.Len() != 3 {
		t.Fatalf("%d waiting, want 3 (the refusals changed the pool)", p.Len())
	}
	// Paired (or left), the account may queue again.
	c.advance(time.Minute)
	for _, pr := range p.Wave() {
		if pr.A.ID != "tab1" && pr.B.ID != "tab1" {
			p.Leave("tab1")
		}
	}
	join(t, p, "tab9", 7, ocg1, 1500)
	// Left, too.
	p.Leave("tab9")
	join(t, p, "tab10", 7, ocg1, 1500)
}

func TestNoSelfPairing(t *testing.T) {
	// Guests (account 0, no identity) are distinct players: each meets another, never itself.
	p, c := newPool(t)
	join(t, p, "g1", 0, ocg1, 1500)
	join(t, p, "g2", 0, ocg1, 1500)
	join(t, p, "g3", 0, ocg1, 1500)
	join(t, p, "g4", 0, ocg1, 1500)
	c.advance(time.Minute)
	ps := p.Wave()
	if len(ps) != 2 || p.Len() != 0 {
		t.Fatalf("got %s with %d left, want two pairs", names(ps), p.Len())
	}
	for _, pr := range ps {
		if pr.A.ID == pr.B.ID {
			t.Fatalf("a player paired with itself: %s", names(ps))
		}
	}
}

func TestNoPairingAcrossQueues(t *testing.T) {
	p, c := newPool(t)
	join(t, p, "ocg", 1, ocg1, 1500)
	join(t, p, "tcg", 2, Queue{Ruleset: "tcg", Format: "bo1"}, 1500)
	join(t, p, "bo3", 3, Queue{Ruleset: "ocg", Format: "bo3"}, 1500)
	c.advance(time.Minute)
	if ps := p.Wave(); len(ps) != 0 {
		t.Fatalf("paired across rulesets or formats: %s", names(ps))
	}
	join(t, p, "tcg2", 4, Queue{Ruleset: "tcg", Format: "bo1"}, 1900)
	c.advance(time.Minute)
	ps := p.Wave()
	if names(ps) != "[tcg tcg2]" || ps[0].A.Queue != ps[0].B.Queue {
		t.Fatalf("got %s, want [tcg tcg2]", names(ps))
	}
}

func TestDue(t *testing.T) {
	p, c := newPool(t)
	join(t, p, "a", 1, ocg1, 1500)
	c.advance(10 * time.Second)
	if p.Due() {
		t.Fatal("a wave is due for one player")
	}
	join(t, p, "b", 2, ocg1, 1500)
	if !p.Due() {
		t.Fatal("no wave due 10 s after the last")
	}
	p.Wave()
	for i := range 5 {
		join(t, p, fmt.Sprint("p", i), int64(10+i), ocg1, 1500)
	}
	if p.Due() {
		t.Fatal("a wave is due with 5 waiting (Enough is 6) right after a wave")
	}
	join(t, p, "p5", 20, ocg1, 1500)
	if !p.Due() {
		t.Fatal("no wave due with Enough players waiting")
	}
	if ps := p.Wave(); len(ps) != 3 {
		t.Fatalf("%d pairs of 6 equal players, want 3", len(ps))
	}
}

func TestLonelyTakesTheAI(t *testing.T) {
	p, c := newPool(t)
	join(t, p, "solo", 1, ocg1, 1500)
	join(t, p, "other", 2, Queue{Ruleset: "tcg", Format: "bo1"}, 1500)
	c.advance(19 * time.Second)
	if l := p.Lonely(); len(l) != 0 {
		t.Fatalf("offered the AI after 19 s: %v", l)
	}
	c.advance(time.Second)
	l := p.Lonely()
	if len(l) != 2 || l[0].ID != "other" || l[1].ID != "solo" {
		t.Fatalf("lonely = %v, want other and solo", l)
	}
	join(t, p, "mate", 3, ocg1, 2500)
	if l := p.Lonely(); len(l) != 1 || l[0].ID != "other" {
		t.Fatalf("lonely = %v, want only other (solo has company)", l)
	}
	if !p.Leave("other") || p.Leave("other") {
		t.Fatal("Leave should succeed once")
	}
}

func TestBadEntries(t *testing.T) {
	p, _ := newPool(t)
	for _, e := range []Entry{{}, {ID: "x", Queue: Queue{Ruleset: "ocg"}}, {ID: "x", Queue: ocg1, Rating: nan()}} {
		if err := p.Join(e); !errors.Is(err, ErrEntry) {
			t.Errorf("Join(%+v) = %v, want ErrEntry", e, err)
		}
	}
	if p.Len() != 0 {
		t.Fatalf("bad entries were queued: %d", p.Len())
	}
	small := New(Config{MaxQueue: 1}, time.Now)
	small.Join(Entry{ID: "a", Queue: ocg1})
	if err := small.Join(Entry{ID: "b", Queue: ocg1}); !errors.Is(err, ErrFull) {
		t.Fatalf("full pool: %v", err)
	}
}

func nan() float64 { z := 0.0; return z / z }

func TestWaveIsDeterministic(t *testing.T) {
	var first string
	for run := range 20 {
		p, c := newPool(t)
		for i := range 40 {
			join(t, p, fmt.Sprintf("p%02d", i), int64(i+1), ocg1, float64(1000+(i*37)%400))
			c.advance(100 * time.Millisecond)
		}
		got := names(p.Wave())
		if run == 0 {
			first = got
		} else if got != first {
			t.Fatalf("run %d paired %s, run 0 %s", run, got, first)
		}
	}
}

// BenchmarkWave1000, BenchmarkWave10000 and BenchmarkWave100000 measure one wave over that
// many players waiting in one queue for 5 s, ratings spread evenly over 800–2400 (docs/ladder.md
// "Wait times and the cost of a wave").
//
// cpu-ms/op is the process's CPU time over the wave (the GC's included), which the machine's
// load does not inflate as it does ns/op.
//
//	go test ./matchmaking -run '^$' -bench 'Wave[0-9]' -benchmem
func BenchmarkWave1000(b *testing.B)   { benchWave(b, 1000) }
func BenchmarkWave10000(b *testing.B)  { benchWave(b, 10000) }
func BenchmarkWave100000(b *testing.B) { benchWave(b, 100000) }

func benchWave(b *testing.B, n int) {
	var cpu time.Duration
	waves := 0
	for b.Loop() {
		b.StopTimer()
		c := &fakeClock{t: time.Unix(0, 0)}
		p := New(Config{}, c.now)
		for i := range n {
			if err := p.Join(Entry{ID: fmt.Sprint(i), Account: int64(i + 1), Queue: ocg1, Rating: float64(800 + (i*7919)%1600)}); err != nil {
				b.Fatal(err)
			}
		}
		c.advance(5 * time.Second)
		runtime.GC() // the pool's garbage is not the wave's
		b.StartTimer()
		t0 := cpuTime()
		ps := p.Wave()
		cpu += cpuTime() - t0
		waves++
		b.StopTimer()
		if len(ps) < n*9/20 { // greedy closest-first leaves a few odd ones out, not a tenth
			b.Fatalf("a wave over %d players made %d pairs", n, len(ps))
		}
		b.ReportMetric(float64(len(ps)), "pairs")
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(waves), "cpu-ms/op")
}

// TestDueNotAgainForTheSamePlayers: a queue that keeps Enough players a wave could not pair
// does not make every look a wave: only Enough players who joined since the last wave (or the
// interval) make the next one due. Otherwise a server ticking every 200 ms would rerun a
// 1,000-player wave five times a second for nothing.
func TestDueNotAgainForTheSamePlayers(t *testing.T) {
	p, c := newPool(t)
	for i := range 8 { // far apart: nobody accepts anybody's gap on joining
		join(t, p, fmt.Sprint("p", i), int64(1+i), ocg1, float64(1000+300*i))
	}
	if !p.Due() {
		t.Fatal("no wave due with 8 players waiting (Enough is 6)")
	}
	if ps := p.Wave(); len(ps) != 0 {
		t.Fatalf("paired %s; nobody accepts a gap of 300 yet", names(ps))
	}
	c.advance(100 * time.Millisecond)
	if p.Due() {
		t.Fatal("a wave is due again right after one, for the same unpairable players")
	}
	for i := range 5 {
		join(t, p, fmt.Sprint("n", i), int64(20+i), ocg1, 5000)
	}
	if p.Due() {
		t.Fatal("due with 5 new players (Enough is 6)")
	}
	join(t, p, "n5", 30, ocg1, 5000)
	if !p.Due() {
		t.Fatal("not due with 6 players new since the last wave")
	}
	p.Wave()
	c.advance(3 * time.Second)
	if !p.Due() {
		t.Fatal("not due once the interval passed")
	}
}
