package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/matchmaking"
	"github.com/duelistgame/duelist/store"
)

// TestQueueHandedOverWhenANodeJoins is issue 31's open item, a lease per quick-match queue:
// two `duelist serve --nats` processes, A leading queues ocg/bo1 and ocg/bo3; player 1 waits in
// ocg/bo1 with its socket on A, player 2 in ocg/bo3 with its socket on C (routed to A). Then node
// B joins, which outweighs A in both queues (matchmaking.Leader): A hands both queues' leases to
// B and its waiting players with them (each is told "queued" again, by B). Players 3 and 4 then
// queue through C and A: each is paired with the one waiting in its queue, in a room on B, and
// nobody is paired twice. Before the leases, players 1 and 2 stayed in A's pool while the
// newcomers queued on B: nobody was paired.
func TestQueueHandedOverWhenANodeJoins(t *testing.T) {
	eachNodeDSN(t, func(t *testing.T, dsn string) {
		bo1, bo3 := matchmaking.Queue{Ruleset: "ocg", Format: FormatBo1}, matchmaking.Queue{Ruleset: "ocg", Format: FormatBo3}
		leads := func(n string, nodes ...string) bool {
			return matchmaking.Leader(bo1, nodes) == n && matchmaking.Leader(bo3, nodes) == n
		}
		// Node ids such that A leads both queues beside C, and B outweighs both when it joins.
		var a, b, c string
	pick:
		for i := range 400 {
			a, c = "a"+hexID(i), "c"+hexID(i)
			if !leads(a, a, c) {
				continue
			}
			for j := range 400 {
				if b = "b" + hexID(j); leads(b, a, b, c) {
					break pick
				}
			}
		}
		if b == "" || !leads(b, a, b, c) {
			t.Fatal("no node ids fit")
		}
		natsURL, game := testNATS(t), newGame()
		const ttl = 5 * time.Second // 2 s lapsed under a load of 50 on two cores (node c saw a gone)
		na := startNode(t, dsn, natsURL, game, a, "--lease-ttl", ttl.String())
		nc := startNode(t, dsn, natsURL, game, c, "--lease-ttl", ttl.String())
		time.Sleep(1500 * time.Millisecond) // both have swept: A holds the queues
		p1 := dialLoggedIn(t, na, "one")
		p2 := dialLoggedIn(t, nc, "two")
		p1.send(queueMsgOf(nil))
		p1.expect("queued")
		p2.send(queueMsgOf(map[string]any{"format": FormatBo3}))
		p2.expect("queued")
		time.Sleep(1500 * time.Millisecond)

		joined := time.Now()
		nb := startNode(t, dsn, natsURL, game, b, "--lease-ttl", ttl.String())
		// A hands the queues and their players to B: each player hears "queued" again.
		for i, p := range []*client{p1, p2} {
			if m := p.expectWithin("queued", 20*time.Second); m.T != "queued" {
				t.Fatalf("player %d was not handed over to node %s within 20 s of its start (got %s):\nA: %s\nB: %s",
					i+1, b, m.raw, na.out, nb.out)
			}
		}
		t.Logf("the waiting players were queued on node %s %v after it started", b, time.Since(joined).Round(time.Millisecond))
		p3 := dialLoggedIn(t, nc, "three")
		p4 := dialLoggedIn(t, na, "four")
		p3.send(queueMsgOf(nil))
		p4.send(queueMsgOf(map[string]any{"format": FormatBo3}))
		expectPairedOn(t, dsn, b, [][2]*client{{p1, p3}, {p2, p4}})
	})
}

// hexID is i in hex: a node id's suffix.
func hexID(i int) string { return hex.EncodeToString([]byte{byte(i >> 8), byte(i)}) }

