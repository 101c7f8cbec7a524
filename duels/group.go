package duels

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Group commit (docs/durability.md "Group commit"): Append does not write its moves itself. It
// queues them and waits; one writer goroutine per Log takes everything queued, writes it in one
// transaction with multi-row INSERTs, and then answers every waiter. Under load a thousand rooms'
// answers share one commit (one fsync on SQLite, one WAL flush on PostgreSQL) instead of paying
// one each; alone, a move is written as soon as the writer is free, so a quiet server waits no
// longer than before.

const (
	// maxBatch is the most moves one transaction takes; more wait for the next.
	maxBatch = 4096
	// rowsPerInsert is the rows of one INSERT statement: 11 parameters a row, 990 in all, under
	// SQLite's default limit of 32,766 and PostgreSQL's 65,535 and short enough to plan quickly.
	rowsPerInsert = 90
	// batchTimeout bounds one batch's transaction, so a stuck database fails the waiters with an
	// error instead of holding them for ever.
	batchTimeout = 30 * time.Second
)

// ErrClosed is Append's error after Close: the log takes no more moves.
var ErrClosed = errors.New("duels: the duel log is closed")

// pending is one Append waiting for the writer.
type pending struct {
	duel  int64
	es    []Entry
	done  chan error // buffered: the writer never blocks on a waiter that has gone
	taken bool       // the writer has it (guarded by writer.mu); then it is written or failed, never dropped
}

// writer is a Log's group-commit queue and its goroutine.
type writer struct {
	mu     sync.Mutex
	queue  []*pending
	closed bool
	wake   chan struct{} // buffered 1: there is work, or Close was called
	// writing is the batch the writer has taken and not yet answered (guarded by mu), so that
	// flush sees a duel's moves in flight as well as queued.
	writing []*pending
	exited  chan struct{} // closed when the goroutine has drained the queue and returned

	insert string // the INSERT of rowsPerInsert rows, built once
}

func newWriter() *writer {
	return &writer{wake: make(chan struct{}, 1), exited: make(chan struct{}), insert: insertSQL(rowsPerInsert)}
}

// Append implements server.DuelLog: the moves are in the store, in one transaction, when it
// returns nil. They share that transaction with other duels' moves queued at the same time; a
// failure of the shared transaction is retried for each Append on its own, so an Append fails only
// for its own moves (a move already written, say).
//
// Cancelling ctx while the moves still wait in the queue takes them out: Append returns
// ctx.Err() and none of them is written. Once the writer has taken them, Append waits for the
// outcome whatever ctx does (bounded by the writer's own timeout), because the moves may already be
// committed and the caller must not believe otherwise.
func (l *Log) Append(ctx context.Context, duel int64, es []Entry) error {
	if len(es) == 0 {
		return nil
	}
	p := &pending{duel: duel, es: es, done: make(chan error, 1)}
	w := l.w
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return ErrClosed
	}
	dropped, err := w.enqueue(ctx, p)
	if dropped {
		return fmt.Errorf("duels: appending %d moves to duel %d: %w", len(es), duel, err)
	}
	return err
}

// flush returns once every Append of duel queued or being written when it was called has its
// outcome, so that what follows (Finish, which counts the duel's moves) sees their moves. When the
// duel has any, it queues a marker with no moves behind them and waits for it: the writer takes
// the queue in order, so the marker is answered only after their batches. After Close nothing
// is queued any more and flush has nothing to wait for.
func (l *Log) flush(ctx context.Context, duel int64) error {
	w := l.w
	w.mu.Lock()
	if w.closed || !w.has(duel) {
		w.mu.Unlock()
		return nil
	}
	_, err := w.enqueue(ctx, &pending{duel: duel, done: make(chan error, 1)})
	return err
}

// enqueue queues p (w.mu is held on entry and released), wakes the writer and waits for p's
// outcome. If ctx ends while p is still queued, p is taken out and enqueue returns ctx.Err() with
// dropped set; once the writer has p, it waits for the outcome whatever ctx does.
func (w *writer) enqueue(ctx context.Context, p *pending) (dropped bool, err error) {
	w.queue = append(w.queue, p)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
	select {
	case err := <-p.done:
		return false, err
	case <-ctx.Done():
	}
	w.mu.Lock()
	if !p.taken {
		for i, q := range w.queue {
			if q == p {
				w.queue = append(w.queue[:i], w.queue[i+1:]...)
				break
			}
		}
		w.mu.Unlock()
		return true, ctx.Err()
	}
	w.mu.Unlock()
	return false, <-p.done
}

