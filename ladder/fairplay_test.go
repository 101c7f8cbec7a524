package ladder

import (
	"testing"
	"time"

	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/rating"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// fairLadder is a ladder with the default fair-play rules on a clock the test moves.
func fairLadder(db *store.DB, now *time.Time) *Ladder {
	return New(db, Options{Now: func() time.Time { return *now }})
}

// TestConcessionFarmMovesNoRating is issue 35's rating farm: a second account accepts rated
// duels and concedes at once, 30 times (1500 → 1916.5 and rank 1 before). The farmer's rating
// does not move and it is not on the leaderboard; the account that conceded is rated its losses
// (conceding early is no escape from a lost duel), fewer and fewer as they repeat.
func TestConcessionFarmMovesNoRating(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "farmer", "feeder")
		now := time.Unix(1_800_000_000, 0)
		l := fairLadder(db, &now)
		for i := range 30 {
			rec, err := l.Record(ctx, Result{Duel: int64(500 + i), Ruleset: "ocg", Format: Bo1,
				Accounts: [2]int64{ids[0], ids[1]}, Winner: "A", Reason: "conceded",
				Play: fairplay.Play{Turns: 1, Decisions: [2]int{0, 1}}, Finished: now})
			if err != nil {
				t.Fatal(err)
			}
			if rec.Weight[0] != 0 || rec.After[0] != rec.Before[0] {
				t.Fatalf("concession %d moved the winner's rating: %+v", i+1, rec)
			}
			now = now.Add(70 * time.Millisecond) // 30 in 2.1 s
		}
		if r, _ := l.Rating(ctx, ids[0], "ocg", Bo1); r != rating.New() {
			t.Fatalf("the farmer's rating after 30 conceded duels: %+v, want the new player's %+v", r, rating.New())
		}
		board, err := l.Leaderboard(ctx, "ocg", Bo1, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range board.Top {
			if e.Account == ids[0] {
				t.Fatalf("the farmer is on the leaderboard: %+v", e)
			}
		}
		feeder, _ := l.Rating(ctx, ids[1], "ocg", Bo1)
		if feeder.R >= 1500 {
			t.Fatalf("the account that conceded 30 times is at %v, not below 1500", feeder.R)
		}
	})
}

// TestShortDuelsAreNotRated: a duel short of the minimum of a real one (fairplay.Real) that no one
// surrendered — a draw, or a win by the rules in the first turns — moves neither rating; one seat
// that never decided anything makes a long duel short too.
func TestShortDuelsAreNotRated(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "quick", "draw")
		now := time.Unix(1_800_000_000, 0)
		l := fairLadder(db, &now)
		for i, r := range []Result{
			{Winner: "draw", Reason: "both", Play: fairplay.Play{Turns: 2, Decisions: [2]int{30, 30}}},
			{Winner: "A", Reason: "lp", Play: fairplay.Play{Turns: 4, Decisions: [2]int{40, 30}}},
			{Winner: "B", Reason: "lp", Play: fairplay.Play{Turns: 9, Decisions: [2]int{40, 3}}},
		} {
			r.Duel, r.Ruleset, r.Format, r.Accounts, r.Finished = int64(600+i), "ocg", Bo1, [2]int64{ids[0], ids[1]}, now
			rec, err := l.Record(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Weight != [2]float64{} || rec.After != rec.Before {
				t.Fatalf("short duel %d (%+v) was rated: %+v", i, r.Play, rec)
			}
		}
		for _, id := range ids {
			if r, _ := l.Rating(ctx, id, "ocg", Bo1); r != rating.New() {
				t.Fatalf("account %d's rating moved: %+v", id, r)
			}
		}
	})
}

