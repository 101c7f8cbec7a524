package duels

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/duelistgame/duelist/store"
)

// Ownership and fencing (issue 31): when several nodes share the database, each room belongs to
// one node, recorded beside the log in duel_rooms with an epoch. A node's log (Fenced) holds the
// epoch of each room it owns, and every write it makes for a room — a duel's header (Begin),
// each group-commit batch of moves (Append), the end (Finish), a match's state (BeginMatch,
// SaveMatch) — checks in the same transaction that the room's row still names this node and
// that epoch. A takeover (another node's Takeover) bumps the epoch: from its commit on, nothing
// the old owner writes for the room commits (ErrFenced), whatever the old owner believes.
//
// On PostgreSQL the check reads the row FOR SHARE, so a takeover's UPDATE waits for the writes
// that read the old epoch to commit (they come before it), and every write after it reads the
// new epoch; on SQLite the transactions are serial anyway.

// ErrFenced is the error of a write for a room that another node took over (its epoch moved
// on), or that this node never claimed: nothing was written. The room must stop at once.
var ErrFenced = errors.New("duels: the room belongs to another node now (fenced)")

// ErrOwned is Claim's error for a room another node owns.
var ErrOwned = errors.New("duels: the room is owned by another node")

// ErrIncompatible is Takeover's error for a room whose duels were written by another engine
// version: only a node with the same engine may replay them.
var ErrIncompatible = errors.New("duels: the room's duels need another engine version")

// fence is a fenced log's node and the epochs it holds.
type fence struct {
	node   string
	engine string
	share  string // the row lock of the check: " FOR SHARE" on PostgreSQL
	lock   string // the row lock of a claim: " FOR UPDATE" on PostgreSQL

	mu      sync.Mutex
	held    map[string]int64 // room -> the epoch this node holds
	pending map[string]bool  // rooms adopted or taken over whose duels Open has not given yet
}

// Fenced makes the log a node's: every write checks the room's owner and epoch (see above).
// engine is the engine version this node runs (recorded on the rooms it claims; Takeover takes
// only rooms of the same version). Call it before the first write.
func (l *Log) Fenced(node, engine string) {
	share, lock := "", ""
	if d, ok := l.db.(interface{ Dialect() store.Dialect }); ok && d.Dialect() == store.Postgres {
		share, lock = " FOR SHARE", " FOR UPDATE"
	}
	l.fence = &fence{node: node, engine: engine, share: share, lock: lock, held: map[string]int64{}, pending: map[string]bool{}}
}

// Room is a room's row: its owner, epoch and engine version.
type Room struct {
	Room, Owner, Engine string
	Epoch               int64
	Updated             time.Time
}

// staleClaim is how long a room's row may name an owner without any duel or match in the log
// before another node's Claim may take it: a node claims a room just before its first write, so
// a row that old with nothing behind it is a claim whose write never came (the node died or the
// write failed).
const staleClaim = time.Hour

