package catalog_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/internal/routetable"
)

type ownedBy map[account.ID]map[card.Passcode]int

func (o ownedBy) Owned(_ context.Context, a account.ID) (map[card.Passcode]int, error) {
	return o[a], nil
}

func get(t *testing.T, h http.Handler, path string, user account.ID) (int, map[string]any, []any) {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if user != 0 {
		req = req.WithContext(account.WithUser(req.Context(), account.User{ID: user}))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var v any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("GET %s: %d %q is not JSON", path, rec.Code, rec.Body.String())
	}
	m, _ := v.(map[string]any)
	l, _ := v.([]any)
	return rec.Code, m, l
}

func TestHTTP(t *testing.T) {
	mux := routetable.New()
	catalog.NewHTTP(index(t), ownedBy{7: {46986414: 2}}).Routes(mux)

	code, m, _ := get(t, mux, "/api/cards/search?q="+url.QueryEscape("dark magician")+"&kind=monster&atk=>=2000&per=5&limit=unlimited", 0)
	if code != 200 || m["total"].(float64) < 1 || m["banlist"].(map[string]any)["name"] != "duelist-2008" {
		t.Fatalf("search: %d %v", code, m)
	}
	first := m["cards"].([]any)[0].(map[string]any)
	if first["name"] != "Dark Magician" || first["limit"] != 3.0 || first["owned"] != nil || first["names"].(map[string]any)["zh-CN"] != "黑魔术师" {
		t.Errorf("first hit: %v", first)
	}
	if _, m, _ := get(t, mux, "/api/cards/search?owned=yes", 7); m["total"] != 1.0 || m["cards"].([]any)[0].(map[string]any)["owned"] != 2.0 {
		t.Errorf("owned=yes: %v", m)
	}
	code, m, _ = get(t, mux, "/api/cards/55144522", 7)
	lims := m["limits"].([]any)
	if code != 200 || len(lims) != 2 || lims[0].(map[string]any)["limit"] != 0.0 || lims[0].(map[string]any)["date"] != "2008-09-01" || m["owned"] != 0.0 || m["rarity"] == "" {
		t.Errorf("Pot of Greed: %d %v", code, m)
	}
	if _, m, _ := get(t, mux, "/api/cards/900000005", 0); m["texts"].(map[string]any)["zh-CN"] == nil || m["game"] != "kouhu" {
		t.Errorf("kouhu Kuriboh: %v", m)
	}
	for _, tt := range []struct {
		path string
		code int
		want string
	}{
		{"/api/cards/search?atk=lots", 400, "lots"},
		{"/api/cards/search?q=colour:red", 400, "colour"},
		{"/api/cards/search?offset=-1", 400, "offset"},
		{"/api/cards/search?per=100000", 400, "at most"},
		{"/api/cards/search?limit=5", 400, "not a limit"},
		{"/api/cards/search?colour=red", 400, "unknown parameter"},
		{"/api/cards/search?banlist=nope", 400, "nope"},
		{"/api/cards/search?owned=yes", 401, "logged-in"},
		{"/api/cards/abc", 400, "not a passcode"},
		{"/api/cards/1", 404, "no card"},
	} {
		code, m, _ := get(t, mux, tt.path, 0)
		if code != tt.code || !strings.Contains(m["error"].(string), tt.want) {
			t.Errorf("GET %s: %d %v, want %d %q", tt.path, code, m, tt.code, tt.want)
		}
	}
	_, _, lists := get(t, mux, "/api/cards/banlists", 0)
	if len(lists) != 2 || lists[0].(map[string]any)["default"] != true || len(lists[0].(map[string]any)["forbidden"].([]any)) != 5 {
		t.Errorf("banlists: %v", lists)
	}
	_, m, _ = get(t, mux, "/api/cards/filters", 0)
	if len(m["sets"].([]any)) < 5 || len(m["sortFields"].([]any)) != len(catalog.SortFields) || m["owned"] != false {
		t.Errorf("filters: %v", m)
	}
	if _, m, _ = get(t, mux, "/api/cards/filters", 7); m["owned"] != true {
		t.Errorf("a player's filters: %v", m)
	}
	// A server without a collection: a player's owned:yes is a 400 that says so.
	bare := routetable.New()
	catalog.NewHTTP(index(t), nil).Routes(bare)
	if code, m, _ := get(t, bare, "/api/cards/search?owned=yes", 7); code != 400 || !strings.Contains(m["error"].(string), "no collection") {
		t.Errorf("owned=yes without a collection: %d %v", code, m)
	}
	if _, m, _ = get(t, bare, "/api/cards/filters", 7); m["owned"] != false {
		t.Errorf("filters without a collection: %v", m)
	}
}
