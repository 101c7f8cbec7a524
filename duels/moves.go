package duels

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Moves implements the duel server's MoveReader: a finished duel's header and moves, for the replay viewer;
// the header and ErrPruned for a duel whose move log was pruned (retention.go).
func (l *Log) Moves(ctx context.Context, duel int64) (Header, []Entry, error) {
	var h Header
	db := l.db.SQL()
	var hj string
	var pruned sql.NullInt64
	err := db.QueryRowContext(ctx, `SELECT header, pruned_ms FROM duel_logs WHERE id = $1 AND finished_ms IS NOT NULL`, duel).Scan(&hj, &pruned)
	if errors.Is(err, sql.ErrNoRows) {
		return h, nil, ErrNoDuel
	}
	if err != nil {
		return h, nil, fmt.Errorf("duels: reading duel %d: %w", duel, err)
	}
	if err := json.Unmarshal([]byte(hj), &h); err != nil {
		return h, nil, fmt.Errorf("duels: duel %d: its header: %w", duel, err)
	}
	if pruned.Valid {
		return h, nil, fmt.Errorf("duel %d: %w", duel, ErrPruned) // retention.go
	}
	rows, err := db.QueryContext(ctx, `SELECT seq, kind, seat, opt, reason, bank_a, bank_b, bank_a2, bank_b2, at_ms
		FROM duel_moves WHERE duel_id = $1 ORDER BY seq`, duel)
	if err != nil {
		return h, nil, fmt.Errorf("duels: reading the moves of duel %d: %w", duel, err)
	}
	defer rows.Close()
	var es []Entry
	for rows.Next() {
		var e Entry
		var atMS int64
		var a2, b2 sql.NullInt64
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Seat, &e.Option, &e.Reason, &e.BankA, &e.BankB, &a2, &b2, &atMS); err != nil {
			return h, nil, fmt.Errorf("duels: reading the moves of duel %d: %w", duel, err)
		}
		if e.Seq != len(es) {
			return h, nil, fmt.Errorf("duels: duel %d: move %d follows move %d", duel, e.Seq, len(es)-1)
		}
		e.At, e.Partners = time.UnixMilli(atMS), partnerBanks(a2, b2)
		es = append(es, e)
	}
	if err := rows.Err(); err != nil {
		return h, nil, fmt.Errorf("duels: reading the moves of duel %d: %w", duel, err)
	}
	return h, es, nil
}

// OpenRooms implements the duel server's OpenRoomLister: the rooms of the account's unfinished duels.
func (l *Log) OpenRooms(ctx context.Context, acc int64) ([]string, error) {
	rows, err := l.db.SQL().QueryContext(ctx, `SELECT DISTINCT room FROM duel_logs
		WHERE finished_ms IS NULL AND (account_a = $1 OR account_b = $1 OR account_a2 = $1 OR account_b2 = $1)`, acc)
	if err != nil {
		return nil, fmt.Errorf("duels: listing the open rooms of account %d: %w", acc, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var room string
		if err := rows.Scan(&room); err != nil {
			return nil, fmt.Errorf("duels: listing the open rooms of account %d: %w", acc, err)
		}
		out = append(out, room)
	}
	return out, rows.Err()
}

// partnerBanks is a move's partners' banks as its row holds them: nil for NULLs (no partners,
// or a tag duel logged before migration 00056).
func partnerBanks(a2, b2 sql.NullInt64) *[2]int64 {
	if !a2.Valid || !b2.Valid {
		return nil
	}
	return &[2]int64{a2.Int64, b2.Int64}
}
