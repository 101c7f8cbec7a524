package server

import (
	"testing"
	"time"

	"github.com/duelistgame/duelist/matchmaking"
)

// TestQueuesSpreadOverNodes: quick match is partitioned by queue over the live nodes
// (matchmaking.Leader): with two nodes, ocg/bo1 and ocg/bo3 are led by different nodes. Two
// players queue in each, one on each node; every node routes a queue's players to its leader,
// so both pairs are made, each in a room on its queue's leader, and no node keeps anyone
// queued.
func TestQueuesSpreadOverNodes(t *testing.T) {
	srvs, urls := testNodes(t, 2, func(_ int, o *Options) {
		o.QuickMatch = QuickMatchOptions{Tick: 5 * time.Millisecond,
			Pool: matchmaking.Config{Wave: 10 * time.Millisecond, AIOffer: time.Minute}}
	})
	nodes := []string{"a", "b"}
	for _, s := range srvs {
		s.Hub().LiveNodes(map[string]bool{"a": true, "b": true})
		s.Hub().SetQueueNodes(nodes)
	}
	bo1, bo3 := matchmaking.Queue{Ruleset: "ocg", Format: "bo1"}, matchmaking.Queue{Ruleset: "ocg", Format: "bo3"}
	l1, l3 := matchmaking.Leader(bo1, nodes), matchmaking.Leader(bo3, nodes)
	if l1 == l3 {
		t.Fatalf("ocg/bo1 and ocg/bo3 are both led by node %s: pick two queues of different leaders", l1)
	}
	srvOf := map[string]*Server{"a": srvs[0], "b": srvs[1]}
	for _, s := range srvs {
		if got := s.Hub().queueNode(bo1); got != l1 {
			t.Fatalf("a node routes ocg/bo1 to %q, want %q", got, l1)
		}
	}
	type pair struct {
		q      string
		leader string
		x, y   *client
	}
	ps := []pair{
		{"bo1", l1, helloAs(t, urls[0], 21, "alice"), helloAs(t, urls[1], 22, "bobby")},
		{"bo3", l3, helloAs(t, urls[0], 23, "carol"), helloAs(t, urls[1], 24, "davey")},
	}
	for _, p := range ps {
		p.x.send(queueMsgOf(map[string]any{"format": p.q}))
		p.x.expect("queued")
		p.y.send(queueMsgOf(map[string]any{"format": p.q, "deck": map[string]any{"precon": "kaiba-legal"}}))
	}
	for _, p := range ps {
		mx, my := p.x.expect("matched"), p.y.expect("matched")
		if mx.Room == "" || mx.Room != my.Room {
			t.Fatalf("%s: matched into rooms %q and %q", p.q, mx.Room, my.Room)
		}
		if srvOf[p.leader].Hub().room(mx.Room) == nil {
			t.Fatalf("%s: room %s is not on node %s, which leads the queue", p.q, mx.Room, p.leader)
		}
		p.x.expect("joined")
		p.y.expect("joined")
	}
	for i, s := range srvs {
		h := s.Hub()
		h.mm.mu.Lock()
		n := 0
		if h.mm.pool != nil {
			n = h.mm.pool.Len()
		}
		h.mm.mu.Unlock()
		if n != 0 {
			t.Errorf("node %s still has %d queued", nodes[i], n)
		}
	}
}
