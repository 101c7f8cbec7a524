package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/scenario"
)

// restartOn starts a new server on the same log, rebuilds its open duels and returns its URL.
func restartOn(t *testing.T, l DuelLog) (*Server, string) {
	t.Helper()
	srv, url := newTestServer(t, Options{Log: l})
	st, err := srv.Hub().Recover(context.Background())
	if err != nil {
		t.Fatalf("recover: %v", err)
	}
	if st.Failed != 0 {
		t.Fatalf("recover: %v", st)
	}
	return srv, url
}

// TestRecoverFromLog plays part of a duel, drops the server (its rooms are never stopped: only
// the log survives), rebuilds the duel on a new server from the log, checks that both seats see
// exactly what they saw, and finishes the duel; its replay is listed and verifies.
func TestRecoverFromLog(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	d := newDuo(t, url, 1)
	for range 30 {
		d.step()
	}
	if d.over() {
		t.Skip("the duel ended in 30 answers")
	}
	before := [2]string{sight(d.last[0]), sight(d.last[1])}

	srv2, url2 := restartOn(t, l)
	if n := srv2.Hub().Stats().Dueling; n != 1 {
		t.Fatalf("%d duels going on after the recovery, want 1", n)
	}
	d.rejoin(url2)
	for s := range before {
		if got := sight(d.last[s]); got != before[s] {
			t.Fatalf("seat %s sees another duel after the recovery:\nbefore %s\nafter  %s", seatName(s), before[s], got)
		}
	}
	res := d.finish()
	verifyReplay(t, srv2, l, d.tok[0], res)
}

// verifyReplay downloads the one finished duel's replay with a seat token and runs it.
func verifyReplay(t *testing.T, srv *Server, l DuelLog, tok string, res *resultJSON) {
	t.Helper()
	open, _ := l.Open(context.Background())
	if len(open) != 0 {
		t.Fatalf("%d duels still open after the duel ended", len(open))
	}
	rec := get(t, srv, "/api/duels/1/replay", tok)
	if rec.StatusCode != http.StatusOK {
		t.Fatalf("GET replay: %d", rec.StatusCode)
	}
	body, _ := io.ReadAll(rec.Body)
	if !strings.Contains(string(body), "winner: "+res.Winner) {
		t.Fatalf("the replay does not end with winner %s:\n%s", res.Winner, body)
	}
	path := filepath.Join(t.TempDir(), "duel.duel")
	os.WriteFile(path, body, 0o600)
	if r := scenario.RunFile(path, all.Library()); r.Err != nil {
		t.Fatalf("the replay does not verify: %v\n%s", r.Err, body)
	}
	if rec := get(t, srv, "/api/duels/1/replay", "not-a-token"); rec.StatusCode != http.StatusNotFound {
		t.Fatalf("GET replay with a wrong token: %d, want 404", rec.StatusCode)
	}
}

