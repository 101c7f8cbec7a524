package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// testStack serves the whole game as `duelist serve` builds it (newStack) over db on a loopback
// port and returns its base URL; everything stops before the test returns.
func testStack(t *testing.T, db *store.DB, so server.Options) string {
	t.Helper()
	if so.Logf == nil {
		so.Logf = func(string, ...any) {}
	}
	so.RatePerSec, so.RateBurst = 1e6, 1e6
	st, err := newStack(db, so, account.Options{Hash: account.HashParams{MemoryKiB: 64, Time: 1, Threads: 1}}, nil, "", fairplay.Minimum{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(st.handler)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		st.srv.Shutdown(ctx)
		hs.Close()
		st.log.Close()
	})
	return hs.URL
}

// browser is one client of a test stack: cookies kept, an optional address written into the
// trusted proxy's header.
type browser struct {
	t    *testing.T
	base string
	ip   string // X-Real-IP, when the stack trusts it
	hc   *http.Client
}

func newBrowser(t *testing.T, base, ip string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: base, ip: ip, hc: &http.Client{Jar: jar, Timeout: time.Minute}}
}

// post sends a JSON body and returns the status and the body.
func (b *browser) post(path, body string) (int, string) {
	b.t.Helper()
	req, _ := http.NewRequest("POST", b.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if b.ip != "" {
		req.Header.Set("X-Real-IP", b.ip)
	}
	resp, err := b.hc.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

// socket is a WebSocket of a browser, carrying its session cookie.
type socket struct {
	t  *testing.T
	ws *websocket.Conn
}

// dial opens the browser's WebSocket and says hello.
func (b *browser) dial() *socket {
	b.t.Helper()
	u, _ := url.Parse(b.base)
	h := http.Header{}
	for _, c := range b.hc.Jar.Cookies(u) {
		h.Add("Cookie", c.Name+"="+c.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.base, "http")+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		b.t.Fatal(err)
	}
	ws.SetReadLimit(1 << 24)
	b.t.Cleanup(func() { ws.CloseNow() })
	s := &socket{t: b.t, ws: ws}
	s.send(map[string]any{"t": "hello", "v": server.Version, "name": "tester"})
	s.expect("welcome")
	return s
}

func (s *socket) send(v any) error {
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return s.ws.Write(ctx, websocket.MessageText, b)
}

// next reads the next message; ok is false once the socket has closed.
func (s *socket) next() (m map[string]any, ok bool) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, b, err := s.ws.Read(ctx)
	if err != nil {
		return nil, false
	}
	if err := json.Unmarshal(b, &m); err != nil {
		s.t.Fatalf("bad message %s", b)
	}
	return m, true
}

// expect reads until a message of type typ.
func (s *socket) expect(typ string) map[string]any {
	s.t.Helper()
	for {
		m, ok := s.next()
		if !ok {
			s.t.Fatalf("the socket closed while waiting for %s", typ)
		}
		if m["t"] == typ {
			return m
		}
	}
}

// TestProxiedStackOneClientAddress: behind a proxy (--proxy-header X-Real-IP) the account API
// counts the address the proxy names, as the duel server does: one client's wrong logins do not
// lock out another's (issue 35 item 4, the whole stack as serve builds it).
func TestProxiedStackOneClientAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		base := testStack(t, db, server.Options{Limits: server.Limits{ProxyHeader: "X-Real-IP"}})
		victim := newBrowser(t, base, "203.0.113.5")
		if code, body := victim.post("/api/account/register", `{"name":"Yugi","password":"heart of the cards"}`); code != 201 {
			t.Fatalf("register: %d %s", code, body)
		}
		victim.post("/api/account/logout", "")
		attacker := newBrowser(t, base, "198.51.100.1")
		limited := false
		for i := range 30 {
			if code, _ := attacker.post("/api/account/login", fmt.Sprintf(`{"name":"nobody%d","password":"wrong password"}`, i)); code == 429 {
				limited = true
			}
		}
		if !limited {
			t.Fatal("30 wrong logins from one client were never limited")
		}
		if code, body := victim.post("/api/account/login", `{"name":"Yugi","password":"heart of the cards"}`); code != 200 {
			t.Fatalf("another client's login behind the proxy: %d %s", code, body)
		}
	})
}

// TestRevokedSocketCannotQueueOrChat is issue 35 item 6: a WebSocket opened before a logout (or
// a password change made elsewhere) is told "logged-out" and closed, so it can no longer queue
// for rated play or chat as the account; the sockets of the sessions that stay are untouched.
func TestRevokedSocketCannotQueueOrChat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		base := testStack(t, db, server.Options{})
		tab1 := newBrowser(t, base, "")
		if code, body := tab1.post("/api/account/register", `{"name":"Kaiba","password":"blue eyes white"}`); code != 201 {
			t.Fatalf("register: %d %s", code, body)
		}
		login := func() *browser {
			b := newBrowser(t, base, "")
			if code, body := b.post("/api/account/login", `{"name":"Kaiba","password":"blue eyes white"}`); code != 200 {
				t.Fatalf("login: %d %s", code, body)
			}
			return b
		}
		tab2, tab3 := login(), login()
		ws1, ws2, ws3 := tab1.dial(), tab2.dial(), tab3.dial()

		// A logout closes the sockets of its session only.
		if code, _ := tab1.post("/api/account/logout", ""); code != 204 {
			t.Fatalf("logout: %d", code)
		}
		expectRevoked(t, ws1)

		// A password change from tab 2 ends tab 3's session (and closes its socket), not tab 2's.
		if code, body := tab2.post("/api/account/password", `{"password":"blue eyes white","newPassword":"obelisk the tormentor"}`); code != 204 {
			t.Fatalf("password: %d %s", code, body)
		}
		expectRevoked(t, ws3)
		ws2.send(map[string]any{"t": "queue", "ruleset": "ocg", "format": "bo1"})
		ws2.expect("queued")
	})
}

// expectRevoked reads a socket to its end: a "closed" message with code logged-out, then the
// close; a queue or chat message sent after it gets no answer.
func expectRevoked(t *testing.T, s *socket) {
	t.Helper()
	m := s.expect("closed")
	if m["code"] != "logged-out" {
		t.Fatalf("closed %v, want code logged-out", m)
	}
	_ = s.send(map[string]any{"t": "queue", "ruleset": "ocg", "format": "bo1"})
	_ = s.send(map[string]any{"t": "chat", "room": "ABCDEFGH", "text": "still here?"})
	for {
		m, ok := s.next()
		if !ok {
			return
		}
		if m["t"] == "queued" || m["t"] == "chat" {
			t.Fatalf("a revoked socket got %v", m)
		}
	}
}
