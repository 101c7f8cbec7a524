package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/matchmaking"
)

// finishes records the rated duels a server reports.
type finishes struct {
	mu  sync.Mutex
	got []FinishedDuel
	ch  chan FinishedDuel
}

func newFinishes() *finishes { return &finishes{ch: make(chan FinishedDuel, 16)} }

func (f *finishes) onFinish(_ context.Context, d FinishedDuel) error {
	f.mu.Lock()
	f.got = append(f.got, d)
	f.mu.Unlock()
	f.ch <- d
	return nil
}

func (f *finishes) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.got)
}

// qmServer is a test server whose connections are logged in as the account in the header
// X-Test-Account, with fast quick-match waves.
func qmServer(t *testing.T, f *finishes, mod func(*Options)) string {
	opts := Options{Log: NewMemLog(), OnFinish: f.onFinish,
		Account: func(r *http.Request) int64 {
			n, _ := strconv.ParseInt(r.Header.Get("X-Test-Account"), 10, 64)
			return n
		},
		QuickMatch: QuickMatchOptions{Tick: 5 * time.Millisecond,
			Pool: matchmaking.Config{Wave: 10 * time.Millisecond, AIOffer: 50 * time.Millisecond}}}
	if mod != nil {
		mod(&opts)
	}
	_, url := newTestServer(t, opts)
	return url
}

// helloAs dials as an account (0: a guest) and says hello.
func helloAs(t *testing.T, url string, acc int64, name string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h := http.Header{}
	if acc != 0 {
		h.Set("X-Test-Account", strconv.FormatInt(acc, 10))
	}
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	ws.SetReadLimit(1 << 24)
	c := &client{t: t, ws: ws}
	t.Cleanup(func() { ws.CloseNow() })
	c.send(map[string]any{"t": "hello", "v": Version, "name": name})
	c.expect("welcome")
	return c
}

// expectError reads until an error message and returns its code.
func (c *client) expectError() string {
	c.t.Helper()
	for {
		m, ok := c.read()
		if !ok {
			c.t.Fatal("connection closed while waiting for an error")
		}
		if m.T == "error" {
			return m.Code
		}
	}
}

func queueMsgOf(extra map[string]any) map[string]any {
	m := map[string]any{"t": "queue", "ruleset": "ocg", "format": "bo1", "deck": map[string]any{"precon": "yugi-legal"}}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// TestQuickMatchRatedDuel: two accounts queue, are paired into one room, play to the end; the
// server reports the rated result once with both accounts; the rematch is not rated.
func TestQuickMatchRatedDuel(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, nil)
	ca, cb := helloAs(t, url, 11, "alice"), helloAs(t, url, 12, "bobby")
	ca.send(queueMsgOf(nil))
	if q := ca.expect("queued"); q.T != "queued" {
		t.Fatal(q)
	}
	cb.send(queueMsgOf(map[string]any{"deck": map[string]any{"precon": "kaiba-legal"}}))
	ma, mb := ca.expect("matched"), cb.expect("matched")
	if ma.Room == "" || ma.Room != mb.Room {
		t.Fatalf("matched into rooms %q and %q", ma.Room, mb.Room)
	}
	ja, jb := ca.expect("joined"), cb.expect("joined")
	if ja.Seat == jb.Seat || ja.Room != ma.Room {
		t.Fatalf("joined %+v and %+v", ja, jb)
	}
	res := playBoth(t, newPlayer(ca, 1), newPlayer(cb, 2))
	d := <-f.ch
	if d.ID == 0 || d.Room != ma.Room || d.Ruleset != "ocg" || d.Format != "bo1" || d.Winner != res[0].Winner ||
		d.Reason != res[0].Reason {
		t.Fatalf("reported %+v; the duel ended %+v", d, res[0])
	}
	accs := map[string]int64{ja.Seat: 11, jb.Seat: 12}
	if d.Accounts != [2]int64{accs["A"], accs["B"]} || len(d.Decks[0].Main) == 0 {
		t.Fatalf("reported accounts %v decks %d; want %v", d.Accounts, len(d.Decks[0].Main), accs)
	}
	// A rematch in the same room is not rated.
	ca.send(map[string]any{"t": "rematch"})
	cb.send(map[string]any{"t": "rematch"})
	playBoth(t, newPlayer(ca, 3), newPlayer(cb, 4))
	ca.send(map[string]any{"t": "leave"})
	ca.expect("closed")
	if n := f.count(); n != 1 {
		t.Fatalf("%d rated results; want 1 (the rematch is unrated)", n)
	}
}

