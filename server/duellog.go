package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/duelistgame/duelist/duels"
)

// DuelLog is the server's write-ahead answer log: every duel's header (decks, seed, ruleset,
// options, the seats' hashed tokens) when it starts, then every accepted answer, appended before
// its result is broadcast. The engine is deterministic, so a duel is rebuilt from its log after a
// crash (Hub.Recover). A finished duel keeps its result and its replay.
//
// Implementations must be safe for concurrent use (rooms write from their own goroutines) and an
// Append that returns nil must be durable.
type DuelLog interface {
	// Begin records a new duel and returns its id.
	Begin(ctx context.Context, h duels.Header) (int64, error)
	// Append adds entries to an unfinished duel's log, in order, atomically.
	Append(ctx context.Context, duel int64, entries []duels.Entry) error
	// Finish marks a duel finished with its result and replay (the .duel text).
	Finish(ctx context.Context, duel int64, res duels.Result, replay []byte) error
	// Open returns every unfinished duel with its entries, in the order they were begun.
	Open(ctx context.Context) ([]duels.OpenDuel, error)
	// Past lists the finished duels an account played, newest first, at most limit.
	Past(ctx context.Context, account int64, limit int) ([]duels.Summary, error)
	// Replay returns a finished duel's summary (with its seats) and its replay text.
	Replay(ctx context.Context, duel int64) (duels.Summary, []byte, error)
}

// hashToken is what a log stores of a seat token: its SHA-256, hex. A token is 128 random bits,
// so a plain hash is enough (no password stretching is needed).
func hashToken(tok string) string {
	if tok == "" {
		return ""
	}
	s := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(s[:])
}

// MemLog is a DuelLog in memory, for tests (a real server uses the store's).
type MemLog struct {
	mu     sync.Mutex
	next   int64
	duels  map[int64]*memDuel
	failOn func(op string) error // when set, an operation fails with its error

	matches   map[int64]duels.MatchState // the best-of-3 matches (bo3log.go)
	nextMatch int64
}

type memDuel struct {
	h       duels.Header
	entries []duels.Entry
	done    bool
	res     duels.Result
	replay  []byte
}

// NewMemLog returns an empty log.
func NewMemLog() *MemLog { return &MemLog{duels: map[int64]*memDuel{}} }

// FailOn makes the log's operations fail with f's error (nil to succeed); tests use it.
func (l *MemLog) FailOn(f func(op string) error) {
	l.mu.Lock()
	l.failOn = f
	l.mu.Unlock()
}

func (l *MemLog) fail(op string) error {
	if l.failOn != nil {
		return l.failOn(op)
	}
	return nil
}

// Begin implements DuelLog.
func (l *MemLog) Begin(_ context.Context, h duels.Header) (int64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fail("begin"); err != nil {
		return 0, err
	}
	l.next++
	l.duels[l.next] = &memDuel{h: h}
	return l.next, nil
}

// Append implements DuelLog.
func (l *MemLog) Append(_ context.Context, id int64, es []duels.Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fail("append"); err != nil {
		return err
	}
	d := l.duels[id]
	if d == nil || d.done {
		return fmt.Errorf("append to duel %d: it is not an open duel", id)
	}
	for _, e := range es {
		if e.Seq != len(d.entries) {
			return fmt.Errorf("append to duel %d: entry %d, want %d", id, e.Seq, len(d.entries))
		}
		d.entries = append(d.entries, e)
	}
	return nil
}

// Finish implements DuelLog.
func (l *MemLog) Finish(_ context.Context, id int64, res duels.Result, replay []byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fail("finish"); err != nil {
		return err
	}
	d := l.duels[id]
	if d == nil {
		return fmt.Errorf("finish duel %d: no such duel", id)
	}
	d.done, d.res, d.replay = true, res, slices.Clone(replay)
	return nil
}

// Open implements DuelLog.
func (l *MemLog) Open(context.Context) ([]duels.OpenDuel, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []duels.OpenDuel
	for id, d := range l.duels {
		if !d.done {
			out = append(out, duels.OpenDuel{ID: id, Header: d.h, Entries: slices.Clone(d.entries)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// Past implements DuelLog.
func (l *MemLog) Past(_ context.Context, account int64, limit int) ([]duels.Summary, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []duels.Summary
	for id, d := range l.duels {
		if d.done && account != 0 && d.summary(id).Played(account, func(string) bool { return false }) {
			out = append(out, d.summary(id))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Replay implements DuelLog.
func (l *MemLog) Replay(_ context.Context, id int64) (duels.Summary, []byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d := l.duels[id]
	if d == nil || !d.done {
		return duels.Summary{}, nil, duels.ErrNoDuel
	}
	return d.summary(id), slices.Clone(d.replay), nil
}

func (d *memDuel) summary(id int64) duels.Summary {
	return duels.Summary{ID: id, Room: d.h.Room, Ruleset: d.h.Ruleset, Names: d.h.Names,
		Accounts: d.h.Accounts, AI: d.h.AI, Winner: d.res.Winner, Reason: d.res.Reason,
		Answers: len(d.entries), Started: d.h.Started, Finished: d.res.Finished, TokenHash: d.h.TokenHash,
		Match: d.h.Match, MatchDuel: d.h.MatchDuel, Tag: d.h.Tag.Summary()}
}
