package server

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/web"
)

// The attack cases of issue 14 ("Server hardening"): each test failed before its fix.

// waitFor polls cond until it holds; a minute is a guard against a hang, not a timing assertion.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("still not so after a minute: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// expectClosed reads until the connection closes and returns the "closed" message it got first.
func (c *client) expectClosed() msg {
	c.t.Helper()
	var last msg
	for {
		m, ok := c.read()
		if !ok {
			return last
		}
		if m.T == "closed" {
			last = m
		}
	}
}

// TestBurstsLeaveNoRoom: a create followed at once by a close, two lobby messages in one burst,
// a join of a full room and a lobby burst from a closed socket leave no room behind (they used
// to leave rooms that never closed: one client filled the 50,000-room limit in 31 s).
func TestBurstsLeaveNoRoom(t *testing.T) {
	srv, url := newTestServer(t, Options{Grace: 20 * time.Millisecond, Limits: Limits{MaxRoomsPerAddr: -1}})
	full := hello(t, url) // a room with two players, for the joins that must fail
	code, _ := full.createRoom(nil)
	other := hello(t, url)
	other.send(map[string]any{"t": "join", "room": code})
	other.expect("joined")
	create := `{"t":"create","deck":{"precon":"yugi-40"}}`
	createAI := `{"t":"create","opponent":"ai","first":"A"}`
	bursts := [][]string{
		{create},
		{createAI},
		{create, create},
		{createAI, create},
		{create, `{"t":"join","room":"` + code + `"}`},
		{`{"t":"join","room":"` + code + `"}`, create},
		{`{"t":"watch","room":"` + code + `"}`, create},
		{create, `{"t":"leave"}`, create},
	}
	for round := range 10 {
		for i, b := range bursts {
			c := dial(t, url)
			msgs := append([]string{`{"t":"hello","v":1}`}, b...)
			c.sendRaw(strings.Join(msgs[:1], ""))
			for _, m := range msgs[1:] {
				c.sendRaw(m)
			}
			if (round+i)%2 == 1 {
				c.read() // sometimes the server gets to answer before the close
			}
			c.ws.CloseNow()
		}
	}
	waitFor(t, "only the full room is left", func() bool { return srv.Hub().Stats().Rooms == 1 })
	waitFor(t, "only the two players are connected", func() bool { return srv.Hub().Stats().Conns == 2 })
	onActor(t, srv, code, func(r *Room) {
		if len(r.specs) != 0 {
			t.Errorf("the full room kept %d spectators that closed", len(r.specs))
		}
	})
}

// TestFailedFirstJoinClosesRoom: a room whose creator is gone before its join was handled is
// closed, not kept with a seat nobody holds.
func TestFailedFirstJoinClosesRoom(t *testing.T) {
	h := NewHub(Options{Logf: testLogf(t)})
	c := testConn(h)
	c.hello = true
	c.close() // the socket went before the room handled the create
	h.handle(c, []byte(`{"t":"create","opponent":"ai"}`))
	waitFor(t, "the room closes", func() bool { return h.Stats().Rooms == 0 })
	if r, _ := c.place(); r != nil {
		t.Fatalf("the closed connection still has room %s", r.code)
	}
}

// TestIdleSocketsClose: sockets that never say hello, and sockets that say it and then nothing
// outside a room, are closed (told why); a player in a room is kept (the server pings it).
func TestIdleSocketsClose(t *testing.T) {
	srv, url := newTestServer(t, Options{Limits: Limits{HelloTimeout: 50 * time.Millisecond,
		IdleTimeout: 150 * time.Millisecond}})
	player := hello(t, url)
	code, _ := player.createRoom(nil)
	var idle []*client
	for i := range 40 {
		c := dial(t, url)
		if i%2 == 1 {
			c.send(map[string]any{"t": "hello", "v": Version})
			c.expect("welcome")
		}
		idle = append(idle, c)
	}
	for i, c := range idle {
		if m := c.expectClosed(); m.Code != "idle" {
			t.Fatalf("idle socket %d: closed with %+v, want code idle", i, m)
		}
	}
	waitFor(t, "only the player is connected", func() bool { return srv.Hub().Stats().Conns == 1 })
	player.send(map[string]any{"t": "ping"})
	player.expect("pong")
	if srv.Hub().room(code) == nil {
		t.Fatal("the waiting room closed")
	}
}

