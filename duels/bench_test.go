package duels_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// benchAppend measures one answer's log write: one move in one transaction, as a room writes
// it before broadcasting the move.
func benchAppend(b *testing.B, l server.DuelLog) {
	ctx := context.Background()
	id, err := l.Begin(ctx, duels.Header{Room: "BENCH1", DuelNo: 1, Ruleset: "ocg", Started: time.Now()})
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now()
	b.ResetTimer()
	for i := range b.N {
		if err := l.Append(ctx, id, []duels.Entry{{Seq: i, Option: i % 7, BankA: 180000, BankB: 180000, At: now}}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppend(b *testing.B) {
	eachBackend(b, func(b *testing.B, db *store.DB) { benchAppend(b, duels.New(db)) })
}

// eachBackend runs a benchmark on a fresh SQLite file and, when DUELIST_TEST_POSTGRES is set,
// in a new PostgreSQL schema.
func eachBackend(b *testing.B, fn func(b *testing.B, db *store.DB)) {
	b.Run("sqlite", func(b *testing.B) { fn(b, openDSN(b, filepath.Join(b.TempDir(), "bench.db"))) })
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
		db := openDSN(b, u.String())
		fn(b, db)
		db.Close()
	})
}

func openDSN(b *testing.B, dsn string) *store.DB {
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// fillOpenDuels logs n open duels of the two starter decks, each played at random for up to
// moves answers.
func fillOpenDuels(b *testing.B, l server.DuelLog, n, moves int) int {
	ctx := context.Background()
	rs, _ := ruleset.Get("ocg")
	da, _ := decks.Get("yugi-40")
	db, _ := decks.Get("kaiba-40")
	dl := [2]engine.DeckList{{Main: da.Main, Extra: da.Extra}, {Main: db.Main, Extra: db.Extra}}
	total := 0
	for i := range n {
		h := duels.Header{Room: "R" + strconv.Itoa(i), DuelNo: 1, Ruleset: "ocg", Seed: uint64(i), First: engine.FirstA,
			TimeLimit: 3 * time.Minute, Decks: dl, Names: [2]string{"a", "b"}, TokenHash: [2]string{"x", "y"}, Started: time.Now()}
		d, err := engine.New(engine.Config{Rules: rs.Rules, Seed: h.Seed, First: h.First, Decks: dl, Cards: all.Library()})
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 1))
		var es []duels.Entry
		for len(es) < moves {
			p := d.Prompt()
			if p == nil {
				break
			}
			o, seat := rng.IntN(len(p.Options())), int(p.Seat)
			if d.AnswerIndex(o) != nil || d.Over() {
				break
			}
			es = append(es, duels.Entry{Seq: len(es), Seat: seat, Option: o, BankA: 1e5, BankB: 1e5, At: time.Now()})
		}
		d.Close()
		id, err := l.Begin(ctx, h)
		if err != nil {
			b.Fatal(err)
		}
		if err := l.Append(ctx, id, es); err != nil {
			b.Fatal(err)
		}
		total += len(es)
	}
	return total
}

// benchRecover measures Hub.Recover of 1,000 open duels of up to 150 answers each: reading the
// log and replaying every duel. Run it with -benchtime=1x (the rooms it makes stay open).
func benchRecover(b *testing.B, l server.DuelLog) {
	moves := fillOpenDuels(b, l, 1000, 150)
	b.ResetTimer()
	for range b.N {
		h := server.NewHub(server.Options{Log: l, Logf: b.Logf})
		st, err := h.Recover(context.Background())
		if err != nil || st.Failed != 0 || st.Rooms+st.Finished != 1000 {
			b.Fatalf("recover: %v %v", st, err)
		}
	}
	b.ReportMetric(float64(moves)/1000, "moves/duel")
}

func BenchmarkRecover1000(b *testing.B) {
	eachBackend(b, func(b *testing.B, db *store.DB) { benchRecover(b, duels.New(db)) })
}

// BenchmarkAppendParallel measures appends from many rooms at once, as a loaded server makes
// them: 64 goroutines per CPU, each appending one move at a time to a duel of its own (ns/op is
// the wall time per move across all of them).
func BenchmarkAppendParallel(b *testing.B) {
	eachBackend(b, func(b *testing.B, db *store.DB) {
		l := duels.New(db)
		ctx := context.Background()
		var next atomic.Int64
		now := time.Now()
		b.SetParallelism(64)
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			id, err := l.Begin(ctx, duels.Header{Room: "BENCH" + strconv.Itoa(int(next.Add(1))), DuelNo: 1, Ruleset: "ocg", Started: now})
			if err != nil {
				b.Error(err)
				return
			}
			for seq := 0; pb.Next(); seq++ {
				if err := l.Append(ctx, id, []duels.Entry{{Seq: seq, Option: seq % 7, BankA: 180000, BankB: 180000, At: now}}); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}
