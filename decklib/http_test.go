package decklib_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/decklib"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// asUser serves h as the account in the request's X-Test-User header (none: a guest).
func asUser(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u := r.Header.Get("X-Test-User"); u != "" {
			var id int64
			_ = json.Unmarshal([]byte(u), &id)
			r = r.WithContext(account.WithUser(r.Context(), account.User{ID: account.ID(id), Name: "t"}))
		}
		h.ServeHTTP(w, r)
	})
}

type client struct {
	t    *testing.T
	srv  *httptest.Server
	user string
}

func (c client) do(method, path, body string) (int, map[string]any, []any) {
	c.t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), method, c.srv.URL+path, strings.NewReader(body))
	if c.user != "" {
		req.Header.Set("X-Test-User", c.user)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var v any
	_ = json.NewDecoder(res.Body).Decode(&v)
	m, _ := v.(map[string]any)
	l, _ := v.([]any)
	return res.StatusCode, m, l
}

func TestHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newAccount(t, db, "frank")
		svc := decklib.New(db, index(t), fakeOwned{a: {darkMagician: 3}})
		mux := routetable.New()
		svc.Routes(mux)
		srv := httptest.NewServer(asUser(mux))
		defer srv.Close()
		guest := client{t: t, srv: srv}
		me := client{t: t, srv: srv, user: jsonInt(int64(a))}

		if code, m, _ := guest.do("GET", "/api/decks/", ""); code != 401 || m["error"] == nil {
			t.Errorf("a guest's list: %d %v", code, m)
		}
		code, m, _ := me.do("POST", "/api/decks/", `{"name":"Dark","main":[46986414,46986414,55144522]}`)
		if code != 201 || m["id"] == nil {
			t.Fatalf("create: %d %v", code, m)
		}
		id := jsonInt(int64(m["id"].(float64)))
		leg := m["legality"].(map[string]any)
		if leg["legal"] != false || len(leg["missing"].([]any)) != 1 || len(leg["violations"].([]any)) < 2 {
			t.Errorf("legality: %v", leg)
		}
		if code, _, l := me.do("GET", "/api/decks/", ""); code != 200 || len(l) != 1 || l[0].(map[string]any)["main"] != 3.0 {
			t.Errorf("list: %d %v", code, l)
		}
		code, m, _ = me.do("PUT", "/api/decks/"+id, `{"name":"Dark","ruleset":"ocg","import":"3 Dark Magician\n"}`)
		if code != 200 || len(m["main"].([]any)) != 3 {
			t.Errorf("update by import: %d %v", code, m)
		}
		if code, m, _ := me.do("GET", "/api/decks/"+id+"/export?format=text", ""); code != 200 || m["text"] != "Main Deck (3)\n3 Dark Magician\n" {
			t.Errorf("export: %d %v", code, m)
		}
		if code, m, _ := me.do("GET", "/api/decks/"+id+"/export?format=doc", ""); code != 400 || !strings.Contains(m["error"].(string), "doc") {
			t.Errorf("export doc: %d %v", code, m)
		}
		for _, tt := range []struct {
			method, path, body string
			code               int
			want               string
		}{
			{"POST", "/api/decks/", `{"name":"x","main":[1]}`, 400, "not a card"},
			{"POST", "/api/decks/", `{"name":"dark"}`, 409, "already"},
			{"POST", "/api/decks/", `{"name":"x","colour":"red"}`, 400, "colour"},
			{"POST", "/api/decks/", `{"name":"x"} {}`, 400, "more than one"},
			{"POST", "/api/decks/", `not json`, 400, "not a deck"},
			{"POST", "/api/decks/", `{"name":"x","import":"3 Nobody"}`, 400, "Nobody"},
			{"POST", "/api/decks/", `{"name":"x","import":"x","main":[46986414]}`, 400, "not both"},
			{"GET", "/api/decks/abc", "", 400, "not a deck id"},
			{"GET", "/api/decks/999999", "", 404, "no such deck"},
			{"DELETE", "/api/decks/999999", "", 404, "no such deck"},
			{"POST", "/api/decks/check", `{"ruleset":"chess"}`, 400, "chess"},
		} {
			code, m, _ := me.do(tt.method, tt.path, tt.body)
			if code != tt.code || !strings.Contains(m["error"].(string), tt.want) {
				t.Errorf("%s %s %s: %d %v, want %d %q", tt.method, tt.path, tt.body, code, m, tt.code, tt.want)
			}
		}
		// A guest checks and imports as free cards.
		code, m, _ = guest.do("POST", "/api/decks/check", `{"main":[46986414,46986414,46986414]}`)
		if code != 200 || len(m["missing"].([]any)) != 0 || m["legal"] != false {
			t.Errorf("a guest's check: %d %v", code, m)
		}
		code, m, _ = guest.do("POST", "/api/decks/import", `{"text":"#main\n46986414\n!side\n55144522\n"}`)
		if code != 200 || m["format"] != "ydk" || len(m["main"].([]any)) != 1 || len(m["side"].([]any)) != 1 {
			t.Errorf("a guest's import: %d %v", code, m)
		}
		code, m, _ = guest.do("POST", "/api/decks/export", `{"format":"ydke","main":[46986414]}`)
		if code != 200 || m["text"] != "ydke://rvTMAg==!!!" {
			t.Errorf("a guest's export: %d %v", code, m)
		}
		if code, m, _ := guest.do("POST", "/api/decks/export", `{"format":"text","main":[7]}`); code != 400 || !strings.Contains(m["error"].(string), "not a card") {
			t.Errorf("exporting an unknown card: %d %v", code, m)
		}
		if code, _, _ := me.do("DELETE", "/api/decks/"+id, ""); code != 204 {
			t.Errorf("delete: %d", code)
		}
		// Cross-origin writes are refused.
		req, _ := http.NewRequest("POST", srv.URL+"/api/decks/", strings.NewReader(`{"name":"evil"}`))
		req.Header.Set("X-Test-User", me.user)
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 403 {
			t.Errorf("a cross-site create: %v %v", res.StatusCode, err)
		}
	})
}

func jsonInt(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