// TestPingDropsDeadPeer: a client that stops answering the server's pings is disconnected (its
// seat waits for a rejoin as after any drop).
func TestPingDropsDeadPeer(t *testing.T) {
	srv, url := newTestServer(t, Options{Limits: Limits{PingInterval: 20 * time.Millisecond}})
	c := hello(t, url)
	c.send(map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}})
	// The client reads nothing more, so it answers no ping (a WebSocket answers pings as it reads).
	waitFor(t, "the dead peer is dropped", func() bool { return srv.Hub().Stats().Conns == 0 })
}

// TestConnectionCaps: connections per address and in total, and rooms per address, are capped.
func TestConnectionCaps(t *testing.T) {
	srv, url := newTestServer(t, Options{Limits: Limits{MaxConnsPerAddr: 3, MaxRoomsPerAddr: 2}})
	var cs []*client
	for range 3 {
		cs = append(cs, hello(t, url))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if ws, resp, err := websocket.Dial(ctx, url, nil); err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		if ws != nil {
			ws.CloseNow()
		}
		t.Fatalf("a 4th connection from one address: err %v, want 503", err)
	}
	cs[0].createRoom(nil)
	cs[1].createRoom(nil)
	cs[2].send(map[string]any{"t": "create"})
	if m := cs[2].expect("error"); m.Code != ErrServerFull {
		t.Fatalf("a 3rd room of one address: %+v", m)
	}
	cs[0].send(map[string]any{"t": "leave"})
	cs[0].expect("closed")
	waitFor(t, "the left room closes", func() bool { return srv.Hub().Stats().Rooms == 1 })
	cs[2].createRoom(nil) // a room closed: the address may open one again

	_, url2 := newTestServer(t, Options{Limits: Limits{MaxConns: 2, MaxConnsPerAddr: -1}})
	hello(t, url2)
	hello(t, url2)
	if ws, resp, err := websocket.Dial(ctx, url2, nil); err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		if ws != nil {
			ws.CloseNow()
		}
		t.Fatalf("a 3rd connection to a server of 2: err %v, want 503", err)
	}
}

// TestTimeLimitOverflow: a timeLimit whose nanoseconds overflow int64 is refused (it made a
// negative clock).
func TestTimeLimitOverflow(t *testing.T) {
	_, url := newTestServer(t, Options{})
	c := hello(t, url)
	for _, n := range []string{"9223372037", "9223372036854775807", "-9223372036854775808", "3601", "9", "-1"} {
		c.sendRaw(`{"t":"create","opponent":"ai","timeLimit":` + n + `}`)
		if m := c.expect("error"); m.Code != ErrBadRequest {
			t.Fatalf("timeLimit %s: %+v", n, m)
		}
	}
}

// TestTakeover: a second tab that rejoins a held seat takes it over and the first is told
// "closed: replaced" before its socket closes; two tabs that keep rejoining do not swap forever.
func TestTakeover(t *testing.T) {
	_, url := newTestServer(t, Options{Limits: Limits{Takeovers: 2}})
	first := hello(t, url)
	code, token := first.createRoom(nil)
	holder := first
	for i := range 2 {
		tab := hello(t, url)
		tab.send(map[string]any{"t": "rejoin", "room": code, "token": token})
		if j := tab.expect("joined"); j.Seat != "A" {
			t.Fatalf("takeover %d: %+v", i, j)
		}
		if m := holder.expectClosed(); m.Code != "replaced" {
			t.Fatalf("takeover %d: the replaced tab was closed with %+v, not told replaced", i, m)
		}
		holder = tab
	}
	tab := hello(t, url)
	tab.send(map[string]any{"t": "rejoin", "room": code, "token": token})
	if m := tab.expect("error"); m.Code != ErrTakeover {
		t.Fatalf("a 3rd takeover within the window: %+v", m)
	}
	holder.send(map[string]any{"t": "ping"})
	holder.expect("pong") // the holder keeps the seat
	tab.send(map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}})
	tab.expect("joined") // the refused tab is in no room
}

