package ladder

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/rating"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

var ctx = context.Background()

// users registers accounts with a cheap hash and returns their ids.
func users(t *testing.T, db *store.DB, names ...string) []int64 {
	t.Helper()
	svc, err := account.New(db, account.Options{Hash: account.HashParams{MemoryKiB: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, n := range names {
		u, err := svc.Register(ctx, n, "a good long password")
		if err != nil {
			t.Fatalf("registering %s: %v", n, err)
		}
		ids = append(ids, int64(u.ID))
	}
	return ids
}

func newLadder(db *store.DB) *Ladder {
	t0 := time.Unix(1_800_000_000, 0)
	return New(db, Options{Now: func() time.Time { return t0 }, Repeats: noRepeats})
}

// played is the play of a real duel (fairplay.Real), for the tests of what a rating does.
var played = fairplay.Play{Turns: 8, Decisions: [2]int{25, 20}}

// noRepeats counts every result of a pair in full: the tests that record many results of one
// pair test other things (races, the queue) than the repeats' weights (fairplay_test.go does).
var noRepeats = fairplay.Repeats{Window: time.Hour, Full: 1 << 30, Max: 1 << 30}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestRecordRatesBothAndIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		l := newLadder(db)
		res := Result{Duel: 7, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[0], ids[1]}, Winner: "A",
			Reason: "conceded", Decks: [2]string{"yugi-40", ""}}
		got, err := l.Record(ctx, res)
		if err != nil {
			t.Fatal(err)
		}
		wa, wb, _ := rating.Default.Game(rating.New(), rating.New(), rating.Win)
		if !got.New || !near(got.After[0].R, wa.R) || !near(got.After[1].R, wb.R) || got.After[0].R <= 1500 {
			t.Fatalf("first record = %+v; want new, A at %v, B at %v", got, wa.R, wb.R)
		}
		ra, _ := l.Rating(ctx, ids[0], "ocg", Bo1)
		rb, _ := l.Rating(ctx, ids[1], "ocg", Bo1)
		if !near(ra.R, wa.R) || !near(rb.R, wb.R) || !near(ra.Sigma, wa.Sigma) {
			t.Fatalf("stored ratings %v %v; want %v %v", ra, rb, wa, wb)
		}
		// The same duel again, even with another result, changes nothing.
		res.Winner = "B"
		again, err := l.Record(ctx, res)
		if err != nil {
			t.Fatal(err)
		}
		if again.New || again.Winner != "A" || !near(again.After[0].R, wa.R) || again.Decks[1] != "?" {
			t.Fatalf("second record = %+v; want the stored result (A won, deck ?), not new", again)
		}
		ra2, _ := l.Rating(ctx, ids[0], "ocg", Bo1)
		if ra2 != ra {
			t.Fatalf("rating changed on a duplicate: %v -> %v", ra, ra2)
		}
		var n int
		db.SQL().QueryRowContext(ctx, `SELECT games FROM ladder_ratings WHERE account_id = $1`, ids[0]).Scan(&n)
		if n != 1 {
			t.Fatalf("games = %d after one duel recorded twice", n)
		}
		// Another queue has its own rating.
		if r, _ := l.Rating(ctx, ids[0], "ocg", Bo3); r != rating.New() {
			t.Fatalf("bo3 rating = %v; want a new rating", r)
		}
	})
}

