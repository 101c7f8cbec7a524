package wsnet

import (
	"net/http/httptest"
	"testing"
)

func TestGateCaps(t *testing.T) {
	g := NewGate(3, 2)
	for i := range 2 {
		if !g.Connect("a") {
			t.Fatalf("connection %d of one address refused", i+1)
		}
	}
	if g.Connect("a") {
		t.Fatal("a third connection of one address let in (cap 2)")
	}
	if !g.Connect("b") || g.Connect("c") {
		t.Fatal("the total cap of 3 not kept")
	}
	g.Disconnect("a")
	if !g.Connect("c") || g.Count() != 3 {
		t.Fatalf("after a disconnect: count %d", g.Count())
	}
	u := NewGate(-1, -1)
	for i := range 100 {
		if !u.Connect("x") {
			t.Fatalf("an uncapped gate refused connection %d", i+1)
		}
	}
}

func TestClientAddr(t *testing.T) {
	for _, tt := range []struct{ remote, header, proxy, want string }{
		{"192.0.2.1:5000", "", "", "192.0.2.1"},
		{"[2001:db8:1:2:3:4:5:6]:5000", "", "", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.9]:5000", "", "", "192.0.2.9"},
		{"127.0.0.1:5000", "198.51.100.1, 203.0.113.7", "X-Forwarded-For", "203.0.113.7"},
		{"127.0.0.1:5000", "203.0.113.7", "", "127.0.0.1"}, // no proxy configured: the header is ignored
	} {
		r := httptest.NewRequest("GET", "/ws", nil)
		r.RemoteAddr = tt.remote
		if tt.header != "" {
			r.Header.Set("X-Forwarded-For", tt.header)
		}
		if got := ClientAddr(r, tt.proxy); got != tt.want {
			t.Errorf("ClientAddr(%s, %q) = %q, want %q", tt.remote, tt.header, got, tt.want)
		}
	}
}
