package duels

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/server"
)

// sqliteDB is a bare SQLite database with the log's migration applied: it stands in for the
// store in these tests.
type sqliteDB struct{ db *sql.DB }

func (d sqliteDB) SQL() *sql.DB { return d.db }
func (d sqliteDB) InTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func openSQLite(t testing.TB) sqliteDB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "d.db")+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	src, err := os.ReadFile("../store/migrations/sqlite/00050_duel_log.sql")
	if err != nil {
		t.Fatal(err)
	}
	up := strings.Split(strings.Split(string(src), "-- +goose Down")[0], "-- +goose Up")[1]
	if _, err := db.Exec(up); err != nil {
		t.Fatalf("migration: %v", err)
	}
	return sqliteDB{db}
}

// TestLogRoundTrip: what is begun and appended comes back from Open, in order; a finished
// duel leaves Open and is listed and replayed.
func TestLogRoundTrip(t *testing.T) {
	ctx := context.Background()
	l := New(openSQLite(t))
	start := time.UnixMilli(1700000000000)
	h := server.DuelHeader{Room: "ABCDEF", DuelNo: 1, Ruleset: "ocg", Seed: 1<<63 + 5, First: engine.FirstA,
		TimeLimit: 3 * time.Minute, Names: [2]string{"a", "b"}, TokenHash: [2]string{"x", "y"},
		Accounts: [2]int64{7, 0}, Started: start,
		Decks: [2]engine.DeckList{{Main: []card.Passcode{1, 2}}, {Main: []card.Passcode{3}}}}
	id, err := l.Begin(ctx, h)
	if err != nil {
		t.Fatal(err)
	}
	es := []server.LogEntry{{Seq: 0, Option: 3, BankA: 1000, BankB: 2000, At: start},
		{Seq: 1, Kind: server.EntryConcede, Seat: 1, Reason: "time", At: start}}
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
	if _, _, err := l.Replay(ctx, id); err != server.ErrNoDuel {
		t.Fatalf("the replay of an open duel: %v", err)
	}
	if err := l.Finish(ctx, id, server.DuelResult{Winner: "A", Reason: "time", Finished: start}, []byte("replay")); err != nil {
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
