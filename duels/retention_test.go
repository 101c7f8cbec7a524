package duels

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestPrune (both backends): of five duels — one finished before the window, one finished
// within it, one unfinished since long ago, one finished long ago in a room whose best-of-3
// match goes on, one finished long ago without a replay — only the first loses its moves; its replay comes back whole from its
// compressed copy and Moves says it was pruned; the others' moves and replays are untouched.
// A second Prune, and two at once, prune nothing more.
func TestPrune(t *testing.T) { storetest.Each(t, testPrune) }

func testPrune(t *testing.T, db *store.DB) {
	ctx := context.Background()
	l := New(db)
	defer l.Close()
	now := time.Now()
	replay := []byte(strings.Repeat("A: pass\nB: summon \"Kuriboh\"@A:H\n", 200))
	var duelOf func(room string, finished time.Time, moves int, replay []byte) int64
	duel := func(room string, finished time.Time, moves int) int64 {
		t.Helper()
		return duelOf(room, finished, moves, replay)
	}
	duelOf = func(room string, finished time.Time, moves int, replay []byte) int64 {
		t.Helper()
		id, err := l.Begin(ctx, Header{Room: room, DuelNo: 1, Ruleset: "ocg", Started: now.Add(-48 * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		es := make([]Entry, moves)
		for i := range es {
			es[i] = Entry{Seq: i, Option: i % 3, BankA: 1000, BankB: 2000, At: now}
		}
		if err := l.Append(ctx, id, es); err != nil {
			t.Fatal(err)
		}
		if !finished.IsZero() {
			if err := l.Finish(ctx, id, Result{Winner: "A", Reason: "lp", Finished: finished}, replay); err != nil {
				t.Fatal(err)
			}
		}
		return id
	}
	old := duel("OLDROOM1", now.Add(-2*time.Hour), 30)
	recent := duel("NEWROOM1", now.Add(-10*time.Minute), 20)
	open := duel("OPENROOM", time.Time{}, 10)
	if _, err := l.BeginMatch(ctx, MatchState{Room: "MATCHRM1", Phase: "side"}); err != nil {
		t.Fatal(err)
	}
	inMatch := duel("MATCHRM1", now.Add(-3*time.Hour), 5)
	noReplay := duelOf("NOREPLAY", now.Add(-4*time.Hour), 7, nil) // its moves are all there is
	moves := func(id int64) int {
		var n int
		if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM duel_moves WHERE duel_id = $1`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	st, err := l.Prune(ctx, now.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if st.Duels != 1 || st.Moves != 30 || st.Bytes != int64(len(replay)) || st.Kept <= 0 || st.Kept >= st.Bytes {
		t.Fatalf("prune: %+v, want the old duel's 30 moves and its replay compressed", st)
	}
	for id, want := range map[int64]int{old: 0, recent: 20, open: 10, inMatch: 5, noReplay: 7} {
		if got := moves(id); got != want {
			t.Errorf("duel %d has %d moves after the prune, want %d", id, got, want)
		}
	}
	if _, rp, err := l.Replay(ctx, old); err != nil || string(rp) != string(replay) {
		t.Fatalf("the pruned duel's replay: %d bytes, %v", len(rp), err)
	}
	if h, es, err := l.Moves(ctx, old); !errors.Is(err, ErrPruned) || h.Room != "OLDROOM1" || es != nil {
		t.Fatalf("the pruned duel's moves: %+v %v %v", h, es, err)
	}
	if _, es, err := l.Moves(ctx, recent); err != nil || len(es) != 20 {
		t.Fatalf("the recent duel's moves: %d %v", len(es), err)
	}
	if ods, err := l.Open(ctx); err != nil || len(ods) != 1 || ods[0].ID != open || len(ods[0].Entries) != 10 {
		t.Fatalf("open after the prune: %+v %v", ods, err)
	}

	// Again, and by two logs at once (two nodes): nothing more is pruned.
	if st, err := l.Prune(ctx, now.Add(-time.Hour)); err != nil || st.Duels != 0 {
		t.Fatalf("a second prune: %+v %v", st, err)
	}
	l2 := New(db)
	defer l2.Close()
	var wg sync.WaitGroup
	sts := make([]PruneStats, 2)
	errs := make([]error, 2)
	for i, lg := range []*Log{l, l2} {
		wg.Add(1)
		go func() { defer wg.Done(); sts[i], errs[i] = lg.Prune(ctx, now.Add(-time.Minute)) }()
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if n := sts[0].Duels + sts[1].Duels; n != 1 {
		t.Fatalf("two prunes at once pruned %d duels (%+v), want the recent one once", n, sts)
	}
	if moves(recent) != 0 || moves(open) != 10 || moves(inMatch) != 5 || moves(noReplay) != 7 {
		t.Fatalf("after the window moved: recent %d, open %d, in the match %d, without a replay %d moves",
			moves(recent), moves(open), moves(inMatch), moves(noReplay))
	}
}
