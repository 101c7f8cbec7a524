package server

import (
	"context"
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/duels"
)

const potOfGreed = 55144522 // forbidden in duelist-2008, limited in duelist-2008-traditional

// pastedDeck is the 5D's deck with its last cards replaced by pots copies of Pot of Greed, as
// pasted .ydk text.
func pastedDeck(t *testing.T, pots int) map[string]any {
	t.Helper()
	d, err := decks.Get("5ds")
	if err != nil {
		t.Fatal(err)
	}
	for i := range pots {
		d.Main[len(d.Main)-1-i] = potOfGreed
	}
	return map[string]any{"ydk": d.YDK()}
}

// createErr sends a create message and returns the error it is answered with ("" for joined).
func createErr(c *client, extra map[string]any) (code, text string) {
	c.t.Helper()
	m := map[string]any{"t": "create", "first": "A"}
	maps.Copy(m, extra)
	c.send(m)
	for {
		r, ok := c.read()
		if !ok {
			c.t.Fatal("connection closed after create")
		}
		switch r.T {
		case "joined":
			return "", r.Room
		case "error":
			return r.Code, r.Msg
		}
	}
}

// roomSettings reads messages until a room message and returns its banlist and freeCards.
func roomSettings(t *testing.T, c *client) (string, bool) {
	t.Helper()
	m := c.expect("room")
	var rs struct {
		Banlist   string `json:"banlist"`
		FreeCards bool   `json:"freeCards"`
	}
	if err := json.Unmarshal(m.raw, &rs); err != nil {
		t.Fatal(err)
	}
	return rs.Banlist, rs.FreeCards
}

// TestRoomBanlistChoice: an unknown banlist is refused and makes no room; "none" needs free
// cards; a deck breaking the chosen list is refused, one legal under it is accepted; the room
// message tells the settings.
func TestRoomBanlistChoice(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	c := dial(t, url)
	c.send(map[string]any{"t": "hello", "v": Version, "name": "host"})
	var w struct {
		Banlists []banlistInfo `json:"banlists"`
	}
	if err := json.Unmarshal(c.expect("welcome").raw, &w); err != nil || len(w.Banlists) < 2 ||
		w.Banlists[0].Name != deck.DefaultBanlistName || w.Banlists[0].Date == "" {
		t.Fatalf("welcome banlists %+v (%v)", w.Banlists, err)
	}
	if code, text := createErr(c, map[string]any{"banlist": "tcg-2099"}); code != ErrBadRequest ||
		!strings.Contains(text, `"tcg-2099"`) || !strings.Contains(text, deck.DefaultBanlistName) {
		t.Fatalf("unknown banlist: %s %s", code, text)
	}
	if code, text := createErr(c, map[string]any{"banlist": BanlistNone}); code != ErrBadRequest || !strings.Contains(text, "free-cards") {
		t.Fatalf("banlist none without free cards: %s %s", code, text)
	}
	if n := srv.Hub().Stats().Rooms; n != 0 {
		t.Fatalf("%d rooms after refused creates", n)
	}
	// One Pot of Greed: forbidden in the default list, limited (1) in the traditional one.
	if code, text := createErr(c, map[string]any{"deck": pastedDeck(t, 1)}); code != ErrDeck ||
		!strings.Contains(text, `"Pot of Greed" is forbidden in banlist duelist-2008`) {
		t.Fatalf("1 Pot of Greed under the default list: %s %s", code, text)
	}
	if code, text := createErr(c, map[string]any{"deck": pastedDeck(t, 2), "banlist": "duelist-2008-traditional"}); code != ErrDeck ||
		!strings.Contains(text, "duelist-2008-traditional") {
		t.Fatalf("2 Pot of Greed under the traditional list: %s %s", code, text)
	}
	code, room := createErr(c, map[string]any{"deck": pastedDeck(t, 1), "banlist": "duelist-2008-traditional"})
	if code != "" {
		t.Fatalf("1 Pot of Greed under the traditional list: %s %s", code, room)
	}
	if bl, free := roomSettings(t, c); bl != "duelist-2008-traditional" || free {
		t.Fatalf("room message: banlist %q freeCards %v", bl, free)
	}
	// The joiner's deck is checked against the room's list, not the default one.
	b := hello(t, url)
	b.send(map[string]any{"t": "join", "room": room, "deck": pastedDeck(t, 3)})
	if got := b.expectError(); got != ErrDeck {
		t.Fatalf("3 Pot of Greed joining: %s", got)
	}
	b.send(map[string]any{"t": "join", "room": room, "deck": pastedDeck(t, 1)})
	b.expect("joined")
	// A spectator sees the settings too.
	s := hello(t, url)
	s.send(map[string]any{"t": "watch", "room": room})
	if bl, _ := roomSettings(t, s); bl != "duelist-2008-traditional" {
		t.Fatalf("spectator's room message: banlist %q", bl)
	}
	// No banlist in a free-cards room: three Pot of Greed.
	f := hello(t, url)
	if code, text := createErr(f, map[string]any{"deck": pastedDeck(t, 3), "banlist": BanlistNone, "freeCards": true}); code != "" {
		t.Fatalf("3 Pot of Greed with no banlist: %s %s", code, text)
	}
	if bl, free := roomSettings(t, f); bl != BanlistNone || !free {
		t.Fatalf("room message: banlist %q freeCards %v", bl, free)
	}
}

