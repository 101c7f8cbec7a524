package server

import (
	"context"
	mrand "math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/duelistgame/duelist/cluster"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/matchmaking"
)

// testNodes starts n servers as nodes of one game on NATS (in this process), named a, b, ...:
// each with its own rooms and log, the bus and the peers of the game. It skips without NATS.
func testNodes(t *testing.T, n int, edit ...func(i int, o *Options)) ([]*Server, []string) {
	t.Helper()
	url, game := testNATS(t), newGame()
	var srvs []*Server
	var urls []string
	var ids []string
	for i := range n {
		ids = append(ids, string(rune('a'+i)))
	}
	for i := range n {
		nc, err := nats.Connect(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		o := Options{Log: NewMemLog(), Account: testAccount, NodeID: ids[i],
			Bus: countingBus{cluster.NewBus(nc, game, t.Logf)}, Peers: cluster.NewPeers(nc, game, ids[i], func() []string { return ids }, t.Logf)}
		for _, f := range edit {
			f(i, &o)
		}
		srv, u := newTestServer(t, o)
		nc.Flush()
		srvs, urls = append(srvs, srv), append(urls, u)
	}
	return srvs, urls
}

// routeBytes counts the bytes the routes of testNodes publish (every node's).
var routeBytes atomic.Int64

// countingBus counts what is published on route subjects.
type countingBus struct{ *cluster.Bus }

func (b countingBus) Publish(subject string, data []byte) {
	if strings.HasPrefix(subject, "route.") {
		routeBytes.Add(int64(len(data)))
	}
	b.Bus.Publish(subject, data)
}

// routedDuo is newDuo with seat A on urlA and seat B on urlB.
func routedDuo(t *testing.T, urlA, urlB string, seed uint64) *duo {
	d := &duo{t: t, rng: mrand.New(mrand.NewPCG(seed, 11))}
	d.c[0] = hello(t, urlA)
	d.room, d.tok[0] = d.c[0].createRoom(nil)
	d.c[1] = hello(t, urlB)
	d.c[1].send(map[string]any{"t": "join", "room": d.room, "deck": map[string]any{"precon": "kaiba-40"}})
	d.tok[1] = d.c[1].expect("joined").Token
	d.read()
	return d
}

// TestRoutedDuel: a player on node b joins by its code a room that node a holds and the two are
// paired; a spectator on node c watches it; the duel is played to its end with every message
// of b's player and c's spectator going through node a's room over NATS. When the sockets
// close, the remote connections on a end too.
func TestRoutedDuel(t *testing.T) {
	srvs, urls := testNodes(t, 3)
	d := routedDuo(t, urls[0], urls[1], 5)
	spec := hello(t, urls[2])
	spec.send(map[string]any{"t": "watch", "room": d.room})
	if j := spec.expect("joined"); j.Role != "spectator" {
		t.Fatalf("watch through node c: %+v", j)
	}
	if relays, _ := srvs[1].Hub().Routes(); relays != 1 {
		t.Fatalf("node b relays %d sockets, want 1", relays)
	}
	if _, remotes := srvs[0].Hub().Routes(); remotes != 2 {
		t.Fatalf("node a holds %d remote connections, want 2 (b's player, c's spectator)", remotes)
	}
	if n := srvs[1].Hub().Stats().Rooms + srvs[2].Hub().Stats().Rooms; n != 0 {
		t.Fatalf("nodes b and c hold %d rooms, want none", n)
	}
	routeBytes.Store(0)
	at := d.answers
	res := d.finish()
	t.Logf("%d answers; through NATS on the routes (seat B's messages and states, the spectator's states): %d bytes, %d a answer",
		d.answers-at, routeBytes.Load(), routeBytes.Load()/int64(max(1, d.answers-at)))
	if res == nil || d.answers < 10 {
		t.Fatalf("the routed duel ended after %d answers: %+v", d.answers, res)
	}
	for { // the spectator saw the end too
		m := spec.expect("state")
		if m.Result != nil {
			if m.Result.Winner != res.Winner {
				t.Fatalf("the spectator saw %s win, the players %s", m.Result.Winner, res.Winner)
			}
			break
		}
	}
	d.c[1].ws.CloseNow()
	spec.ws.CloseNow()
	for deadline := time.Now().Add(10 * time.Second); ; {
		relays, _ := srvs[1].Hub().Routes()
		_, remotes := srvs[0].Hub().Routes()
		if relays == 0 && remotes == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the sockets closed: %d relays on b, %d remote connections on a", relays, remotes)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestRoutedRejoin: a player on node b whose room is on node a drops and comes back through
// node c with its token: it gets its seat back, seeing what it saw; a code no node holds is
// no-room.
func TestRoutedRejoin(t *testing.T) {
	_, urls := testNodes(t, 3)
	d := routedDuo(t, urls[0], urls[1], 6)
	for range 20 {
		d.step()
	}
	before := sight(d.last[1])
	d.c[1].ws.CloseNow()
	d.c[1] = hello(t, urls[2])
	d.c[1].send(map[string]any{"t": "rejoin", "room": d.room, "token": d.tok[1]})
	if j := d.c[1].expect("joined"); j.Seat != "B" {
		t.Fatalf("rejoined as %s", j.Seat)
	}
	d.last[1] = d.nextState(1)
	if got := sight(d.last[1]); got != before {
		t.Fatalf("seat B sees another duel after its rejoin through node c:\nbefore %s\nafter  %s", before, got)
	}
	d.finish()
	c := hello(t, urls[1])
	c.send(map[string]any{"t": "watch", "room": "ZZZZZZZZ"})
	if m := c.expect("error"); m.Code != ErrNoRoom {
		t.Fatalf("watching a room no node holds: %+v", m)
	}
}

// deadOwnerLog is the fenced log of a node for TestRoutedRejoinWaitsForOwner: every room's row
// names a node that died, with its duel unfinished.
type deadOwnerLog struct{}

func (deadOwnerLog) Claim(context.Context, string) (int64, error) { return 1, nil }
func (deadOwnerLog) Release(string)                               {}
func (deadOwnerLog) Settle()                                      {}
func (deadOwnerLog) Unfinished(_ context.Context, room string) (duels.Room, bool, error) {
	return duels.Room{Room: room, Owner: "dead", Epoch: 1}, true, nil
}

// TestRoutedRejoinWaitsForOwner: a rejoin through node b of a room no node holds yet, whose
// owner died with its duel unfinished, is held until a survivor (node c) rebuilds the room, then
// routed there and given its seat back, instead of being told no-room.
func TestRoutedRejoinWaitsForOwner(t *testing.T) {
	l := NewMemLog() // the shared log: the dead node's duel, then c's
	_, url0 := newTestServer(t, Options{Log: l})
	d := newDuo(t, url0, 1)
	for range 30 {
		d.step()
	}
	if d.over() {
		t.Skip("the duel ended in 30 answers")
	}
	before := sight(d.last[1])
	srvs, urls := testNodes(t, 3, func(i int, o *Options) {
		switch i {
		case 1:
			o.Claims = deadOwnerLog{}
		case 2:
			o.Log = l
		}
	})
	srvs[1].Hub().LiveNodes(map[string]bool{"a": true, "b": true, "c": true})
	go func() {
		time.Sleep(600 * time.Millisecond) // c takes the room over after the rejoin came
		h := srvs[2].Hub()
		h.Rebuilding(d.room)
		if _, err := h.Recover(context.Background()); err != nil {
			t.Error(err)
		}
		h.Rebuilt()
	}()
	d.c[1].ws.CloseNow()
	d.c[1] = hello(t, urls[1])
	d.c[1].send(map[string]any{"t": "rejoin", "room": d.room, "token": d.tok[1]})
	if j := d.c[1].expect("joined"); j.Seat != "B" { // fails on no-room
		t.Fatalf("rejoined as %s", j.Seat)
	}
	d.last[1] = d.nextState(1)
	if got := sight(d.last[1]); got != before {
		t.Fatalf("seat B sees another duel:\nbefore %s\nafter  %s", before, got)
	}
	if relays, _ := srvs[1].Hub().Routes(); relays != 1 {
		t.Fatalf("node b relays %d sockets, want seat B's", relays)
	}
}

// frameBus records what is published.
type frameBus struct{ frames [][]byte }

func (b *frameBus) Publish(_ string, data []byte)                        { b.frames = append(b.frames, data) }
func (b *frameBus) Subscribe(string, func(string, []byte)) (stop func()) { return func() {} }

// TestRouteFrames: a message longer than a frame goes as parts and comes out whole, once; a
// short one is one frame.
func TestRouteFrames(t *testing.T) {
	long := []byte(strings.Repeat("0123456789", 70000)) // 700 KB: a long duel's history
	var b frameBus
	sendMsg(&b, "route.out.x", long)
	sendMsg(&b, "route.out.x", []byte(`{"t":"pong"}`))
	if len(b.frames) != 4 {
		t.Fatalf("%d frames, want 3 for the long message and 1 for the short", len(b.frames))
	}
	var j joiner
	var got [][]byte
	for _, f := range b.frames {
		if len(f) > routeChunk+1 {
			t.Fatalf("a frame of %d bytes", len(f))
		}
		if m := j.take(f); m != nil {
			got = append(got, m)
		}
	}
	if len(got) != 2 || string(got[0]) != string(long) || string(got[1]) != `{"t":"pong"}` {
		t.Fatalf("the joiner gave %d messages (%d bytes first)", len(got), len(got[0]))
	}
}

// TestQueueAcrossNodes: two accounts queue for quick match on different nodes; the queue runs on
// the node the sweeps name (a), so b routes its player there, and the two are paired into one room
// on a and play it to its end, its rated result reported once.
func TestQueueAcrossNodes(t *testing.T) {
	f := newFinishes()
	srvs, urls := testNodes(t, 2, func(_ int, o *Options) {
		o.OnFinish = f.onFinish
		o.QuickMatch = QuickMatchOptions{Tick: 5 * time.Millisecond,
			Pool: matchmaking.Config{Wave: 10 * time.Millisecond, AIOffer: time.Minute}}
	})
	for _, s := range srvs {
		s.Hub().LiveNodes(map[string]bool{"a": true, "b": true})
		s.Hub().SetQueueNode("a")
	}
	ca, cb := helloAs(t, urls[1], 11, "alice"), helloAs(t, urls[0], 12, "bobby")
	ca.send(queueMsgOf(nil))
	ca.expect("queued")
	cb.send(queueMsgOf(map[string]any{"deck": map[string]any{"precon": "kaiba-legal"}}))
	ma, mb := ca.expect("matched"), cb.expect("matched")
	if ma.Room == "" || ma.Room != mb.Room {
		t.Fatalf("matched into rooms %q and %q", ma.Room, mb.Room)
	}
	if srvs[0].Hub().room(ma.Room) == nil {
		t.Fatalf("room %s is not on node a, which runs the queue", ma.Room)
	}
	ca.expect("joined")
	cb.expect("joined")
	res := playBoth(t, newPlayer(ca, 1), newPlayer(cb, 2))
	if d := <-f.ch; d.Room != ma.Room || d.Winner != res[0].Winner {
		t.Fatalf("reported %+v; the duel ended %+v", d, res[0])
	}
}
