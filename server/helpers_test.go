package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// msg is a server message decoded loosely, with the fields tests read.
type msg struct {
	T      string      `json:"t"`
	Code   string      `json:"code"`
	Msg    string      `json:"msg"`
	Re     string      `json:"re"`
	Room   string      `json:"room"`
	Role   string      `json:"role"`
	Seat   string      `json:"seat"`
	Token  string      `json:"token"`
	Status string      `json:"status"`
	You    string      `json:"you"`
	Seq    int         `json:"seq"`
	View   viewJSON    `json:"view"`
	Prompt *promptJSON `json:"prompt"`
	Result *resultJSON `json:"result"`
	Events []eventJSON `json:"events"`

	Players []playerInfo `json:"players"`
	raw     []byte
	delta   bool // a state made by a delta (protocol version 2)
}

// client is a test's WebSocket client. Reads time out after a minute so that a broken server
// fails the test instead of hanging it (a guard, not a timing assertion).
type client struct {
	t    testing.TB
	ws   *websocket.Conn
	wire wireClient // the state its boards and deltas make (wire_apply_test.go)
	// cookie and name, for a client of dialLoggedIn: its login session and hello name, to
	// reconnect as the same player (dialSession).
	cookie, name string
}

func newTestServer(t testing.TB, opts Options) (*Server, string) {
	t.Helper()
	if opts.Logf == nil {
		opts.Logf = testLogf(t)
	}
	if opts.RatePerSec == 0 {
		opts.RatePerSec, opts.RateBurst = 1e6, 1e6 // random players answer as fast as they can
	}
	srv := New(opts, nil)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { stopTestServer(t, srv, hs) })
	return srv, "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
}

// stopTestServer stops a test's server before the test returns: every room stops and every
// connection closes (Server.Shutdown), so that no room of it is still running, and logging,
// once the test is over ("Log in goroutine after Test... has completed" was a panic).
func stopTestServer(t testing.TB, srv *Server, hs *httptest.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Errorf("stopping the test server: %v", err)
	}
	hs.Close()
}

// testLogf is t.Logf until the test's cleanup has run, and silent after: a server goroutine that
// outlives its test (a background retry waking up) cannot make the test binary panic.
func testLogf(t testing.TB) func(string, ...any) {
	var mu sync.Mutex
	over := false
	t.Cleanup(func() {
		mu.Lock()
		over = true
		mu.Unlock()
	})
	return func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if !over {
			t.Logf(format, args...)
		}
	}
}

func dial(t testing.TB, url string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	ws.SetReadLimit(1 << 24)
	c := &client{t: t, ws: ws}
	t.Cleanup(func() { ws.CloseNow() })
	return c
}

// hello dials and says hello.
func hello(t testing.TB, url string) *client {
	c := dial(t, url)
	c.send(map[string]any{"t": "hello", "v": Version, "name": "tester"})
	c.expect("welcome")
	return c
}

func (c *client) sendRaw(s string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *client) send(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	c.sendRaw(string(b))
}

// read returns the next message, or ok=false if the connection closed.
func (c *client) read() (msg, bool) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, b, err := c.ws.Read(ctx)
	if err != nil {
		return msg{}, false
	}
	var m msg
	var head struct {
		T string `json:"t"`
	}
	err = json.Unmarshal(b, &head)
	if err == nil && head.T != "state" && head.T != "delta" {
		err = json.Unmarshal(b, &m)
	}
	if err != nil {
		c.t.Fatalf("bad server message %s: %v", b, err)
	}
	m.raw = b
	if head.T == "state" || head.T == "delta" {
		// A version 2 client: a delta is applied to the last state and checked (seq, hash);
		// the test reads the whole state it makes.
		st, err := c.wire.take(b)
		if err != nil {
			c.t.Fatalf("%v\n%s", err, b)
		}
		delta := head.T == "delta"
		raw := mustJSON(st)
		m = msg{}
		if err := json.Unmarshal(raw, &m); err != nil {
			c.t.Fatalf("the state a delta makes: %v", err)
		}
		m.raw, m.delta = raw, delta
	}
	return m, true
}

// expect reads messages until one of type t, failing on an error message.
func (c *client) expect(t string) msg {
	c.t.Helper()
	for {
		m, ok := c.read()
		if !ok {
			c.t.Fatalf("connection closed while waiting for %q", t)
		}
		if m.T == t {
			return m
		}
		if m.T == "error" {
			c.t.Fatalf("waiting for %q: error %s: %s", t, m.Code, m.Msg)
		}
	}
}