// TestQuickMatchSurrenderAndAbandon: a surrender is reported as a loss of the one who conceded;
// leaving without coming back within the grace period is a loss too.
func TestQuickMatchSurrenderAndAbandon(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, func(o *Options) { o.Grace = 30 * time.Millisecond })
	pair := func(a, b int64) (*client, *client, string) {
		ca, cb := helloAs(t, url, a, "p"+strconv.Itoa(int(a))), helloAs(t, url, b, "p"+strconv.Itoa(int(b)))
		ca.send(queueMsgOf(nil))
		ca.expect("queued")
		cb.send(queueMsgOf(nil))
		ja, jb := ca.expect("joined"), cb.expect("joined")
		if ja.Seat == jb.Seat {
			t.Fatal("same seat")
		}
		ca.expect("state")
		return ca, cb, ja.Seat
	}
	ca, _, seatA := pair(21, 22)
	ca.send(map[string]any{"t": "concede"})
	d := <-f.ch
	other := map[string]string{"A": "B", "B": "A"}
	if d.Reason != "conceded" || d.Winner != other[seatA] {
		t.Fatalf("a surrender was reported %+v; the conceder was %s", d, seatA)
	}
	cc, _, seatC := pair(23, 24)
	cc.ws.CloseNow() // gone, and not back within the grace period
	d = <-f.ch
	if d.Reason != "disconnected" || d.Winner != other[seatC] {
		t.Fatalf("an abandoned duel was reported %+v; the one who left was %s", d, seatC)
	}
}

// TestQuickMatchRefusals: guests, bad formats and decks, queueing twice, unqueueing.
func TestQuickMatchRefusals(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, func(o *Options) { o.QuickMatch.Pool.Wave = time.Hour; o.QuickMatch.Pool.Enough = 1000 })
	g := helloAs(t, url, 0, "guest")
	g.send(queueMsgOf(nil))
	if c := g.expectError(); c != ErrLogin {
		t.Fatalf("a guest queued: %s", c)
	}
	c := helloAs(t, url, 31, "carol")
	for name, bad := range map[string]map[string]any{
		"format":  {"format": "bo5"},
		"ruleset": {"ruleset": "nope"},
		"deck":    {"deck": map[string]any{"ydke": "ydke://AAAA!AAAA!AAAA!"}},
		"two":     {"deck": map[string]any{"precon": "yugi-40", "ydk": "x"}},
		"field":   {"color": "red"},
		"ai type": {"ai": "yes"},
	} {
		c.send(queueMsgOf(bad))
		if code := c.expectError(); code == "" {
			t.Fatalf("%s: no error code", name)
		}
	}
	c.send(queueMsgOf(nil))
	c.expect("queued")
	c.send(queueMsgOf(nil))
	if code := c.expectError(); code != ErrState {
		t.Fatalf("queued twice: %s", code)
	}
	c.send(map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}})
	c.expect("joined") // creating a room is allowed; the pairing skips a player in a room
	c.send(map[string]any{"t": "leave"})
	c.expect("closed")
	c.send(map[string]any{"t": "unqueue"})
	if u := c.expect("unqueued"); u.T != "unqueued" {
		t.Fatal(u)
	}
	c.send(map[string]any{"t": "unqueue"})
	if code := c.expectError(); code != ErrState {
		t.Fatalf("unqueued twice: %s", code)
	}
}

