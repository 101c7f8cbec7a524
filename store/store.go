// Package store opens the server's database (embedded SQLite by default, PostgreSQL when the
// data source names one), runs the schema migrations embedded in the binary, and runs
// transactions with retries. Each package that keeps data owns its tables and its SQL and reaches
// the database through a *DB; every query uses $1, $2 ... placeholders, which both backends accept.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// Dialect names the SQL backend behind a DB.
type Dialect int

// The backends a DB can run on.
const (
	SQLite Dialect = iota + 1
	Postgres
)

// String returns the dialect's name.
func (d Dialect) String() string {
	switch d {
	case SQLite:
		return "sqlite"
	case Postgres:
		return "postgres"
	}
	return fmt.Sprintf("Dialect(%d)", int(d))
}

// DefaultFile is the SQLite file Open uses when the data source name is empty.
const DefaultFile = "duelist.db"

// sqliteBusyMillis is how long a SQLite statement waits for another process's lock before it
// fails with SQLITE_BUSY (which InTx then retries).
const sqliteBusyMillis = 5000

// DB is an open, migrated database.
type DB struct {
	sql     *sql.DB
	dialect Dialect
	hold    holder        // the server's hold on the database (OpenHeld), nil for none
	lost    chan struct{} // closed when the hold is lost (OpenHeld)
}

// Open opens (creating if needed) the database named by dsn and runs every embedded migration.
// dsn "" means the file "duelist.db"; a path or "file:..." is SQLite (modernc.org/sqlite, WAL,
// busy_timeout, foreign keys on, one writer connection); "postgres://" or "postgresql://" is
// PostgreSQL through github.com/jackc/pgx/v5/stdlib.
func Open(ctx context.Context, dsn string) (*DB, error) {
	db, err := openRaw(dsn)
	if err != nil {
		return nil, err
	}
	if err := db.sql.PingContext(ctx); err != nil {
		db.sql.Close()
		return nil, fmt.Errorf("store: opening %s: %w", describe(dsn), err)
	}
	if err := migrate(ctx, db); err != nil {
		db.sql.Close()
		return nil, fmt.Errorf("store: migrating %s: %w", describe(dsn), err)
	}
	return db, nil
}

// maxPostgresConns is the most connections one DB holds open to PostgreSQL (SetMaxConns
// changes it).
const maxPostgresConns = 32

// MaxPostgresConns is the default of the most connections one DB holds open to PostgreSQL.
const MaxPostgresConns = maxPostgresConns

// SetMaxConns bounds the connections db holds open to PostgreSQL to n (n ≥ 1; the default is
// MaxPostgresConns). Several nodes share one server's max_connections (100 by default): n times
// the nodes, plus one each for the hold, must stay below it. SQLite keeps its one connection.
func (db *DB) SetMaxConns(n int) error {
	if n < 1 {
		return fmt.Errorf("store: at least 1 connection, not %d", n)
	}
	if db.dialect == Postgres {
		db.sql.SetMaxOpenConns(n)
	}
	return nil
}

// openRaw opens the handle without pinging or migrating it.
func openRaw(dsn string) (*DB, error) {
	if isPostgres(dsn) {
		h, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("store: opening %s: %w", describe(dsn), err)
		}
		// A bounded pool: under load, transactions wait for a connection instead of failing with
		// PostgreSQL's "too many clients" (its default max_connections is 100, shared by every
		// server on the database), and fewer SERIALIZABLE transactions at once abort each other less.
		h.SetMaxOpenConns(maxPostgresConns)
		return &DB{sql: h, dialect: Postgres}, nil
	}
	h, err := sql.Open("sqlite", SQLiteDSN(dsn))
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", describe(dsn), err)
	}
	// One connection: SQLite has a single writer anyway, and one connection means a transaction
	// never waits on another of this process's connections (no SQLITE_BUSY from ourselves).
	h.SetMaxOpenConns(1)
	h.SetMaxIdleConns(1)
	h.SetConnMaxLifetime(0)
	h.SetConnMaxIdleTime(0)
	return &DB{sql: h, dialect: SQLite}, nil
}

// isPostgres reports whether dsn names a PostgreSQL server.
func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// SQLiteDSN turns a path or "file:" URI into the modernc.org/sqlite data source name Open uses:
// WAL journal, a busy timeout, foreign keys on, and transactions that take the write lock when
// they begin (BEGIN IMMEDIATE), so two processes' transactions cannot deadlock on an upgrade.
func SQLiteDSN(dsn string) string {
	if dsn == "" {
		dsn = DefaultFile
	}
	if !strings.HasPrefix(dsn, "file:") {
		dsn = "file:" + dsn
	}
	params := []string{
		fmt.Sprintf("_pragma=busy_timeout(%d)", sqliteBusyMillis),
		"_pragma=journal_mode(WAL)",
		"_pragma=foreign_keys(1)",
		"_pragma=synchronous(NORMAL)",
		"_txlock=immediate",
	}
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + strings.Join(params, "&")
}

// describe names the database of dsn for error messages, without a password.
func describe(dsn string) string {
	if !isPostgres(dsn) {
		if dsn == "" {
			dsn = DefaultFile
		}
		return "SQLite database " + dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "PostgreSQL database (unparsable URL)"
	}
	u.User = nil
	u.RawQuery = ""
	return "PostgreSQL database " + u.String()
}

// SQL returns the database handle. Every query uses $1, $2 ... placeholders. On SQLite the pool
// has one connection: do not query through it while a transaction of InTx is open on the same
// goroutine (use the transaction instead), or the call waits forever.
func (db *DB) SQL() *sql.DB { return db.sql }

// Dialect reports the backend.
func (db *DB) Dialect() Dialect { return db.dialect }

// Close closes the database, then releases the server's hold on it (OpenHeld).
func (db *DB) Close() error {
	err := db.sql.Close()
	if db.hold != nil {
		if herr := db.hold.release(); err == nil {
			err = herr
		}
	}
	if err != nil {
		return fmt.Errorf("store: closing: %w", err)
	}
	return nil
}
