package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestHealthz(t *testing.T) {
	_, url := newTestServer(t, Options{})
	resp, err := http.Get(strings.Replace(strings.TrimSuffix(url, "/ws"), "ws", "http", 1) + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "ok" {
		t.Fatalf("healthz = %q", b)
	}
}

// TestTwoPlayersAndSpectator: two WebSocket clients play complete duels through a room (and a
// rematch); a spectator joins in the middle of the first and sees it to its end, with the public
// view only.
func TestTwoPlayersAndSpectator(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca, cb := hello(t, url), hello(t, url)
	code, _ := ca.createRoom(nil)
	cb.send(map[string]any{"t": "join", "room": code, "deck": map[string]any{"precon": "kaiba-40"}})
	if j := cb.expect("joined"); j.Seat != "B" || j.Role != "player" {
		t.Fatalf("joined as %+v", j)
	}
	a, b := newPlayer(ca, 1), newPlayer(cb, 2)

	// Play 30 answers of seat A, then a spectator joins.
	go b.play(0)
	if res, _ := a.play(30); res != nil {
		t.Fatalf("the duel ended before the spectator came")
	}
	cs := hello(t, url)
	cs.send(map[string]any{"t": "watch", "room": code})
	if j := cs.expect("joined"); j.Role != "spectator" {
		t.Fatalf("watch: %+v", j)
	}
	first := cs.expect("state")
	if first.You != "" || first.Prompt != nil {
		t.Fatalf("spectator state: you=%q prompt=%v", first.You, first.Prompt)
	}
	a.answer(a.last)
	resA, _ := a.play(0)
	var resS *resultJSON
	for resS == nil {
		m := cs.expect("state")
		for s := range 2 {
			for _, h := range m.View.Seats[s].Hand {
				if h.Code != 0 {
					t.Fatalf("the spectator sees a card in hand: %+v", h)
				}
			}
		}
		resS = m.Result
	}
	if *resA != *resS || resA.Reason == "" {
		t.Fatalf("results differ: A %+v, spectator %+v", resA, resS)
	}

	// Rematch: both ask, a second duel is played to its end.
	ca.send(map[string]any{"t": "rematch"})
	cb.send(map[string]any{"t": "rematch"})
	a2, b2 := newPlayer(ca, 3), newPlayer(cb, 4)
	res := playBoth(t, a2, b2)
	if res[0] == nil || res[1] == nil || *res[0] != *res[1] {
		t.Fatalf("rematch results: %+v %+v", res[0], res[1])
	}
	if a2.last.T != "state" || b2.last.View.Turn == 0 {
		t.Fatalf("no state of the rematch")
	}
}

// TestAIRoom: a player against the AI plays to the end.
func TestAIRoom(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca := hello(t, url)
	ca.createRoom(map[string]any{"opponent": "ai", "first": "rps"})
	res, _ := newPlayer(ca, 9).play(0)
	if res == nil || res.Winner == "" {
		t.Fatalf("no result: %+v", res)
	}
}

// TestReconnectAtPrompt: a player's connection drops while it must answer; it rejoins its seat
// with its token, gets the full view and the same pending prompt, and finishes the duel.
func TestReconnectAtPrompt(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca, cb := hello(t, url), hello(t, url)
	code, token := ca.createRoom(nil)
	cb.send(map[string]any{"t": "join", "room": code})
	cb.expect("joined")
	a, b := newPlayer(ca, 5), newPlayer(cb, 6)
	done := make(chan *resultJSON, 1)
	go func() {
		r, _ := b.play(0)
		done <- r
	}()
	if res, _ := a.play(20); res != nil {
		t.Fatal("the duel ended too soon")
	}
	pending := a.last.Prompt
	ca.ws.CloseNow()

	// A wrong token is refused; the right one gives the seat back.
	ca2 := hello(t, url)
	ca2.send(map[string]any{"t": "rejoin", "room": code, "token": "00" + token[2:]})
	if e := ca2.expect("error"); e.Code != ErrBadToken {
		t.Fatalf("bad token: %+v", e)
	}
	ca2.send(map[string]any{"t": "rejoin", "room": code, "token": token})
	if j := ca2.expect("joined"); j.Seat != "A" {
		t.Fatalf("rejoined as %+v", j)
	}
	st := ca2.expect("state")
	if st.Prompt == nil || st.Prompt.N != pending.N || len(st.Prompt.Options) != len(pending.Options) {
		t.Fatalf("after rejoin: prompt %+v, want number %d", st.Prompt, pending.N)
	}
	if len(st.View.Seats[0].Hand) > 0 && st.View.Seats[0].Hand[0].Code == 0 {
		t.Fatalf("the rejoined seat does not see its own hand")
	}
	a2 := newPlayer(ca2, 7)
	a2.answer(st)
	resA, _ := a2.play(0)
	resB := <-done
	if resA == nil || resB == nil || *resA != *resB {
		t.Fatalf("results: %+v %+v", resA, resB)
	}
}

// TestRejected: malformed JSON, unknown messages, answers for the other seat, stale and illegal
// answers each get an error and change nothing: no state is sent, and the pending prompt can
// still be answered.
func TestRejected(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca, cb := hello(t, url), hello(t, url)
	code, _ := ca.createRoom(nil) // A goes first: A answers first
	cb.send(map[string]any{"t": "join", "room": code})
	cb.expect("joined")
	st := untilPromptOf(t, ca, cb) // B passes the windows of A's first phases
	n := st.Prompt.N
	cases := []struct {
		c    *client
		send string
		code string
	}{
		{ca, `{"t":"answer","prompt":`, ErrMalformed},
		{ca, `[1,2]`, ErrMalformed},
		{ca, `{"t":"teleport"}`, ErrUnknown},
		{ca, `{"t":"answer","prompt":1,"i":0,"extra":true}`, ErrMalformed},
		{ca, `{"t":"answer","prompt":1,"i":0,"text":"end"}`, ErrMalformed},
		{ca, `{"t":"hello","v":1}`, ErrHello},
		{cb, `{"t":"answer","prompt":` + itoa(n) + `,"i":0}`, ErrNotYourTurn},
		{ca, `{"t":"answer","prompt":` + itoa(n+5) + `,"i":0}`, ErrStale},
		{ca, `{"t":"answer","prompt":` + itoa(n) + `,"i":9999}`, ErrIllegal},
		{ca, `{"t":"answer","prompt":` + itoa(n) + `,"text":"summon \"Blue-Eyes White Dragon\""}`, ErrIllegal},
		{ca, `{"t":"answer","prompt":` + itoa(n) + `,"sel":[0]}`, ErrIllegal},
		{cb, `{"t":"rematch"}`, ErrState},
		{ca, `{"t":"create"}`, ErrInRoom},
	}
	for _, tc := range cases {
		tc.c.sendRaw(tc.send)
		m, ok := tc.c.read()
		if !ok || m.T != "error" || m.Code != tc.code {
			t.Fatalf("%s: got %s, want error %q", tc.send, m.raw, tc.code)
		}
		// Nothing changed: the next message of both clients is the answer to a ping.
		for _, c := range []*client{ca, cb} {
			c.send(map[string]any{"t": "ping"})
			if m, _ := c.read(); m.T != "pong" {
				t.Fatalf("after %s: got %s before the pong", tc.send, m.raw)
			}
		}
	}
	ca.send(map[string]any{"t": "answer", "prompt": n, "i": st.Prompt.Options[0].I})
	if m := ca.expect("state"); m.Seq <= st.Seq {
		t.Fatalf("the answer after the rejected ones did not move the duel")
	}
}

// TestHelloFirst: nothing but hello is read before hello; a wrong version is refused.
func TestHelloFirst(t *testing.T) {
	_, url := newTestServer(t, Options{})
	c := dial(t, url)
	c.sendRaw(`{"t":"create"}`)
	if m := c.expect("error"); m.Code != ErrHello {
		t.Fatalf("before hello: %+v", m)
	}
	c.sendRaw(`{"t":"hello","v":99}`)
	if m := c.expect("error"); m.Code != ErrVersion {
		t.Fatalf("version 99: %+v", m)
	}
	c.sendRaw(`{"t":"hello","v":1}`)
	c.expect("welcome")
	c.send(map[string]any{"t": "join", "room": "NOSUCH"})
	if m := c.expect("error"); m.Code != ErrNoRoom {
		t.Fatalf("join a missing room: %+v", m)
	}
	c.send(map[string]any{"t": "create", "deck": map[string]any{"ydk": "#main\n89631139\n"}})
	if m := c.expect("error"); m.Code != ErrDeck || !strings.Contains(m.Msg, "40") {
		t.Fatalf("a 1-card deck: %+v", m)
	}
	c.send(map[string]any{"t": "create", "ruleset": "rush"})
	if m := c.expect("error"); m.Code != ErrRuleset {
		t.Fatalf("an unknown ruleset: %+v", m)
	}
	c.send(map[string]any{"t": "create", "ruleset": "kouhu", "deck": map[string]any{"precon": "yugi"}})
	if m := c.expect("error"); m.Code != ErrDeck || !strings.Contains(m.Msg, "kouhu plays its own card set") {
		t.Fatalf("an ocg deck in a kouhu room: %+v", m)
	}
}

// TestRateLimit: messages over the connection's budget are dropped with an error.
func TestRateLimit(t *testing.T) {
	_, url := newTestServer(t, Options{RatePerSec: 0.001, RateBurst: 5})
	c := dial(t, url)
	for range 8 {
		c.send(map[string]any{"t": "ping"})
	}
	pongs, limited := 0, 0
	for range 8 {
		m, _ := c.read()
		switch {
		case m.T == "pong":
			pongs++
		case m.T == "error" && m.Code == ErrRate:
			limited++
		}
	}
	if pongs != 5 || limited != 3 {
		t.Fatalf("%d pongs and %d rate errors, want 5 and 3", pongs, limited)
	}
}

func itoa(n int) string {
	b, _ := jsonNumber(n)
	return b
}

func jsonNumber(n int) (string, error) { return string(mustJSON(n)), nil }
