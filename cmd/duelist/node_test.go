package main

import (
	"testing"
	"time"

	"github.com/duelistgame/duelist/cluster"
)

// TestOldestNodeRunsTheQueue: quick match runs on the node that started first (ties: the smaller
// id), so a node that starts later, whatever its id, does not take the queue over.
func TestOldestNodeRunsTheQueue(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	ms := []cluster.Node{{ID: "m", Started: t0.Add(time.Second)}, {ID: "z", Started: t0}, {ID: "a", Started: t0.Add(time.Minute)}}
	if got := oldest(ms); got != "z" {
		t.Fatalf("oldest: %q, want z (started first)", got)
	}
	ms[0].Started = t0
	if got := oldest(ms); got != "m" {
		t.Fatalf("oldest of a tie: %q, want m (the smaller id)", got)
	}
	if got := oldest(nil); got != "" {
		t.Fatalf("oldest of none: %q", got)
	}
}
