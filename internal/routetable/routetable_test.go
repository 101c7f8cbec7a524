package routetable_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/internal/routetable"
)

func ok(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }

// panics returns the panic of f, "" for none.
func panics(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg, _ = r.(string)
			if msg == "" {
				msg = "panic"
			}
		}
	}()
	f()
	return ""
}

// TestTableListsAndServes: the table serves what it lists, sorted, with methods, owners and the
// origin check.
func TestTableListsAndServes(t *testing.T) {
	tb := routetable.New()
	cop := http.NewCrossOriginProtection()
	tb.HandleFunc("GET /api/b", ok)
	tb.Handle("POST /api/a", routetable.Guard(cop, http.HandlerFunc(ok)))
	tb.HandleFunc("GET /api/a", ok)
	got := tb.Routes()
	want := []string{"GET /api/a (internal/routetable_test)", "POST /api/a (internal/routetable_test)", "GET /api/b (internal/routetable_test)"}
	if len(got) != len(want) {
		t.Fatalf("routes %v, want %v", got, want)
	}
	for i, w := range want {
		if got[i].String() != w {
			t.Errorf("route %d: %s, want %s", i, got[i], w)
		}
	}
	if got[0].Guard || !got[1].Guard || got[0].Changes() || !got[1].Changes() {
		t.Errorf("guard and changes: %+v", got)
	}
	for _, c := range []struct {
		method, origin string
		status         int
	}{{"GET", "", 200}, {"POST", "", 200}, {"POST", "https://evil.example", http.StatusForbidden}, {"DELETE", "", http.StatusMethodNotAllowed}} {
		req := httptest.NewRequest(c.method, "http://game.example/api/a", nil)
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
			req.Header.Set("Sec-Fetch-Site", "cross-site")
		}
		rec := httptest.NewRecorder()
		tb.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s /api/a from %q: %d, want %d", c.method, c.origin, rec.Code, c.status)
		}
	}
}

// TestTableRefusesUnguardedChanges: a state-changing route (any method but GET, HEAD and OPTIONS,
// or no method) without Guard is refused, as is a duplicate.
func TestTableRefusesUnguardedChanges(t *testing.T) {
	cop := http.NewCrossOriginProtection()
	for _, p := range []string{"POST /x", "PUT /x", "DELETE /x", "PATCH /x", "/x"} {
		tb := routetable.New()
		if msg := panics(func() { tb.HandleFunc(p, ok) }); !strings.Contains(msg, "routetable.Guard") {
			t.Errorf("%s without Guard: panic %q", p, msg)
		}
		if msg := panics(func() { tb.Handle(p, routetable.Guard(cop, http.HandlerFunc(ok))) }); msg != "" {
			t.Errorf("%s with Guard: panic %q", p, msg)
		}
		if msg := panics(func() { tb.Handle(p, routetable.Guard(cop, http.HandlerFunc(ok))) }); msg == "" {
			t.Errorf("%s twice: no panic", p)
		}
	}
	for _, p := range []string{"GET /x", "HEAD /x", "OPTIONS /x"} {
		if msg := panics(func() { routetable.New().HandleFunc(p, ok) }); msg != "" {
			t.Errorf("%s: panic %q", p, msg)
		}
	}
}