// TestQuickMatchAI: a player who asked for the AI gets it after waiting alone; that duel is not
// rated.
func TestQuickMatchAI(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, nil)
	c1 := helloAs(t, url, 41, "dave1")
	c1.send(queueMsgOf(map[string]any{"ai": true}))
	c1.expect("queued")
	m := c1.expect("matched")
	if !strings.Contains(string(m.raw), `"ai":true`) {
		t.Fatalf("matched %s; want the AI", m.raw)
	}
	c1.expect("joined")
	c1.expect("state")
	c1.send(map[string]any{"t": "concede"})
	for {
		st := c1.expect("state")
		if st.Result != nil {
			break
		}
	}
	if n := f.count(); n != 0 {
		t.Fatalf("%d rated results of an AI duel", n)
	}
}

// TestRecoverReportsRatedEnd: a rated duel that the log holds finished but not closed (the
// server stopped between its last move and its end) is reported when the server starts again.
func TestRecoverReportsRatedEnd(t *testing.T) {
	f := newFinishes()
	l := NewMemLog()
	yugi, err := decks.Get("yugi-40")
	if err != nil {
		t.Fatal(err)
	}
	dl := engine.DeckList{Main: yugi.Main, Extra: yugi.Extra}
	h := duels.Header{Room: "ABCDEF", DuelNo: 1, Ruleset: "ocg", Seed: 5, First: engine.FirstA, TimeLimit: time.Minute,
		Decks: [2]engine.DeckList{dl, dl}, Names: [2]string{"a", "b"}, Accounts: [2]int64{1, 2}, Rated: true, Format: "bo1",
		Started: time.Unix(1_800_000_000, 0)}
	id, _ := l.Begin(context.Background(), h)
	l.Append(context.Background(), id, []duels.Entry{{Seq: 0, Kind: duels.EntryConcede, Seat: 0, Reason: "conceded"}})
	hub := NewHub(Options{Log: l, OnFinish: f.onFinish, Logf: testLogf(t)})
	st, err := hub.Recover(context.Background())
	if err != nil || st.Finished != 1 {
		t.Fatalf("recover: %v %v", st, err)
	}
	d := <-f.ch
	if d.ID != id || d.Winner != "B" || d.Reason != "conceded" || d.Accounts != [2]int64{1, 2} {
		t.Fatalf("reported %+v", d)
	}
}

// TestPresenceAndInRoom: the server tells which accounts are online and in which room, as what.
func TestPresenceAndInRoom(t *testing.T) {
	srv, url := newTestServer(t, Options{Account: func(r *http.Request) int64 {
		n, _ := strconv.ParseInt(r.Header.Get("X-Test-Account"), 10, 64)
		return n
	}})
	a, s := helloAs(t, url, 51, "alice"), helloAs(t, url, 52, "sam")
	helloAs(t, url, 0, "guest")
	code, _ := a.createRoom(nil)
	s.send(map[string]any{"t": "watch", "room": code})
	s.expect("joined")
	p := srv.Presence([]int64{51, 52, 53})
	if !p[51].Online || p[51].Room != code || p[51].Role != "player" || p[52].Role != "spectator" || p[53].Online {
		t.Fatalf("presence %+v (room %s)", p, code)
	}
	if role, ok := srv.InRoom(51, strings.ToLower(code)); !ok || role != "player" {
		t.Fatalf("InRoom(alice) = %q %v", role, ok)
	}
	if role, ok := srv.InRoom(52, code); !ok || role != "spectator" {
		t.Fatalf("InRoom(sam) = %q %v", role, ok)
	}
	if _, ok := srv.InRoom(53, code); ok {
		t.Fatal("an absent account is in the room")
	}
	if _, ok := srv.InRoom(0, code); ok {
		t.Fatal("a guest is in the room")
	}
}
