package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/collection"
	"github.com/duelistgame/duelist/decklib"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
)

// TestServeRoutes checks that the collection, the card centre and the saved decks are mounted
// beside the duel server's own routes, the old card catalog (GET /api/cards) included.
func TestServeRoutes(t *testing.T) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	accounts, err := account.New(db, account.Options{Hash: account.HashParams{MemoryKiB: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	coll := collection.New(db, collection.Options{})
	table := routetable.New()
	server.New(server.Options{Routes: table}, nil)
	h := withAccounts(table, accounts, coll, catalog.NewHTTP(cat, coll), decklib.New(db, cat, coll))
	for _, tt := range []struct {
		path string
		code int
		want string
	}{
		{"/api/cards", 200, `"nameZH"`},
		{"/api/cards/search?q=pot", 200, `"total"`},
		{"/api/cards/55144522", 200, `"limits"`},
		{"/api/decks/", 401, "log in"},
		{"/api/packs/", 401, "log in"},
		{"/healthz", 200, "ok"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
		if rec.Code != tt.code || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("GET %s: %d %.80q, want %d %q", tt.path, rec.Code, rec.Body.String(), tt.code, tt.want)
		}
	}
}

func TestServeTestSeedOnlyOnLoopback(t *testing.T) {
	var out, errb strings.Builder
	db := filepath.Join(t.TempDir(), "d.db")
	if code := cmdServe([]string{"--addr", "0.0.0.0:0", "--db", db, "--test-seed", "7"}, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2 (stderr %q)", code, errb.String())
	}
	if !strings.Contains(errb.String(), "--test-seed is for tests on a loopback address only") {
		t.Fatalf("stderr %q", errb.String())
	}
}

// TestServeRefusesBadAddressLimits: a count of 0 or below -1 for the per-address limits is
// refused before anything starts.
func TestServeRefusesBadAddressLimits(t *testing.T) {
	for _, args := range [][]string{{"--rooms-per-addr", "0"}, {"--conns-per-addr", "-2"}} {
		var out, errb strings.Builder
		db := filepath.Join(t.TempDir(), "d.db")
		if code := cmdServe(append([]string{"--addr", "127.0.0.1:0", "--db", db}, args...), &out, &errb); code != 2 {
			t.Fatalf("%v: exit %d, want 2 (stderr %q)", args, code, errb.String())
		}
		if !strings.Contains(errb.String(), "take a count of at least 1, or -1 for no limit") {
			t.Fatalf("%v: stderr %q", args, errb.String())
		}
		if _, err := os.Stat(db); err == nil {
			t.Fatalf("%v: the database was created", args)
		}
	}
}

// TestServeRefusesNoDBConns: --db-conns below 1 stops the server before it opens the database.
func TestServeRefusesNoDBConns(t *testing.T) {
	var out, errb strings.Builder
	db := filepath.Join(t.TempDir(), "d.db")
	if code := cmdServe([]string{"--addr", "127.0.0.1:0", "--db", db, "--db-conns", "0"}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "--db-conns is a count of at least 1") {
		t.Fatalf("exit %d, stderr %q; want 2 and the reason", code, errb.String())
	}
	if _, err := os.Stat(db); err == nil {
		t.Fatal("the database was created")
	}
}

// TestServePicsMissing: --pics naming a folder that is not there stops the server at its start
// with the reason.
func TestServePicsMissing(t *testing.T) {
	var out, errb strings.Builder
	dir := t.TempDir()
	code := cmdServe([]string{"--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "d.db"), "--pics", filepath.Join(dir, "pics")}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "--pics") {
		t.Fatalf("exit %d, %q", code, errb.String())
	}
}
