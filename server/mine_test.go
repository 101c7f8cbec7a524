package server

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// testAccount is the Options.Account of these tests: the account is header X-Test-Account.
func testAccount(r *http.Request) int64 {
	n, _ := strconv.ParseInt(r.Header.Get("X-Test-Account"), 10, 64)
	return n
}

// dialAs dials as a logged-in account (0: a guest) and says hello.
func dialAs(t *testing.T, url string, acc int64) *client {
	t.Helper()
	h := http.Header{}
	if acc != 0 {
		h.Set("X-Test-Account", strconv.FormatInt(acc, 10))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 24)
	t.Cleanup(func() { ws.CloseNow() })
	c := &client{t: t, ws: ws}
	c.send(map[string]any{"t": "hello", "v": Version, "name": "p" + strconv.FormatInt(acc, 10)})
	c.expect("welcome")
	return c
}

// call makes an HTTP request of the server as an account (0: a guest), with extra headers.
func call(srv *Server, method, path string, acc int64, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	if acc != 0 {
		req.Header.Set("X-Test-Account", strconv.FormatInt(acc, 10))
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	return w
}

func myRoomsOf(t *testing.T, srv *Server, acc int64) []MyRoom {
	t.Helper()
	w := call(srv, "GET", "/api/duels/mine", acc)
	if w.Code != http.StatusOK {
		t.Fatalf("GET /api/duels/mine as %d: %d %s", acc, w.Code, w.Body)
	}
	var out struct{ Rooms []MyRoom }
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	return out.Rooms
}

func seatToken(t *testing.T, srv *Server, room string, acc int64, want int) mySeatJSON {
	t.Helper()
	w := call(srv, "POST", "/api/duels/mine/"+room+"/seat", acc)
	if w.Code != want {
		t.Fatalf("POST seat of room %s as %d: %d %s, want %d", room, acc, w.Code, w.Body, want)
	}
	var s mySeatJSON
	json.Unmarshal(w.Body.Bytes(), &s)
	return s
}

// TestSeatFollowsAccount: a logged-in player's room is listed for the account (and no other),
// and a new connection of the account (a new tab, another device) that knows no token gets the
// seat's token from the server and takes the seat back; the old tab is told it was replaced.
func TestSeatFollowsAccount(t *testing.T) {
	srv, url := newTestServer(t, Options{Log: NewMemLog(), Account: testAccount})
	tab1 := dialAs(t, url, 42)
	code, tok := tab1.createRoom(map[string]any{"opponent": "ai"})
	tab1.expect("state")

	if w := call(srv, "GET", "/api/duels/mine", 0); w.Code != http.StatusUnauthorized {
		t.Fatalf("a guest's rooms: %d, want 401", w.Code)
	}
	if got := myRoomsOf(t, srv, 43); len(got) != 0 {
		t.Fatalf("account 43 is shown account 42's room: %+v", got)
	}
	got := myRoomsOf(t, srv, 42)
	if len(got) != 1 || got[0].Room != code || got[0].Seat != "A" || got[0].Status != "dueling" ||
		!got[0].AI || !got[0].Held || got[0].Opponent != "AI" || got[0].Ruleset != "ocg" {
		t.Fatalf("account 42's rooms: %+v", got)
	}
	seatToken(t, srv, code, 43, http.StatusNotFound)
	seatToken(t, srv, code, 0, http.StatusUnauthorized)
	seatToken(t, srv, "NOROOM", 42, http.StatusNotFound)
	if w := call(srv, "POST", "/api/duels/mine/"+code+"/seat", 42, "Sec-Fetch-Site", "cross-site"); w.Code != http.StatusForbidden {
		t.Fatalf("a cross-site POST for the seat: %d, want 403", w.Code)
	}
	s := seatToken(t, srv, code, 42, http.StatusOK)
	if s.Token != tok || s.Seat != "A" || s.Room != code {
		t.Fatalf("the seat given back: %+v, want room %s seat A token %s", s, code, tok)
	}

	tab2 := dialAs(t, url, 42)
	tab2.send(map[string]any{"t": "rejoin", "room": s.Room, "token": s.Token})
	if j := tab2.expect("joined"); j.Seat != "A" || j.Role != "player" {
		t.Fatalf("the new tab joined as %+v", j)
	}
	if st := tab2.expect("state"); st.You != "A" {
		t.Fatalf("the new tab's state is seat %q's", st.You)
	}
	for {
		m, ok := tab1.read()
		if !ok {
			break // closed; that it is told "replaced" first is the hardening branch's (issue 14)
		}
		if m.T == "closed" {
			if m.Code != "replaced" {
				t.Fatalf("the old tab was closed with %q, want replaced", m.Code)
			}
			break
		}
	}
	// Once the duel is over and its player gone, the room is not listed any more.
	tab2.send(map[string]any{"t": "leave"})
	tab2.expect("closed")
	if got := myRoomsOf(t, srv, 42); len(got) != 0 {
		t.Fatalf("a room the player left is still listed: %+v", got)
	}
}

// TestSeatFollowsAccountAfterRecovery: a room rebuilt from the log knows its seats' tokens only
// by hash; the account gets a fresh token that takes the seat, and the old one stops working.
func TestSeatFollowsAccountAfterRecovery(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l, Account: testAccount})
	c := dialAs(t, url, 42)
	code, oldTok := c.createRoom(map[string]any{"opponent": "ai"})
	c.expect("state")

	srv2, url2 := newTestServer(t, Options{Log: l, Account: testAccount})
	if st, err := srv2.Hub().Recover(context.Background()); err != nil || st.Rooms != 1 {
		t.Fatalf("recover: %v %v", st, err)
	}
	got := myRoomsOf(t, srv2, 42)
	if len(got) != 1 || got[0].Room != code || got[0].Held {
		t.Fatalf("account 42's rooms after the recovery: %+v", got)
	}
	s := seatToken(t, srv2, code, 42, http.StatusOK)
	if s.Token == "" || s.Token == oldTok {
		t.Fatalf("the recovered seat's token: %q (old %q)", s.Token, oldTok)
	}
	if again := seatToken(t, srv2, code, 42, http.StatusOK); again.Token != s.Token {
		t.Fatalf("a second ask gave another token")
	}
	old := dialAs(t, url2, 0)
	old.send(map[string]any{"t": "rejoin", "room": code, "token": oldTok})
	if m := old.expect("error"); m.Code != ErrBadToken {
		t.Fatalf("the old token: %s, want %s", m.Code, ErrBadToken)
	}
	tab := dialAs(t, url2, 42)
	tab.send(map[string]any{"t": "rejoin", "room": code, "token": s.Token})
	if j := tab.expect("joined"); j.Seat != "A" {
		t.Fatalf("joined %+v", j)
	}
	tab.expect("state")
}

