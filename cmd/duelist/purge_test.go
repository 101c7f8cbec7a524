package main

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/store"
)

// TestPurgeSessions: the serve timer deletes expired sessions at start and at every tick, keeps
// live ones, and stops with its context.
func TestPurgeSessions(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "purge.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	svc, err := account.New(db, account.Options{SessionTTL: time.Hour, Now: clock,
		Hash: account.HashParams{MemoryKiB: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Joey Wheeler", "Tea Gardner"} {
		if _, err := svc.Register(ctx, name, "red-eyes black"); err != nil {
			t.Fatal(err)
		}
	}
	// (A login clears its own account's expired sessions: two accounts, so that one expires.)
	login := func(name string) string {
		_, tok, err := svc.Login(ctx, "127.0.0.1", name, "red-eyes black")
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	sessions := func() int {
		var n int
		if err := db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM sessions").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	login("Joey Wheeler")
	advance(2 * time.Hour) // Joey's session has expired
	live := login("Tea Gardner")

	logs := make(chan string, 10)
	tick := make(chan time.Time)
	pctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		purgeSessions(pctx, svc, tick, func(f string, a ...any) { logs <- fmt.Sprintf(f, a...) })
	}()
	if m := <-logs; m != "duelist serve: purged 1 expired sessions" {
		t.Fatalf("the purge at start logged %q", m)
	}
	tick <- time.Time{} // a tick with nothing expired: nothing purged, nothing logged
	if n := sessions(); n != 1 {
		t.Fatalf("%d sessions after the first purge, want the live one", n)
	}
	advance(2 * time.Hour)
	tick <- time.Time{}
	if m := <-logs; m != "duelist serve: purged 1 expired sessions" {
		t.Fatalf("the purge at a tick logged %q", m)
	}
	if _, err := svc.Session(ctx, live); err == nil {
		t.Fatal("the expired session still works")
	}
	stop()
	select {
	case <-done:
	case <-time.After(time.Minute): // a guard against a hang, not a timing assertion
		t.Fatal("the purge did not stop with its context")
	}
	if n := sessions(); n != 0 {
		t.Fatalf("%d sessions left", n)
	}
}