// has says whether an Append of duel is queued or being written; w.mu is held.
func (w *writer) has(duel int64) bool {
	for _, p := range w.writing {
		if p.duel == duel && len(p.es) > 0 {
			return true
		}
	}
	for _, p := range w.queue {
		if p.duel == duel && len(p.es) > 0 {
			return true
		}
	}
	return false
}

// Close stops taking moves and returns when every move queued before it is written (or failed
// back to its Append). Later Appends return ErrClosed. Close may be called more than once; Begin,
// Finish and the readers keep working after it.
func (l *Log) Close() error {
	w := l.w
	w.mu.Lock()
	already := w.closed
	w.closed = true
	w.mu.Unlock()
	if !already {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
	<-w.exited
	return nil
}

// run is the writer goroutine: it writes batches until the log is closed and its queue empty.
func (l *Log) run() {
	w := l.w
	defer close(w.exited)
	var batch []*pending
	for {
		w.mu.Lock()
		for len(w.queue) == 0 && !w.closed {
			w.mu.Unlock()
			<-w.wake
			w.mu.Lock()
		}
		if len(w.queue) == 0 { // closed and drained
			w.mu.Unlock()
			return
		}
		batch = batch[:0]
		n := 0
		for len(w.queue) > 0 && (n == 0 || n+len(w.queue[0].es) <= maxBatch) {
			p := w.queue[0]
			w.queue[0] = nil
			w.queue = w.queue[1:]
			p.taken = true
			batch = append(batch, p)
			n += len(p.es)
		}
		if len(w.queue) == 0 {
			w.queue = nil // let the grown backing array go
		}
		w.writing = batch
		w.mu.Unlock()
		l.writeBatch(batch)
		w.mu.Lock()
		w.writing = nil
		w.mu.Unlock()
		clear(batch)
	}
}

// writeBatch writes the batch in one transaction and answers its waiters; when that fails, each
// Append of the batch is tried in a transaction of its own and gets its own outcome.
func (l *Log) writeBatch(batch []*pending) {
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		return l.insertMoves(ctx, tx, batch)
	})
	if err == nil || len(batch) == 1 {
		for _, p := range batch {
			if err != nil {
				p.done <- fmt.Errorf("duels: appending %d moves to duel %d: %w", len(p.es), p.duel, err)
			} else {
				p.done <- nil
			}
		}
		return
	}
	for _, p := range batch {
		if len(p.es) == 0 { // a flush's marker: nothing of its own to write
			p.done <- nil
			continue
		}
		one := []*pending{p}
		err := l.db.InTx(ctx, func(tx *sql.Tx) error { return l.insertMoves(ctx, tx, one) })
		if err != nil {
			err = fmt.Errorf("duels: appending %d moves to duel %d: %w", len(p.es), p.duel, err)
		}
		p.done <- err
	}
}

// insertMoves inserts the batch's moves, rowsPerInsert a statement.
func (l *Log) insertMoves(ctx context.Context, tx *sql.Tx, batch []*pending) error {
	if l.fence != nil {
		var ids []int64
		for _, p := range batch {
			if len(p.es) > 0 && !slices.Contains(ids, p.duel) {
				ids = append(ids, p.duel)
			}
		}
		if err := l.checkDuels(ctx, tx, ids); err != nil {
			return err
		}
	}
	args := make([]any, 0, moveCols*rowsPerInsert)
	rows := 0
	flush := func() error {
		if rows == 0 {
			return nil
		}
		q := l.w.insert
		if rows < rowsPerInsert {
			q = insertSQL(rows)
		}
		_, err := tx.ExecContext(ctx, q, args...)
		args, rows = args[:0], 0
		return err
	}
	for _, p := range batch {
		for _, e := range p.es {
			var a2, b2 any // NULL: no partners
			if e.Partners != nil {
				a2, b2 = e.Partners[0], e.Partners[1]
			}
			args = append(args, p.duel, e.Seq, e.Kind, e.Seat, e.Option, e.Reason, e.BankA, e.BankB, a2, b2, ms(e.At))
			if rows++; rows == rowsPerInsert {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

// moveCols is the columns of a move's row in insertSQL.
const moveCols = 11

// insertSQL is the INSERT of n moves: ($1, ..., $11), ($12, ...), ...
func insertSQL(n int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO duel_moves (duel_id, seq, kind, seat, opt, reason, bank_a, bank_b, bank_a2, bank_b2, at_ms) VALUES `)
	for r := 0; r < n; r++ {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := 0; c < moveCols; c++ {
			if c > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(r*moveCols + c + 1))
		}
		b.WriteByte(')')
	}
	return b.String()
}
