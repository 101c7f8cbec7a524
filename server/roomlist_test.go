package server

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/duelistgame/duelist/ruleset"
)

// helloAs dials and says hello with a name.
func helloNamed(t *testing.T, url, name string) *client {
	c := dial(t, url)
	c.send(map[string]any{"t": "hello", "v": Version, "name": name})
	c.expect("welcome")
	return c
}

func roomListOf(t *testing.T, srv *Server, query string) RoomList {
	t.Helper()
	w := call(srv, "GET", "/api/rooms"+query, 0)
	if w.Code != http.StatusOK {
		t.Fatalf("GET /api/rooms%s: %d %s", query, w.Code, w.Body)
	}
	var l RoomList
	if err := json.Unmarshal(w.Body.Bytes(), &l); err != nil {
		t.Fatalf("GET /api/rooms%s: %v: %s", query, err, w.Body)
	}
	return l
}

func findListing(ls []RoomListing, code string) *RoomListing {
	for i := range ls {
		if ls[i].Room == code {
			return &ls[i]
		}
	}
	return nil
}

// waitListing polls the room list until ok holds of it.
func waitListing(t *testing.T, srv *Server, query string, what string, ok func(RoomList) bool) RoomList {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		l := roomListOf(t, srv, query)
		if ok(l) {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatalf("the room list never showed %s: %+v", what, l)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestRoomList(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	host := helloNamed(t, url, "alice")
	code, _ := host.createRoom(map[string]any{"ruleset": "ocg", "timeLimit": 120})
	secret := helloNamed(t, url, "carol")
	private, _ := secret.createRoom(map[string]any{"private": true})
	closed := helloNamed(t, url, "dave")
	noWatch, _ := closed.createRoom(map[string]any{"noWatch": true, "freeCards": true, "banlist": "none"})

	l := waitListing(t, srv, "", "the open rooms", func(l RoomList) bool {
		return findListing(l.Open, code) != nil && findListing(l.Open, noWatch) != nil
	})
	got := findListing(l.Open, code)
	if got.Host != "alice" || got.Ruleset != "ocg" || got.TimeLimit != 120 || got.Rated || !got.Watch ||
		got.Status != "waiting" || len(got.Players) != 1 {
		t.Errorf("the open room is listed as %+v", got)
	}
	if nw := findListing(l.Open, noWatch); nw.Watch || !nw.FreeCards || nw.Banlist != "none" {
		t.Errorf("a free-cards room with no banlist and spectating off is listed as %+v", nw)
	}
	if got.FreeCards || got.Banlist == "" || got.Banlist == "none" {
		t.Errorf("a room of owned cards under the default banlist is listed as %+v", got)
	}
	if findListing(l.Open, private) != nil || findListing(l.Live, private) != nil {
		t.Errorf("the private room %s is listed: %+v", private, l)
	}
	if l := roomListOf(t, srv, "?ruleset=classic"); len(l.Open)+len(l.Live) != 0 {
		t.Errorf("the classic list holds the ocg rooms: %+v", l)
	}
	if l := roomListOf(t, srv, "?ruleset=ocg"); findListing(l.Open, code) == nil {
		t.Errorf("the ocg list leaves out the ocg room: %+v", l)
	}

	// A second player joins: the room moves to the live duels.
	guest := helloNamed(t, url, "bob")
	guest.send(map[string]any{"t": "join", "room": code, "deck": map[string]any{"precon": "kaiba-40"}})
	guest.expect("joined")
	l = waitListing(t, srv, "?ruleset=ocg", "the live duel", func(l RoomList) bool { return findListing(l.Live, code) != nil })
	live := findListing(l.Live, code)
	if findListing(l.Open, code) != nil || live.Turn < 1 || len(live.Players) != 2 ||
		live.Players[0] != "alice" || live.Players[1] != "bob" {
		t.Errorf("the live duel is listed as %+v (open: %+v)", live, l.Open)
	}

	// Spectating off: watching is refused, with its own code.
	w := helloNamed(t, url, "eve")
	w.send(map[string]any{"t": "watch", "room": noWatch, "id": 7})
	if m, _ := w.read(); m.T != "error" || m.Code != ErrNoWatch {
		t.Errorf("watching a room with spectating off: %s", m.raw)
	}
	// A private room may still be watched by its code.
	w.send(map[string]any{"t": "watch", "room": private})
	w.expect("joined")

	// A host who drops is away: the room leaves the list until they rejoin.
	closed.ws.CloseNow()
	waitListing(t, srv, "", "the room of the host who left gone", func(l RoomList) bool { return findListing(l.Open, noWatch) == nil })
}

func TestRoomListBadFilter(t *testing.T) {
	srv, _ := newTestServer(t, Options{})
	for _, q := range []string{"?ruleset=nope", "?ruleset=%00"} {
		if w := call(srv, "GET", "/api/rooms"+q, 0); w.Code != http.StatusBadRequest {
			t.Errorf("GET /api/rooms%s: %d %s, want 400", q, w.Code, w.Body)
		}
	}
}

func TestRoomListBounded(t *testing.T) {
	h := NewHub(Options{})
	rs, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	for range MaxRoomList + 20 {
		r := newRoom(h, newRoomCode(), roomConfig{ruleset: rs, timeLimit: time.Minute})
		r.seats[0] = seatState{taken: true, name: "p", conn: testConn(h)}
		r.listing.Store(r.listingNow())
		h.rooms[r.code] = r
	}
	l := h.RoomList("")
	if n := len(l.Open) + len(l.Live); n != MaxRoomList {
		t.Errorf("the list holds %d entries, want %d", n, MaxRoomList)
	}
}

// A logged-in player's seat shows the account's name, not the name its hello gives; a guest's
// shows the hello's.
func TestSeatShowsAccountName(t *testing.T) {
	srv, url := newTestServer(t, Options{Account: testAccount, AccountName: func(r *http.Request) string {
		if r.Header.Get("X-Test-Account") == "5" {
			return "Account Five"
		}
		return ""
	}})
	host := dialAs(t, url, 5) // says hello as "p5"
	code, _ := host.createRoom(nil)
	guest := helloNamed(t, url, "guest")
	guest.send(map[string]any{"t": "join", "room": code})
	guest.expect("joined")
	l := waitListing(t, srv, "", "the live duel", func(l RoomList) bool { return findListing(l.Live, code) != nil })
	if p := findListing(l.Live, code).Players; len(p) != 2 || p[0] != "Account Five" || p[1] != "guest" {
		t.Errorf("the seats show %q, want the account's name and the guest's", p)
	}
}

// BenchmarkRoomList reads the room list of a hub holding its most rooms (50,000), half of them
// open.
func BenchmarkRoomList(b *testing.B) {
	h := NewHub(Options{})
	rs, err := ruleset.Get("ocg")
	if err != nil {
		b.Fatal(err)
	}
	for i := range h.opts.MaxRooms {
		r := newRoom(h, newRoomCode(), roomConfig{ruleset: rs, timeLimit: time.Minute, private: i%2 == 1})
		r.seats[0] = seatState{taken: true, name: "p", conn: testConn(h)}
		r.listing.Store(r.listingNow())
		h.rooms[r.code] = r
	}
	b.ResetTimer()
	for b.Loop() {
		h.makeRoomList("ocg")
	}
}
