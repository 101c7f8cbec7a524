package server

import (
	"context"
	"testing"
	"time"
)

// TestRejoinWaitsForRebuild: a rejoin of a room that the node has marked for a rebuild (it took
// the room over and is replaying its log) is held until the rebuild is done, then gets its seat
// back, instead of being told no-room.
func TestRejoinWaitsForRebuild(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	d := newDuo(t, url, 1)
	for range 30 {
		d.step()
	}
	if d.over() {
		t.Skip("the duel ended in 30 answers")
	}
	before := [2]string{sight(d.last[0]), sight(d.last[1])}

	srv2, url2 := newTestServer(t, Options{Log: l})
	h := srv2.Hub()
	h.Rebuilding(d.room)
	rebuilt := make(chan error, 1)
	go func() {
		time.Sleep(300 * time.Millisecond) // the rejoins arrive before the rebuild
		st, err := h.Recover(context.Background())
		if err == nil && st.Rooms != 1 {
			t.Errorf("recover: %v, want 1 duel resumed", st)
		}
		h.Rebuilt()
		rebuilt <- err
	}()
	d.rejoin(url2) // fails on a no-room error
	if err := <-rebuilt; err != nil {
		t.Fatal(err)
	}
	for s := range before {
		if got := sight(d.last[s]); got != before[s] {
			t.Fatalf("seat %s sees another duel after the rebuild:\nbefore %s\nafter  %s", seatName(s), before[s], got)
		}
	}
	d.finish()
}

// TestLookupOfUnmarkedRoomIsNotHeld: a room not marked for a rebuild is no-room at once, and so is
// a marked one whose rebuild ended without it.
func TestLookupOfUnmarkedRoomIsNotHeld(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	h := srv.Hub()
	c := hello(t, url)
	start := time.Now()
	c.send(map[string]any{"t": "watch", "room": "ABCDEFGH"})
	if m := c.expect("error"); m.Code != ErrNoRoom {
		t.Fatalf("watch of no room: %+v", m)
	}
	h.Rebuilding("ABCDEFGH")
	go func() { time.Sleep(200 * time.Millisecond); h.Rebuilt() }()
	c.send(map[string]any{"t": "watch", "room": "abcdefgh"})
	if m := c.expect("error"); m.Code != ErrNoRoom {
		t.Fatalf("watch of a room whose rebuild failed: %+v", m)
	}
	if el := time.Since(start); el < 200*time.Millisecond {
		t.Fatalf("the lookup of a marked room answered in %v, before the rebuild ended", el)
	}
}
