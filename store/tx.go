package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
)

// maxAttempts bounds how many times InTx runs its function when the backend keeps asking for a
// retry. With the backoff doubling from 2 ms to at most 250 ms (full jitter) that is about five
// seconds of waiting at the most, always bounded by the caller's context: under load PostgreSQL's
// SERIALIZABLE transactions abort each other far more than twelve times in a row (a loaded ladder
// lost ratings with 12), and a result a player earned must not be dropped for a busy database.
const maxAttempts = 40

// InTx runs fn in one transaction, retrying on SQLite busy and PostgreSQL serialization/deadlock errors;
// fn must be safe to run more than once. The transaction commits when fn returns nil and rolls
// back when it returns an error (which InTx returns unchanged, so callers can test it with
// errors.Is). PostgreSQL transactions are SERIALIZABLE, like SQLite's single writer, so code
// that reads and then writes behaves the same on both backends.
func (db *DB) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	var opts *sql.TxOptions
	if db.dialect == Postgres {
		opts = &sql.TxOptions{Isolation: sql.LevelSerializable}
	}
	backoff := 2 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := db.tryTx(ctx, opts, fn)
		if err == nil || !retryable(err) || attempt == maxAttempts {
			if err != nil && retryable(err) {
				return fmt.Errorf("store: transaction gave up after %d attempts: %w", attempt, err)
			}
			return err
		}
		// Full jitter: concurrent retries spread out instead of colliding again.
		wait := time.Duration(rand.Int64N(int64(backoff))) + time.Millisecond
		select {
		case <-ctx.Done():
			return fmt.Errorf("store: transaction retry: %w", ctx.Err())
		case <-time.After(wait):
		}
		backoff = min(2*backoff, 250*time.Millisecond)
	}
}

// tryTx runs fn once in a transaction.
func (db *DB) tryTx(ctx context.Context, opts *sql.TxOptions, fn func(tx *sql.Tx) error) (err error) {
	tx, err := db.sql.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("store: beginning a transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: committing: %w", err)
	}
	return nil
}

// SQLite result codes (the low byte of an extended code) that mean "try again".
const (
	sqliteBusy   = 5
	sqliteLocked = 6
)

// retryable reports whether err asks for the whole transaction to be run again.
func retryable(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == sqliteBusy || c == sqliteLocked
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// serialization_failure, deadlock_detected
		return pe.Code == "40001" || pe.Code == "40P01"
	}
	return false
}

// IsUniqueViolation reports whether err is a unique-constraint violation on either backend
// (a name or key that is already taken).
func IsUniqueViolation(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		// SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY
		return se.Code() == 2067 || se.Code() == 1555
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	return false
}
