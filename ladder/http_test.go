package ladder

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

func TestHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		l := newLadder(db)
		if _, err := l.Record(ctx, Result{Duel: 1, Ruleset: "ocg", Format: Bo1, Play: played, Accounts: [2]int64{ids[0], ids[1]}, Winner: "B"}); err != nil {
			t.Fatal(err)
		}
		mux := routetable.New()
		l.Routes(mux)
		get := func(path string, as int64) (int, map[string]any) {
			req := httptest.NewRequest("GET", path, nil)
			if as != 0 {
				req = req.WithContext(account.WithUser(req.Context(), account.User{ID: account.ID(as), Name: "x"}))
			}
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			var out map[string]any
			json.Unmarshal(rec.Body.Bytes(), &out)
			return rec.Code, out
		}
		code, b := get("/api/ladder/board?ruleset=ocg&format=bo1", ids[0])
		top, _ := b["top"].([]any)
		mine, _ := b["me"].(map[string]any)
		if code != 200 || len(top) != 2 || mine == nil || mine["rank"].(float64) != 2 {
			t.Fatalf("board: %d %v", code, b)
		}
		if code, _ := get("/api/ladder/board?format=bo7", 0); code != 400 {
			t.Fatalf("bad format: %d", code)
		}
		if code, p := get("/api/ladder/profile/me", ids[1]); code != 200 || p["name"] != "bobby" {
			t.Fatalf("my profile: %d %v", code, p)
		}
		if code, _ := get("/api/ladder/profile/me", 0); code != 401 {
			t.Fatalf("a guest's own profile: %d", code)
		}
		if code, _ := get("/api/ladder/profile/99999", ids[0]); code != 404 {
			t.Fatalf("no such profile: %d", code)
		}
		if code, p := get("/api/ladder/profile/"+strconv.FormatInt(ids[1], 10), ids[0]); code != 200 || p["name"] != "bobby" {
			t.Fatalf("a rated player's profile, logged in: %d %v", code, p)
		}
		if code, _ := get("/api/ladder/profile/x", 0); code != 400 {
			t.Fatalf("bad id: %d", code)
		}
		if code, r := get("/api/ladder/rating?ruleset=ocg", ids[1]); code != 200 || r["rating"].(float64) <= 1500 {
			t.Fatalf("rating: %d %v", code, r)
		}
	})
}

// TestProfilesNotEnumerable is issue 35's name listing: account ids are sequential, and a guest
// could read every account's name by counting profile ids. A guest gets 401; a logged-in player
// gets the profile of a player with a rated game, the same 404 for an account without one as for
// no account, and ProfileBurst lookups before 429.
func TestProfilesNotEnumerable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "rated", "quiet", "curious")
		l := newLadder(db)
		if _, err := l.Record(ctx, Result{Duel: 1, Ruleset: "ocg", Format: Bo1, Play: played,
			Accounts: [2]int64{ids[0], ids[2]}, Winner: "A"}); err != nil {
			t.Fatal(err)
		}
		mux := routetable.New()
		l.Routes(mux)
		get := func(id, as int64) (int, string) {
			req := httptest.NewRequest("GET", "/api/ladder/profile/"+strconv.FormatInt(id, 10), nil)
			if as != 0 {
				req = req.WithContext(account.WithUser(req.Context(), account.User{ID: account.ID(as)}))
			}
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			return rec.Code, rec.Body.String()
		}
		for _, id := range ids {
			if code, body := get(id, 0); code != http.StatusUnauthorized || strings.Contains(body, "quiet") {
				t.Fatalf("a guest's look at profile %d: %d %s, want 401", id, code, body)
			}
		}
		if code, _ := get(ids[0], ids[2]); code != 200 {
			t.Fatalf("a rated player's profile: %d", code)
		}
		code, body := get(ids[1], ids[2])
		_, none := get(99999, ids[2])
		if code != http.StatusNotFound || strings.Contains(body, "quiet") || body != none {
			t.Fatalf("an account with no rated game: %d %s; want the 404 of no account (%s)", code, body, none)
		}
		if code, _ := get(ids[1], ids[1]); code != 200 {
			t.Fatalf("one's own profile by id: %d", code)
		}
		// A friend's profile shows without a rated game.
		l.friends = func(_ context.Context, x, y int64) (bool, error) { return x == ids[2] && y == ids[1], nil }
		if code, _ := get(ids[1], ids[2]); code != 200 {
			t.Fatalf("a friend's profile: %d", code)
		}
		limited := false
		for range ProfileBurst + 5 {
			if code, _ := get(ids[0], ids[2]); code == http.StatusTooManyRequests {
				limited = true
			}
		}
		if !limited {
			t.Fatalf("%d profile lookups at once were never limited", ProfileBurst+5)
		}
	})
}
