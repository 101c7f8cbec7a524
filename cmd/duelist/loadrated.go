package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/loadgen"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
)

// ratedLoadFlags are the flags of `duelist loadtest --rated`.
type ratedLoadFlags struct {
	players               int
	db                    string // "" = a new SQLite file in a temporary directory
	think, ramp, duration time.Duration
	chat, duelTime        time.Duration
	fastLogin             bool                 // the bots' passwords hashed cheaply (not what is measured)
	logf                  func(string, ...any) // the server's log (nil: quiet)
}

// ratedLoad runs `duelist loadtest --rated N`: the whole game as `duelist serve` builds it
// (accounts, duel log, ladder, social) over a store, in process on a loopback port, and N bots
// that register, play rated quick-match duels and chat (loadgen.RunRatedLoad).
func ratedLoad(f ratedLoadFlags, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The server's own complaints go to stderr, at most 20 of them, and at most 200 more about
	// ratings (what the run checks).
	logged, rating := 0, 0
	var mu sync.Mutex
	f.logf = func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		line := fmt.Sprintf(format, a...)
		if logged++; logged <= 20 || (strings.Contains(line, "rating") && !strings.Contains(line, "quick match") && rating < 200) {
			if logged > 20 {
				rating++
			}
			fmt.Fprintf(stderr, "  server: %s\n", line)
		}
	}
	rep, err := runRatedLoad(ctx, f, func(r loadgen.RatedLoadReport) { fmt.Fprintf(stderr, "  %v\n", r) },
		func(format string, a ...any) { fmt.Fprintf(stdout, format+"\n", a...) })
	if err != nil {
		fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "result: %v\n", rep)
	if !rep.RatingsMatch() {
		fmt.Fprintf(stderr, "duelist loadtest: the ladder recorded %d ratings for %d rated duels\n", rep.Ratings, rep.Rated)
		return 1
	}
	return 0
}

// runRatedLoad builds the stack, runs the bots and returns their report.
func runRatedLoad(ctx context.Context, f ratedLoadFlags, progress func(loadgen.RatedLoadReport), say func(string, ...any)) (loadgen.RatedLoadReport, error) {
	if f.logf == nil {
		f.logf = func(string, ...any) {}
	}
	dsn := f.db
	if dsn == "" {
		dir, err := os.MkdirTemp("", "duelist-loadtest-")
		if err != nil {
			return loadgen.RatedLoadReport{}, err
		}
		defer os.RemoveAll(dir)
		dsn = filepath.Join(dir, "duelist.db")
	}
	octx, ocancel := context.WithTimeout(ctx, time.Minute)
	db, err := store.Open(octx, dsn)
	ocancel()
	if err != nil {
		return loadgen.RatedLoadReport{}, err
	}
	defer db.Close()
	// The bots all come from 127.0.0.1: no per-address limits, no login-attempt limit and no
	// bound on the hash queue but its waiting.
	ao := account.Options{Limits: account.NoLimits()}
	if f.fastLogin {
		// Thousands of bots registering would spend minutes of both cores in argon2id at the
		// real cost: the duels, not the logins, are measured.
		ao.Hash = account.HashParams{MemoryKiB: 64, Time: 1, Threads: 1}
	}
	st, err := newStack(db, server.Options{Logf: f.logf, Limits: server.Unlimited(), RatePerSec: -1}, ao, nil, "", fairplay.Minimum{})
	if err != nil {
		return loadgen.RatedLoadReport{}, err
	}
	defer st.log.Close() // after the server and the ratings stop, before the database closes
	defer st.runRatings(f.logf)()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return loadgen.RatedLoadReport{}, err
	}
	hs := &http.Server{Handler: st.handler, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	defer hs.Close()
	say("loadtest: %d bots play rated quick-match duels on %s against http://%s (think %v, chat every %v, conceding after %v, ramp %v, measuring %v)",
		f.players, db.Dialect(), ln.Addr(), f.think, f.chat, f.duelTime, f.ramp, f.duration)
	return loadgen.RunRatedLoad(ctx, loadgen.RatedLoadConfig{BaseURL: "http://" + ln.Addr().String(),
		Players: f.players, Duration: f.duration, Think: f.think, Ramp: f.ramp, Chat: f.chat, DuelTime: f.duelTime, Seed: 1,
		Progress: progress,
		Ratings: func(ctx context.Context) (int64, error) {
			// A rating that failed waits in the ladder's queue for its retry (a few seconds):
			// count once the queue is empty, or after a minute.
			wctx, cancel := context.WithTimeout(ctx, time.Minute)
			defer cancel()
			for {
				var queued int64
				if err := db.SQL().QueryRowContext(wctx, `SELECT COUNT(*) FROM ladder_pending`).Scan(&queued); err != nil || queued == 0 {
					break
				}
				st.ladder.Kick()
				select {
				case <-wctx.Done():
				case <-time.After(100 * time.Millisecond):
					continue
				}
				break
			}
			var n int64
			err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_results`).Scan(&n)
			return n, err
		}})
}
