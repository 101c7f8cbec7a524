package collection

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
	"github.com/duelistgame/duelist/pack"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// api is the service's routes with every request from user u (0: a guest).
func api(s *Service, u *account.ID) http.Handler {
	mux := routetable.New()
	s.Routes(mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if *u != 0 {
			r = r.WithContext(account.WithUser(r.Context(), account.User{ID: *u, Name: "p"}))
		}
		mux.ServeHTTP(w, r)
	})
}

func do(t *testing.T, h http.Handler, method, path, body string, hdr ...string) (int, map[string]any) {
	t.Helper()
	r := httptest.NewRequestWithContext(context.Background(), method, path, strings.NewReader(body))
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var out map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s %s: %d %q is not JSON: %v", method, path, w.Code, w.Body.String(), err)
	}
	return w.Code, out
}

// TestHTTP: the routes answer logged-in players only, buy and reveal packs, replay a key, refuse
// a reused key, bad bodies and cross-origin posts, and page the ledger.
func TestHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := New(db, Options{})
		var u account.ID
		h := api(s, &u)
		for _, p := range []string{"/api/collection/", "/api/collection/ledger", "/api/packs/"} {
			if code, out := do(t, h, "GET", p, ""); code != http.StatusUnauthorized || out["error"] == "" {
				t.Errorf("guest GET %s: %d %v; want 401 with an error", p, code, out)
			}
		}
		if code, _ := do(t, h, "POST", "/api/packs/buy", `{"product":"sdy","count":1,"key":"aaaaaaaaaaaaaaaa"}`); code != http.StatusUnauthorized {
			t.Errorf("guest buy: %d; want 401", code)
		}
		u = anAccount(t, db, 1)
		code, coll := do(t, h, "GET", "/api/collection/", "")
		if code != 200 || coll["gems"].(float64) != float64(DefaultEconomy.StarterGems) || len(coll["owned"].(map[string]any)) < 100 {
			t.Fatalf("GET collection: %d %v", code, coll)
		}
		code, cs := do(t, h, "GET", "/api/collection/cards", "")
		if list, _ := cs["cards"].([]any); code != 200 || len(list) != len(Collectibles()) || len(list) < 200 {
			t.Errorf("GET cards: %d, %d cards; want %d", code, len(list), len(Collectibles()))
		} else {
			ownedN := 0
			for _, c := range list {
				m := c.(map[string]any)
				if m["rarity"] == "" || m["craft"].(float64) != 30 || m["dismantle"].(float64) != 10 {
					t.Errorf("a collectible: %v", m)
				}
				if m["owned"].(float64) > 0 {
					ownedN++
				}
			}
			if ownedN != len(coll["owned"].(map[string]any)) {
				t.Errorf("GET cards lists %d owned cards; the collection %d", ownedN, len(coll["owned"].(map[string]any)))
			}
		}
		code, prods := do(t, h, "GET", "/api/packs/", "")
		if code != 200 || len(prods["products"].([]any)) != len(pack.Default().Products) || prods["odds"].(map[string]any)["slots"].(map[string]any)["UR"].(float64) != 2.5 {
			t.Fatalf("GET packs: %d %v", code, prods)
		}
		body := `{"product":"sdy","count":10,"key":"http-key-0000000001"}`
		code, o := do(t, h, "POST", "/api/packs/buy", body)
		if code != 200 || len(o["cards"].([]any)) != 10 || o["gems"].(float64) != float64(DefaultEconomy.StarterGems-1000) {
			t.Fatalf("buy: %d %v", code, o)
		}
		// A card of the opening owned at most 3 times (all R cards of a product can reach 3, and
		// then a 4th copy comes): dismantled and crafted back below.
		var first map[string]any
		for _, pk := range o["cards"].([]any) {
			for _, c := range pk.([]any) {
				if m := c.(map[string]any); first == nil && m["owned"].(float64) <= 3 {
					first = m
				}
			}
		}
		if first["name"] == "" || first["rarity"] == "" || first["owned"].(float64) < 1 {
			t.Errorf("a revealed card: %v", first)
		}
		code, r := do(t, h, "POST", "/api/packs/buy", body)
		if code != 200 || r["replayed"] != true || r["op"] != o["op"] {
			t.Errorf("replayed buy: %d %v", code, r)
		}
		if code, r := do(t, h, "POST", "/api/packs/buy", `{"product":"sdk","count":10,"key":"http-key-0000000001"}`); code != http.StatusConflict || r["code"] != "key-reused" {
			t.Errorf("reused key: %d %v; want 409 key-reused", code, r)
		}
		if code, r := do(t, h, "POST", "/api/packs/buy", `{"product":"sdk","count":1,"key":"http-key-0000000002"}`); code != http.StatusConflict || r["code"] != "insufficient" {
			t.Errorf("buy with no gems: %d %v; want 409 insufficient", code, r)
		}
		for _, b := range []string{`{`, `{"product":"sdk","count":1}`, `{"product":"x","count":1,"key":"http-key-0000000003"}`,
			`{"product":"sdk","count":1,"key":"http-key-0000000004","extra":1}`} {
			if code, r := do(t, h, "POST", "/api/packs/buy", b); code != http.StatusBadRequest || r["error"] == "" {
				t.Errorf("buy %s: %d %v; want 400", b, code, r)
			}
		}
		if code, _ := do(t, h, "POST", "/api/packs/buy", `{"product":"sdk","count":1,"key":"http-key-0000000005"}`,
			"Sec-Fetch-Site", "cross-site"); code != http.StatusForbidden {
			t.Errorf("cross-origin buy: %d; want 403", code)
		}
		// Dismantle a card just opened, then craft it back.
		pc := first["passcode"].(float64)
		for _, p := range []string{"dismantle", "craft"} {
			b := `{"passcode":` + strconv.FormatInt(int64(pc), 10) + `,"count":1,"key":"http-` + p + `-00000000001"}`
			if code, r := do(t, h, "POST", "/api/collection/"+p, b); code != 200 || r["op"] == nil {
				t.Errorf("%s: %d %v", p, code, r)
			}
		}
		code, l := do(t, h, "GET", "/api/collection/ledger?limit=5", "")
		if code != 200 || len(l["entries"].([]any)) != 5 {
			t.Errorf("ledger page: %d %v", code, l)
		}
		code, ops := do(t, h, "GET", "/api/packs/openings", "")
		if os := ops["openings"].([]any); code != 200 || len(os) != 1 || os[0].(map[string]any)["op"] != o["op"] ||
			len(os[0].(map[string]any)["packs"].([]any)) != 10 || os[0].(map[string]any)["paid"].(float64) != 1000 {
			t.Errorf("openings: %d %v; want the one 10-pack", code, ops)
		}
		if code, _ := do(t, h, "GET", "/api/collection/ledger?limit=9999", ""); code != http.StatusBadRequest {
			t.Errorf("ledger limit 9999: %d; want 400", code)
		}
		mustAudit(t, s, u)
	})
}
