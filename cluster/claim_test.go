package cluster

import (
	"context"
	"testing"
	"time"
)

// TestSettleClaims: a claim key goes to the node that should hold it, is renewed by its holder,
// handed by its holder to a live node that outweighs it, left alone by the others, and taken
// over when its holder dies; two nodes racing for a free key leave one holder.
func TestSettleClaims(t *testing.T) {
	const ttl = 2 * time.Second
	kv, _ := testBucket(t, ttl)
	ctx := context.Background()
	t0 := time.Now()
	settle := func(self, want string, live map[string]bool, at time.Duration) (string, bool) {
		t.Helper()
		h, handed, err := Settle(ctx, kv, "ocg.bo1", self, want, live, ttl, ttl/3, t0.Add(at))
		if err != nil {
			t.Fatal(err)
		}
		return h, handed
	}
	ab := map[string]bool{"a": true, "b": true}
	if h, _ := settle("b", "a", ab, 0); h != "" {
		t.Fatalf("b, which should not hold it, sees the free key held by %q", h)
	}
	if h, _ := settle("a", "a", ab, 0); h != "a" {
		t.Fatalf("a took the free key: holder %q", h)
	}
	if h, _ := settle("b", "a", ab, 0); h != "a" {
		t.Fatalf("b sees holder %q, want a", h)
	}
	// A node b that wants it (its view) while a holds a valid claim does not take it.
	if h, _ := settle("b", "b", ab, time.Second); h != "a" {
		t.Fatalf("b took a valid claim of a: holder %q", h)
	}
	// Renewed by a: still a's after the TTL since the first write.
	settle("a", "a", ab, 1500*time.Millisecond)
	if h, _ := settle("b", "a", ab, 3*time.Second); h != "a" {
		t.Fatalf("a's renewed claim: holder %q at 3 s", h)
	}
	// c joins and outweighs a: a hands it over; c then holds it and renews it.
	abc := map[string]bool{"a": true, "b": true, "c": true}
	if h, handed := settle("a", "c", abc, 3*time.Second); h != "c" || !handed {
		t.Fatalf("a's hand-over to c: holder %q handed %v", h, handed)
	}
	if h, handed := settle("a", "c", abc, 3*time.Second); h != "c" || handed {
		t.Fatalf("after the hand-over a sees %q (handed %v)", h, handed)
	}
	if h, _ := settle("c", "c", abc, 4*time.Second); h != "c" {
		t.Fatalf("c's own claim: %q", h)
	}
	// c dies: a, the leader among the live, takes it over at once (c is not live).
	if h, _ := settle("a", "a", ab, 4*time.Second); h != "a" {
		t.Fatalf("c dead: a took it? holder %q", h)
	}
	// Two nodes race for a free key (another key): one holds it, both say the same.
	done := make(chan string, 2)
	for _, n := range []string{"a", "b"} {
		go func() {
			h, _, err := Settle(ctx, kv, "ocg.bo3", n, n, ab, ttl, ttl/3, t0) // each thinks it should hold it
			if err != nil {
				t.Error(err)
			}
			done <- h
		}()
	}
	h1, h2 := <-done, <-done
	if h1 == "" || h1 != h2 {
		t.Fatalf("a race for a free key: the two see %q and %q", h1, h2)
	}
}
