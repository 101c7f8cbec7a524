package ladder

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/duelistgame/duelist/account"
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
		mux := http.NewServeMux()
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
		if code, _ := get("/api/ladder/profile/99999", 0); code != 404 {
			t.Fatalf("no such profile: %d", code)
		}
		if code, _ := get("/api/ladder/profile/x", 0); code != 400 {
			t.Fatalf("bad id: %d", code)
		}
		if code, r := get("/api/ladder/rating?ruleset=ocg", ids[1]); code != 200 || r["rating"].(float64) <= 1500 {
			t.Fatalf("rating: %d %v", code, r)
		}
	})
}
