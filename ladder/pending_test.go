package ladder

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// games returns an account's stored game count in ocg/bo1 (0: no rating row).
func games(t *testing.T, db *store.DB, acc int64) int {
	t.Helper()
	var n int
	err := db.SQL().QueryRowContext(ctx, `SELECT games FROM ladder_ratings WHERE account_id = $1 AND ruleset = 'ocg'
		AND format = 'bo1'`, acc).Scan(&n)
	if err != nil {
		return 0
	}
	return n
}

func countRows(t *testing.T, db *store.DB, table string) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var errInjected = errors.New("injected store failure")

// TestPendingRetryRatesOnce: a rating that fails is kept in the queue (Finish does not fail),
// waits for its backoff, and a retry rates it exactly once; reporting it again, or applying the
// queue again, changes nothing.
func TestPendingRetryRatesOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		now := time.Unix(1_800_000_000, 0)
		l := New(db, Options{Now: func() time.Time { return now }, Repeats: noRepeats})
		fail := 2
		l.failRate = func(Result) error {
			if fail > 0 {
				fail--
				return errInjected
			}
			return nil
		}
		res := Result{Duel: 41, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[0], ids[1]}, Winner: "B",
			Reason: "time", Decks: [2]string{"yugi-40", "kaiba-40"}, Finished: now}
		if err := l.Finish(ctx, res); err != nil {
			t.Fatalf("Finish with a failing rating: %v, want nil (queued)", err)
		}
		if _, err := l.Result(ctx, 41); !errors.Is(err, ErrNotRated) {
			t.Fatalf("rated despite the failure: %v", err)
		}
		p, err := l.PendingResults(ctx)
		if err != nil || len(p) != 1 || p[0].Duel != 41 || p[0].Winner != "B" || p[0].Decks[1] != "kaiba-40" ||
			p[0].Accounts != res.Accounts || !p[0].Finished.Equal(now) {
			t.Fatalf("queue = %+v, %v; want duel 41 as reported", p, err)
		}
		// The second attempt fails too: it is counted and put off.
		a, err := l.ApplyPending(ctx)
		if err != nil || a.Failed != 1 || a.Rated != 0 || !errors.Is(a.Err, errInjected) {
			t.Fatalf("ApplyPending = %+v, %v; want one failure", a, err)
		}
		p, _ = l.PendingResults(ctx)
		if len(p) != 1 || p[0].Attempts != 1 || !p[0].Next.After(now) || p[0].LastError == "" {
			t.Fatalf("after a failed retry the queue is %+v; want one attempt, put off, with its error", p)
		}
		// Not due yet: nothing is tried.
		if a, _ := l.ApplyPending(ctx); a != (Applied{}) {
			t.Fatalf("ApplyPending before the backoff = %+v, want nothing", a)
		}
		now = now.Add(retryMost)
		if a, err := l.ApplyPending(ctx); err != nil || a.Rated != 1 || a.Failed != 0 {
			t.Fatalf("ApplyPending after the backoff = %+v, %v; want one rated", a, err)
		}
		if a, _ := l.ApplyPending(ctx); a != (Applied{}) {
			t.Fatalf("ApplyPending on an empty queue = %+v", a)
		}
		if err := l.Finish(ctx, res); err != nil { // reported again (a restart, say)
			t.Fatal(err)
		}
		rec, err := l.Result(ctx, 41)
		if err != nil || rec.Winner != "B" || rec.After[1].R <= 1500 {
			t.Fatalf("stored result %+v, %v", rec, err)
		}
		if ga, gb, q := games(t, db, ids[0]), games(t, db, ids[1]), countRows(t, db, "ladder_pending"); ga != 1 || gb != 1 || q != 0 {
			t.Fatalf("games %d and %d, %d queued; want exactly one rating update and an empty queue", ga, gb, q)
		}
	})
}

