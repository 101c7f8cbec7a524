package collection

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// BenchmarkBuy10 buys and opens one 10-pack per iteration (the gems, 80 cards, their ledger rows
// and the UR guarantee in one transaction) for one account, on each backend.
func BenchmarkBuy10(b *testing.B) {
	benchEach(b, func(b *testing.B, db *store.DB, acc account.ID) {
		ctx := context.Background()
		s := New(db, Options{Economy: economy(int64(b.N) * 1000)})
		if _, err := s.GrantStarter(ctx, acc); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, err := s.Buy(ctx, acc, Purchase{Product: "pool", Count: 10, Key: newKey()}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchEach runs fn on a SQLite file and, with DUELIST_TEST_POSTGRES set, on a new PostgreSQL
// schema, each call of fn with a new account.
func benchEach(b *testing.B, fn func(b *testing.B, db *store.DB, acc account.ID)) {
	run := func(b *testing.B, dsn string) {
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		next := int64(0)
		b.Run("buy", func(b *testing.B) {
			next++
			if _, err := db.SQL().Exec(`INSERT INTO accounts (id, name, name_key, password_hash, created_at, password_changed_at)
				VALUES ($1, $2, $2, 'x', 0, 0)`, next, fmt.Sprint("b", next)); err != nil {
				b.Fatal(err)
			}
			fn(b, db, account.ID(next))
		})
	}
	b.Run("sqlite", func(b *testing.B) { run(b, filepath.Join(b.TempDir(), "bench.db")) })
	b.Run("postgres", func(b *testing.B) {
		base := os.Getenv(storetest.EnvPostgres)
		if base == "" {
			b.Skipf("set %s to run on PostgreSQL", storetest.EnvPostgres)
		}
		admin, err := sql.Open("pgx", base)
		if err != nil {
			b.Fatal(err)
		}
		defer admin.Close()
		schema := fmt.Sprintf("duelist_bench_%d", time.Now().UnixNano())
		if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
			b.Fatal(err)
		}
		defer admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		u, _ := url.Parse(base)
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		run(b, u.String())
	})
}
