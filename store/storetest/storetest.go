// Package storetest runs a test on every store backend: a fresh SQLite file, and PostgreSQL when
// the environment variable DUELIST_TEST_POSTGRES holds a server URL (each run in a new schema,
// dropped at cleanup). Without the variable the PostgreSQL half is skipped with a message, so the
// tests pass on a machine with no PostgreSQL.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
)

// EnvPostgres names the environment variable holding the PostgreSQL URL tests run against.
const EnvPostgres = "DUELIST_TEST_POSTGRES"

// Each runs fn once on a freshly opened (migrated) SQLite database in t.TempDir() and once on
// PostgreSQL when DUELIST_TEST_POSTGRES is set, as subtests named "sqlite" and "postgres".
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	EachDSN(t, func(t *testing.T, dsn string) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatalf("storetest: %v", err)
		}
		t.Cleanup(func() { db.Close() })
		fn(t, db)
	})
}

// EachDSN runs fn with the data source name of a new, empty database on each backend (a SQLite
// file that does not exist yet; an empty PostgreSQL schema), for tests that prepare a database
// before store.Open sees it.
func EachDSN(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		fn(t, filepath.Join(t.TempDir(), "test.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		base := os.Getenv(EnvPostgres)
		if base == "" {
			t.Skipf("PostgreSQL half skipped: set %s to a server URL (e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable) to run it", EnvPostgres)
		}
		fn(t, newSchema(t, base))
	})
}

// newSchema creates a schema with a random name on the server at base, drops it when the test
// ends, and returns base with that schema as the connection's search_path.
func newSchema(t *testing.T, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: %s is not a URL: %v", EnvPostgres, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "duelist_test_" + hex.EncodeToString(b[:])

	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("storetest: opening %s: %v", EnvPostgres, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("storetest: creating schema %s on %s: %v", schema, EnvPostgres, err)
	}
	t.Cleanup(func() {
		// Registered before Each's Close, so it runs after it (cleanups run last-in first-out).
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("storetest: dropping schema %s: %v", schema, err)
		}
		admin.Close()
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