// Claim records a new room as this node's (epoch 1) and holds it; a room this node already owns
// is held at its epoch. A room another node owns is ErrOwned, unless its row is left over from
// an old room of the same code (room codes are random, and rows are kept with the log's
// history): a room whose duels and matches are all finished, or whose row is older than
// staleClaim with none at all, is taken over in the same transaction (its epoch bumped, so a
// write of the old owner fences as after a Takeover) and returned at its new epoch.
//
// The row is locked (FOR UPDATE on PostgreSQL) before the log is looked at, so a duel the old
// owner begins either committed before (its room is then not taken) or reads the new epoch and
// is fenced. Two live rooms of one code on two nodes (a collision of ~40-bit codes among the
// rooms alive at once) cannot both write: the later claim fences the earlier room between its
// duels, whose players are told to reconnect.
func (l *Log) Claim(ctx context.Context, room string) (int64, error) {
	f := l.mustFence("Claim")
	var epoch int64
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		var owner string
		var upd int64
		err := tx.QueryRowContext(ctx, `SELECT owner, epoch, updated_ms FROM duel_rooms WHERE room = $1`+f.lock, room).
			Scan(&owner, &epoch, &upd)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			epoch = 1
			_, err = tx.ExecContext(ctx, `INSERT INTO duel_rooms (room, owner, epoch, engine, updated_ms) VALUES ($1, $2, 1, $3, $4)`,
				room, f.node, f.engine, ms(time.Now()))
			return err
		case err != nil:
			return err
		case owner == f.node:
			return nil
		}
		var open, any bool
		if err := tx.QueryRowContext(ctx, `SELECT
			EXISTS (SELECT 1 FROM duel_logs WHERE room = $1 AND finished_ms IS NULL)
			OR EXISTS (SELECT 1 FROM duel_matches WHERE room = $1 AND finished_ms IS NULL),
			EXISTS (SELECT 1 FROM duel_logs WHERE room = $1) OR EXISTS (SELECT 1 FROM duel_matches WHERE room = $1)`,
			room).Scan(&open, &any); err != nil {
			return err
		}
		now := time.Now()
		if open || (!any && now.Sub(time.UnixMilli(upd)) < staleClaim) {
			return ErrOwned
		}
		r, err := tx.ExecContext(ctx, `UPDATE duel_rooms SET owner = $1, epoch = epoch + 1, engine = $2, updated_ms = $3
			WHERE room = $4 AND epoch = $5`, f.node, f.engine, ms(now), room, epoch)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return ErrOwned
		}
		epoch++
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("duels: claiming room %s for node %s: %w", room, f.node, err)
	}
	f.hold(room, epoch)
	return epoch, nil
}

// Takeover makes this node the owner of a room whose epoch is seen (as Owner read it), bumping
// the epoch, and holds it: from the commit on, the old owner's writes for the room fail. It
// fails with ErrFenced if the epoch moved since (another node was first) and ErrIncompatible if
// the room's engine version is not this node's.
func (l *Log) Takeover(ctx context.Context, room string, seen int64) (int64, error) {
	f := l.mustFence("Takeover")
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		var engine string
		var epoch int64
		if err := tx.QueryRowContext(ctx, `SELECT epoch, engine FROM duel_rooms WHERE room = $1`, room).Scan(&epoch, &engine); err != nil {
			return err
		}
		if epoch != seen {
			return ErrFenced
		}
		if engine != f.engine {
			return fmt.Errorf("%w (%q, this node runs %q)", ErrIncompatible, engine, f.engine)
		}
		r, err := tx.ExecContext(ctx, `UPDATE duel_rooms SET owner = $1, epoch = epoch + 1, updated_ms = $2 WHERE room = $3 AND epoch = $4`,
			f.node, ms(time.Now()), room, seen)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return ErrFenced
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("duels: node %s taking room %s over from epoch %d: %w", f.node, room, seen, err)
	}
	f.hold(room, seen+1)
	f.mu.Lock()
	f.pending[room] = true
	f.mu.Unlock()
	return seen + 1, nil
}

// Adopt claims a room that has open duels in the log but no owner (written before the log was
// fenced) and marks it for the next Open, as Takeover does.
func (l *Log) Adopt(ctx context.Context, room string) (int64, error) {
	e, err := l.Claim(ctx, room)
	if err != nil {
		return 0, err
	}
	f := l.fence
	f.mu.Lock()
	f.pending[room] = true
	f.mu.Unlock()
	return e, nil
}

// Settle says that the duels and matches of the rooms adopted or taken over so far have been
// read (Open, OpenMatches) and rebuilt: the next Open gives only rooms taken after it. A fenced
// log's Open is the rooms to rebuild, not every open duel (those of other nodes, and this
// node's live rooms, are not its to rebuild).
func (l *Log) Settle() {
	if f := l.fence; f != nil {
		f.mu.Lock()
		clear(f.pending)
		f.mu.Unlock()
	}
}

