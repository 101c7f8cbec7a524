package duels

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/duelistgame/duelist/store"
)

// Retention (issue 31; docs/durability.md "Retention"): a finished duel's move log (its rows in
// duel_moves, about 128 bytes a move) is what a crash needs, and the replay viewer; once the duel
// has been over for the configured time, Prune deletes those rows and keeps the duel's replay,
// gzip-compressed in duel_logs.replay_z. The replay holds every answer in the notation, so the
// duel can still be downloaded, verified and watched (the server derives the moves from it).
// Nothing unfinished is ever pruned, nor a duel of a room whose best-of-3 match goes on, nor a
// duel that finished within the window, nor one without a replay (its moves are all there is).

// ErrPruned is Moves' error for a finished duel whose move log was pruned: its replay is kept
// (Replay), and the header is returned with the error.
var ErrPruned = errors.New("duels: the duel's move log was pruned; its replay is kept")

// pruneBatch is how many duels one transaction of Prune prunes.
const pruneBatch = 100

// PruneStats say what Prune did.
type PruneStats struct {
	Duels int   // duels whose move logs were pruned
	Moves int64 // move rows deleted
	Bytes int64 // the replays' bytes before compression
	Kept  int64 // ... and after
	Rooms int   // rows of duel_rooms deleted: rooms over before the time (fence.go)
}

// Prune deletes the move logs of the duels that finished before before, keeping their replays
// compressed (see above), in transactions of pruneBatch duels, and returns what it did. It is
// idempotent: nodes sharing a database may run it at once (a duel pruned by one is skipped by
// the others).
func (l *Log) Prune(ctx context.Context, before time.Time) (PruneStats, error) {
	var st PruneStats
	for {
		n, err := l.pruneBatch(ctx, before, &st)
		if err != nil {
			return st, fmt.Errorf("duels: pruning the move logs of the duels finished before %s: %w",
				before.UTC().Format(time.RFC3339), err)
		}
		if n < pruneBatch {
			break
		}
	}
	n, err := l.pruneRooms(ctx, before)
	st.Rooms = n
	if err != nil {
		return st, fmt.Errorf("duels: deleting the rows of the rooms over before %s: %w", before.UTC().Format(time.RFC3339), err)
	}
	return st, nil
}

// pruneRooms deletes the rows of duel_rooms (fence.go) of the rooms over before before: the
// row last written before it, and every duel and match of the room finished before it (a claim
// without any, too). A room code is then free again without a takeover. Each row is locked
// first (FOR UPDATE SKIP LOCKED on PostgreSQL: a row a write is checking is left for the next
// run), and the room's log is looked at after the lock, so a duel its owner began meanwhile
// keeps the row; a write of the old owner after the delete finds no row and is fenced.
func (l *Log) pruneRooms(ctx context.Context, before time.Time) (int, error) {
	lock := ""
	if d, ok := l.db.(interface{ Dialect() store.Dialect }); ok && d.Dialect() == store.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	total, after := 0, ""
	for {
		var rooms []string
		n := 0
		err := l.db.InTx(ctx, func(tx *sql.Tx) error {
			rooms, n = rooms[:0], 0
			rows, err := tx.QueryContext(ctx, `SELECT room FROM duel_rooms WHERE room > $1 AND updated_ms < $2
				ORDER BY room LIMIT $3`+lock, after, ms(before), pruneBatch)
			if err != nil {
				return err
			}
			for rows.Next() {
				var r string
				if err := rows.Scan(&r); err != nil {
					rows.Close()
					return err
				}
				rooms = append(rooms, r)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			for _, r := range rooms {
				res, err := tx.ExecContext(ctx, `DELETE FROM duel_rooms WHERE room = $1 AND updated_ms < $2
					AND NOT EXISTS (SELECT 1 FROM duel_logs WHERE room = $1 AND (finished_ms IS NULL OR finished_ms >= $2))
					AND NOT EXISTS (SELECT 1 FROM duel_matches WHERE room = $1 AND (finished_ms IS NULL OR finished_ms >= $2))`,
					r, ms(before))
				if err != nil {
					return err
				}
				k, _ := res.RowsAffected()
				n += int(k)
			}
			return nil
		})
		if err != nil {
			return total, err
		}
		total += n
		if len(rooms) < pruneBatch {
			return total, nil
		}
		after = rooms[len(rooms)-1]
	}
}

// pruneBatch prunes up to pruneBatch duels in one transaction and returns how many it looked at.
func (l *Log) pruneBatch(ctx context.Context, before time.Time, st *PruneStats) (int, error) {
	var seen int
	var add PruneStats
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		seen, add = 0, PruneStats{}
		rows, err := tx.QueryContext(ctx, `SELECT d.id, COALESCE(d.replay, '') FROM duel_logs d
			WHERE d.finished_ms IS NOT NULL AND d.pruned_ms IS NULL AND d.finished_ms < $1
			AND COALESCE(d.replay, '') <> ''
			AND NOT EXISTS (SELECT 1 FROM duel_matches m WHERE m.room = d.room AND m.finished_ms IS NULL)
			ORDER BY d.finished_ms LIMIT $2`, ms(before), pruneBatch)
		if err != nil {
			return err
		}
		type duel struct {
			id     int64
			replay string
		}
		var ds []duel
		for rows.Next() {
			var d duel
			if err := rows.Scan(&d.id, &d.replay); err != nil {
				rows.Close()
				return err
			}
			ds = append(ds, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		seen = len(ds)
		now := ms(time.Now())
		for _, d := range ds {
			z, err := gz([]byte(d.replay))
			if err != nil {
				return err
			}
			// The finished and not-pruned conditions again: the row is the one just read.
			r, err := tx.ExecContext(ctx, `UPDATE duel_logs SET replay_z = $1, replay = NULL, pruned_ms = $2
				WHERE id = $3 AND finished_ms IS NOT NULL AND finished_ms < $4 AND pruned_ms IS NULL`, z, now, d.id, ms(before))
			if err != nil {
				return err
			}
			if n, _ := r.RowsAffected(); n != 1 {
				continue
			}
			r, err = tx.ExecContext(ctx, `DELETE FROM duel_moves WHERE duel_id = $1`, d.id)
			if err != nil {
				return err
			}
			n, _ := r.RowsAffected()
			add.Duels++
			add.Moves += n
			add.Bytes += int64(len(d.replay))
			add.Kept += int64(len(z))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	st.Duels += add.Duels
	st.Moves += add.Moves
	st.Bytes += add.Bytes
	st.Kept += add.Kept
	return seen, nil
}

// replayText is a duel's replay as stored: the text, or the compressed text of a pruned duel.
func replayText(text sql.NullString, z []byte) ([]byte, error) {
	if text.Valid || z == nil {
		return []byte(text.String), nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, fmt.Errorf("its compressed replay: %w", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("its compressed replay: %w", err)
	}
	return b, nil
}

func gz(b []byte) ([]byte, error) {
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
