package main

import (
	"context"
	"time"

	"github.com/duelistgame/duelist/duels"
)

// defaultKeepMoves is how long `serve` keeps a finished duel's move log (--keep-moves): 30 days,
// in which the duel's players can still watch it move by move with its time banks; after it
// the duel keeps its replay, compressed (duels.Log.Prune; docs/durability.md "Retention").
const defaultKeepMoves = 30 * 24 * time.Hour

// movePruneEvery is how often `serve` prunes the move logs past the window.
const movePruneEvery = time.Hour

// movePruner is the duel log's retention (duels.Log).
type movePruner interface {
	Prune(ctx context.Context, before time.Time) (duels.PruneStats, error)
}

// pruneMoves prunes the move logs of the duels finished more than keep ago, once now and again
// at every tick, until ctx ends. Prune is idempotent, so every node of a game may run it. A
// failure is logged and the next tick tries again.
func pruneMoves(ctx context.Context, p movePruner, keep time.Duration, now func() time.Time, tick <-chan time.Time,
	logf func(format string, args ...any)) {
	for {
		pctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		st, err := p.Prune(pctx, now().Add(-keep))
		cancel()
		switch {
		case err != nil && ctx.Err() == nil:
			logf("duelist serve: %v", err)
		case st.Duels > 0 || st.Rooms > 0:
			logf("duelist serve: pruned the move logs of %d duels finished over %v ago (%d moves; their replays kept: %d bytes compressed to %d) and the rows of %d rooms over",
				st.Duels, keep, st.Moves, st.Bytes, st.Kept, st.Rooms)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick:
		}
	}
}