// TestPendingSurvivesRestart: results whose ratings failed stay in the database; a new process
// (the database closed and opened again) and a new service on the same database apply them
// when their queue starts.
func TestPendingSurvivesRestart(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		open := func() *store.DB {
			db, err := store.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			return db
		}
		db := open()
		ids := users(t, db, "alice", "bobby", "carol")
		l := newLadder(db)
		l.failRate = func(Result) error { return errInjected }
		for i, pair := range [][2]int64{{ids[0], ids[1]}, {ids[1], ids[2]}, {ids[2], ids[0]}} {
			if err := l.Finish(ctx, Result{Duel: int64(100 + i), Ruleset: "ocg", Format: Bo1, Play: played, Accounts: pair, Winner: "A"}); err != nil {
				t.Fatal(err)
			}
		}
		db.Close() // the process ends with three ratings not applied

		db = open()
		defer db.Close()
		if q := countRows(t, db, "ladder_pending"); q != 3 {
			t.Fatalf("%d results queued after the restart, want 3", q)
		}
		// One on a new process: the start-up round applies the first.
		l2 := newLadder(db)
		l2.failRate = func(r Result) error {
			if r.Duel != 100 {
				return errInjected // only the first gets through this time
			}
			return nil
		}
		if a, err := l2.ApplyPending(ctx); err != nil || a.Rated != 1 || a.Failed != 2 {
			t.Fatalf("first start-up = %+v, %v; want 1 rated, 2 failed", a, err)
		}
		// Another service on the same database, with its queue running: it applies the rest once
		// they are due.
		now := time.Unix(1_800_000_000, 0).Add(time.Hour)
		l3 := New(db, Options{Now: func() time.Time { return now }, Repeats: noRepeats})
		rctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); l3.RunPending(rctx, 10*time.Millisecond, t.Logf) }()
		deadline := time.Now().Add(30 * time.Second)
		for countRows(t, db, "ladder_pending") > 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
		<-done
		if q, r := countRows(t, db, "ladder_pending"), countRows(t, db, "ladder_results"); q != 0 || r != 3 {
			t.Fatalf("after the restarts: %d queued, %d rated; want 0 and 3", q, r)
		}
		for _, id := range ids {
			if g := games(t, db, id); g != 2 {
				t.Fatalf("account %d has %d games, want 2", id, g)
			}
		}
	})
}

// TestPendingRacingWorkers: two workers (on two connections to the database) apply the same
// queue at the same time: every result is rated exactly once.
func TestPendingRacingWorkers(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db2, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		ids := users(t, db, "alice", "bobby", "carol", "dave")
		l := newLadder(db)
		l.failRate = func(Result) error { return errInjected }
		const n = 24
		want := map[int64]int{}
		for i := range n {
			pair := [2]int64{ids[i%4], ids[(i+1+i/4)%4]}
			if pair[0] == pair[1] {
				pair[1] = ids[(i+2)%4]
			}
			want[pair[0]]++
			want[pair[1]]++
			if err := l.Enqueue(ctx, Result{Duel: int64(1000 + i), Ruleset: "ocg", Format: Bo1, Play: played, Accounts: pair, Winner: "A"}); err != nil {
				t.Fatal(err)
			}
		}
		var rated, before atomic.Int64
		var wg sync.WaitGroup
		for _, d := range []*store.DB{db, db2} {
			w := newLadder(d)
			wg.Go(func() {
				a, err := w.ApplyPending(ctx)
				if err != nil || a.Failed != 0 {
					t.Errorf("worker: %+v, %v", a, err)
				}
				rated.Add(int64(a.Rated))
				before.Add(int64(a.Before))
			})
		}
		wg.Wait()
		if rated.Load() != n {
			t.Fatalf("the workers rated %d results (and found %d rated), want %d rated in all", rated.Load(), before.Load(), n)
		}
		if q, r := countRows(t, db, "ladder_pending"), countRows(t, db, "ladder_results"); q != 0 || r != n {
			t.Fatalf("%d queued, %d rated; want 0 and %d", q, r, n)
		}
		for acc, g := range want {
			if got := games(t, db, acc); got != g {
				t.Fatalf("account %d has %d games, want %d", acc, got, g)
			}
		}
	})
}

// TestEnqueueRefusesBadResults: a result that cannot be rated is not queued.
func TestEnqueueRefusesBadResults(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice")
		l := newLadder(db)
		err := l.Enqueue(ctx, Result{Duel: 5, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[0], ids[0]}, Winner: "A"})
		if !errors.Is(err, ErrBadResult) || countRows(t, db, "ladder_pending") != 0 {
			t.Fatalf("Enqueue(self) = %v; want ErrBadResult and nothing queued", err)
		}
	})
}