// dialLoggedIn registers a fresh account on node n's HTTP API and opens a WebSocket to n with
// its session, hello said.
func dialLoggedIn(t *testing.T, n *child, name string) *client {
	t.Helper()
	var rb [4]byte
	_, _ = rand.Read(rb[:])
	name += hex.EncodeToString(rb[:])
	resp, err := http.Post("http://"+n.addr+"/api/account/register", "application/json",
		strings.NewReader(`{"name":"`+name+`","password":"a test password of `+name+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var cookie string
	for _, ck := range resp.Cookies() {
		if ck.Value != "" {
			cookie = ck.Name + "=" + ck.Value
		}
	}
	if resp.StatusCode/100 != 2 || cookie == "" {
		t.Fatalf("registering %s: %s %s", name, resp.Status, body)
	}
	return dialSession(t, n, name, cookie)
}

// dialSession opens a WebSocket to node n with a login session's cookie, hello said as name.
func dialSession(t *testing.T, n *child, name, cookie string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, n.url(), &websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {cookie}}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	ws.SetReadLimit(1 << 24)
	cl := &client{t: t, ws: ws, cookie: cookie, name: name}
	t.Cleanup(func() { ws.CloseNow() })
	cl.send(map[string]any{"t": "hello", "v": Version, "name": name})
	cl.expect("welcome")
	return cl
}

// expectWithin reads messages until one of type typ, for at most d: that message, or the last
// one read (an empty msg for none) when d runs out; an error message fails the test.
func (c *client) expectWithin(typ string, d time.Duration) msg {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var last msg
	for {
		_, b, err := c.ws.Read(ctx)
		if err != nil {
			return last
		}
		var head struct {
			T    string `json:"t"`
			Code string `json:"code"`
			Msg  string `json:"msg"`
			Room string `json:"room"`
		}
		if err := jsonUnmarshal(b, &head); err != nil {
			c.t.Fatalf("bad server message %s: %v", b, err)
		}
		m := msg{T: head.T, Code: head.Code, Msg: head.Msg, Room: head.Room, raw: b}
		if m.T == "error" {
			c.t.Fatalf("waiting for %q: error %s: %s", typ, m.Code, m.Msg)
		}
		if m.T == typ {
			return m
		}
		last = m
	}
}

// TestQueueHandOverInProcess is TestQueueHandedOverWhenANodeJoins on two nodes in one process
// (fast, and under the race detector): node a holds ocg/bo1 and ocg/bo3; player 1 waits in bo1
// with its socket on a, player 2 in bo3 with its socket on b (routed to a). The leases move to b
// (SetQueueHolders, as the sweeps' cluster.Settle says): a hands player 1 over by a route to b,
// player 2 by ending its route with a requeue, on which b queues it itself. Both hear "queued"
// again, a's pool is empty, and the next two players are paired with them in rooms on b.
func TestQueueHandOverInProcess(t *testing.T) {
	srvs, urls := testNodes(t, 2, func(_ int, o *Options) {
		o.QuickMatch = QuickMatchOptions{Tick: 5 * time.Millisecond,
			Pool: matchmaking.Config{Wave: 10 * time.Millisecond, AIOffer: time.Minute}}
	})
	bo1, bo3 := matchmaking.Queue{Ruleset: "ocg", Format: FormatBo1}, matchmaking.Queue{Ruleset: "ocg", Format: FormatBo3}
	hold := func(n string) {
		for _, s := range srvs {
			s.Hub().LiveNodes(map[string]bool{"a": true, "b": true})
			s.Hub().SetQueueHolders(map[matchmaking.Queue]string{bo1: n, bo3: n})
		}
	}
	hold("a")
	p1, p2 := helloAs(t, urls[0], 61, "one"), helloAs(t, urls[1], 62, "two")
	p1.send(queueMsgOf(nil))
	p1.expect("queued")
	p2.send(queueMsgOf(map[string]any{"format": FormatBo3}))
	p2.expect("queued")
	hold("b")
	p1.expect("queued")
	p2.expect("queued")
	a := srvs[0].Hub()
	a.mm.mu.Lock()
	left := len(a.mm.entries)
	a.mm.mu.Unlock()
	if left != 0 {
		t.Fatalf("node a still has %d queued after the hand-over", left)
	}
	p3, p4 := helloAs(t, urls[0], 63, "three"), helloAs(t, urls[1], 64, "four")
	p3.send(queueMsgOf(nil))
	p4.send(queueMsgOf(map[string]any{"format": FormatBo3}))
	for _, pair := range [][2]*client{{p1, p3}, {p2, p4}} {
		mx, my := pair[0].expect("matched"), pair[1].expect("matched")
		if mx.Room == "" || mx.Room != my.Room || srvs[1].Hub().room(mx.Room) == nil {
			t.Fatalf("matched into rooms %q and %q; want one room on node b", mx.Room, my.Room)
		}
	}
	for i, p := range []*client{p1, p2, p3, p4} {
		if m := p.expectWithin("matched", 300*time.Millisecond); m.T == "matched" {
			t.Fatalf("player %d was matched twice: %s", i+1, m.raw)
		}
	}
}

// TestQueueHandOverKeepsTheWait: a player handed over to a queue's new holder keeps the time it
// joined the queue (its wait and rating window go on widening, they do not restart): on both
// paths of the hand-over (a socket on the old holder, routed to the new one; a socket on the new
// holder, whose route to the old one ends with a requeue), the new holder's pool entry says the
// time the old holder's did.
func TestQueueHandOverKeepsTheWait(t *testing.T) {
	srvs, urls := testNodes(t, 2, func(_ int, o *Options) {
		o.QuickMatch = QuickMatchOptions{Tick: 5 * time.Millisecond,
			Pool: matchmaking.Config{Wave: 10 * time.Millisecond, AIOffer: time.Minute}}
	})
	bo1, bo3 := matchmaking.Queue{Ruleset: "ocg", Format: FormatBo1}, matchmaking.Queue{Ruleset: "ocg", Format: FormatBo3}
	hold := func(n string) {
		for _, s := range srvs {
			s.Hub().LiveNodes(map[string]bool{"a": true, "b": true})
			s.Hub().SetQueueHolders(map[matchmaking.Queue]string{bo1: n, bo3: n})
		}
	}
	joined := func(h *Hub) map[int64]time.Time { // the pool's entries' join times by account
		h.mm.mu.Lock()
		defer h.mm.mu.Unlock()
		out := map[int64]time.Time{}
		for key, e := range h.mm.entries {
			if pe, ok := h.mm.pool.Waiting(key); ok {
				out[e.c.account] = pe.Joined
			}
		}
		return out
	}
	hold("a")
	p1, p2 := helloAs(t, urls[0], 71, "one"), helloAs(t, urls[1], 72, "two")
	p1.send(queueMsgOf(nil))
	p1.expect("queued")
	p2.send(queueMsgOf(map[string]any{"format": FormatBo3}))
	p2.expect("queued")
	before := joined(srvs[0].Hub())
	if len(before) != 2 {
		t.Fatalf("node a's pool holds %v, want accounts 71 and 72", before)
	}
	time.Sleep(300 * time.Millisecond) // they have waited: a restarted wait would show it
	hold("b")
	p1.expect("queued")
	p2.expect("queued")
	var after map[int64]time.Time
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if after = joined(srvs[1].Hub()); len(after) == 2 {
			break
		}
	}
	for _, acc := range []int64{71, 72} {
		if got, want := after[acc], before[acc]; !got.Equal(want) {
			t.Errorf("account %d joined the queue at %v on node a, and at %v on node b after the hand-over (want the same)",
				acc, want.Format("15:04:05.000"), got.Format("15:04:05.000"))
		}
	}
}

