package decklib_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decklib"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

var (
	catOnce sync.Once
	cat     *catalog.Index
)

func index(t *testing.T) *catalog.Index {
	t.Helper()
	catOnce.Do(func() {
		var err error
		if cat, err = catalog.Default(); err != nil {
			panic(err)
		}
	})
	return cat
}

// fakeOwned is a collection: copies per account.
type fakeOwned map[account.ID]map[card.Passcode]int

func (f fakeOwned) Owned(_ context.Context, a account.ID) (map[card.Passcode]int, error) {
	return f[a], nil
}

// newAccount inserts an account row and returns its id.
func newAccount(t *testing.T, db *store.DB, name string) account.ID {
	t.Helper()
	var id int64
	err := db.SQL().QueryRowContext(context.Background(), `INSERT INTO accounts (name, name_key,
		password_hash, created_at, password_changed_at) VALUES ($1, $2, 'x', 0, 0) RETURNING id`,
		name, strings.ToLower(name)).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return account.ID(id)
}

const (
	potOfGreed   card.Passcode = 55144522
	darkMagician card.Passcode = 46986414
)

func yugi40(t *testing.T) deck.Deck {
	t.Helper()
	d, err := decks.Get("yugi-40")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCRUD(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := decklib.New(db, index(t), nil)
		alice, bob := newAccount(t, db, "alice"), newAccount(t, db, "bob")
		if got, err := svc.List(ctx, alice); err != nil || len(got) != 0 {
			t.Fatalf("List of a new account = %v, %v", got, err)
		}
		d, err := svc.Create(ctx, alice, decklib.Saved{Name: "  Yugi  ", Deck: yugi40(t)})
		if err != nil {
			t.Fatal(err)
		}
		if d.ID == 0 || d.Name != "Yugi" || d.Ruleset != "ocg" || d.Banlist != deck.DefaultBanlistName || d.Created.IsZero() {
			t.Errorf("created %+v", d)
		}
		got, err := svc.Get(ctx, alice, d.ID)
		if err != nil || !got.Deck.Equal(yugi40(t)) || got.Name != "Yugi" {
			t.Fatalf("Get = %+v, %v", got, err)
		}
		if _, err := svc.Get(ctx, bob, d.ID); !errors.Is(err, decklib.ErrNotFound) {
			t.Errorf("bob reads alice's deck: %v", err)
		}
		if _, err := svc.Create(ctx, alice, decklib.Saved{Name: "YUGI"}); !errors.Is(err, decklib.ErrNameTaken) {
			t.Errorf("a second deck named YUGI: %v", err)
		}
		if _, err := svc.Create(ctx, bob, decklib.Saved{Name: "Yugi"}); err != nil {
			t.Errorf("bob may have his own Yugi deck: %v", err)
		}
		e, err := svc.Create(ctx, alice, decklib.Saved{Name: "Empty", Ruleset: "classic", Banlist: "none"})
		if err != nil || e.Banlist != catalog.NoBanlist || len(e.Deck.Main) != 0 {
			t.Fatalf("an empty classic deck: %+v, %v", e, err)
		}
		list, err := svc.List(ctx, alice)
		if err != nil || len(list) != 2 || list[0].Name != "Empty" || list[1].Name != "Yugi" {
			t.Fatalf("List = %+v, %v", list, err)
		}
		// Update: rename and change the cards.
		nd := yugi40(t)
		nd.Side = []card.Passcode{darkMagician}
		u, err := svc.Update(ctx, alice, d.ID, decklib.Saved{Name: "Yugi v2", Deck: nd, Banlist: "duelist-2008-traditional"})
		if err != nil || u.Name != "Yugi v2" || !u.Deck.Equal(nd) || u.Banlist != "duelist-2008-traditional" || u.Created != d.Created {
			t.Fatalf("Update = %+v, %v", u, err)
		}
		if _, err := svc.Update(ctx, alice, d.ID, decklib.Saved{Name: "empty"}); !errors.Is(err, decklib.ErrNameTaken) {
			t.Errorf("renaming onto another deck's name: %v", err)
		}
		if _, err := svc.Update(ctx, bob, d.ID, decklib.Saved{Name: "mine"}); !errors.Is(err, decklib.ErrNotFound) {
			t.Errorf("bob updates alice's deck: %v", err)
		}
		if got, _ := svc.Get(ctx, alice, d.ID); got.Name != "Yugi v2" {
			t.Errorf("a failed update changed the deck: %+v", got)
		}
		if err := svc.Delete(ctx, bob, d.ID); !errors.Is(err, decklib.ErrNotFound) {
			t.Errorf("bob deletes alice's deck: %v", err)
		}
		if err := svc.Delete(ctx, alice, d.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Get(ctx, alice, d.ID); !errors.Is(err, decklib.ErrNotFound) {
			t.Errorf("a deleted deck: %v", err)
		}
		if err := svc.Delete(ctx, alice, d.ID); !errors.Is(err, decklib.ErrNotFound) {
			t.Errorf("deleting twice: %v", err)
		}
		// Deleting an account deletes its decks.
		if _, err := db.SQL().ExecContext(ctx, `DELETE FROM accounts WHERE id = $1`, int64(bob)); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM saved_decks WHERE account_id = $1`, int64(bob)).Scan(&n); err != nil || n != 0 {
			t.Errorf("bob's decks after his account: %d, %v", n, err)
		}
	})
}

func TestInvalidDecksAreNotSaved(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := decklib.New(db, index(t), nil)
		a := newAccount(t, db, "carol")
		big := make([]card.Passcode, decklib.MaxSection+1)
		for i := range big {
			big[i] = darkMagician
		}
		for _, tt := range []struct {
			d    decklib.Saved
			want string
		}{
			{decklib.Saved{Name: "   "}, "needs a name"},
			{decklib.Saved{Name: strings.Repeat("x", 65)}, "at most 64"},
			{decklib.Saved{Name: "a\x00b"}, "control"},
			{decklib.Saved{Name: "x", Ruleset: "chess"}, "chess"},
			{decklib.Saved{Name: "x", Banlist: "2099.01"}, "2099.01"},
			{decklib.Saved{Name: "x", Deck: deck.Deck{Main: []card.Passcode{12345}}}, "12345"},
			{decklib.Saved{Name: "x", Ruleset: "kouhu", Deck: deck.Deck{Main: []card.Passcode{darkMagician}}}, "not a card of kouhu"},
			{decklib.Saved{Name: "x", Deck: deck.Deck{Side: big}}, "at most 100"},
		} {
			_, err := svc.Create(ctx, a, tt.d)
			if !errors.Is(err, decklib.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Create(%+v) = %v, want %q", tt.d.Name, err, tt.want)
			}
		}
		if list, _ := svc.List(ctx, a); len(list) != 0 {
			t.Errorf("invalid decks were saved: %+v", list)
		}
	})
}

func TestTooManyDecks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := decklib.New(db, index(t), nil)
		a := newAccount(t, db, "dave")
		for i := range decklib.MaxDecks {
			if _, err := svc.Create(ctx, a, decklib.Saved{Name: "deck " + string(rune('A'+i/26)) + string(rune('a'+i%26))}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.Create(ctx, a, decklib.Saved{Name: "one more"}); !errors.Is(err, decklib.ErrTooMany) {
			t.Errorf("deck %d: %v", decklib.MaxDecks+1, err)
		}
	})
}

func TestCheck(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a := newAccount(t, db, "erin")
		owned := fakeOwned{a: {darkMagician: 3}}
		svc := decklib.New(db, index(t), owned)
		d := yugi40(t)
		// Three Pot of Greed: forbidden in the default list, and not owned.
		d.Main = append(d.Main[:37], potOfGreed, potOfGreed, potOfGreed)
		l, err := svc.Check(ctx, a, decklib.Saved{Name: "x", Deck: d})
		if err != nil {
			t.Fatal(err)
		}
		rules := map[string]bool{}
		for _, v := range l.Violations {
			rules[v.Rule] = true
		}
		if !rules[deck.RuleBanlist] || !rules[deck.RuleNotOwned] || l.Legal() {
			t.Errorf("violations = %v", l.Violations)
		}
		if !slices.ContainsFunc(l.Missing, func(m deck.Missing) bool { return m.Passcode == potOfGreed && m.Need == 3 && m.Owned == 0 }) ||
			slices.ContainsFunc(l.Missing, func(m deck.Missing) bool { return m.Passcode == darkMagician }) {
			t.Errorf("missing = %+v", l.Missing)
		}
		// A guest is checked as free cards: no not-owned verdicts.
		g, err := svc.Check(ctx, 0, decklib.Saved{Name: "x", Deck: d, Banlist: "none"})
		if err != nil || !g.Legal() {
			t.Errorf("a guest's deck with no banlist: %v %v", g.Violations, err)
		}
		// A kouhu deck follows kouhu's rules (evolution creatures in the Extra Deck).
		kd, err := kouhu.LoadDeck("dragons")
		if err != nil {
			t.Fatal(err)
		}
		main, extra := kd.Codes()
		k, err := svc.Check(ctx, 0, decklib.Saved{Name: "k", Ruleset: "kouhu", Deck: deck.Deck{Main: main, Extra: extra}})
		if err != nil || !k.Legal() {
			t.Errorf("kouhu dragons: %v %v", k.Violations, err)
		}
		k, _ = svc.Check(ctx, 0, decklib.Saved{Name: "k", Ruleset: "kouhu", Deck: deck.Deck{Main: main[:10]}})
		if k.Legal() || k.Violations[0].Rule != decklib.RuleKouhu {
			t.Errorf("a 10-card kouhu deck: %v", k.Violations)
		}
		if _, err := svc.Check(ctx, 0, decklib.Saved{Name: "x", Ruleset: "nope"}); !errors.Is(err, decklib.ErrInvalid) {
			t.Errorf("an unknown ruleset: %v", err)
		}
	})
}

// TestConcurrentCreates: many saves of one name at once give one deck; the others are told the
// name is taken, and nothing else is written.
func TestConcurrentCreates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := decklib.New(db, index(t), nil)
		a := newAccount(t, db, "gina")
		const n = 16
		d := yugi40(t)
		errs := make(chan error, n)
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := svc.Create(ctx, a, decklib.Saved{Name: "Race", Deck: d.Clone()})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		ok, taken := 0, 0
		for err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, decklib.ErrNameTaken):
				taken++
			default:
				t.Errorf("a concurrent create: %v", err)
			}
		}
		list, err := svc.List(ctx, a)
		if ok != 1 || taken != n-1 || err != nil || len(list) != 1 {
			t.Errorf("%d created, %d taken, %d decks saved (%v)", ok, taken, len(list), err)
		}
	})
}

// TestCheckRefusesUnimplementedCard: the deck builder's verdict names a card the engine does not
// play yet (the catalog built with the registry's verdict), with its passcode.
func TestCheckRefusesUnimplementedCard(t *testing.T) {
	ix, err := catalog.DefaultWith(func(p card.Passcode) bool { return p != darkMagician })
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		svc := decklib.New(db, ix, nil)
		l, err := svc.Check(context.Background(), 0, decklib.Saved{Name: "x", Deck: yugi40(t)})
		if err != nil {
			t.Fatal(err)
		}
		if l.Legal() || !slices.ContainsFunc(l.Violations, func(v deck.Violation) bool {
			return v.Rule == deck.RuleNotImplemented && v.Passcode == darkMagician &&
				v.Msg == `"Dark Magician" (46986414) is not implemented by the engine yet`
		}) {
			t.Errorf("violations = %v", l.Violations)
		}
		if c, _ := ix.Card(darkMagician); !c.Unimplemented || !c.JSON().Unimplemented {
			t.Error("the card centre does not mark Dark Magician unimplemented")
		}
	})
}
