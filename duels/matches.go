package duels

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// The best-of-3 matches (the duel server's MatchLog) are kept in table duel_matches (migration 00051): one
// row a match, its state as JSON, replaced whenever the match changes; finished_ms is set once
// the match is decided.

// BeginMatch implements the duel server's MatchLog.
func (l *Log) BeginMatch(ctx context.Context, st MatchState) (int64, error) {
	sj, err := json.Marshal(st)
	if err != nil {
		return 0, fmt.Errorf("duels: encoding the match: %w", err)
	}
	var id int64
	err = l.db.InTx(ctx, func(tx *sql.Tx) error {
		if err := l.checkRoom(ctx, tx, st.Room); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO duel_matches (room, state, started_ms) VALUES ($1, $2, $3) RETURNING id`,
			st.Room, string(sj), ms(time.Now())).Scan(&id)
	})
	if err != nil {
		return 0, fmt.Errorf("duels: recording a match of room %s: %w", st.Room, err)
	}
	return id, nil
}

// SaveMatch implements the duel server's MatchLog.
func (l *Log) SaveMatch(ctx context.Context, id int64, st MatchState) error {
	sj, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("duels: encoding match %d: %w", id, err)
	}
	var fin any
	if st.Phase == "over" {
		fin = ms(time.Now())
	}
	err = l.db.InTx(ctx, func(tx *sql.Tx) error {
		if err := l.checkRoom(ctx, tx, st.Room); err != nil {
			return err
		}
		r, err := tx.ExecContext(ctx, `UPDATE duel_matches SET state = $1, finished_ms = $2 WHERE id = $3 AND finished_ms IS NULL`,
			string(sj), fin, id)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return fmt.Errorf("no open match %d", id)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("duels: saving match %d: %w", id, err)
	}
	return nil
}

// OpenMatches implements the duel server's MatchLog.
func (l *Log) OpenMatches(ctx context.Context) ([]OpenMatch, error) {
	rows, err := l.db.SQL().QueryContext(ctx, `SELECT id, state FROM duel_matches WHERE finished_ms IS NULL ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("duels: reading the open matches: %w", err)
	}
	defer rows.Close()
	var out []OpenMatch
	for rows.Next() {
		var om OpenMatch
		var sj string
		if err := rows.Scan(&om.ID, &sj); err != nil {
			return nil, fmt.Errorf("duels: reading the open matches: %w", err)
		}
		if err := json.Unmarshal([]byte(sj), &om.State); err != nil {
			return nil, fmt.Errorf("duels: match %d: its state: %w", om.ID, err)
		}
		if !l.keep(om.State.Room) {
			continue
		}
		out = append(out, om)
	}
	return out, rows.Err()
}
