package main

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/collection"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
)

// TestEarningLog: a finished duel pays both accounts against each other with the duel's play
// (win + the daily bonus, loss), a seat that conceded earns nothing, a guest seat is skipped and
// pays its opponent nothing, a short duel pays nothing, one account in both seats earns nothing,
// a duel against the AI pays as one, and a duel finished twice is paid once.
func TestEarningLog(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, id := range []int64{1, 2} {
		if _, err := db.SQL().Exec(`INSERT INTO accounts (id, name, name_key, password_hash, created_at, password_changed_at)
			VALUES ($1, $2, $2, 'x', 0, 0)`, id, "p"+strconv.FormatInt(id, 10)); err != nil {
			t.Fatal(err)
		}
	}
	coll := collection.New(db, collection.Options{})
	l := earningLog{servingLog: server.NewMemLog(), pay: coll}
	gems := func(acc account.ID) int64 {
		w, err := coll.Wallet(ctx, acc)
		if err != nil {
			t.Fatal(err)
		}
		return w.Gems
	}
	start := collection.DefaultEconomy.StarterGems
	e := collection.DefaultEconomy
	played := fairplay.Play{Turns: 6, Decisions: [2]int{15, 12}}
	finish := func(accounts [2]int64, ai bool, winner, reason string, play fairplay.Play) {
		t.Helper()
		id, err := l.Begin(ctx, duels.Header{Room: "r", Accounts: accounts, AI: ai, Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		res := duels.Result{Winner: winner, Reason: reason, Finished: time.Now(), Play: play}
		if err := l.Finish(ctx, id, res, []byte("expect:\n  winner: A\n")); err != nil {
			t.Fatal(err)
		}
		// The server finishes a duel again after a restart: it is not paid twice.
		_ = l.Finish(ctx, id, res, nil)
	}
	finish([2]int64{1, 2}, false, "A", "lp", played)
	if g1, g2 := gems(1), gems(2); g1 != start+e.WinGems+e.DailyWinGems || g2 != start+e.DuelGems {
		t.Errorf("after a win of 1 over 2: %d and %d gems; want %d and %d", g1, g2, start+e.WinGems+e.DailyWinGems, start+e.DuelGems)
	}
	finish([2]int64{1, 2}, false, "A", "conceded", played) // 2 conceded
	if g1, g2 := gems(1), gems(2); g1 != start+2*e.WinGems+e.DailyWinGems || g2 != start+e.DuelGems {
		t.Errorf("after 2 conceded: %d and %d gems", g1, g2)
	}
	g1, g2 := gems(1), gems(2)
	finish([2]int64{0, 2}, false, "B", "lp", played)                        // a guest opponent
	finish([2]int64{2, 1}, false, "A", "conceded", fairplay.Play{Turns: 3}) // conceded at turn 3
	finish([2]int64{1, 1}, false, "A", "lp", played)                        // one account in both seats
	if n1, n2 := gems(1), gems(2); n1 != g1 || n2 != g2 {
		t.Errorf("a guest opponent, a short duel, a duel against oneself paid: %d and %d gems, want %d and %d", n1, n2, g1, g2)
	}
	finish([2]int64{2, 0}, true, "B", "lp", played) // 2 loses to the AI
	if n2 := gems(2); n2 != g2+e.DuelGems {
		t.Errorf("a real loss to the AI: %d gems, want %d", n2, g2+e.DuelGems)
	}
	for _, acc := range []account.ID{1, 2} {
		if err := coll.Audit(ctx, acc); err != nil {
			t.Error(err)
		}
	}
}

// TestEarningLogKeepsViewerAndSeatReturn: wrapping the duel log to pay players must not hide the
// replay viewer's moves or the open-room lookup, which the server finds by type assertion.
func TestEarningLogKeepsViewerAndSeatReturn(t *testing.T) {
	var l server.DuelLog = earningLog{servingLog: server.NewMemLog()}
	if _, ok := l.(server.MoveReader); !ok {
		t.Error("earningLog hides MoveReader: the replay viewer would answer 404")
	}
	if _, ok := l.(server.OpenRoomLister); !ok {
		t.Error("earningLog hides OpenRoomLister: finding an account's rooms would ask every room")
	}
}
