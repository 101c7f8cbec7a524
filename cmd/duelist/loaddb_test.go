package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/duelistgame/duelist/store"
)

// TestPlainLoadWritesTheDuelLog: `duelist loadtest --db FILE` gives the load test's server the
// durable duel log: every room's duel is in it, with at least every answer the bots measured.
func TestPlainLoadWritesTheDuelLog(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of load")
	}
	file := filepath.Join(t.TempDir(), "lt.db")
	const rooms = 4
	var out, errb bytes.Buffer
	args := []string{"--duels", strconv.Itoa(rooms), "--ramp", "200ms", "--duration", "2s", "--think", "20ms", "--db", file}
	if code := cmdLoadtest(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	m := regexp.MustCompile(`; (\d+) answers .*; (\d+) errors`).FindStringSubmatch(out.String())
	if m == nil || m[2] != "0" {
		t.Fatalf("report: %s", out.String())
	}
	answers, _ := strconv.Atoi(m[1])
	if answers == 0 {
		t.Fatalf("no answers measured: %s", out.String())
	}
	db, err := store.Open(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var logged, withMoves, moves int
	if err := db.SQL().QueryRow(`SELECT COUNT(DISTINCT duel_id), COUNT(*) FROM duel_moves`).Scan(&withMoves, &moves); err != nil {
		t.Fatal(err)
	}
	if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM duel_logs`).Scan(&logged); err != nil {
		t.Fatal(err)
	}
	if logged < rooms || withMoves != logged || moves < answers {
		t.Fatalf("the log holds %d duels (%d with moves), %d moves; the bots played %d rooms and measured %d answers",
			logged, withMoves, moves, rooms, answers)
	}
	t.Logf("%d duels, %d moves in the log; %d answers measured", logged, moves, answers)
}
