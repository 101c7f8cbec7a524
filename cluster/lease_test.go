package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// EnvNATS names the environment variable holding the NATS server tests run against.
const EnvNATS = "DUELIST_TEST_NATS"

// testBucket connects to DUELIST_TEST_NATS (skipping without it) and makes a lease bucket of its
// own for the test, deleted at the end; it returns the bucket and a function that opens it again
// on a connection of its own (another node).
func testBucket(t *testing.T, ttl time.Duration) (jetstream.KeyValue, func() (jetstream.KeyValue, *nats.Conn)) {
	t.Helper()
	url := os.Getenv(EnvNATS)
	if url == "" {
		t.Skipf("needs NATS with JetStream: set %s (e.g. nats://127.0.0.1:4222)", EnvNATS)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "duelist_test_" + hex.EncodeToString(b[:])
	open := func() (jetstream.KeyValue, *nats.Conn) {
		nc, err := nats.Connect(url)
		if err != nil {
			t.Fatalf("connecting to %s: %v", url, err)
		}
		t.Cleanup(nc.Close)
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		kv, err := Bucket(context.Background(), js, name, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return kv, nc
	}
	kv, nc := open()
	t.Cleanup(func() {
		js, _ := jetstream.New(nc)
		_ = js.DeleteKeyValue(context.Background(), name)
	})
	return kv, func() (jetstream.KeyValue, *nats.Conn) { return open() }
}

func ids(ns []Node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.ID)
	}
	return out
}

// TestLeaseLifecycle: a node's lease is listed, refused to a second holder, kept past its TTL by
// renewals, and gone at once when released.
func TestLeaseLifecycle(t *testing.T) {
	ttl := time.Second
	kv, _ := testBucket(t, ttl)
	ctx := context.Background()
	a, err := Acquire(ctx, kv, Node{ID: "a", Engine: "v1"}, ttl, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(ctx, kv, Node{ID: "a"}, ttl, nil); !errors.Is(err, ErrTaken) {
		t.Fatalf("a second holder of a live id: %v, want ErrTaken", err)
	}
	time.Sleep(3 * ttl) // three TTLs: only renewals keep it
	ms, err := Members(ctx, kv, ttl, nil)
	if err != nil || len(ms) != 1 || ms[0].ID != "a" || ms[0].Engine != "v1" || !a.Valid() {
		t.Fatalf("after 3 TTLs: members %v %v, valid %v", ids(ms), err, a.Valid())
	}
	if err := a.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if ms, _ := Members(ctx, kv, ttl, nil); len(ms) != 0 || a.Valid() {
		t.Fatalf("after release: members %v, valid %v", ids(ms), a.Valid())
	}
}

// TestLeaseCutFromNATS: a node cut from NATS loses its lease by its own clock within the TTL of
// its last renewal, and the survivors, polling, no longer list it once the TTL has passed.
func TestLeaseCutFromNATS(t *testing.T) {
	ttl := 2 * time.Second
	kv, open := testBucket(t, ttl)
	ctx := context.Background()
	kvA, ncA := open()
	a, err := Acquire(ctx, kvA, Node{ID: "a"}, ttl, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Acquire(ctx, kv, Node{ID: "b"}, ttl, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release(ctx)
	time.Sleep(ttl / 2)
	until := a.Until()
	ncA.Close() // the partition
	select {
	case <-a.Lost():
		if now := time.Now(); now.Before(until) {
			t.Fatalf("lost at %v, before the lease's end at %v (a partition is seen by the clock only)", now, until)
		}
	case <-time.After(3 * ttl):
		t.Fatal("a node cut from NATS still holds its lease after 3 TTLs")
	}
	if a.Valid() {
		t.Fatal("a lost lease is valid")
	}
	deadline := time.Now().Add(3 * ttl)
	for {
		ms, err := Members(ctx, kv, ttl, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) == 1 && ms[0].ID == "b" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the survivor still sees %v", ids(ms))
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Its id is free again once its lease has expired.
	if a2, err := Acquire(ctx, kv, Node{ID: "a"}, ttl, nil); err != nil {
		t.Fatalf("retaking a dead node's id: %v", err)
	} else {
		a2.Release(ctx)
	}
}

// TestLeaseLostToAnother: a renewal that finds the key moved on (another wrote it) loses the lease.
func TestLeaseLostToAnother(t *testing.T) {
	ttl := time.Second
	kv, _ := testBucket(t, ttl)
	ctx := context.Background()
	a, err := Acquire(ctx, kv, Node{ID: "a"}, ttl, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, "a", []byte(`{"id":"a"}`)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-a.Lost():
	case <-time.After(2 * ttl):
		t.Fatal("a lease whose key another wrote was not lost")
	}
}

// TestBusAcrossConnections: what one node publishes reaches the other's subscriber, under the
// game's prefix only.
func TestBusAcrossConnections(t *testing.T) {
	_, open := testBucket(t, time.Second)
	_, nc1 := open()
	_, nc2 := open()
	var b [4]byte
	_, _ = rand.Read(b[:])
	prefix := "duelist_test_" + hex.EncodeToString(b[:])
	a, z := NewBus(nc1, prefix, t.Logf), NewBus(nc2, prefix, t.Logf)
	got := make(chan string, 2)
	z.Subscribe("chat.friend.*", func(s string, d []byte) { got <- s + "=" + string(d) })
	if err := nc2.Flush(); err != nil {
		t.Fatal(err)
	}
	NewBus(nc1, prefix+"x", t.Logf).Publish("chat.friend.7", []byte("other game"))
	a.Publish("chat.friend.7", []byte("hi"))
	select {
	case m := <-got:
		if m != "chat.friend.7=hi" {
			t.Fatalf("got %q", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing delivered")
	}
}

// TestLeaseDrain: Drain marks the lease draining at once (another node's Members sees it), the
// renewals keep the mark and the lease, written one at a time with Drain's (a renewal racing a
// Drain at the same revision would have lost the lease), and a node not draining is unmarked.
func TestLeaseDrain(t *testing.T) {
	ttl := 1500 * time.Millisecond // renewals every 500 ms race the Drains below (600 ms lapsed once at a load of 50 on two cores)
	kv, open := testBucket(t, ttl)
	ctx := context.Background()
	a, err := Acquire(ctx, kv, Node{ID: "a"}, ttl, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release(ctx)
	b, err := Acquire(ctx, kv, Node{ID: "b"}, ttl, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release(ctx)
	other, _ := open()
	draining := func() map[string]bool {
		ms, err := Members(ctx, other, ttl, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, m := range ms {
			out[m.ID] = m.Draining
		}
		return out
	}
	if d := draining(); len(d) != 2 || d["a"] || d["b"] {
		t.Fatalf("before Drain: %v, want a and b, neither draining", d)
	}
	for i := range 20 { // Drain again and again while the renewals run
		if err := a.Drain(); err != nil {
			t.Fatalf("Drain %d: %v", i, err)
		}
		if d := draining(); !d["a"] || d["b"] {
			t.Fatalf("after Drain %d: %v, want a draining and b not", i, d)
		}
		time.Sleep(time.Duration(i%4) * 50 * time.Millisecond)
	}
	time.Sleep(3 * ttl) // renewals only: the mark stays, and so does the lease
	if d := draining(); len(d) != 2 || !d["a"] || d["b"] || !a.Valid() {
		t.Fatalf("3 TTLs after Drain: %v (a valid %v), want a draining and b not", d, a.Valid())
	}
	select {
	case <-a.Lost():
		t.Fatal("a renewal and a Drain at one revision lost the lease")
	default:
	}
}
