package decklib_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/collection"
	"github.com/duelistgame/duelist/decklib"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// A new account's first listing holds the starter decks, saved once: one deleted stays deleted,
// and a name the account already used is kept as it was.
func TestStarterDecksAreSavedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a := newAccount(t, db, "nova")
		b := newAccount(t, db, "olga")
		svc := decklib.New(db, index(t), nil).WithStarters(collection.DefaultEconomy.StarterDecks)
		// olga saved a deck named "kaiba" before: it stays hers.
		if _, err := svc.Create(ctx, b, decklib.Saved{Name: "Kaiba", Deck: yugi40(t)}); err != nil {
			t.Fatal(err)
		}
		mux := routetable.New()
		svc.Routes(mux)
		srv := httptest.NewServer(asUser(mux))
		defer srv.Close()
		names := func(c client) ([]string, map[string]float64) {
			t.Helper()
			code, _, l := c.do("GET", "/api/decks/", "")
			if code != 200 {
				t.Fatalf("list: %d", code)
			}
			var out []string
			ids := map[string]float64{}
			for _, v := range l {
				m := v.(map[string]any)
				out = append(out, m["name"].(string))
				ids[m["name"].(string)] = m["id"].(float64)
			}
			slices.Sort(out)
			return out, ids
		}
		nova := client{t: t, srv: srv, user: jsonInt(int64(a))}
		got, ids := names(nova)
		if want := []string{"dragons", "kaiba", "knights-and-mages", "yugi"}; !slices.Equal(got, want) {
			t.Fatalf("a new account's decks: %v, want %v", got, want)
		}
		d, err := svc.Get(ctx, a, int64(ids["yugi"]))
		if err != nil || len(d.Deck.Main) < 40 || d.Ruleset != "ocg" {
			t.Fatalf("the yugi starter deck: %d cards, ruleset %q, %v", len(d.Deck.Main), d.Ruleset, err)
		}
		// Legal with the starter collection: the default banlist's forbidden cards are left out.
		owned := map[card.Passcode]int{}
		for _, name := range []string{"yugi", "kaiba"} {
			pd, err := decks.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			count := map[card.Passcode]int{}
			for _, p := range pd.Main {
				count[p]++
			}
			for p, n := range count {
				owned[p] = max(owned[p], n)
			}
		}
		for _, name := range []string{"yugi", "kaiba"} {
			d, err := svc.Get(ctx, a, int64(ids[name]))
			if err != nil {
				t.Fatal(err)
			}
			l, err := decklib.New(db, index(t), fakeOwned{a: owned}).Check(ctx, a, d)
			if err != nil || !l.Legal() {
				t.Errorf("the %s starter deck is not legal: %v %v", name, l.Violations, err)
			}
		}
		if d, err := svc.Get(ctx, a, int64(ids["dragons"])); err != nil || d.Ruleset != "kouhu" || len(d.Deck.Main) == 0 {
			t.Fatalf("the dragons starter deck: ruleset %q, %d cards, %v", d.Ruleset, len(d.Deck.Main), err)
		}
		if code, _, _ := nova.do("DELETE", "/api/decks/"+jsonInt(int64(ids["yugi"])), ""); code != 204 && code != 200 {
			t.Fatalf("delete: %d", code)
		}
		if got, _ := names(nova); !slices.Equal(got, []string{"dragons", "kaiba", "knights-and-mages"}) {
			t.Errorf("after deleting yugi: %v", got)
		}
		olga := client{t: t, srv: srv, user: jsonInt(int64(b))}
		if got, _ := names(olga); !slices.Equal(got, []string{"Kaiba", "dragons", "knights-and-mages", "yugi"}) {
			t.Errorf("olga's decks: %v", got)
		}
	})
}
