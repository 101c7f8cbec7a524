package main

import (
	"context"
	"time"
)

// sessionPurgeEvery is how often `serve` deletes the expired login sessions.
const sessionPurgeEvery = time.Hour

// sessionPurger deletes expired sessions (account.Service).
type sessionPurger interface {
	PurgeExpired(ctx context.Context) (int64, error)
}

// purgeSessions deletes the expired sessions once now and again at every tick, until ctx ends.
// A failure is logged and the next tick tries again (an expired session is refused anyway; the
// purge only keeps the table small).
func purgeSessions(ctx context.Context, p sessionPurger, tick <-chan time.Time, logf func(format string, args ...any)) {
	for {
		pctx, cancel := context.WithTimeout(ctx, time.Minute)
		if n, err := p.PurgeExpired(pctx); err != nil {
			logf("duelist serve: %v", err)
		} else if n > 0 {
			logf("duelist serve: purged %d expired sessions", n)
		}
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-tick:
		}
	}
}