// TestRoomOwnedCards: with collections, a logged-in player's pasted deck must be owned in a
// normal room (the error names the missing cards) and need not be in a free-cards room; guests
// paste decks only in free-cards rooms; preconstructed decks are played by anyone.
func TestRoomOwnedCards(t *testing.T) {
	d5, err := decks.Get("5ds")
	if err != nil {
		t.Fatal(err)
	}
	all := map[card.Passcode]int{}
	for _, p := range append(append([]card.Passcode{}, d5.Main...), d5.Extra...) {
		all[p] = 3
	}
	some := maps.Clone(all)
	delete(some, d5.Main[0])
	url := qmServer(t, &finishes{}, func(o *Options) {
		o.Owned = func(_ context.Context, acc int64) (map[card.Passcode]int, error) {
			switch acc {
			case 1:
				return all, nil
			case 2:
				return some, nil
			}
			return map[card.Passcode]int{}, nil
		}
	})
	ydk := map[string]any{"ydk": d5.YDK()}
	c0, ok := card.Pool().ByPasscode(d5.Main[0])
	if !ok {
		t.Fatalf("card %d is not in the pool", d5.Main[0])
	}
	name := c0.Name
	lacking := helloAs(t, url, 2, "lacking")
	if code, text := createErr(lacking, map[string]any{"deck": ydk}); code != ErrDeck ||
		!strings.Contains(text, "owned cards") || !strings.Contains(text, `"`+name+`"`) {
		t.Fatalf("an unowned card in a normal room: %s %s", code, text)
	}
	if code, text := createErr(lacking, map[string]any{"deck": ydk, "freeCards": true}); code != "" {
		t.Fatalf("an unowned card in a free-cards room: %s %s", code, text)
	}
	owner := helloAs(t, url, 1, "owner")
	code, room := createErr(owner, map[string]any{"deck": ydk})
	if code != "" {
		t.Fatalf("an owned deck in a normal room: %s %s", code, room)
	}
	guest := helloAs(t, url, 0, "guest")
	guest.send(map[string]any{"t": "join", "room": room, "deck": ydk})
	if got := guest.expectError(); got != ErrDeck {
		t.Fatalf("a guest's pasted deck in a normal room: %s", got)
	}
	guest.send(map[string]any{"t": "join", "room": room, "deck": map[string]any{"precon": "kaiba-40"}})
	guest.expect("joined")
	poor := helloAs(t, url, 3, "poor")
	if code, text := createErr(poor, map[string]any{"deck": map[string]any{"precon": "5ds"}}); code != "" {
		t.Fatalf("a preconstructed deck owning nothing: %s %s", code, text)
	}
}

// TestRecoveredRoomKeepsDeckRules: the duel log header carries the room's banlist and free
// cards, so a room rebuilt after a crash shows (and keeps) them.
func TestRecoveredRoomKeepsDeckRules(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	a, b := hello(t, url), hello(t, url)
	room, _ := a.createRoom(map[string]any{"banlist": "duelist-2008-traditional", "freeCards": true})
	b.send(map[string]any{"t": "join", "room": room})
	b.expect("joined")
	b.expect("state")
	open, err := l.Open(context.Background())
	if err != nil || len(open) != 1 {
		t.Fatalf("open duels: %d %v", len(open), err)
	}
	if hd := open[0].Header; hd.Banlist != "duelist-2008-traditional" || !hd.FreeCards {
		t.Fatalf("header: banlist %q freeCards %v", hd.Banlist, hd.FreeCards)
	}
	_, url2 := restartOn(t, l)
	s := hello(t, url2)
	s.send(map[string]any{"t": "watch", "room": room})
	if bl, free := roomSettings(t, s); bl != "duelist-2008-traditional" || !free {
		t.Fatalf("recovered room: banlist %q freeCards %v", bl, free)
	}
	if rd := roomDecksOf(duels.Header{}); rd.banlist != deck.DefaultBanlistName || rd.freeCards {
		t.Fatalf("a header from before the settings: %+v", rd)
	}
}