// TestQueueDrainKeepsTheWaitOfItsSockets: a player whose own socket is on a draining node keeps
// the time it joined the queue, as a player handed over from another node does
// (TestQueueHandOverKeepsTheWait): its socket is told "restarting" and closes, the client
// reconnects to another node and queues again, and the queue's holder queues it with its old
// join time. Both paths: player 1 waits in ocg/bo1, which node a (draining) holds and hands to b
// (a tells b the wait); player 2 waits in ocg/bo3, which b holds already, over a route from a
// (the route's end says a restarts, and b keeps the wait). Before, both waits began again.
func TestQueueDrainKeepsTheWaitOfItsSockets(t *testing.T) {
	var srvs []*Server
	bo1, bo3 := matchmaking.Queue{Ruleset: "ocg", Format: FormatBo1}, matchmaking.Queue{Ruleset: "ocg", Format: FormatBo3}
	srvs, urls := testNodes(t, 2, func(i int, o *Options) {
		o.QuickMatch = QuickMatchOptions{Tick: 5 * time.Millisecond,
			Pool: matchmaking.Config{Wave: 10 * time.Millisecond, AIOffer: time.Minute}}
		if i == 0 {
			o.Handoff = func(context.Context, []string) { // as the node's drainQueues does
				for _, s := range srvs {
					s.Hub().SetQueueHolders(map[matchmaking.Queue]string{bo1: "b", bo3: "b"})
				}
			}
		}
	})
	for _, s := range srvs {
		s.Hub().LiveNodes(map[string]bool{"a": true, "b": true})
		s.Hub().SetQueueHolders(map[matchmaking.Queue]string{bo1: "a", bo3: "b"})
	}
	joinedOn := func(h *Hub) map[int64]time.Time { // the pool's entries' join times by account
		h.mm.mu.Lock()
		defer h.mm.mu.Unlock()
		out := map[int64]time.Time{}
		for key, e := range h.mm.entries {
			if pe, ok := h.mm.pool.Waiting(key); ok {
				out[e.c.account] = pe.Joined
			}
		}
		return out
	}
	p1, p2 := helloAs(t, urls[0], 91, "one"), helloAs(t, urls[0], 92, "two")
	p1.send(queueMsgOf(nil))
	p1.expect("queued")
	p2.send(queueMsgOf(map[string]any{"format": FormatBo3}))
	p2.expect("queued")
	before := map[int64]time.Time{}
	maps.Copy(before, joinedOn(srvs[0].Hub()))
	maps.Copy(before, joinedOn(srvs[1].Hub()))
	if len(before) != 2 {
		t.Fatalf("the pools hold %v, want accounts 91 (on a) and 92 (on b)", before)
	}
	time.Sleep(300 * time.Millisecond) // they have waited: a restarted wait would show it
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := srvs[0].Shutdown(ctx); err != nil { // a drains
		t.Fatal(err)
	}
	p1.expect("restarting")
	p2.expect("restarting")
	for deadline := time.Now().Add(5 * time.Second); len(joinedOn(srvs[1].Hub())) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) { // the client would be refused (one entry per account) and try again
			t.Fatalf("node b still queues %v after node a's sockets closed", joinedOn(srvs[1].Hub()))
		}
	}
	q1, q2 := helloAs(t, urls[1], 91, "one"), helloAs(t, urls[1], 92, "two") // the clients reconnect, to b
	q1.send(queueMsgOf(nil))
	q1.expect("queued")
	q2.send(queueMsgOf(map[string]any{"format": FormatBo3}))
	q2.expect("queued")
	after := joinedOn(srvs[1].Hub())
	for _, acc := range []int64{91, 92} {
		if got, want := after[acc], before[acc]; !got.Equal(want) {
			t.Errorf("account %d joined the queue at %v, and at %v on node b after node a drained (want the same)",
				acc, want.Format("15:04:05.000"), got.Format("15:04:05.000"))
		}
	}
}

