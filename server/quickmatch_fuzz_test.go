package server

import (
	"encoding/json"
	"sync"
	"testing"
	"time"
)

// FuzzQuickMatch drives the quick-match messages of four connections (three accounts and a
// guest) on the test's goroutine, with a fake clock: queue (valid and broken), unqueue, raw
// bytes, disconnects, waves. After every step the pool, the entries and the connections agree, and
// every message a connection receives is a well-formed server message.
func FuzzQuickMatch(f *testing.F) {
	f.Add([]byte{0, 1, 5, 6, 6}, `{"t":"queue","format":"bo3"}`)
	f.Add([]byte{0, 8, 1, 9, 6, 2, 3, 6}, `{"t":"unqueue","x":1}`)
	f.Add([]byte{4, 4, 0, 12, 6, 7, 6}, `{"t":"queue","deck":{"precon":"nope"}}`)
	f.Add([]byte{0, 1, 2, 3, 6, 6, 6, 6}, `{"t":"queue","ruleset":"kouhu","ai":true}`)
	f.Fuzz(func(t *testing.T, ops []byte, raw string) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		var mu sync.Mutex
		now := time.Unix(1_800_000_000, 0)
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		h := NewHub(Options{Logf: func(string, ...any) {}, Now: clock, RatePerSec: -1})
		h.mm.running = true // the test runs the waves itself: no ticker goroutine
		conns := make([]*Conn, 4)
		for i := range conns {
			conns[i] = testConn(h)
			conns[i].account = int64(i) // conn 0 is a guest
		}
		defer func() {
			h.mu.Lock()
			rooms := make([]*Room, 0, len(h.rooms))
			for _, r := range h.rooms {
				rooms = append(rooms, r)
			}
			h.mu.Unlock()
			for _, r := range rooms {
				r.post(func(r *Room) { r.close("fuzz over") })
			}
		}()
		msgs := []string{
			`{"t":"queue"}`,
			`{"t":"queue","ruleset":"ocg","format":"bo1","deck":{"precon":"kaiba-legal"}}`,
			`{"t":"queue","ai":true}`,
			`{"t":"unqueue"}`,
			raw,
			`{"t":"queue","format":"bo3"}`,
		}
		for _, op := range ops {
			c := conns[int(op)%len(conns)]
			switch k := int(op) / len(conns) % 9; {
			case k < len(msgs):
				h.handle(c, []byte(msgs[k]))
			case k == 6: // time passes and the matchmaker looks
				mu.Lock()
				now = now.Add(7 * time.Second)
				mu.Unlock()
				h.matchStep()
				h.mm.mu.Lock()
				h.mm.running = true
				h.mm.mu.Unlock()
			case k == 7: // the connection drops
				c.close()
				h.unqueue(c, "")
			default:
				h.handle(c, []byte(`{"t":"leave"}`))
			}
			checkPool(t, h, conns)
			for _, c := range conns {
				drainCheck(t, c)
			}
		}
	})
}

func checkPool(t *testing.T, h *Hub, conns []*Conn) {
	t.Helper()
	mm := &h.mm
	mm.mu.Lock()
	defer mm.mu.Unlock()
	if mm.pool == nil {
		return
	}
	if len(mm.ids) != len(mm.entries) || len(mm.ids) != mm.pool.Len() {
		t.Fatalf("pool %d, entries %d, connections %d disagree", mm.pool.Len(), len(mm.entries), len(mm.ids))
	}
	for c, key := range mm.ids {
		e, ok := mm.entries[key]
		if !ok || e.c != c {
			t.Fatalf("queued connection %p has no entry %s", c, key)
		}
		if _, ok := mm.pool.Waiting(key); !ok {
			t.Fatalf("entry %s is not in the pool", key)
		}
		if c.account == 0 {
			t.Fatal("a guest is queued")
		}
	}
}

// drainCheck reads a test connection's queue: every message is a JSON object of a known type.
func drainCheck(t *testing.T, c *Conn) {
	t.Helper()
	known := map[string]bool{"queued": true, "unqueued": true, "matched": true, "joined": true, "room": true,
		"state": true, "error": true, "closed": true, "pong": true, "match": true}
	for {
		b, ok := c.out().pop()
		if !ok {
			return
		}
		var m struct {
			T    string `json:"t"`
			Code string `json:"code"`
		}
		if err := json.Unmarshal(b, &m); err != nil || !known[m.T] {
			t.Fatalf("a bad server message %s (%v)", b, err)
		}
		if m.T == "error" && m.Code == ErrInternal {
			t.Fatalf("an internal error: %s", b)
		}
	}
}
