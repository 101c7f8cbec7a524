package server

import (
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/fairplay"
)

// Backoff of the rating retries: doubling from the first wait to the longest.
const (
	rateRetryFirst = time.Second
	rateRetryMost  = time.Minute
)

// retryRating keeps reporting a finished rated duel whose report failed (OnFinish could not even
// queue the result: a store too busy to take one insert within rateTimeout, say), with a
// doubling backoff, and writes the duel's end to the log once it is reported. Until then the
// duel is open in the log, so a server that stops first reports it at its next start-up
// (Recover); a stopping server gives up here for that reason.
func (h *Hub) retryRating(id int64, hd duels.Header, es []duels.Entry, play fairplay.Play, winner, reason string) {
	h.retryReport(id, hd, play, winner, reason, func() {
		if err := finishDuel(h.opts.Log, id, hd, es, winner, reason, h.opts.Now()); err != nil {
			h.logf("server: duel %d of room %s: recording its end: %v", id, hd.Room, err)
		}
	})
}

// retryMatchRating keeps reporting a finished rated best-of-3 match whose report failed, as
// retryRating does, until it is reported or the server stops. The ladder keys a result by the
// match's last duel id, so a report that did get through before is not rated twice.
func (h *Hub) retryMatchRating(id int64, hd duels.Header, play fairplay.Play, winner, reason string) {
	h.retryReport(id, hd, play, winner, reason, func() {})
}

// retryReport reports a result again in the background with the doubling backoff until it gets
// through (then it calls done) or the server stops.
func (h *Hub) retryReport(id int64, hd duels.Header, play fairplay.Play, winner, reason string, done func()) {
	go func() {
		wait := rateRetryFirst
		for !h.stopping.Load() {
			time.Sleep(wait)
			if h.stopping.Load() {
				return
			}
			if h.rate(id, hd, play, winner, reason) == nil {
				done()
				return
			}
			wait = min(2*wait, rateRetryMost)
		}
	}()
}