// TestQueueRouteFailsQueuesHere: a queue message whose route to the queue's holder cannot be
// opened (the holder gone or stopping, before this node's sweep has seen it) queues the player
// here, and the next change of holders hands it on, as requeueAt does for a hand-over. Before,
// the player got an error, on which the web client stops queuing (the player was left out).
func TestQueueRouteFailsQueuesHere(t *testing.T) {
	srvs, urls := testNodes(t, 2, func(_ int, o *Options) {
		o.QuickMatch = QuickMatchOptions{Tick: 5 * time.Millisecond,
			Pool: matchmaking.Config{Wave: 10 * time.Millisecond, AIOffer: time.Minute}}
	})
	bo1 := matchmaking.Queue{Ruleset: "ocg", Format: FormatBo1}
	hold := func(n string) {
		for _, s := range srvs {
			s.Hub().LiveNodes(map[string]bool{"a": true, "b": true})
			s.Hub().SetQueueHolders(map[matchmaking.Queue]string{bo1: n})
		}
	}
	hold("z") // a node that is no more: no route opens to it
	p1 := helloAs(t, urls[0], 95, "one")
	p1.send(queueMsgOf(nil))
	p1.expect("queued")
	hold("b")
	p1.expect("queued")
	p2 := helloAs(t, urls[1], 96, "two")
	p2.send(queueMsgOf(nil))
	mx, my := p1.expect("matched"), p2.expect("matched")
	if mx.Room == "" || mx.Room != my.Room || srvs[1].Hub().room(mx.Room) == nil {
		t.Fatalf("matched into rooms %q and %q; want one room on node b", mx.Room, my.Room)
	}
}

// expectPairedOn checks that each pair of players is matched into one room, both join it, and
// its row names node as its owner (within 10 s), and that nobody is then matched twice.
func expectPairedOn(t *testing.T, dsn, node string, pairs [][2]*client) {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, pair := range pairs {
		mx, my := pair[0].expect("matched"), pair[1].expect("matched")
		if mx.Room == "" || mx.Room != my.Room {
			t.Fatalf("matched into rooms %q and %q", mx.Room, my.Room)
		}
		pair[0].expect("joined")
		pair[1].expect("joined")
		var owner string
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			err := db.SQL().QueryRow(`SELECT owner FROM duel_rooms WHERE room = $1`, mx.Room).Scan(&owner)
			if err == nil || time.Now().After(deadline) {
				break
			}
		}
		if owner != node {
			t.Fatalf("room %s is node %q's, not the queue's new holder %s", mx.Room, owner, node)
		}
	}
	for i, pair := range pairs { // nobody is paired twice
		for j, p := range pair {
			if m := p.expectWithin("matched", time.Second); m.T == "matched" {
				t.Fatalf("player %d of pair %d was matched twice: %s", j+1, i+1, m.raw)
			}
		}
	}
}
