package matchmaking

import (
	"slices"
	"testing"
)

// TestLeaderSpreadsQueues: every node agrees on a queue's leader whatever the order of the set;
// the queues spread over the nodes; a node leaving moves only the queues it led, and a node
// joining takes only queues to itself.
func TestLeaderSpreadsQueues(t *testing.T) {
	var qs []Queue
	for _, rs := range []string{"ocg", "tcg", "goat", "edison", "kouhu", "speed", "rush", "traditional"} {
		for _, f := range []string{"bo1", "bo3"} {
			qs = append(qs, Queue{rs, f})
		}
	}
	nodes := []string{"node-a", "node-b", "node-c"}
	led := map[string]int{}
	before := map[Queue]string{}
	for _, q := range qs {
		l := Leader(q, nodes)
		if r := Leader(q, []string{nodes[2], nodes[0], nodes[1]}); r != l {
			t.Fatalf("queue %s: leader %s, or %s in another order", q, l, r)
		}
		led[l]++
		before[q] = l
	}
	for _, n := range nodes {
		if led[n] == 0 {
			t.Errorf("node %s leads none of %d queues: %v", n, len(qs), led)
		}
	}
	for _, q := range qs { // node-b leaves
		if l := Leader(q, []string{"node-a", "node-c"}); l != before[q] && before[q] != "node-b" {
			t.Errorf("queue %s moved from %s to %s when node-b left", q, before[q], l)
		}
	}
	moved := 0
	for _, q := range qs { // node-d joins
		l := Leader(q, append(slices.Clone(nodes), "node-d"))
		if l != before[q] {
			moved++
			if l != "node-d" {
				t.Errorf("queue %s moved from %s to %s when node-d joined", q, before[q], l)
			}
		}
	}
	if moved == 0 || moved == len(qs) {
		t.Errorf("node-d joining moved %d of %d queues", moved, len(qs))
	}
	if l := Leader(qs[0], nil); l != "" {
		t.Errorf("leader among no nodes: %q", l)
	}
	if l := Leader(qs[0], []string{"solo"}); l != "solo" {
		t.Errorf("leader among one node: %q", l)
	}
}
