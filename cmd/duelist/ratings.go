package main

import (
	"context"
	"sync"
)

// runRatings starts the ladder's queue of ratings (ladder.RunPending: what the last run left at
// once, then every few seconds and on each queued result) and returns the function that stops it
// and waits for it, to call before the database closes. logf is told of the ratings that failed.
func (st *stack) runRatings(logf func(string, ...any)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { st.ladder.RunPending(ctx, 0, logf) })
	return func() {
		cancel()
		wg.Wait()
	}
}
