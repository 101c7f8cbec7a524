package server

import (
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeClock) now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *fakeClock) add(d time.Duration) {
	f.mu.Lock()
	f.t = f.t.Add(d)
	f.mu.Unlock()
}

// onActor runs f on a room's actor and waits for it.
func onActor(t *testing.T, srv *Server, code string, f func(r *Room)) {
	t.Helper()
	r := srv.Hub().room(code)
	if r == nil {
		t.Fatalf("no room %s", code)
	}
	done := make(chan struct{})
	if !r.post(func(r *Room) { defer close(done); f(r) }) {
		t.Fatalf("room %s has closed", code)
	}
	<-done
}

// startDuel creates a room of two players (A first) and returns them with A holding its first
// prompt (B has passed the windows of A's Draw and Standby Phases).
func startDuel(t *testing.T, url string) (string, *client, *client, msg) {
	ca, cb := hello(t, url), hello(t, url)
	code, _ := ca.createRoom(nil)
	cb.send(map[string]any{"t": "join", "room": code})
	cb.expect("joined")
	return code, ca, cb, untilPromptOf(t, ca, cb)
}

// TestTimeBank: the clock drains only while a seat must answer; when A's bank is empty A loses.
func TestTimeBank(t *testing.T) {
	fc := &fakeClock{t: time.Unix(1e9, 0)}
	srv, url := newTestServer(t, Options{Now: fc.now})
	code, ca, cb, st := startDuel(t, url)
	if st.Prompt.Seat != "A" {
		t.Fatalf("A should answer first, got %s", st.Prompt.Seat)
	}
	fc.add(100 * time.Second)
	var left [2]time.Duration
	onActor(t, srv, code, func(r *Room) {
		left = [2]time.Duration{r.clock.left(0, r.now()), r.clock.left(1, r.now())}
	})
	if left != [2]time.Duration{80 * time.Second, 180 * time.Second} {
		t.Fatalf("banks after A thought 100 s: %v", left)
	}
	fc.add(81 * time.Second)
	onActor(t, srv, code, func(r *Room) { r.clockExpired(r.clock.gen) })
	for _, c := range []*client{ca, cb} {
		var m msg
		for m.Result == nil {
			m = c.expect("state")
		}
		if m.Result.Winner != "B" || m.Result.Reason != "time" {
			t.Fatalf("result %+v, want B wins on time", m.Result)
		}
	}
}

// TestGraceExpires: a player who does not come back within the grace period loses the duel.
func TestGraceExpires(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	code, ca, cb, _ := startDuel(t, url)
	ca.ws.CloseNow()
	for {
		m := cb.expect("room")
		if len(m.Players) == 2 && !m.Players[0].Connected {
			break
		}
	}
	onActor(t, srv, code, func(r *Room) { r.graceExpired(0, r.seats[0].graceGen) })
	var m msg
	for m.Result == nil {
		m = cb.expect("state")
	}
	if m.Result.Winner != "B" || m.Result.Reason != "disconnected" {
		t.Fatalf("result %+v", m.Result)
	}
}

// TestPanicEndsRoomOnly: a panic in a room ends that room with an error; the server goes on.
func TestPanicEndsRoomOnly(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	code, ca, cb, _ := startDuel(t, url)
	r := srv.Hub().room(code)
	r.post(func(r *Room) { panic("a card script failed") })
	for _, c := range []*client{ca, cb} {
		if m := c.expect("closed"); m.Code != ErrInternal {
			t.Fatalf("closed: %+v", m)
		}
	}
	<-r.done
	// The server still serves: the same clients may open a new room and play.
	ca.createRoom(map[string]any{"opponent": "ai"})
	if res, _ := newPlayer(ca, 11).play(0); res == nil {
		t.Fatal("no result in the new room")
	}
	if srv.Hub().room(code) != nil {
		t.Fatal("the failed room is still listed")
	}
}

// TestLeaveConcedes: leaving during a duel concedes it; the room closes once nobody is left.
func TestLeaveConcedes(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	code, ca, cb, _ := startDuel(t, url)
	ca.send(map[string]any{"t": "leave"})
	if m := ca.expect("closed"); m.Code != "left" {
		t.Fatalf("leave: %+v", m)
	}
	var m msg
	for m.Result == nil {
		m = cb.expect("state")
	}
	if m.Result.Winner != "B" {
		t.Fatalf("result %+v", m.Result)
	}
	cb.send(map[string]any{"t": "rematch"})
	if e := cb.expect("error"); e.Code != ErrState {
		t.Fatalf("rematch with a player gone: %+v", e)
	}
	cb.send(map[string]any{"t": "leave"})
	cb.expect("closed")
	for srv.Hub().room(code) != nil {
		time.Sleep(time.Millisecond) // the actor removes the room as it stops
	}
}
