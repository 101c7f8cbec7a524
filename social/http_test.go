package social

import (
	"encoding/json"
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
		s, _ := newService(db, Options{})
		mux := routetable.New()
		s.Routes(mux)
		do := func(method, path string, as int, body string, hdr ...string) (int, map[string]any) {
			req := httptest.NewRequest(method, path, strings.NewReader(body))
			for i := 0; i+1 < len(hdr); i += 2 {
				req.Header.Set(hdr[i], hdr[i+1])
			}
			if as >= 0 {
				name := []string{"alice", "bobby"}[as]
				req = req.WithContext(account.WithUser(req.Context(), account.User{ID: account.ID(ids[as]), Name: name}))
			}
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			var out map[string]any
			json.Unmarshal(rec.Body.Bytes(), &out)
			return rec.Code, out
		}
		if code, _ := do("GET", "/api/social/friends", -1, ""); code != 401 {
			t.Fatalf("a guest's friends: %d", code)
		}
		if code, _ := do("POST", "/api/social/friends/add", 0, `{"name":"bobby"}`, "Sec-Fetch-Site", "cross-site"); code != 403 {
			t.Fatalf("a cross-site request: %d", code)
		}
		if code, r := do("POST", "/api/social/friends/add", 0, `{"name":"bobby"}`); code != 200 || r["state"] != StateRequested {
			t.Fatalf("add: %d %v", code, r)
		}
		if code, _ := do("POST", "/api/social/friends/add", 0, `{"name":"bobby","x":1}`); code != 400 {
			t.Fatalf("an unknown field: %d", code)
		}
		if code, _ := do("POST", "/api/social/friends/add", 0, `{"name":"nobody"}`); code != 404 {
			t.Fatalf("no such player: %d", code)
		}
		a := strconv.FormatInt(ids[0], 10)
		if code, _ := do("POST", "/api/social/friends/accept", 1, `{"id":`+a+`}`); code != 200 {
			t.Fatalf("accept: %d", code)
		}
		b := strconv.FormatInt(ids[1], 10)
		if code, m := do("POST", "/api/social/chat/friend/"+b, 0, `{"text":"<script>x</script>"}`); code != 200 || m["body"] != "<script>x</script>" {
			t.Fatalf("say: %d %v", code, m)
		}
		code, r := do("GET", "/api/social/chat/friend/"+a, 1, "")
		if ms, _ := r["messages"].([]any); code != 200 || len(ms) != 1 {
			t.Fatalf("read: %d %v", code, r)
		}
		if code, _ := do("GET", "/api/social/chat/friend/"+a+"?after=x", 1, ""); code != 400 {
			t.Fatalf("bad after: %d", code)
		}
		if code, _ := do("POST", "/api/social/chat/friend/"+b, 0, `{"text":"`+strings.Repeat("y", MaxText+1)+`"}`); code != 400 {
			t.Fatalf("too long: %d", code)
		}
		if code, _ := do("GET", "/api/social/chat/room/ABCDEF", 0, ""); code != 403 {
			t.Fatalf("room chat without a server: %d", code)
		}
		if code, _ := do("POST", "/api/social/block", 1, `{"id":`+a+`}`); code != 200 {
			t.Fatalf("block: %d", code)
		}
		if code, _ := do("POST", "/api/social/chat/friend/"+b, 0, `{"text":"hi"}`); code != 403 {
			t.Fatalf("writing to one who blocked you: %d", code)
		}
		if code, r := do("GET", "/api/social/blocks", 1, ""); code != 200 || len(r["blocked"].([]any)) != 1 {
			t.Fatalf("blocks: %d %v", code, r)
		}
		if code, r := do("POST", "/api/social/report", 1, `{"id":`+a+`,"reason":"spam"}`); code != 200 || r["report"].(float64) <= 0 {
			t.Fatalf("report: %d %v", code, r)
		}
		if code, _ := do("POST", "/api/social/report", 1, `{"reason":"spam"}`); code != 400 {
			t.Fatalf("a report of nothing: %d", code)
		}
	})
}
