package duels

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// countMoves counts a duel's moves in the store.
func countMoves(t *testing.T, db *store.DB, duel int64) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM duel_moves WHERE duel_id = $1`, duel).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFencedTakeover: node a claims a room and writes its duel; node b takes it over (epoch 2);
// from then on every write of a for the room fails with ErrFenced and writes nothing (header,
// moves, finish, match), while b writes; a third node's takeover from a stale epoch fails, and
// one of another engine version is refused.
func TestFencedTakeover(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db), New(db)
		defer a.Close()
		defer b.Close()
		a.Fenced("node-a", "v1")
		b.Fenced("node-b", "v1")
		if _, err := a.Begin(ctx, Header{Room: "ROOM0001", DuelNo: 1}); !errors.Is(err, ErrFenced) {
			t.Fatalf("a header before the room is claimed: %v, want ErrFenced", err)
		}
		if e, err := a.Claim(ctx, "ROOM0001"); err != nil || e != 1 {
			t.Fatalf("claim: %d %v", e, err)
		}
		if _, err := b.Claim(ctx, "ROOM0001"); !errors.Is(err, ErrOwned) {
			t.Fatalf("b claims a's room: %v, want ErrOwned", err)
		}
		id, err := a.Begin(ctx, Header{Room: "ROOM0001", DuelNo: 1, Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		mid, err := a.BeginMatch(ctx, MatchState{Room: "ROOM0001", Phase: "duel"})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Append(ctx, id, []Entry{{Seq: 0}, {Seq: 1}}); err != nil {
			t.Fatal(err)
		}
		r, err := b.Owner(ctx, "ROOM0001")
		if err != nil || r.Owner != "node-a" || r.Epoch != 1 || r.Engine != "v1" {
			t.Fatalf("owner %+v %v", r, err)
		}
		if e, err := b.Takeover(ctx, "ROOM0001", r.Epoch); err != nil || e != 2 {
			t.Fatalf("takeover: %d %v", e, err)
		}
		for what, err := range map[string]error{
			"append": a.Append(ctx, id, []Entry{{Seq: 2}}),
			"finish": a.Finish(ctx, id, Result{Winner: "A", Finished: time.Now()}, nil),
			"match":  a.SaveMatch(ctx, mid, MatchState{Room: "ROOM0001", Phase: "over"}),
		} {
			if !errors.Is(err, ErrFenced) {
				t.Errorf("a's %s after the takeover: %v, want ErrFenced", what, err)
			}
		}
		if _, err := a.Begin(ctx, Header{Room: "ROOM0001", DuelNo: 2}); !errors.Is(err, ErrFenced) {
			t.Errorf("a's header after the takeover: %v, want ErrFenced", err)
		}
		if n := countMoves(t, db, id); n != 2 {
			t.Fatalf("%d moves after a's fenced append, want 2", n)
		}
		if err := b.Append(ctx, id, []Entry{{Seq: 2}}); err != nil {
			t.Fatalf("the new owner's append: %v", err)
		}
		c := New(db)
		defer c.Close()
		c.Fenced("node-c", "v1")
		if _, err := c.Takeover(ctx, "ROOM0001", 1); !errors.Is(err, ErrFenced) {
			t.Errorf("a takeover from a stale epoch: %v, want ErrFenced", err)
		}
		d := New(db)
		defer d.Close()
		d.Fenced("node-d", "v2")
		if _, err := d.Takeover(ctx, "ROOM0001", 2); !errors.Is(err, ErrIncompatible) {
			t.Errorf("a takeover by another engine version: %v, want ErrIncompatible", err)
		}
		if rs, err := b.OwnedBy(ctx, "node-b"); err != nil || len(rs) != 1 || rs[0].Room != "ROOM0001" || rs[0].Epoch != 2 {
			t.Errorf("OwnedBy(node-b) = %+v %v", rs, err)
		}
	})
}

// TestFencedRace: node a appends moves as fast as it can while node b takes the room over.
// Every append a was told succeeded is in the log, none that failed is, and none commits after
// the takeover has: what the new owner rebuilds from is every acknowledged move.
func TestFencedRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db), New(db)
		defer a.Close()
		defer b.Close()
		a.Fenced("node-a", "v1")
		b.Fenced("node-b", "v1")
		if _, err := a.Claim(ctx, "RACE0001"); err != nil {
			t.Fatal(err)
		}
		id, err := a.Begin(ctx, Header{Room: "RACE0001", DuelNo: 1, Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		var acked int
		var wg sync.WaitGroup
		wg.Add(1)
		taken := make(chan struct{})
		go func() {
			defer wg.Done()
			for seq := 0; ; seq++ {
				err := a.Append(ctx, id, []Entry{{Seq: seq}})
				if err == nil {
					acked++
					if acked == 20 {
						close(taken) // let b take over now, while a keeps appending
					}
					continue
				}
				if !errors.Is(err, ErrFenced) {
					t.Errorf("append %d: %v", seq, err)
				}
				return
			}
		}()
		<-taken
		if _, err := b.Takeover(ctx, "RACE0001", 1); err != nil {
			t.Fatal(err)
		}
		// What the new owner reads once its takeover has committed is final: no append of a
		// commits after it (on PostgreSQL the takeover waited for those that read epoch 1).
		atTakeover := countMoves(t, db, id)
		wg.Wait()
		if n := countMoves(t, db, id); n != acked || n != atTakeover {
			t.Fatalf("%d moves in the log, %d when the takeover committed, %d acknowledged", n, atTakeover, acked)
		}
	})
}

// TestHandoff (both backends): node a hands a room over (draining): the row keeps no owner at
// epoch 2, a's writes for the room are fenced, a second handoff fails, the room is listed by
// Orphans for b, which takes it over at epoch 3 and writes.
func TestHandoff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db), New(db)
		defer a.Close()
		defer b.Close()
		a.Fenced("node-a", "v1")
		b.Fenced("node-b", "v1")
		if _, err := a.Claim(ctx, "ROOM0002"); err != nil {
			t.Fatal(err)
		}
		id, err := a.Begin(ctx, Header{Room: "ROOM0002", DuelNo: 1, Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Append(ctx, id, []Entry{{Seq: 0}}); err != nil {
			t.Fatal(err)
		}
		if err := b.Handoff(ctx, "ROOM0002"); !errors.Is(err, ErrFenced) {
			t.Fatalf("b hands over a room it does not hold: %v, want ErrFenced", err)
		}
		if err := a.Handoff(ctx, "ROOM0002"); err != nil {
			t.Fatal(err)
		}
		if r, open, err := b.Unfinished(ctx, "ROOM0002"); err != nil || r.Owner != "" || r.Epoch != 2 || !open {
			t.Fatalf("after the handoff: %+v %v %v", r, open, err)
		}
		if err := a.Append(ctx, id, []Entry{{Seq: 1}}); !errors.Is(err, ErrFenced) {
			t.Fatalf("a appends after its handoff: %v, want ErrFenced", err)
		}
		if err := a.Handoff(ctx, "ROOM0002"); !errors.Is(err, ErrFenced) {
			t.Fatalf("a second handoff: %v, want ErrFenced", err)
		}
		orph, err := b.Orphans(ctx, map[string]bool{"node-a": true, "node-b": true})
		if err != nil || len(orph) != 1 || orph[0].Room != "ROOM0002" || orph[0].Owner != "" || orph[0].Epoch != 2 {
			t.Fatalf("orphans: %+v %v", orph, err)
		}
		if e, err := b.Takeover(ctx, "ROOM0002", orph[0].Epoch); err != nil || e != 3 {
			t.Fatalf("takeover of a handed room: %d %v", e, err)
		}
		if err := b.Append(ctx, id, []Entry{{Seq: 1}}); err != nil {
			t.Fatal(err)
		}
		if n := countMoves(t, db, id); n != 2 {
			t.Fatalf("%d moves, want 2 (a's before its handoff, b's after)", n)
		}
		if err := b.Finish(ctx, id, Result{Winner: "A", Finished: time.Now()}, nil); err != nil {
			t.Fatal(err)
		}
		if r, open, err := b.Unfinished(ctx, "ROOM0002"); err != nil || r.Owner != "node-b" || open {
			t.Fatalf("after the finish: %+v %v %v", r, open, err)
		}
	})
}

// TestClaimReusesAnOldRoomsRow: room codes are random and rows are kept, so a new room may get
// the code of an old room of another node. Its claim takes the old row over (epoch bumped, the
// old owner fenced) once the old room's duels and matches are all finished, or once a claim
// without any write is older than staleClaim; a room with an unfinished duel or match, or a
// fresh claim, stays its owner's (ErrOwned).
func TestClaimReusesAnOldRoomsRow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db), New(db)
		defer a.Close()
		defer b.Close()
		a.Fenced("node-a", "v1")
		b.Fenced("node-b", "v2")
		if _, err := a.Claim(ctx, "OLDROOM1"); err != nil {
			t.Fatal(err)
		}
		id, err := a.Begin(ctx, Header{Room: "OLDROOM1", DuelNo: 1, Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		mid, err := a.BeginMatch(ctx, MatchState{Room: "OLDROOM1", Phase: "duel"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Claim(ctx, "OLDROOM1"); !errors.Is(err, ErrOwned) {
			t.Fatalf("b claims a room whose duel and match go on: %v, want ErrOwned", err)
		}
		if err := a.Finish(ctx, id, Result{Winner: "A", Finished: time.Now()}, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Claim(ctx, "OLDROOM1"); !errors.Is(err, ErrOwned) {
			t.Fatalf("b claims a room whose match goes on: %v, want ErrOwned", err)
		}
		if err := a.SaveMatch(ctx, mid, MatchState{Room: "OLDROOM1", Phase: "over"}); err != nil {
			t.Fatal(err)
		}
		e, err := b.Claim(ctx, "OLDROOM1")
		if err != nil || e != 2 {
			t.Fatalf("b claims the code of a finished room: epoch %d, %v; want 2", e, err)
		}
		if r, err := b.Owner(ctx, "OLDROOM1"); err != nil || r.Owner != "node-b" || r.Epoch != 2 || r.Engine != "v2" {
			t.Fatalf("the row after the claim: %+v %v", r, err)
		}
		if _, err := a.Begin(ctx, Header{Room: "OLDROOM1", DuelNo: 2}); !errors.Is(err, ErrFenced) {
			t.Errorf("the old owner's next duel: %v, want ErrFenced", err)
		}
		nid, err := b.Begin(ctx, Header{Room: "OLDROOM1", DuelNo: 1, Started: time.Now()})
		if err != nil {
			t.Fatalf("the new room's duel: %v", err)
		}
		if err := b.Append(ctx, nid, []Entry{{Seq: 0}}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Claim(ctx, "OLDROOM1"); !errors.Is(err, ErrOwned) {
			t.Errorf("a claims the code back while b's duel goes on: %v, want ErrOwned", err)
		}

		// A claim that never wrote anything: kept while fresh, taken once stale.
		if _, err := a.Claim(ctx, "OLDROOM2"); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Claim(ctx, "OLDROOM2"); !errors.Is(err, ErrOwned) {
			t.Fatalf("b claims a room a has just claimed: %v, want ErrOwned", err)
		}
		old := ms(time.Now().Add(-staleClaim - time.Minute))
		if _, err := db.SQL().Exec(`UPDATE duel_rooms SET updated_ms = $1 WHERE room = 'OLDROOM2'`, old); err != nil {
			t.Fatal(err)
		}
		if e, err := b.Claim(ctx, "OLDROOM2"); err != nil || e != 2 {
			t.Fatalf("b claims a stale claim's code: epoch %d, %v; want 2", e, err)
		}
		if _, err := a.Begin(ctx, Header{Room: "OLDROOM2", DuelNo: 1}); !errors.Is(err, ErrFenced) {
			t.Errorf("the stale claimer's first duel: %v, want ErrFenced", err)
		}
	})
}

// TestPruneRoomRows: retention (Prune) deletes the rows of the rooms over before its time — the
// row older, every duel and match of the room finished before it, or a claim with none — and
// keeps the rows of rooms with an unfinished duel or match, a duel finished since, or a fresh
// claim. The old owner's write for a room whose row went is fenced, and another node may claim
// the code at once.
func TestPruneRoomRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := New(db), New(db)
		defer a.Close()
		defer b.Close()
		a.Fenced("node-a", "v1")
		b.Fenced("node-b", "v1")
		now := time.Now()
		cut := now.Add(-time.Hour)
		room := func(code string, finished time.Time, duel bool) {
			t.Helper()
			if _, err := a.Claim(ctx, code); err != nil {
				t.Fatal(err)
			}
			if duel {
				id, err := a.Begin(ctx, Header{Room: code, DuelNo: 1, Started: now.Add(-3 * time.Hour)})
				if err != nil {
					t.Fatal(err)
				}
				if !finished.IsZero() {
					if err := a.Finish(ctx, id, Result{Winner: "A", Finished: finished}, []byte("A: pass\n")); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		room("OVERLONG", now.Add(-2*time.Hour), true)
		room("STILLON1", time.Time{}, true)
		room("RECENT01", now.Add(-time.Minute), true)
		room("INMATCH1", now.Add(-2*time.Hour), true)
		if _, err := a.BeginMatch(ctx, MatchState{Room: "INMATCH1", Phase: "side"}); err != nil {
			t.Fatal(err)
		}
		room("OLDCLAIM", time.Time{}, false)
		if _, err := db.SQL().Exec(`UPDATE duel_rooms SET updated_ms = $1`, ms(now.Add(-2*time.Hour))); err != nil {
			t.Fatal(err)
		}
		room("NEWCLAIM", time.Time{}, false)
		st, err := b.Prune(ctx, cut)
		if err != nil {
			t.Fatal(err)
		}
		if st.Rooms != 2 {
			t.Errorf("prune: %+v, want the rows of OVERLONG and OLDCLAIM deleted", st)
		}
		for code, kept := range map[string]bool{"OVERLONG": false, "OLDCLAIM": false, "STILLON1": true, "RECENT01": true,
			"INMATCH1": true, "NEWCLAIM": true} {
			_, err := a.Owner(ctx, code)
			if got := err == nil; got != kept {
				t.Errorf("room %s: row kept %v, want %v (%v)", code, got, kept, err)
			}
		}
		if _, err := a.Begin(ctx, Header{Room: "OVERLONG", DuelNo: 2}); !errors.Is(err, ErrFenced) {
			t.Errorf("the old owner's duel in a room whose row was pruned: %v, want ErrFenced", err)
		}
		if e, err := b.Claim(ctx, "OVERLONG"); err != nil || e != 1 {
			t.Errorf("b claims the freed code: epoch %d, %v", e, err)
		}
		if st, err := b.Prune(ctx, cut); err != nil || st.Rooms != 0 {
			t.Errorf("a second prune: %+v %v", st, err)
		}
	})
}