// TestSpectatorRejoinsAsSeat: a spectator who rejoins with a seat's token becomes that seat and
// may answer its prompt (it used to stay a spectator that could not act).
func TestSpectatorRejoinsAsSeat(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca := hello(t, url)
	code, token := ca.createRoom(map[string]any{"opponent": "ai"})
	spec := hello(t, url)
	spec.send(map[string]any{"t": "watch", "room": code})
	spec.expect("joined")
	ca.ws.CloseNow()
	spec.send(map[string]any{"t": "rejoin", "room": code, "token": token})
	if j := spec.expect("joined"); j.Role != "player" || j.Seat != "A" {
		t.Fatalf("rejoin of a spectator: %+v", j)
	}
	st := spec.expect("state")
	for st.Prompt == nil {
		st = spec.expect("state")
	}
	spec.send(map[string]any{"t": "answer", "prompt": st.Prompt.N, "i": st.Prompt.Options[0].I})
	if m := spec.expect("state"); m.Seq <= st.Seq {
		t.Fatal("the answer did not move the duel")
	}
	spec.send(map[string]any{"t": "rejoin", "room": code, "token": "0123"})
	if m := spec.expect("error"); m.Code != ErrBadToken {
		t.Fatalf("a wrong token: %+v", m)
	}
}

// TestNamesClean: names keep no control, bidi or zero-width characters.
func TestNamesClean(t *testing.T) {
	for in, want := range map[string]string{
		"Kaiba\u202Eabc":             "Kaibaabc",
		"\u2066Yugi\u2069":           "Yugi",
		"Jo\u200Bey\u200D\uFEFF":     "Joey",
		"a\x1b[31mred\x07":           "a[31mred",
		"two\nlines\ttab":            "two lines tab",
		"  \u3000 ":                  "Player",
		"\u3164\u115F":               "Player",
		"海馬瀬人":                       "海馬瀬人",
		strings.Repeat("x", 30):      strings.Repeat("x", 24),
		"Mai \u2028Valentine\u2029!": "Mai Valentine !",
	} {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRoomCodesCannotBeGuessed: codes are 8 letters of 31, and an address that misses too many
// lookups is refused every lookup, even of a room that exists.
func TestRoomCodesCannotBeGuessed(t *testing.T) {
	if c := newRoomCode(); len(c) != 8 || strings.Trim(c, roomAlphabet) != "" {
		t.Fatalf("room code %q", c)
	}
	fc := &fakeClock{t: time.Unix(1e9, 0)}
	_, url := newTestServer(t, Options{Now: fc.now, Limits: Limits{LookupRate: 1, LookupBurst: 5}})
	owner := hello(t, url)
	code, _ := owner.createRoom(nil)
	g := hello(t, url)
	for i := range 5 {
		m := map[string]any{"t": []string{"join", "watch", "rejoin"}[i%3], "room": "AAAAAAAA"}
		if m["t"] == "rejoin" {
			m["token"] = "x"
		}
		g.send(m)
		if m := g.expect("error"); m.Code != ErrNoRoom {
			t.Fatalf("guess %d: %+v", i, m)
		}
	}
	g.send(map[string]any{"t": "watch", "room": code})
	if m := g.expect("error"); m.Code != ErrRate {
		t.Fatalf("a lookup after the budget: %+v", m)
	}
	fc.add(2 * time.Second) // the budget refills
	g.send(map[string]any{"t": "watch", "room": code})
	g.expect("joined")
}

// TestSecurityHeaders: every answer carries the CSP and nosniff; no directory is listed; a Host
// check refuses other names.
func TestSecurityHeaders(t *testing.T) {
	static := http.FS(fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}, "js/main.js": {Data: []byte("1")}})
	srv := New(Options{Logf: testLogf(t), Limits: Limits{AllowedHosts: LoopbackHosts()}}, static)
	get := func(path, host string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		req.Host = host
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		return w
	}
	for _, p := range []string{"/", "/js/main.js", "/healthz", "/api/cards"} {
		w := get(p, "127.0.0.1:8080")
		if w.Code != 200 {
			t.Fatalf("GET %s: %d", p, w.Code)
		}
		csp := w.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") ||
			w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("GET %s: headers %v", p, w.Header())
		}
	}
	for _, p := range []string{"/js/", "/js"} {
		if w := get(p, "localhost"); w.Code != http.StatusNotFound && w.Code != http.StatusMovedPermanently {
			t.Fatalf("GET %s: %d %s", p, w.Code, w.Body)
		} else if strings.Contains(w.Body.String(), "main.js") {
			t.Fatalf("GET %s lists the directory: %s", p, w.Body)
		}
	}
	if w := get("/", "evil.example:8080"); w.Code != http.StatusMisdirectedRequest {
		t.Fatalf("a foreign Host: %d", w.Code)
	}
	if w := get("/", "[::1]:8080"); w.Code != 200 {
		t.Fatalf("Host [::1]: %d", w.Code)
	}
}