// keep reports whether Open gives the duels of room: every room on a log that is not fenced,
// the rooms adopted or taken over since the last Settle on one that is.
func (l *Log) keep(room string) bool {
	f := l.fence
	if f == nil {
		return true
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.pending[room]
}

// Orphans lists the rooms with an unfinished duel or match whose owner is not among live (the
// nodes whose leases are valid) and not this node: the rooms this node may adopt (no owner) or
// take over. A room of another engine version is listed too; Takeover refuses it.
func (l *Log) Orphans(ctx context.Context, live map[string]bool) ([]Room, error) {
	f := l.mustFence("Orphans")
	rows, err := l.db.SQL().QueryContext(ctx, `SELECT o.room, COALESCE(r.owner, ''), COALESCE(r.epoch, 0), COALESCE(r.engine, '')
		FROM (SELECT room FROM duel_logs WHERE finished_ms IS NULL UNION SELECT room FROM duel_matches WHERE finished_ms IS NULL) o
		LEFT JOIN duel_rooms r ON r.room = o.room ORDER BY o.room`)
	if err != nil {
		return nil, fmt.Errorf("duels: listing the rooms without a live owner: %w", err)
	}
	defer rows.Close()
	var out []Room
	for rows.Next() {
		var r Room
		if err := rows.Scan(&r.Room, &r.Owner, &r.Epoch, &r.Engine); err != nil {
			return nil, fmt.Errorf("duels: listing the rooms without a live owner: %w", err)
		}
		if r.Owner != f.node && !live[r.Owner] {
			out = append(out, r)
		}
	}
	return out, rows.Err()
}

// Release forgets a room this node held (it closed); its row stays for the log's history.
func (l *Log) Release(room string) {
	if f := l.fence; f != nil {
		f.mu.Lock()
		delete(f.held, room)
		f.mu.Unlock()
	}
}

// Owner reads a room's row (sql.ErrNoRows wrapped when it has none).
func (l *Log) Owner(ctx context.Context, room string) (Room, error) {
	r := Room{Room: room}
	var upd int64
	err := l.db.SQL().QueryRowContext(ctx, `SELECT owner, epoch, engine, updated_ms FROM duel_rooms WHERE room = $1`, room).
		Scan(&r.Owner, &r.Epoch, &r.Engine, &upd)
	if err != nil {
		return r, fmt.Errorf("duels: reading the owner of room %s: %w", room, err)
	}
	r.Updated = time.UnixMilli(upd)
	return r, nil
}

// OwnedBy lists the rooms a node owns (a dead node's, for the survivors to take over).
func (l *Log) OwnedBy(ctx context.Context, node string) ([]Room, error) {
	rows, err := l.db.SQL().QueryContext(ctx, `SELECT room, epoch, engine, updated_ms FROM duel_rooms WHERE owner = $1 ORDER BY room`, node)
	if err != nil {
		return nil, fmt.Errorf("duels: listing the rooms of node %s: %w", node, err)
	}
	defer rows.Close()
	var out []Room
	for rows.Next() {
		r := Room{Owner: node}
		var upd int64
		if err := rows.Scan(&r.Room, &r.Epoch, &r.Engine, &upd); err != nil {
			return nil, fmt.Errorf("duels: listing the rooms of node %s: %w", node, err)
		}
		r.Updated = time.UnixMilli(upd)
		out = append(out, r)
	}
	return out, rows.Err()
}

func (l *Log) mustFence(op string) *fence {
	if l.fence == nil {
		panic("duels: " + op + " on a log that is not Fenced")
	}
	return l.fence
}

func (f *fence) hold(room string, epoch int64) {
	f.mu.Lock()
	f.held[room] = epoch
	f.mu.Unlock()
}

func (f *fence) epoch(room string) (int64, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	e, ok := f.held[room]
	return e, ok
}

// checkRoom fails with ErrFenced unless this node holds room at its current epoch (a log that
// is not fenced checks nothing).
func (l *Log) checkRoom(ctx context.Context, tx *sql.Tx, room string) error {
	f := l.fence
	if f == nil {
		return nil
	}
	want, ok := f.epoch(room)
	if !ok {
		return fmt.Errorf("%w: room %s was never claimed by node %s", ErrFenced, room, f.node)
	}
	var owner string
	var epoch int64
	err := tx.QueryRowContext(ctx, `SELECT owner, epoch FROM duel_rooms WHERE room = $1`+f.share, room).Scan(&owner, &epoch)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: room %s has no owner", ErrFenced, room)
	}
	if err != nil {
		return err
	}
	if owner != f.node || epoch != want {
		return fmt.Errorf("%w: room %s is node %s's at epoch %d, not node %s's at %d", ErrFenced, room, owner, epoch, f.node, want)
	}
	return nil
}