// TestRepeatedResultsCountLess: real duels of one pair within 24 hours count 1, 1, 1/2, 1/4, 1/8,
// then nothing (in any ruleset or format); another opponent counts in full; a day later the
// pair counts in full again.
func TestRepeatedResultsCountLess(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "one", "two", "three")
		now := time.Unix(1_800_000_000, 0)
		l := fairLadder(db, &now)
		record := func(duel int64, a, b int64, format string) Recorded {
			t.Helper()
			rec, err := l.Record(ctx, Result{Duel: duel, Ruleset: "ocg", Format: format, Accounts: [2]int64{a, b},
				Winner: "A", Reason: "lp", Play: played, Finished: now})
			if err != nil {
				t.Fatal(err)
			}
			now = now.Add(time.Hour)
			return rec
		}
		for i, want := range []float64{1, 1, 0.5, 0.25, 0.125, 0, 0} {
			a, b := ids[0], ids[1]
			if i%2 == 1 {
				a, b = b, a // either seat
			}
			format := []string{Bo1, Bo3}[i%3/2]
			rec := record(int64(700+i), a, b, format)
			if rec.Weight != [2]float64{want, want} {
				t.Fatalf("result %d of the pair: weight %v, want %v", i+1, rec.Weight, want)
			}
			if want == 0 && rec.After != rec.Before {
				t.Fatalf("a result of weight 0 moved a rating: %+v", rec)
			}
			if want > 0 && want < 1 {
				full, _, _ := rating.Default.Game(rec.Before[0], rec.Before[1], rating.Win)
				if got, max := rec.After[0].R-rec.Before[0].R, full.R-rec.Before[0].R; !near(got, want*max) {
					t.Fatalf("result %d moved the winner %.2f, want %v of the full %.2f", i+1, got, want, max)
				}
			}
		}
		if rec := record(750, ids[0], ids[2], Bo1); rec.Weight != [2]float64{1, 1} {
			t.Fatalf("another opponent's first result: weight %v, want 1", rec.Weight)
		}
		now = now.Add(24 * time.Hour)
		if rec := record(751, ids[0], ids[1], Bo1); rec.Weight != [2]float64{1, 1} {
			t.Fatalf("the pair a day later: weight %v, want 1", rec.Weight)
		}
	})
}

// TestQueuedResultKeepsItsPlay: the queue of ratings keeps a result's play, so a result rated
// after a restart is weighed as it was played; a row queued before play was measured (turns -1)
// counts as real.
func TestQueuedResultKeepsItsPlay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "early", "late")
		now := time.Unix(1_800_000_000, 0)
		l := fairLadder(db, &now)
		short := Result{Duel: 801, Ruleset: "ocg", Format: Bo1, Accounts: [2]int64{ids[0], ids[1]}, Winner: "A",
			Reason: "lp", Play: fairplay.Play{Turns: 2, Decisions: [2]int{9, 9}}, Finished: now}
		if err := l.Enqueue(ctx, short); err != nil {
			t.Fatal(err)
		}
		legacy := Result{Duel: 802, Ruleset: "ocg", Format: Bo1, Accounts: [2]int64{ids[0], ids[1]}, Winner: "A",
			Reason: "lp", Finished: now}
		if err := l.Enqueue(ctx, legacy); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, `UPDATE ladder_pending SET play_turns = -1 WHERE result_id = 802`); err != nil {
			t.Fatal(err)
		}
		got, err := l.PendingResults(ctx)
		if err != nil || len(got) != 2 || got[0].Play != short.Play || got[1].Play.Turns != -1 {
			t.Fatalf("queued %+v, %v; want the short duel's play and the legacy row's -1", got, err)
		}
		if _, err := New(db, Options{Now: func() time.Time { return now }}).ApplyPending(ctx); err != nil {
			t.Fatal(err)
		}
		r1, _ := l.Result(ctx, 801)
		r2, _ := l.Result(ctx, 802)
		if r1.Weight != [2]float64{} || r2.Weight != [2]float64{1, 1} {
			t.Fatalf("weights after the queue: short %v (want 0), legacy %v (want 1)", r1.Weight, r2.Weight)
		}
	})
}
