package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// latest is the highest migration version embedded in the binary; bump it with each migration
// (TestMigrateTwice fails when it is stale, pointing here).
func latest(t *testing.T) int64 {
	t.Helper()
	var max int64
	entries, err := os.ReadDir("migrations")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		var v int64
		if _, err := fmt.Sscanf(e.Name(), "%05d_", &v); err == nil && v > max {
			max = v
		}
	}
	return max
}

func TestPlaceholdersDollarN(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// $2 before $1, and $1 used twice: both backends bind by number, not by position.
		var a, b, c int64
		err := db.SQL().QueryRowContext(ctx, "SELECT $2 + 0, $1 + 0, $1 + $2", int64(3), int64(40)).Scan(&a, &b, &c)
		if err != nil {
			t.Fatal(err)
		}
		if a != 40 || b != 3 || c != 43 {
			t.Fatalf("SELECT $2, $1, $1+$2 with (3, 40) = %d, %d, %d; want 40, 3, 43", a, b, c)
		}
	})
}

func TestMigrateTwiceIsNoOp(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		v1, err := db.Version(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := latest(t); v1 != want {
			t.Fatalf("version after Open = %d; the embedded migrations go up to %d", v1, want)
		}
		if _, err := db.SQL().ExecContext(ctx, `INSERT INTO accounts (name, name_key, password_hash, created_at, password_changed_at) VALUES ('Kaiba', 'kaiba', 'x', 1, 1)`); err != nil {
			t.Fatal(err)
		}
		var rows1 int
		if err := db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM goose_db_version").Scan(&rows1); err != nil {
			t.Fatal(err)
		}
		db.Close()

		db, err = store.Open(ctx, dsn)
		if err != nil {
			t.Fatalf("second Open: %v", err)
		}
		defer db.Close()
		v2, _ := db.Version(ctx)
		var rows2, accounts int
		db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM goose_db_version").Scan(&rows2)
		db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM accounts WHERE name_key = 'kaiba'").Scan(&accounts)
		if v2 != v1 || rows2 != rows1 || accounts != 1 {
			t.Fatalf("second Open changed things: version %d -> %d, goose rows %d -> %d, accounts kept %d (want 1)", v1, v2, rows1, rows2, accounts)
		}
		if n, err := db.Pending(ctx); err != nil || n != 0 {
			t.Fatalf("Pending after Open = %d, %v; want 0", n, err)
		}
	})
}

func TestUpgradeFromVersion1(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		driver, fixture := "sqlite", "testdata/v1.sqlite.sql"
		if strings.HasPrefix(dsn, "postgres") {
			driver, fixture = "pgx", "testdata/v1.postgres.sql"
		}
		script, err := os.ReadFile(fixture)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := sql.Open(driver, dsn)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.ExecContext(ctx, string(script)); err != nil {
			t.Fatalf("loading %s: %v", fixture, err)
		}
		raw.Close()

		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatalf("Open on a version-1 database: %v", err)
		}
		defer db.Close()
		if v, _ := db.Version(ctx); v != latest(t) {
			t.Fatalf("version after upgrade = %d; want %d", v, latest(t))
		}
		var name string
		if err := db.SQL().QueryRowContext(ctx, "SELECT name FROM accounts WHERE id = $1", 7).Scan(&name); err != nil || name != "Yugi" {
			t.Fatalf("the version-1 account after the upgrade: %q, %v; want Yugi (migrated, not rebuilt)", name, err)
		}
		// The tables of later migrations exist and reference the old rows.
		if _, err := db.SQL().ExecContext(ctx, "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, 7, 1, 2)", []byte("h")); err != nil {
			t.Fatalf("a later migration's table after the upgrade: %v", err)
		}
	})
}

var errBoom = errors.New("boom")

func TestInTxRollsBackOnError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.SQL().ExecContext(ctx, "CREATE TABLE t_rollback (n BIGINT NOT NULL)"); err != nil {
			t.Fatal(err)
		}
		err := db.InTx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO t_rollback (n) VALUES ($1)", 1); err != nil {
				return err
			}
			return fmt.Errorf("after the insert: %w", errBoom)
		})
		if !errors.Is(err, errBoom) {
			t.Fatalf("InTx returned %v; want fn's error", err)
		}
		var n int
		db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM t_rollback").Scan(&n)
		if n != 0 {
			t.Fatalf("%d rows after a failed transaction; want 0", n)
		}
		if err := db.InTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, "INSERT INTO t_rollback (n) VALUES ($1)", 2)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM t_rollback").Scan(&n)
		if n != 1 {
			t.Fatalf("%d rows after a committed transaction; want 1", n)
		}
	})
}

func TestInTxConcurrentIncrements(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.SQL().ExecContext(ctx, "CREATE TABLE t_counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, "INSERT INTO t_counter (id, n) VALUES (1, 0)"); err != nil {
			t.Fatal(err)
		}
		// Read, then write: lost updates would show as a total below workers*each.
		const workers, each = 8, 10
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for range workers {
			wg.Go(func() {
				for range each {
					err := db.InTx(ctx, func(tx *sql.Tx) error {
						var n int64
						if err := tx.QueryRowContext(ctx, "SELECT n FROM t_counter WHERE id = 1").Scan(&n); err != nil {
							return err
						}
						_, err := tx.ExecContext(ctx, "UPDATE t_counter SET n = $1 WHERE id = 1", n+1)
						return err
					})
					if err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		var n int64
		db.SQL().QueryRowContext(ctx, "SELECT n FROM t_counter WHERE id = 1").Scan(&n)
		if n != workers*each {
			t.Fatalf("counter = %d after %d concurrent increments", n, workers*each)
		}
	})
}

func TestOpenReportsBadPostgres(t *testing.T) {
	_, err := store.Open(context.Background(), "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2")
	if err == nil || !strings.Contains(err.Error(), "PostgreSQL database") {
		t.Fatalf("Open on an unreachable server = %v; want an error naming the database", err)
	}
}

func TestOpenDefaultCreatesFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db, err := store.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.Dialect() != store.SQLite {
		t.Fatalf("dialect %v; want sqlite", db.Dialect())
	}
	if _, err := os.Stat(filepath.Join(dir, store.DefaultFile)); err != nil {
		t.Fatalf("Open(\"\") did not create %s: %v", store.DefaultFile, err)
	}
	var mode string
	db.SQL().QueryRow("PRAGMA journal_mode").Scan(&mode)
	if mode != "wal" {
		t.Fatalf("journal_mode = %q; want wal", mode)
	}
	var fk int
	db.SQL().QueryRow("PRAGMA foreign_keys").Scan(&fk)
	if fk != 1 {
		t.Fatalf("foreign_keys = %d; want 1", fk)
	}
}