// createRoom creates a room and returns its code and the creator's token.
func (c *client) createRoom(extra map[string]any) (string, string) {
	c.t.Helper()
	m := map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}, "first": "A"}
	for k, v := range extra {
		m[k] = v
	}
	c.send(m)
	j := c.expect("joined")
	return j.Room, j.Token
}

// randomPlayer answers its seat's prompts at random until the duel ends; it returns the result
// and the number of answers it gave. stopAt > 0 makes it return early (ok=false) once it has
// given that many answers and holds a fresh prompt.
type randomPlayer struct {
	c       *client
	rng     *rand.Rand
	answers int
	last    msg // the last state message
}

func (p *randomPlayer) answer(st msg) {
	pr := st.Prompt
	if pr.Kind == "select" && p.rng.IntN(2) == 0 {
		var opts []optionJSON
		for _, o := range pr.Options {
			if o.Verb == "select" {
				opts = append(opts, o)
			}
		}
		if len(opts) > 0 {
			o := opts[p.rng.IntN(len(opts))]
			if o.Sel == nil {
				o.Sel = []int{} // the empty selection
			}
			p.c.send(map[string]any{"t": "answer", "prompt": pr.N, "sel": o.Sel})
			p.answers++
			return
		}
	}
	o := pr.Options[p.rng.IntN(len(pr.Options))]
	if p.rng.IntN(4) == 0 {
		p.c.send(map[string]any{"t": "answer", "prompt": pr.N, "text": o.Text})
	} else {
		p.c.send(map[string]any{"t": "answer", "prompt": pr.N, "i": o.I})
	}
	p.answers++
}

// play answers prompts until the duel's result arrives, or until the player has given stopAt
// answers (stopAt > 0) and holds a new prompt.
func (p *randomPlayer) play(stopAt int) (*resultJSON, bool) {
	for {
		m, ok := p.c.read()
		if !ok {
			p.c.t.Fatalf("connection closed during the duel")
		}
		switch m.T {
		case "error":
			p.c.t.Fatalf("error during the duel: %s: %s", m.Code, m.Msg)
		case "state":
			p.last = m
			if m.Result != nil {
				return m.Result, true
			}
			if m.Prompt != nil {
				if stopAt > 0 && p.answers >= stopAt {
					return nil, false
				}
				p.answer(m)
			}
		}
	}
}

// playBoth plays two random players to the end of their duel, each on its own goroutine.
func playBoth(t *testing.T, a, b *randomPlayer) [2]*resultJSON {
	var res [2]*resultJSON
	var wg sync.WaitGroup
	for i, p := range []*randomPlayer{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i], _ = p.play(0)
		}()
	}
	wg.Wait()
	return res
}

func newPlayer(c *client, seed uint64) *randomPlayer {
	return &randomPlayer{c: c, rng: rand.New(rand.NewPCG(seed, 7))}
}

// passOption returns the pass option of a chain window, or false when the prompt is no chain
// window or has none.
func passOption(p *promptJSON) (optionJSON, bool) {
	if p == nil || p.Kind != "chain" {
		return optionJSON{}, false
	}
	for _, o := range p.Options {
		if o.Verb == "pass" {
			return o, true
		}
	}
	return optionJSON{}, false
}

// untilPromptOf plays on until holder holds a prompt and returns that state: every duel the
// server hosts asks both seats at every chain window, so other passes each window it is asked,
// as its web client would (autopass.js). A prompt of other that is no chain window fails the test.
// Both clients have read the same states when it returns.
func untilPromptOf(t *testing.T, holder, other *client) msg {
	t.Helper()
	passed := 0 // the last prompt number other answered
	for {
		st := holder.expect("state")
		if st.Prompt != nil {
			so := other.expect("state")
			for so.Seq < st.Seq { // other reads the same states
				so = other.expect("state")
			}
			return st
		}
		if st.Result != nil {
			t.Fatalf("the duel ended before the prompt: %+v", st.Result)
		}
		so := other.expect("state")
		for so.Prompt == nil || so.Prompt.N <= passed {
			so = other.expect("state")
		}
		o, ok := passOption(so.Prompt)
		if !ok {
			t.Fatalf("the other seat holds a %s prompt, not a chain window", so.Prompt.Kind)
		}
		other.send(map[string]any{"t": "answer", "prompt": so.Prompt.N, "i": o.I})
		passed = so.Prompt.N
	}
}
