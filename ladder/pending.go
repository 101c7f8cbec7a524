package ladder

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"time"
)

// The durable queue of ratings (table ladder_pending, docs/ladder.md "Durable ratings"). A result
// is written to the queue first (Enqueue: one small insert, keyed by the result's id), then
// rated: Record deletes the queued row in the transaction that rates it. A rating that fails
// (a store error, a timeout, the process ending before it) leaves the row, and ApplyPending
// (RunPending's loop: at start-up, then periodically and whenever a result is queued) tries
// it again with a growing backoff. ladder_results is keyed by the same id, so however many
// workers and retries there are, a result is rated once.

// Retry backoff of a pending result that failed: doubling from the first to the most.
const (
	retryFirst = time.Second
	retryMost  = 5 * time.Minute
)

// pendingBatch is how many due results one ApplyPending round reads at a time.
const pendingBatch = 64

// Enqueue writes a finished rated result to the queue of ratings, to be applied by Record,
// ApplyPending or RunPending. Queueing a result already queued changes nothing, and so does
// queueing one already rated (the queue's row goes when the result is applied). A bad result
// is refused (ErrBadResult) and nothing is written.
func (l *Ladder) Enqueue(ctx context.Context, res Result) error {
	if err := res.check(); err != nil {
		return err
	}
	now := l.now()
	if res.Finished.IsZero() {
		res.Finished = now
	}
	_, err := l.db.SQL().ExecContext(ctx, `INSERT INTO ladder_pending (result_id, ruleset, format, account_a,
		account_b, winner, reason, deck_a, deck_b, finished_ms, queued_ms, next_ms, play_turns, play_decisions_a,
		play_decisions_b)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (result_id) DO NOTHING`,
		res.Duel, res.Ruleset, res.Format, res.Accounts[0], res.Accounts[1], res.Winner, res.Reason,
		label(res.Decks[0]), label(res.Decks[1]), res.Finished.UnixMilli(), now.UnixMilli(), now.UnixMilli(),
		res.Play.Turns, res.Play.Decisions[0], res.Play.Decisions[1])
	if err != nil {
		return fmt.Errorf("ladder: queueing the rating of %d: %w", res.Duel, err)
	}
	l.Kick()
	return nil
}

// Kick asks RunPending to look at the queue now (it does not wait).
func (l *Ladder) Kick() {
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// Pending is one queued result.
type Pending struct {
	Result
	Attempts  int       // failed attempts so far
	Next      time.Time // not tried again before this
	LastError string
}

// PendingResults returns the queued results, oldest id first.
func (l *Ladder) PendingResults(ctx context.Context) ([]Pending, error) {
	return l.pending(ctx, `SELECT result_id, ruleset, format, account_a, account_b, winner, reason, deck_a,
		deck_b, finished_ms, attempts, next_ms, last_error, play_turns, play_decisions_a, play_decisions_b
		FROM ladder_pending ORDER BY result_id`)
}

func (l *Ladder) pending(ctx context.Context, query string, args ...any) ([]Pending, error) {
	rows, err := l.db.SQL().QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("ladder: reading the queue of ratings: %w", err)
	}
	defer rows.Close()
	var out []Pending
	for rows.Next() {
		var p Pending
		var fin, next int64
		if err := rows.Scan(&p.Duel, &p.Ruleset, &p.Format, &p.Accounts[0], &p.Accounts[1], &p.Winner,
			&p.Reason, &p.Decks[0], &p.Decks[1], &fin, &p.Attempts, &next, &p.LastError,
			&p.Play.Turns, &p.Play.Decisions[0], &p.Play.Decisions[1]); err != nil {
			return nil, fmt.Errorf("ladder: reading the queue of ratings: %w", err)
		}
		p.Finished, p.Next = time.UnixMilli(fin), time.UnixMilli(next)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ladder: reading the queue of ratings: %w", err)
	}
	return out, nil
}

// Applied is what one ApplyPending did.
type Applied struct {
	Rated  int   // results rated by this call
	Before int   // results found rated already (by another worker, or before a crash): dequeued
	Failed int   // results that failed again and wait for their next attempt
	Err    error // the last failure, if any
}

// ApplyPending rates every queued result that is due (its backoff over), oldest first. A
// result that fails again waits twice as long as before (1 s, 2 s, ... at most 5 min). An
// error is returned only when the queue cannot be read; the failures of single results are in
// Applied.
func (l *Ladder) ApplyPending(ctx context.Context) (Applied, error) {
	var out Applied
	after := int64(0)
	for {
		due, err := l.pending(ctx, `SELECT result_id, ruleset, format, account_a, account_b, winner, reason,
			deck_a, deck_b, finished_ms, attempts, next_ms, last_error, play_turns, play_decisions_a,
			play_decisions_b FROM ladder_pending
			WHERE next_ms <= $1 AND result_id > $2 ORDER BY result_id LIMIT $3`, l.now().UnixMilli(), after, pendingBatch)
		if err != nil {
			return out, err
		}
		for _, p := range due {
			after = p.Duel
			rec, err := l.Record(ctx, p.Result)
			switch {
			case err == nil && rec.New:
				out.Rated++
			case err == nil:
				out.Before++
			default:
				out.Failed++
				out.Err = err
				if ctx.Err() != nil {
					return out, nil
				}
				l.retryLater(ctx, p, err)
			}
		}
		if len(due) < pendingBatch {
			return out, nil
		}
	}
}

// retryLater counts a failed attempt of p and sets its next one.
func (l *Ladder) retryLater(ctx context.Context, p Pending, cause error) {
	wait := retryFirst << min(p.Attempts, 16)
	wait = min(wait, retryMost)
	wait = wait/2 + time.Duration(rand.Int64N(int64(wait/2)+1)) // jitter: racing retries spread out
	msg := cause.Error()
	if len(msg) > 500 {
		msg = msg[:500]
	}
	// Best effort: if even this fails, the row is due at once and is tried on the next round.
	_, _ = l.db.SQL().ExecContext(ctx, `UPDATE ladder_pending SET attempts = attempts + 1, next_ms = $1,
		last_error = $2 WHERE result_id = $3`, l.now().Add(wait).UnixMilli(), msg, p.Duel)
}

// dequeue deletes a result's queued row (rated already).
func dequeue(ctx context.Context, ex interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}, id int64) error {
	_, err := ex.ExecContext(ctx, `DELETE FROM ladder_pending WHERE result_id = $1`, id)
	return err
}

// RunPending applies the queue of ratings until ctx ends: at once (what the last run left), then
// every `every` (default 5 s) and whenever a result is queued (Kick). logf, when set, is told of
// the results that failed. Run one per process; more are safe (a result is rated once) but
// only do the same work.
func (l *Ladder) RunPending(ctx context.Context, every time.Duration, logf func(string, ...any)) {
	if every <= 0 {
		every = 5 * time.Second
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		a, err := l.ApplyPending(ctx)
		if logf != nil && ctx.Err() == nil {
			switch {
			case err != nil:
				logf("ladder: %v", err)
			case a.Failed > 0:
				logf("ladder: %d queued ratings failed again and wait to be retried (the last: %v)", a.Failed, a.Err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-l.kick:
		}
	}
}
