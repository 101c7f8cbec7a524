package main

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/duels"
)

type fakePruner struct {
	mu     sync.Mutex
	before []time.Time
	called chan struct{}
}

func (p *fakePruner) Prune(_ context.Context, before time.Time) (duels.PruneStats, error) {
	p.mu.Lock()
	p.before = append(p.before, before)
	n := len(p.before)
	p.mu.Unlock()
	p.called <- struct{}{}
	if n == 2 {
		return duels.PruneStats{}, errors.New("the database is away")
	}
	return duels.PruneStats{Duels: 1, Moves: 900}, nil
}

// TestPruneMoves: serve's pruning runs at once, then at every tick, each time for the duels
// finished more than the window ago; a failure is logged and the next tick tries again; it
// stops with its context.
func TestPruneMoves(t *testing.T) {
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	p := &fakePruner{called: make(chan struct{})}
	tick := make(chan time.Time)
	ctx, cancel := context.WithCancel(context.Background())
	var logs []string
	var mu sync.Mutex
	done := make(chan struct{})
	go func() {
		defer close(done)
		pruneMoves(ctx, p, 48*time.Hour, func() time.Time { return now }, tick, func(f string, a ...any) {
			mu.Lock()
			logs = append(logs, f)
			mu.Unlock()
		})
	}()
	<-p.called
	tick <- now
	<-p.called
	tick <- now
	<-p.called
	cancel()
	<-done
	if len(p.before) != 3 {
		t.Fatalf("pruned %d times, want 3 (at once and at two ticks)", len(p.before))
	}
	for _, b := range p.before {
		if !b.Equal(now.Add(-48 * time.Hour)) {
			t.Fatalf("pruned before %v, want 48 h before %v", b, now)
		}
	}
	if len(logs) != 3 {
		t.Fatalf("logged %q, want two prunes and a failure", logs)
	}
}