// TestCSPAllowsTheImportMap: the web client's inline import map (index.html) runs under the CSP
// (its hash is in script-src), and no other inline script would.
func TestCSPAllowsTheImportMap(t *testing.T) {
	importMap := "\n{ \"imports\": { \"preact\": \"./vendor/preact.module.js\" } }\n"
	page := "<!doctype html><head><script type=\"importmap\">" + importMap + "</script>" +
		"<script type=\"module\" src=\"js/main.js\"></script></head><body></body>"
	static := http.FS(fstest.MapFS{"index.html": {Data: []byte(page)}})
	srv := New(Options{Logf: testLogf(t)}, static)
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	// The page is served with its import map naming the modules by version (static.go): the
	// CSP allows the import map as served.
	served := inlineScript.FindSubmatch(w.Body.Bytes())
	if served == nil || !strings.Contains(string(served[2]), `"preact":"./vendor/preact.module.js`) {
		t.Fatalf("the page served has no import map: %s", w.Body)
	}
	sum := sha256.Sum256(served[2])
	want := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	csp := w.Header().Get("Content-Security-Policy")
	var scriptSrc string
	for _, d := range strings.Split(csp, ";") {
		if f := strings.Fields(d); len(f) > 0 && f[0] == "script-src" {
			scriptSrc = strings.Join(f[1:], " ")
		}
	}
	if scriptSrc != "'self' "+want {
		t.Fatalf("script-src is %q, want 'self' and the import map's hash %s", scriptSrc, want)
	}
	// The real client: every inline script of the embedded index.html is allowed.
	if hs := inlineScriptHashes(web.FileSystem()); len(hs) == 0 {
		t.Fatal("the embedded index.html has no inline script (its import map) to allow")
	}
}

// TestGuardWrapsOtherRoutes: a handler mounted beside the server (the account API) gets the same
// Host check and headers through Server.Guard.
func TestGuardWrapsOtherRoutes(t *testing.T) {
	srv := New(Options{Logf: testLogf(t), Limits: Limits{AllowedHosts: LoopbackHosts()}}, nil)
	h := srv.Guard(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("account")) }))
	req := httptest.NewRequest("POST", "/api/account/login", nil)
	req.Host = "localhost:8080"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Body.String() != "account" || w.Header().Get("X-Content-Type-Options") != "nosniff" ||
		!strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Fatalf("guarded route: %d %q %v", w.Code, w.Body, w.Header())
	}
	req.Host = "rebound.example"
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusMisdirectedRequest || w.Body.String() == "account" {
		t.Fatalf("a foreign Host reached the route: %d %q", w.Code, w.Body)
	}
}
