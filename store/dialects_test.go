package store_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// columns lists every table of the database (goose's own left out) with its column names,
// sorted: "table: a, b, c".
func columns(t *testing.T, db *store.DB) []string {
	t.Helper()
	ctx := context.Background()
	var q string
	if db.Dialect() == store.SQLite {
		q = `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
			WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
	} else {
		q = `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`
	}
	rows, err := db.SQL().QueryContext(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	tables := map[string][]string{}
	for rows.Next() {
		var tb, col string
		if err := rows.Scan(&tb, &col); err != nil {
			t.Fatal(err)
		}
		if tb != "goose_db_version" {
			tables[tb] = append(tables[tb], col)
		}
	}
	var out []string
	for tb, cols := range tables {
		slices.Sort(cols)
		out = append(out, tb+": "+strings.Join(cols, ", "))
	}
	slices.Sort(out)
	return out
}

// TestDialectsAgree: the SQLite and PostgreSQL migrations make the same tables with the same
// columns (each table's schema is written once per dialect: this is what keeps the two one).
func TestDialectsAgree(t *testing.T) {
	base := os.Getenv(storetest.EnvPostgres)
	if base == "" {
		t.Skipf("needs PostgreSQL: set %s", storetest.EnvPostgres)
	}
	var got [2][]string
	i := 0
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		got[i] = columns(t, db)
		i++
	})
	if len(got[0]) == 0 {
		t.Fatal("no table read from SQLite")
	}
	if !slices.Equal(got[0], got[1]) {
		for _, l := range got[0] {
			if !slices.Contains(got[1], l) {
				t.Errorf("SQLite only:     %s", l)
			}
		}
		for _, l := range got[1] {
			if !slices.Contains(got[0], l) {
				t.Errorf("PostgreSQL only: %s", l)
			}
		}
	}
}