// playToEnd plays a logged-in player against the AI to the end of the duel (at random, and
// concedes after 60 answers so that the test stays short); it returns the last state.
func playToEnd(t *testing.T, c *client) msg {
	t.Helper()
	p := newPlayer(c, 3)
	if _, done := p.play(60); !done {
		c.send(map[string]any{"t": "concede"})
		for m := c.expect("state"); ; m = c.expect("state") {
			if m.Result != nil {
				return m
			}
		}
	}
	return p.last
}

// views fetches a duel's views as acc (with extra headers) and decodes them.
func views(t *testing.T, srv *Server, id int64, acc int64, hdr ...string) (int, viewsJSON) {
	t.Helper()
	w := call(srv, "GET", "/api/duels/"+strconv.FormatInt(id, 10)+"/views", acc, hdr...)
	var out viewsJSON
	var body io.Reader = w.Body
	if w.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		body = zr
	}
	b, _ := io.ReadAll(body)
	if w.Code == http.StatusOK {
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatalf("views: %v", err)
		}
	}
	return w.Code, out
}

// TestDuelViews: a finished duel's views replay it step by step for its player: one step per
// logged move and the start, both hands shown, the last step the result the player saw; no one
// else gets them (not another account, not a guest, not a wrong seat token); a guest player gets
// them with its seat token.
func TestDuelViews(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l, Account: testAccount})
	c := dialAs(t, url, 42)
	c.createRoom(map[string]any{"opponent": "ai"})
	last := playToEnd(t, c)

	if code, _ := views(t, srv, 1, 43); code != http.StatusNotFound {
		t.Fatalf("another account's views of the duel: %d, want 404", code)
	}
	if code, _ := views(t, srv, 1, 0); code != http.StatusNotFound {
		t.Fatalf("a guest's views of the duel: %d, want 404", code)
	}
	if code, _ := views(t, srv, 1, 0, "X-Seat-Token", "0123456789abcdef0123456789abcdef"); code != http.StatusNotFound {
		t.Fatalf("views with a wrong token: %d, want 404", code)
	}
	if code, _ := views(t, srv, 2, 42); code != http.StatusNotFound {
		t.Fatalf("views of a duel that does not exist: %d, want 404", code)
	}
	code, v := views(t, srv, 1, 42, "Accept-Encoding", "gzip")
	if code != http.StatusOK {
		t.Fatalf("the player's views: %d", code)
	}
	_, es, _ := l.Moves(context.Background(), 1)
	if len(v.Steps) != len(es)+1 || v.Steps[0].Move != nil || v.Names[0] != "p42" || v.Names[1] != "AI" {
		t.Fatalf("%d steps for %d moves; names %v", len(v.Steps), len(es), v.Names)
	}
	t.Logf("%d moves: %d bytes of views as JSON, %d gzipped", len(es), call(srv, "GET", "/api/duels/1/views", 42).Body.Len(),
		call(srv, "GET", "/api/duels/1/views", 42, "Accept-Encoding", "gzip").Body.Len())
	end := v.Steps[len(v.Steps)-1].State
	if end.Result == nil || *end.Result != *last.Result {
		t.Fatalf("the last step's result %+v, the player saw %+v", end.Result, last.Result)
	}
	// The player's own last view and the viewer's agree on seat A's side; seat B's hand,
	// hidden from the player, is shown face up to the viewer.
	if got, want := mustJSON(end.View.Seats[0]), mustJSON(last.View.Seats[0]); string(got) != string(want) {
		t.Fatalf("seat A at the end:\nviewer %s\nplayer %s", got, want)
	}
	shownB := false
	for _, st := range v.Steps {
		if st.State.Prompt != nil {
			t.Fatal("a step carries a prompt")
		}
		for _, c := range st.State.View.Seats[1].Hand {
			if c.Code == 0 {
				t.Fatalf("step %d: a card of B's hand is hidden from the viewer", st.State.Seq)
			}
			shownB = true
		}
		if st.Move != nil && st.Move.Kind == "answer" && st.Move.Text == "" {
			t.Fatalf("step %d: an answer without its text", st.State.Seq)
		}
	}
	if !shownB {
		t.Fatal("B never held a card in the whole duel")
	}
	if v.Steps[1].State.View.Turn < 1 || v.Steps[len(v.Steps)-1].State.View.Turn < v.Steps[1].State.View.Turn {
		t.Fatal("the steps' turns do not advance")
	}

	// A guest player gets its duel's views with its seat token.
	g := dialAs(t, url, 0)
	_, tok := g.createRoom(map[string]any{"opponent": "ai"})
	g.expect("state")
	g.send(map[string]any{"t": "concede"})
	for m := g.expect("state"); m.Result == nil; m = g.expect("state") {
	}
	code, gv := views(t, srv, 2, 0, "X-Seat-Token", tok)
	if code != http.StatusOK {
		t.Fatalf("a guest's views with its seat token: %d", code)
	}
	if mv := gv.Steps[len(gv.Steps)-1].Move; mv == nil || mv.Kind != "concede" || mv.Seat != "A" || mv.Reason != "conceded" {
		t.Fatalf("the last move of a conceded duel: %+v", mv)
	}
	if r := gv.Steps[len(gv.Steps)-1].State.Result; r == nil || r.Winner != "B" || r.Reason != "conceded" {
		t.Fatalf("the result of a conceded duel: %+v", r)
	}
	if code, _ := views(t, srv, 2, 42); code != http.StatusNotFound {
		t.Fatalf("account 42 got a guest's duel: %d", code)
	}
}

// TestDuelViewsOpenDuel: a duel going on has no views (they would show both hands).
func TestDuelViewsOpenDuel(t *testing.T) {
	srv, url := newTestServer(t, Options{Log: NewMemLog(), Account: testAccount})
	c := dialAs(t, url, 42)
	c.createRoom(map[string]any{"opponent": "ai"})
	c.expect("state")
	if code, _ := views(t, srv, 1, 42); code != http.StatusNotFound {
		t.Fatalf("the views of an open duel: %d, want 404", code)
	}
	if !strings.Contains(call(srv, "GET", "/api/duels/1/views", 42).Body.String(), "no such finished duel") {
		t.Fatal("the error does not say why")
	}
}
