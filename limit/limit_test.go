package limit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestAddr(t *testing.T) {
	cases := []struct {
		remote, header, value, want string
	}{
		{"192.0.2.7:5000", "", "", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:443", "", "", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:443", "", "", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.9]:80", "", "", "192.0.2.9"},
		// A header is read only when the server is told which one.
		{"127.0.0.1:9000", "", "203.0.113.5", "127.0.0.1"},
		{"127.0.0.1:9000", "X-Real-IP", "203.0.113.5", "203.0.113.5"},
		{"127.0.0.1:9000", "X-Forwarded-For", "10.9.9.9, 203.0.113.6", "203.0.113.6"},
		{"127.0.0.1:9000", "X-Forwarded-For", "2001:db8:aa:bb::1", "2001:db8:aa:bb::/64"},
		// A named header that is missing: the TCP peer.
		{"127.0.0.1:9000", "X-Real-IP", "", "127.0.0.1"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if c.value != "" {
			h := c.header
			if h == "" {
				h = "X-Real-IP"
			}
			r.Header.Set(h, c.value)
		}
		if got := Addr(r, c.header); got != c.want {
			t.Errorf("Addr(remote %s, header %q = %q) = %q, want %q", c.remote, c.header, c.value, got, c.want)
		}
	}
}

func TestKeyedBurstAndRefill(t *testing.T) {
	k := NewKeyed(2*time.Second, 3, 0)
	t0 := time.Unix(1000, 0)
	for i := range 3 {
		if !k.Allow("a", t0) {
			t.Fatalf("attempt %d of a burst of 3 refused", i+1)
		}
	}
	ok, retry := k.Take("a", t0)
	if ok || retry != 2*time.Second {
		t.Fatalf("fourth attempt: ok %v retry %v, want refused with a 2s retry", ok, retry)
	}
	if !k.Allow("b", t0) {
		t.Fatal("another key shares a's bucket")
	}
	if k.Allow("a", t0.Add(1999*time.Millisecond)) {
		t.Fatal("a token came before its interval")
	}
	if !k.Allow("a", t0.Add(2*time.Second)) {
		t.Fatal("no token after its interval")
	}
	var none *Keyed
	if !none.Allow("x", t0) || NewKeyed(0, 5, 0) != nil {
		t.Fatal("a nil Keyed must limit nothing")
	}
}

func TestTakeBothSpendsBothOrNeither(t *testing.T) {
	a := NewKeyed(time.Minute, 2, 0)
	b := NewKeyed(time.Minute, 5, 0)
	t0 := time.Unix(1000, 0)
	for range 2 {
		if ok, _ := TakeBoth(a, "x", b, "y", t0); !ok {
			t.Fatal("refused within both bursts")
		}
	}
	if ok, _ := TakeBoth(a, "x", b, "y", t0); ok {
		t.Fatal("allowed past a's burst")
	}
	// The refusal took nothing of b's: y still has 3.
	if got := b.Tokens("y", t0); got != 3 {
		t.Fatalf("b's bucket holds %v after a refusal by a, want 3", got)
	}
}

// TestFloodKeepsSpentBuckets is issue 35's limiter that forgot every bucket after 100,000 keys:
// an address that spent its budget stays limited while a flood of new keys (one per IPv6 /64 of
// a large prefix) passes the cap several times over.
func TestFloodKeepsSpentBuckets(t *testing.T) {
	k := NewKeyed(time.Hour, 5, 0)
	t0 := time.Unix(1000, 0)
	for range 5 {
		k.Allow("203.0.113.1", t0)
	}
	if k.Allow("203.0.113.1", t0) {
		t.Fatal("the spent address was not limited before the flood")
	}
	for i := range 3 * DefaultMaxKeys {
		k.Allow(fmt.Sprintf("2001:db8:%x:%x::/64", i>>16, i&0xffff), t0.Add(time.Duration(i)))
		if n := k.Len(); n > DefaultMaxKeys {
			t.Fatalf("%d keys remembered, more than the cap of %d", n, DefaultMaxKeys)
		}
	}
	if k.Allow("203.0.113.1", t0.Add(time.Second)) {
		t.Fatal("the flood of new keys reset the spent address's limit")
	}
}

func TestWithAddr(t *testing.T) {
	var got string
	h := WithAddr("X-Real-IP", http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = RequestAddr(r) }))
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "127.0.0.1:5555"
	r.Header.Set("X-Real-IP", "2001:db8:5:6::7")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if got != "2001:db8:5:6::/64" {
		t.Fatalf("RequestAddr behind WithAddr = %q, want the proxy header's /64", got)
	}
	if a := RequestAddr(r); a != "127.0.0.1" {
		t.Fatalf("RequestAddr without WithAddr = %q, want the TCP peer", a)
	}
}
