package duels

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// anAccount makes account id for a test (the accounts table is package account's; there is no
// Go API for it on this branch yet).
func anAccount(t *testing.T, db *store.DB, id int64) {
	t.Helper()
	if _, err := db.SQL().Exec(`INSERT INTO accounts (id, name, name_key, password_hash, created_at, password_changed_at)
		VALUES ($1, $2, $2, 'x', 0, 0)`, id, "p"+strconv.FormatInt(id, 10)); err != nil {
		t.Fatalf("making account %d: %v", id, err)
	}
}

// TestLogRoundTrip: what is begun and appended comes back from Open, in order; a finished
// duel leaves Open and is listed and replayed.
func TestLogRoundTrip(t *testing.T) { storetest.Each(t, testLogRoundTrip) }

func testLogRoundTrip(t *testing.T, db *store.DB) {
	ctx := context.Background()
	anAccount(t, db, 7)
	l := New(db)
	start := time.UnixMilli(1700000000000)
	h := Header{Room: "ABCDEF", DuelNo: 1, Ruleset: "ocg", Seed: 1<<63 + 5, First: engine.FirstA,
		TimeLimit: 3 * time.Minute, Names: [2]string{"a", "b"}, TokenHash: [2]string{"x", "y"},
		Accounts: [2]int64{7, 0}, Started: start,
		Decks: [2]engine.DeckList{{Main: []card.Passcode{1, 2}}, {Main: []card.Passcode{3}}}}
	id, err := l.Begin(ctx, h)
	if err != nil {
		t.Fatal(err)
	}
	es := []Entry{{Seq: 0, Option: 3, BankA: 1000, BankB: 2000, At: start},
		{Seq: 1, Kind: EntryConcede, Seat: 1, Reason: "time", At: start}}
	if err := l.Append(ctx, id, es[:1]); err != nil {
		t.Fatal(err)
	}
	if err := l.Append(ctx, id, es[1:]); err != nil {
		t.Fatal(err)
	}
	if err := l.Append(ctx, id, es[1:]); err == nil {
		t.Fatal("a move appended twice was taken")
	}
	open, err := l.Open(ctx)
	if err != nil || len(open) != 1 {
		t.Fatalf("open: %v %v", open, err)
	}
	got := open[0]
	if got.Header.Seed != h.Seed || got.Header.Decks[0].Main[1] != 2 || got.Header.TimeLimit != h.TimeLimit ||
		!got.Header.Started.Equal(start) || len(got.Entries) != 2 || got.Entries[0].Option != 3 ||
		got.Entries[1].Reason != "time" || got.Entries[0].BankB != 2000 {
		t.Fatalf("open gave %+v", got)
	}
	if _, _, err := l.Replay(ctx, id); err != ErrNoDuel {
		t.Fatalf("the replay of an open duel: %v", err)
	}
	if err := l.Finish(ctx, id, Result{Winner: "A", Reason: "time", Finished: start}, []byte("replay")); err != nil {
		t.Fatal(err)
	}
	if open, _ := l.Open(ctx); len(open) != 0 {
		t.Fatalf("a finished duel is still open")
	}
	past, err := l.Past(ctx, 7, 10)
	if err != nil || len(past) != 1 || past[0].Winner != "A" || past[0].Answers != 2 || past[0].TokenHash[1] != "y" {
		t.Fatalf("past: %+v %v", past, err)
	}
	if past, _ := l.Past(ctx, 8, 10); len(past) != 0 {
		t.Fatalf("another account's list: %+v", past)
	}
	sum, rp, err := l.Replay(ctx, id)
	if err != nil || string(rp) != "replay" || sum.Names[1] != "b" {
		t.Fatalf("replay: %+v %q %v", sum, rp, err)
	}
}