func TestRecordRefusesBadResults(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		l := newLadder(db)
		ok := Result{Duel: 1, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[0], ids[1]}, Winner: "draw"}
		for name, mod := range map[string]func(*Result){
			"no duel":      func(r *Result) { r.Duel = 0 },
			"no ruleset":   func(r *Result) { r.Ruleset = "" },
			"format":       func(r *Result) { r.Format = "bo5" },
			"guest":        func(r *Result) { r.Accounts[1] = 0 },
			"self":         func(r *Result) { r.Accounts[1] = r.Accounts[0] },
			"winner":       func(r *Result) { r.Winner = "C" },
			"lower winner": func(r *Result) { r.Winner = "a" },
		} {
			r := ok
			mod(&r)
			if _, err := l.Record(ctx, r); !errors.Is(err, ErrBadResult) {
				t.Errorf("%s: err = %v; want ErrBadResult", name, err)
			}
		}
		var n int
		db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_ratings`).Scan(&n)
		if n != 0 {
			t.Fatalf("%d ratings written by refused results", n)
		}
		// An account that does not exist breaks the foreign key: nothing is written at all.
		r := ok
		r.Accounts[1] = 999999
		if _, err := l.Record(ctx, r); err == nil {
			t.Fatal("a result against a missing account was recorded")
		}
		db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_ratings`).Scan(&n)
		var m int
		db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_results`).Scan(&m)
		if n != 0 || m != 0 {
			t.Fatalf("a failed result left %d ratings and %d results: not atomic", n, m)
		}
	})
}

func TestRecordIsAtomic(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		l := newLadder(db)
		// A results table without the result's columns makes the result's insert fail after
		// both ratings were written in the same transaction: they must roll back with it.
		if _, err := db.SQL().ExecContext(ctx, `ALTER TABLE ladder_results RENAME TO ladder_results_away`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, `CREATE TABLE ladder_results (duel_id BIGINT PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		_, err := l.Record(ctx, Result{Duel: 5, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[0], ids[1]}, Winner: "A"})
		if err == nil {
			t.Fatal("recording into a broken results table succeeded")
		}
		var n int
		db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_ratings`).Scan(&n)
		if n != 0 {
			t.Fatalf("the ratings were written (%d rows) though the result was not: not one transaction", n)
		}
	})
}

func TestRacingResults(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby", "carol")
		l := newLadder(db)
		// The same duel reported by two goroutines at once: rated once.
		var wg sync.WaitGroup
		news := make([]bool, 8)
		errs := make([]error, 8)
		for i := range news {
			wg.Go(func() {
				r, err := l.Record(ctx, Result{Duel: 100, Ruleset: "ocg", Format: Bo1, Play: played,
					Accounts: [2]int64{ids[0], ids[1]}, Winner: "A"})
				news[i], errs[i] = r.New, err
			})
		}
		wg.Wait()
		n := 0
		for i := range news {
			if errs[i] != nil {
				t.Fatalf("racing record %d: %v", i, errs[i])
			}
			if news[i] {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("duel 100 was rated %d times by 8 racing calls", n)
		}
		// Two different duels of one player racing: both count, neither is lost.
		for i := range 10 {
			wg.Go(func() {
				opp := ids[1+i%2]
				if _, err := l.Record(ctx, Result{Duel: int64(200 + i), Ruleset: "ocg", Format: Bo1, Play: played,
					Accounts: [2]int64{ids[0], opp}, Winner: "A"}); err != nil {
					t.Errorf("duel %d: %v", 200+i, err)
				}
			})
		}
		wg.Wait()
		var games, wins int
		db.SQL().QueryRowContext(ctx, `SELECT games, wins FROM ladder_ratings WHERE account_id = $1`, ids[0]).Scan(&games, &wins)
		if games != 11 || wins != 11 {
			t.Fatalf("alice has %d games, %d wins; want 11 and 11 (a racing update was lost)", games, wins)
		}
		var b1, c1 int
		db.SQL().QueryRowContext(ctx, `SELECT games FROM ladder_ratings WHERE account_id = $1`, ids[1]).Scan(&b1)
		db.SQL().QueryRowContext(ctx, `SELECT games FROM ladder_ratings WHERE account_id = $1`, ids[2]).Scan(&c1)
		if b1 != 6 || c1 != 5 {
			t.Fatalf("bobby %d games, carol %d; want 6 and 5", b1, c1)
		}
		// The stored rating is the chain of the results in the order they committed: replaying
		// the stored before/after figures must link up.
		rows, err := db.SQL().QueryContext(ctx, `SELECT a_before_r, a_after_r FROM ladder_results
			WHERE account_a = $1 ORDER BY a_before_r`, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		prev := 1500.0
		for rows.Next() {
			var b, a float64
			rows.Scan(&b, &a)
			if !near(b, prev) {
				t.Fatalf("a result started from %v, not from the rating before it (%v): an update was lost", b, prev)
			}
			prev = a
		}
	})
}

func TestLeaderboardAndProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby", "carol", "dave1")
		l := newLadder(db)
		yugi, _ := decks.Get("yugi-40")
		yl := DeckLabel(yugi.Main, yugi.Extra)
		if yl != "yugi-40" {
			t.Fatalf("DeckLabel(yugi-40's cards) = %q", yl)
		}
		duel := int64(0)
		play := func(a, b int, winner, reason string) {
			t.Helper()
			duel++
			if _, err := l.Record(ctx, Result{Duel: duel, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[a], ids[b]},
				Winner: winner, Reason: reason, Decks: [2]string{yl, "deck-1234abcd"},
				Finished: time.Unix(1_800_000_000+duel, 0)}); err != nil {
				t.Fatal(err)
			}
		}
		play(0, 1, "A", "LP")       // alice beats bobby
		play(0, 2, "A", "conceded") // alice beats carol by surrender
		play(1, 2, "B", "left")     // bobby abandons against carol: a loss
		play(2, 0, "draw", "draw")  // carol and alice draw (alice as B, with deck-1234abcd)
		b, err := l.Leaderboard(ctx, "ocg", Bo1, ids[1])
		if err != nil {
			t.Fatal(err)
		}
		if b.Players != 3 || len(b.Top) != 3 || b.Top[0].Name != "alice" || b.Top[2].Name != "bobby" {
			t.Fatalf("board = %+v; want alice first, bobby last of 3", b)
		}
		if b.Me == nil || b.Me.Rank != 3 || b.Me.Account != ids[1] || b.Me.Losses != 2 {
			t.Fatalf("bobby's own line = %+v; want rank 3 with 2 losses", b.Me)
		}
		for i := 1; i < len(b.Top); i++ {
			if b.Top[i].Rating > b.Top[i-1].Rating || b.Top[i].Rank != i+1 {
				t.Fatalf("board out of order: %+v", b.Top)
			}
		}
		// dave has no rating: no own line; a guest neither.
		if b, _ := l.Leaderboard(ctx, "ocg", Bo1, ids[3]); b.Me != nil {
			t.Fatalf("an unrated player has a line: %+v", b.Me)
		}
		// rank() agrees with the board for each player.
		for _, s := range b.Top {
			r, ok, err := l.rank(ctx, "ocg", Bo1, s.Account)
			if err != nil || !ok || r.Rank != s.Rank {
				t.Fatalf("rank of %s = %d (%v); board says %d", s.Name, r.Rank, err, s.Rank)
			}
		}
		if _, err := l.Leaderboard(ctx, "ocg", "bo9", 0); err == nil {
			t.Fatal("a leaderboard of format bo9")
		}

		p, err := l.Profile(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != "alice" || len(p.Ratings) != 1 || p.Ratings[0].Games != 3 || p.Ratings[0].Rank != 1 {
			t.Fatalf("profile = %+v", p)
		}
		h := p.Ratings[0].History
		if len(h) != 3 || h[0].Duel != 1 || h[2].Duel != 4 || h[2].Rating != p.Ratings[0].Rating || h[0].Rating <= 1500 {
			t.Fatalf("history = %+v; want duels 1, 2, 4 oldest first ending at the rating %v", h, p.Ratings[0].Rating)
		}
		if len(p.Recent) != 3 || p.Recent[0].Duel != 4 || p.Recent[0].Result != "draw" || p.Recent[0].Opponent != "carol" ||
			p.Recent[2].Result != "win" || p.Recent[2].Change <= 0 || p.Recent[1].Reason != "conceded" {
			t.Fatalf("recent = %+v", p.Recent)
		}
		want := []DeckRate{{Deck: "yugi-40", Games: 2, Wins: 2, WinRate: 1}, {Deck: "deck-1234abcd", Games: 1, Draws: 1}}
		if fmt.Sprint(p.Decks) != fmt.Sprint(want) {
			t.Fatalf("decks = %+v; want %+v", p.Decks, want)
		}
		pb, _ := l.Profile(ctx, ids[1])
		if len(pb.Decks) != 2 || pb.Decks[0].Losses != 1 || pb.Decks[1].Losses != 1 {
			t.Fatalf("bobby's decks = %+v", pb.Decks)
		}
		if _, err := l.Profile(ctx, 424242); !errors.Is(err, ErrNoAccount) {
			t.Fatalf("profile of no account: %v", err)
		}
		if _, err := l.Result(ctx, 999); !errors.Is(err, ErrNotRated) {
			t.Fatalf("result of an unrated duel: %v", err)
		}
	})
}

func TestDeckLabelStable(t *testing.T) {
	a := DeckLabel(nil, nil)
	if a[:5] != "deck-" || len(a) != 13 {
		t.Fatalf("label %q", a)
	}
	kaiba, err := decks.Get("kaiba-40")
	if err != nil {
		t.Fatal(err)
	}
	rev := kaiba.Clone()
	for i, j := 0, len(rev.Main)-1; i < j; i, j = i+1, j-1 {
		rev.Main[i], rev.Main[j] = rev.Main[j], rev.Main[i]
	}
	if DeckLabel(rev.Main, rev.Extra) != "kaiba-40" {
		t.Fatalf("a shuffled precon is %q", DeckLabel(rev.Main, rev.Extra))
	}
	other := kaiba.Clone()
	other.Main = other.Main[1:]
	x, y := DeckLabel(other.Main, other.Extra), DeckLabel(other.Main, other.Extra)
	if x != y || x == "kaiba-40" || x == a {
		t.Fatalf("a changed deck's labels %q %q", x, y)
	}
}

// TestIdleWidensRD: a player who has not played for a while is rated from a wider RD (one
// rating period of idleness per IdlePeriod, rating.System.Idle), so the next result moves the
// rating more; a game played at once after another adds no idleness.
func TestIdleWidensRD(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		t0 := time.Unix(1_800_000_000, 0)
		l := New(db, Options{Repeats: noRepeats})
		res := func(duel int64, at time.Time) Recorded {
			t.Helper()
			r, err := l.Record(ctx, Result{Duel: duel, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[0], ids[1]},
				Winner: "A", Finished: at})
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		first := res(1, t0)
		second := res(2, t0)
		if !near(second.Before[0].RD, first.After[0].RD) {
			t.Fatalf("at once RD %v became %v", first.After[0].RD, second.Before[0].RD)
		}
		third := res(3, t0.Add(100*IdlePeriod))
		want := rating.Default.Idle(second.After[0], 100)
		if !near(third.Before[0].RD, want.RD) || third.Before[0].RD <= second.After[0].RD {
			t.Fatalf("after 100 idle periods RD %v became %v; want %v", second.After[0].RD, third.Before[0].RD, want.RD)
		}
	})
}