func get(t *testing.T, srv *Server, path, tok string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", path, nil)
	if tok != "" {
		req.Header.Set("X-Seat-Token", tok)
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	return w.Result()
}

// TestRecoverDuringChainAndSelection rebuilds duels stopped while a chain is open and while a
// selection is pending (positions that only the answers, not a snapshot, describe).
func TestRecoverDuringChainAndSelection(t *testing.T) {
	for _, tc := range []struct {
		name string
		cond func(msg) bool
	}{{"chain", chainOpen}, {"selection", selecting}} {
		t.Run(tc.name, func(t *testing.T) {
			l := NewMemLog()
			_, url := newTestServer(t, Options{Log: l})
			var d *duo
			for seed := uint64(1); ; seed++ {
				if seed > 40 {
					t.Fatalf("no duel reached a %s in 40 tries", tc.name)
				}
				d = newDuo(t, url, seed)
				if d.until(tc.cond) {
					break
				}
			}
			s := d.prompted()
			before := sight(d.last[s])
			_, url2 := restartOn(t, l)
			d.rejoin(url2)
			if got := sight(d.last[s]); got != before {
				t.Fatalf("after the recovery seat %s sees\n%s\nnot\n%s", seatName(s), got, before)
			}
			if !tc.cond(d.last[s]) {
				t.Fatalf("the %s is gone after the recovery", tc.name)
			}
			d.finish()
		})
	}
}

// TestLogRefusesAnswer: when the log cannot take an answer, the answer does not happen (the
// player is told, and sees the same prompt); once the log works again the duel goes on.
func TestLogRefusesAnswer(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	d := newDuo(t, url, 3)
	for range 5 {
		d.step()
	}
	s := d.prompted()
	before := sight(d.last[s])
	l.FailOn(func(op string) error { return errors.New("disk full") })
	pr := d.last[s].Prompt
	d.c[s].send(map[string]any{"t": "answer", "prompt": pr.N, "i": pr.Options[0].I})
	m, _ := d.c[s].read()
	if m.T != "error" || m.Code != ErrUnavailable {
		t.Fatalf("got %s %s, want error %s", m.T, m.Code, ErrUnavailable)
	}
	open, _ := l.Open(context.Background())
	if got := len(open[0].Entries); got != d.answers {
		t.Fatalf("the log holds %d answers, want %d", got, d.answers)
	}
	l.FailOn(nil)
	d.c[s].send(map[string]any{"t": "answer", "prompt": pr.N, "i": pr.Options[0].I})
	d.answers++
	d.read()
	if sight(d.last[s]) == before && d.last[s].Prompt.N == pr.N {
		t.Fatalf("the second answer did nothing")
	}
	open, _ = l.Open(context.Background())
	if got := len(open[0].Entries); got != d.answers {
		t.Fatalf("the log holds %d answers, want %d", got, d.answers)
	}
	d.finish()
}

// TestShutdownTellsClients: Shutdown sends every connection "restarting" and closes it with
// status 1012; the duel stays open in the log and goes on after a restart.
func TestShutdownTellsClients(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	d := newDuo(t, url, 5)
	for range 10 {
		d.step()
	}
	lobby := hello(t, url)
	// Each client reads on its own goroutine: a client that does not read would hold its close
	// handshake for the library's 5 s.
	type end struct {
		last string
		err  error
	}
	ends := make(chan end, 3)
	for _, c := range []*client{d.c[0], d.c[1], lobby} {
		go func() {
			var e end
			for {
				var b []byte
				if _, b, e.err = c.ws.Read(context.Background()); e.err != nil {
					ends <- e
					return
				}
				e.last = string(b)
			}
		}()
	}
	if err := srv.Shutdown(context.Background()); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	for range 3 {
		e := <-ends
		if !strings.HasPrefix(e.last, `{"t":"restarting"`) {
			t.Fatalf("the last message before the close was %s, want restarting", e.last)
		}
		if websocket.CloseStatus(e.err) != websocket.StatusServiceRestart {
			t.Fatalf("closed with %v, want 1012", e.err)
		}
	}
	if open, _ := l.Open(context.Background()); len(open) != 1 {
		t.Fatalf("%d duels open after the shutdown, want 1", len(open))
	}
	_, url2 := restartOn(t, l)
	d.rejoin(url2)
	d.finish()
}

// TestRecoverAIRoom: a duel against the AI comes back too (the AI's answers are in the log).
func TestRecoverAIRoom(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	c := hello(t, url)
	room, tok := c.createRoom(map[string]any{"opponent": "ai"})
	p := newPlayer(c, 9)
	if res, _ := p.play(15); res != nil {
		t.Skip("the duel ended in 15 answers")
	}
	before := sight(p.last)
	_, url2 := restartOn(t, l)
	c2 := hello(t, url2)
	c2.send(map[string]any{"t": "rejoin", "room": room, "token": tok})
	c2.expect("joined")
	st := c2.expect("state")
	if got := sight(st); got != before {
		t.Fatalf("after the recovery:\n%s\nnot\n%s", got, before)
	}
	p2 := newPlayer(c2, 10)
	p2.answer(st)
	if res, _ := p2.play(0); res == nil {
		t.Fatal("no result")
	}
	_, replay, err := l.Replay(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ai.duel")
	os.WriteFile(path, replay, 0o600)
	if r := scenario.RunFile(path, all.Library()); r.Err != nil {
		t.Fatalf("the replay does not verify: %v\n%s", r.Err, replay)
	}
}

// TestPastDuels: a logged-in player's finished duels are listed, and only theirs.
func TestPastDuels(t *testing.T) {
	l := NewMemLog()
	acc := func(r *http.Request) int64 {
		n, _ := strconv.ParseInt(r.Header.Get("X-Test-Account"), 10, 64)
		return n
	}
	srv, url := newTestServer(t, Options{Log: l, Account: acc})
	ctx := context.Background()
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"X-Test-Account": {"42"}}})
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 24)
	t.Cleanup(func() { ws.CloseNow() })
	c := &client{t: t, ws: ws}
	c.send(map[string]any{"t": "hello", "v": Version})
	c.expect("welcome")
	c.createRoom(map[string]any{"opponent": "ai"})
	c.expect("state")
	c.send(map[string]any{"t": "concede"})
	for m := c.expect("state"); m.Result == nil; m = c.expect("state") {
	}
	list := func(account string) []duels.Summary {
		req, _ := http.NewRequest("GET", "/api/duels", nil)
		req.Header.Set("X-Test-Account", account)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		var out struct{ Duels []duels.Summary }
		json.Unmarshal(w.Body.Bytes(), &out)
		return out.Duels
	}
	if got := list("42"); len(got) != 1 || got[0].Accounts[0] != 42 || got[0].Winner != "B" || got[0].Reason != "conceded" {
		t.Fatalf("account 42's duels: %+v", got)
	}
	if got := list("43"); len(got) != 0 {
		t.Fatalf("account 43's duels: %+v", got)
	}
	req, _ := http.NewRequest("GET", "/api/duels/1/replay", nil)
	req.Header.Set("X-Test-Account", "42")
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "A: concede") {
		t.Fatalf("the replay for its player: %d %s", w.Code, w.Body)
	}
}

// TestRecoverKeepsDuelLog: a duel rebuilt from its log after a restart has its events from the
// start (rebuilt from the answers), so a player who rejoins gets the whole duel log ("history"),
// as on the server before the restart, not only what happened since.
func TestRecoverKeepsDuelLog(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	d := newDuo(t, url, 3)
	for range 30 {
		d.step()
	}
	if d.over() {
		t.Skip("the duel ended in 30 answers")
	}
	d.rejoin(url) // the history on the first server
	before := [2][]eventJSON{d.last[0].Events, d.last[1].Events}
	if len(before[0]) < 20 {
		t.Fatalf("only %d events in the history before the restart", len(before[0]))
	}
	_, url2 := restartOn(t, l)
	d.rejoin(url2)
	for s := range before {
		after := d.last[s].Events
		if len(after) != len(before[s]) {
			t.Fatalf("seat %s: %d events in the history after the restart, %d before", seatName(s), len(after), len(before[s]))
		}
		for i := range after {
			if after[i] != before[s][i] {
				t.Fatalf("seat %s: event %d is %+v after the restart, %+v before", seatName(s), i, after[i], before[s][i])
			}
		}
	}
}
