package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// migrations holds the goose SQL migrations, one directory per dialect. Version ranges by owner
// (so branches never collide): 00001-00049 accounts and sessions, 00050-00099 duel logs and
// replays, 00100-00199 collection, ledger and decks, 00200-00299 ratings, friends and chat.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// migrationFS returns the migrations of dialect d.
func migrationFS(d Dialect) (fs.FS, error) {
	return fs.Sub(migrations, "migrations/"+d.String())
}

// provider builds the goose provider for db: out-of-order migrations allowed (a branch's lower
// version merged after a higher one still runs), and on PostgreSQL a session lock so two servers
// starting at once do not migrate together.
func provider(db *DB) (*goose.Provider, error) {
	fsys, err := migrationFS(db.dialect)
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{goose.WithAllowOutofOrder(true), goose.WithDisableGlobalRegistry(true)}
	dialect := goose.DialectSQLite3
	if db.dialect == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	return goose.NewProvider(dialect, db.sql, fsys, opts...)
}

// migrate applies every migration the database has not had yet.
func migrate(ctx context.Context, db *DB) error {
	p, err := provider(db)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return err
	}
	return nil
}

// Version returns the highest migration version applied to the database.
func (db *DB) Version(ctx context.Context) (int64, error) {
	p, err := provider(db)
	if err != nil {
		return 0, err
	}
	v, err := p.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: reading the schema version: %w", err)
	}
	return v, nil
}

// Pending reports how many embedded migrations the database has not had yet (0 after Open).
func (db *DB) Pending(ctx context.Context) (int, error) {
	p, err := provider(db)
	if err != nil {
		return 0, err
	}
	st, err := p.Status(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: reading the migration status: %w", err)
	}
	n := 0
	for _, s := range st {
		if s.State == goose.StatePending {
			n++
		}
	}
	return n, nil
}
