package server

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// envMeasureStorage, set to a number of duels, runs TestStoragePerDuel (a measurement, not a
// check: docs/durability.md "Retention" quotes it).
const envMeasureStorage = "DUELIST_MEASURE_STORAGE"

// TestStoragePerDuel plays N random duels to their end on the store's log (both backends), and
// logs what a finished duel takes before and after its move log is pruned.
func TestStoragePerDuel(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv(envMeasureStorage))
	if n <= 0 {
		t.Skipf("a measurement: set %s to a number of duels", envMeasureStorage)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := duels.New(db)
		defer l.Close()
		_, url := newTestServer(t, Options{Log: l, Limits: Unlimited()})
		for i := range n {
			newDuo(t, url, uint64(100+i)).finish()
		}
		q := func(query string) float64 {
			t.Helper()
			var v float64
			if err := db.SQL().QueryRow(query).Scan(&v); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
			return v
		}
		movesTable := `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN ('duel_moves', 'sqlite_autoindex_duel_moves_1')`
		if db.Dialect() == store.Postgres {
			movesTable = `SELECT pg_total_relation_size('duel_moves')`
		}
		duelsN := q(`SELECT COUNT(*) FROM duel_logs WHERE finished_ms IS NOT NULL`)
		moves := q(`SELECT COUNT(*) FROM duel_moves`)
		table := q(movesTable)
		header := q(`SELECT AVG(LENGTH(header)) FROM duel_logs`)
		replay := q(`SELECT AVG(LENGTH(replay)) FROM duel_logs`)
		st, err := l.Prune(ctx, time.Now().Add(time.Hour))
		if err != nil || st.Duels != int(duelsN) {
			t.Fatalf("prune: %+v %v", st, err)
		}
		t.Logf("%s, %d duels: %.0f moves a duel; duel_moves %.0f bytes (table and key, %.0f a move, %.0f a duel); "+
			"the duel's row: header %.0f + replay %.0f bytes; pruned: the replay compressed to %.0f bytes a duel (%d moves deleted)",
			db.Dialect(), int(duelsN), moves/duelsN, table, table/moves, table/duelsN, header, replay,
			float64(st.Kept)/duelsN, st.Moves)
	})
}
