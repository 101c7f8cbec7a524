package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// getAs is a GET of the server's routes with a seat token, returning the status.
func getAs(t *testing.T, srv *Server, path, tok string) int {
	t.Helper()
	rec := get(t, srv, path, tok)
	rec.Body.Close()
	return rec.StatusCode
}

// TestMatchReplaysAfterTheMatch is issue 35's early replay: between the duels of a best-of-3,
// duel 1's replay (and its viewer) gave the opponent a player's whole Main Deck by name before
// siding. A duel of a match going on is refused (403) to both players; once the match is over,
// both get it.
func TestMatchReplaysAfterTheMatch(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	_, ca, cb, tok := bo3RoomTokens(t, url, nil)
	concedeDuel(t, ca, ca, cb) // duel 1 over: side decking
	ca.expectPhase(t, phaseSide)
	cb.expectPhase(t, phaseSide)
	for s, path := range []string{"/api/duels/1/replay", "/api/duels/1/views"} {
		for _, tk := range tok {
			if code := getAs(t, srv, path, tk); code != http.StatusForbidden {
				t.Fatalf("GET %s by seat %d between the duels: %d, want 403", path, s, code)
			}
		}
	}
	ca.send(map[string]any{"t": "concede"}) // between duels: concedes the match
	cb.expectPhase(t, phaseOver)
	for _, path := range []string{"/api/duels/1/replay", "/api/duels/1/views"} {
		for _, tk := range tok {
			if code := getAs(t, srv, path, tk); code != http.StatusOK {
				t.Fatalf("GET %s once the match is over: %d, want 200", path, code)
			}
		}
	}
}

// TestViewerBoundedPerClient is issue 35's replay viewer: a guest with a seat token asking for a
// duel's views again and again kept two cores busy. One client gets Limits.ViewBurst requests,
// then one every Limits.ViewEvery (429 with Retry-After); another client is not held back.
func TestViewerBoundedPerClient(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l, Limits: Limits{ViewBurst: 3, ViewEvery: time.Hour}})
	d := newDuo(t, url, 3)
	d.c[0].send(map[string]any{"t": "concede"})
	d.read()
	views := func(addr string) *http.Response {
		req, _ := http.NewRequest("GET", "/api/duels/1/views", nil)
		req.Header.Set("X-Seat-Token", d.tok[0])
		req.RemoteAddr = addr + ":1234"
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		return w.Result()
	}
	for i := range 3 {
		if r := views("198.51.100.3"); r.StatusCode != http.StatusOK {
			t.Fatalf("views %d: %d", i+1, r.StatusCode)
		}
	}
	r := views("198.51.100.3")
	if r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("views past the burst: %d (Retry-After %q), want 429 with Retry-After", r.StatusCode, r.Header.Get("Retry-After"))
	}
	if r := views("203.0.113.3"); r.StatusCode != http.StatusOK {
		t.Fatalf("another client's views: %d", r.StatusCode)
	}
	// One request at a time per client: a second while the first is being prepared waits no
	// slot, it is refused.
	vl := newViewLimit(Limits{ViewBurst: 10, ViewEvery: time.Second})
	leave, _, _, _ := vl.enter("addr:x", time.Now())
	if again, status, _, _ := vl.enter("addr:x", time.Now()); again != nil || status != http.StatusTooManyRequests {
		t.Fatalf("a second request of one client while its first goes on: %d, want 429", status)
	}
	leave()
	if again, _, _, _ := vl.enter("addr:x", time.Now()); again == nil {
		t.Fatal("a request once the first is done was refused")
	}
}
