// Package duels keeps the server's duels in the store: the write-ahead answer log that makes a
// duel survive a crash, and the replays of finished duels (docs/durability.md). Its tables are
// duel_logs and duel_moves (store migrations 00050–00099); no other package reads them.
package duels

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// DB is what the log needs of the store (*store.DB): the handle and transactions that are
// retried on a busy or serialization error.
type DB interface {
	SQL() *sql.DB
	InTx(ctx context.Context, fn func(tx *sql.Tx) error) error
}

// Log is a the duel server's DuelLog in the store. Its Appends are group-committed by a goroutine of its
// own (group.go), which Close stops.
type Log struct {
	db    DB
	w     *writer
	fence *fence // set by Fenced: every write checks the room's owner and epoch (fence.go)
}

// New returns the log on db, whose migrations have run, and starts its writer; Close stops it
// once the moves queued are written.
func New(db DB) *Log {
	l := &Log{db: db, w: newWriter()}
	go l.run()
	return l
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func account(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// Begin implements the duel server's DuelLog.
func (l *Log) Begin(ctx context.Context, h Header) (int64, error) {
	hj, err := json.Marshal(h)
	if err != nil {
		return 0, fmt.Errorf("duels: encoding the header: %w", err)
	}
	var id int64
	err = l.db.InTx(ctx, func(tx *sql.Tx) error {
		if err := l.checkRoom(ctx, tx, h.Room); err != nil {
			return err
		}
		var partners [2]int64 // a tag duel's A2 and B2
		if h.Tag != nil {
			partners = h.Tag.Accounts
		}
		return tx.QueryRowContext(ctx, `INSERT INTO duel_logs (room, duel_no, header, account_a, account_b, account_a2, account_b2, started_ms)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, h.Room, h.DuelNo, string(hj),
			account(h.Accounts[0]), account(h.Accounts[1]), account(partners[0]), account(partners[1]), ms(h.Started)).Scan(&id)
	})
	if err != nil {
		return 0, fmt.Errorf("duels: recording duel %d of room %s: %w", h.DuelNo, h.Room, err)
	}
	return id, nil
}

// Finish implements the duel server's DuelLog. It counts the duel's moves in the store, so it first waits
// for the duel's Appends that are queued or being written (flush): a Finish never overtakes
// them, even when its caller did not wait for them. Then it writes the end in a transaction of
// its own, not through the writer.
func (l *Log) Finish(ctx context.Context, duel int64, res Result, replay []byte) error {
	if err := l.flush(ctx, duel); err != nil {
		return fmt.Errorf("duels: finishing duel %d: waiting for its moves: %w", duel, err)
	}
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		if err := l.checkDuels(ctx, tx, []int64{duel}); err != nil {
			return err
		}
		r, err := tx.ExecContext(ctx, `UPDATE duel_logs SET finished_ms = $1, winner = $2, reason = $3, replay = $4,
			answers = (SELECT COUNT(*) FROM duel_moves WHERE duel_id = $5) WHERE id = $5`,
			ms(res.Finished), res.Winner, res.Reason, string(replay), duel)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return fmt.Errorf("no duel %d", duel)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("duels: finishing duel %d: %w", duel, err)
	}
	return nil
}

// Open implements the duel server's DuelLog: every unfinished duel and its moves, in two queries
// (a Fenced log: those of the rooms adopted or taken over since the last Settle, fence.go).
func (l *Log) Open(ctx context.Context) ([]OpenDuel, error) {
	db := l.db.SQL()
	rows, err := db.QueryContext(ctx, `SELECT id, header FROM duel_logs WHERE finished_ms IS NULL ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("duels: reading the open duels: %w", err)
	}
	var out []OpenDuel
	at := map[int64]int{}
	for rows.Next() {
		var od OpenDuel
		var hj string
		if err := rows.Scan(&od.ID, &hj); err != nil {
			rows.Close()
			return nil, fmt.Errorf("duels: reading the open duels: %w", err)
		}
		if err := json.Unmarshal([]byte(hj), &od.Header); err != nil {
			rows.Close()
			return nil, fmt.Errorf("duels: duel %d: its header: %w", od.ID, err)
		}
		if !l.keep(od.Header.Room) {
			continue
		}
		at[od.ID] = len(out)
		out = append(out, od)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("duels: reading the open duels: %w", err)
	}
	if len(out) == 0 {
		return nil, nil
	}
	rows, err = db.QueryContext(ctx, `SELECT m.duel_id, m.seq, m.kind, m.seat, m.opt, m.reason, m.bank_a, m.bank_b, m.bank_a2, m.bank_b2, m.at_ms
		FROM duel_moves m JOIN duel_logs d ON d.id = m.duel_id WHERE d.finished_ms IS NULL ORDER BY m.duel_id, m.seq`)
	if err != nil {
		return nil, fmt.Errorf("duels: reading the open duels' moves: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, atMS int64
		var e Entry
		var a2, b2 sql.NullInt64
		if err := rows.Scan(&id, &e.Seq, &e.Kind, &e.Seat, &e.Option, &e.Reason, &e.BankA, &e.BankB, &a2, &b2, &atMS); err != nil {
			return nil, fmt.Errorf("duels: reading the open duels' moves: %w", err)
		}
		i, ok := at[id]
		if !ok {
			continue // a duel begun between the two queries: the next start-up has it
		}
		if e.Seq != len(out[i].Entries) {
			return nil, fmt.Errorf("duels: duel %d: move %d follows move %d", id, e.Seq, len(out[i].Entries)-1)
		}
		e.At, e.Partners = time.UnixMilli(atMS), partnerBanks(a2, b2)
		out[i].Entries = append(out[i].Entries, e)
	}
	return out, rows.Err()
}

const summaryCols = `id, header, winner, reason, answers, finished_ms`

func scanSummary(sc interface{ Scan(...any) error }) (Summary, error) {
	var s Summary
	var hj string
	var fin int64
	if err := sc.Scan(&s.ID, &hj, &s.Winner, &s.Reason, &s.Answers, &fin); err != nil {
		return s, err
	}
	var h Header
	if err := json.Unmarshal([]byte(hj), &h); err != nil {
		return s, fmt.Errorf("duel %d: its header: %w", s.ID, err)
	}
	s.Room, s.Ruleset, s.Names, s.Accounts, s.AI, s.TokenHash = h.Room, h.Ruleset, h.Names, h.Accounts, h.AI, h.TokenHash
	s.Started, s.Finished = h.Started, time.UnixMilli(fin)
	s.Match, s.MatchDuel = h.Match, h.MatchDuel
	s.Tag = h.Tag.Summary()
	return s, nil
}

// Past implements the duel server's DuelLog.
func (l *Log) Past(ctx context.Context, acc int64, limit int) ([]Summary, error) {
	rows, err := l.db.SQL().QueryContext(ctx, `SELECT `+summaryCols+` FROM duel_logs
		WHERE finished_ms IS NOT NULL AND (account_a = $1 OR account_b = $1 OR account_a2 = $1 OR account_b2 = $1)
		ORDER BY id DESC LIMIT $2`, acc, limit)
	if err != nil {
		return nil, fmt.Errorf("duels: listing account %d's duels: %w", acc, err)
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		s, err := scanSummary(rows)
		if err != nil {
			return nil, fmt.Errorf("duels: listing account %d's duels: %w", acc, err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Replay implements the duel server's DuelLog.
func (l *Log) Replay(ctx context.Context, duel int64) (Summary, []byte, error) {
	row := l.db.SQL().QueryRowContext(ctx, `SELECT `+summaryCols+`, replay, replay_z FROM duel_logs
		WHERE id = $1 AND finished_ms IS NOT NULL`, duel)
	var replay sql.NullString
	var z []byte
	s, err := scanSummary(scanner{row, []any{&replay, &z}})
	if errors.Is(err, sql.ErrNoRows) {
		return s, nil, ErrNoDuel
	}
	if err != nil {
		return s, nil, fmt.Errorf("duels: reading duel %d: %w", duel, err)
	}
	b, err := replayText(replay, z) // retention.go
	if err != nil {
		return s, nil, fmt.Errorf("duels: reading duel %d: %w", duel, err)
	}
	return s, b, nil
}

// scanner adds more destinations to a row's scan.
type scanner struct {
	row   *sql.Row
	extra []any
}

func (s scanner) Scan(dest ...any) error { return s.row.Scan(append(dest, s.extra...)...) }