// checkDuels is checkRoom for the rooms of duels (a batch of appends, a finish).
func (l *Log) checkDuels(ctx context.Context, tx *sql.Tx, duels []int64) error {
	f := l.fence
	if f == nil || len(duels) == 0 {
		return nil
	}
	args := make([]any, len(duels))
	var in strings.Builder
	for i, d := range duels {
		if i > 0 {
			in.WriteString(", ")
		}
		args[i] = d
		in.WriteString("$" + strconv.Itoa(i+1))
	}
	share := ""
	if f.share != "" {
		share = " FOR SHARE OF r"
	}
	rows, err := tx.QueryContext(ctx, `SELECT d.id, d.room, r.owner, r.epoch FROM duel_logs d JOIN duel_rooms r ON r.room = d.room
		WHERE d.id IN (`+in.String()+`)`+share, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	seen := map[int64]bool{}
	for rows.Next() {
		var id, epoch int64
		var room, owner string
		if err := rows.Scan(&id, &room, &owner, &epoch); err != nil {
			return err
		}
		seen[id] = true
		if want, ok := f.epoch(room); !ok || owner != f.node || epoch != want {
			return fmt.Errorf("%w: room %s (duel %d) is node %s's at epoch %d, not node %s's at %d", ErrFenced, room, id, owner, epoch, f.node, want)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, d := range duels {
		if !seen[d] {
			return fmt.Errorf("%w: duel %d has no owned room", ErrFenced, d)
		}
	}
	return nil
}

// Handoff gives up a room this node owns, for another node to take over at once (draining a
// node before it stops; the room has stopped here and may have been released): the room's row
// keeps no owner and its epoch is bumped, so nothing this node writes for the room commits any
// more, and the other nodes' sweeps see a room without a live owner and take it over (Takeover
// at the new epoch). ErrFenced when the room's row does not name this node.
func (l *Log) Handoff(ctx context.Context, room string) error {
	f := l.mustFence("Handoff")
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE duel_rooms SET owner = '', epoch = epoch + 1, updated_ms = $1
			WHERE room = $2 AND owner = $3`, ms(time.Now()), room, f.node)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return ErrFenced
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("duels: node %s handing room %s over: %w", f.node, room, err)
	}
	l.Release(room)
	return nil
}

// Unfinished reads a room's row and reports whether the room has an unfinished duel or match in
// the log: a room whose owner died is taken over only then (Orphans). sql.ErrNoRows wrapped when
// the room has no row.
func (l *Log) Unfinished(ctx context.Context, room string) (Room, bool, error) {
	r := Room{Room: room}
	var open bool
	err := l.db.SQL().QueryRowContext(ctx, `SELECT owner, epoch, engine,
		EXISTS (SELECT 1 FROM duel_logs WHERE room = $1 AND finished_ms IS NULL)
		OR EXISTS (SELECT 1 FROM duel_matches WHERE room = $1 AND finished_ms IS NULL)
		FROM duel_rooms WHERE room = $1`, room).Scan(&r.Owner, &r.Epoch, &r.Engine, &open)
	if err != nil {
		return r, false, fmt.Errorf("duels: reading room %s: %w", room, err)
	}
	return r, open, nil
}
