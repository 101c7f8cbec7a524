package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
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
	Begin(ctx context.Context, h DuelHeader) (int64, error)
	// Append adds entries to an unfinished duel's log, in order, atomically.
	Append(ctx context.Context, duel int64, entries []LogEntry) error
	// Finish marks a duel finished with its result and replay (the .duel text).
	Finish(ctx context.Context, duel int64, res DuelResult, replay []byte) error
	// Open returns every unfinished duel with its entries, in the order they were begun.
	Open(ctx context.Context) ([]OpenDuel, error)
	// Past lists the finished duels an account played, newest first, at most limit.
	Past(ctx context.Context, account int64, limit int) ([]DuelSummary, error)
	// Replay returns a finished duel's summary (with its seats) and its replay text.
	Replay(ctx context.Context, duel int64) (DuelSummary, []byte, error)
}

// ErrNoDuel is returned by a DuelLog for a duel it does not hold (or that is not finished).
var ErrNoDuel = errors.New("no such finished duel")

// DuelHeader is what a duel starts from: with its answers it is the whole duel.
type DuelHeader struct {
	Room    string           // the room's code
	DuelNo  int              // the duel's number in its room, from 1
	Ruleset string           // a ruleset id
	Seed    uint64           // the engine's seed (never sent to a client)
	First   engine.FirstMode // how the first player is chosen
	// AlwaysAsk: every chain window was offered to both seats (engine.Config.AlwaysAsk). Every
	// duel the server starts sets it; a log written before it did has false and replays so.
	AlwaysAsk bool
	TimeLimit time.Duration      // the seats' time bank
	AI        bool               // seat B is the server's AI
	Decks     [2]engine.DeckList // A's and B's decks
	Names     [2]string          // the seats' display names
	TokenHash [2]string          // hex SHA-256 of each seat's token ("" for the AI)
	Accounts  [2]int64           // the seats' accounts, 0 for a guest or the AI
	Started   time.Time
	Rated     bool   `json:",omitempty"` // its end is reported to Options.OnFinish (rated.go)
	Format    string `json:",omitempty"` // a rated duel's format: bo1 (a bo3 match is rated at its end)
	Match     int64  `json:",omitempty"` // the best-of-3 match it belongs to (its MatchLog id), bo3.go
	MatchDuel int    `json:",omitempty"` // its number in the match, from 1
	Banlist   string `json:",omitempty"` // the room's banlist ("" for the default), roomdecks.go
	FreeCards bool   `json:",omitempty"` // the room plays free cards
}

// Entry kinds.
const (
	EntryAnswer  = 0 // Seat answered option Option of the pending prompt
	EntryConcede = 1 // Seat conceded (or lost on time, on leaving, on not coming back): Reason
)

// LogEntry is one accepted move of a duel and the time banks it left.
type LogEntry struct {
	Seq    int // from 0 in the duel
	Kind   int // EntryAnswer or EntryConcede
	Seat   int
	Option int    // the option's index (answers)
	Reason string // time, disconnected, left, conceded (concedes)
	// BankA and BankB are the seats' time banks once the move was made, milliseconds.
	BankA, BankB int64
	At           time.Time
}

// DuelResult is how a duel ended.
type DuelResult struct {
	Winner   string // A, B or draw
	Reason   string
	Finished time.Time
	// Play is how much of the duel was played (fairplay.Play): what it earns depends on it.
	Play fairplay.Play
}

// OpenDuel is an unfinished duel as its log holds it.
type OpenDuel struct {
	ID      int64
	Header  DuelHeader
	Entries []LogEntry
}

// DuelSummary describes a finished duel for its players' lists.
type DuelSummary struct {
	ID       int64     `json:"id"`
	Room     string    `json:"room"`
	Ruleset  string    `json:"ruleset"`
	Names    [2]string `json:"names"`
	Accounts [2]int64  `json:"accounts"`
	AI       bool      `json:"ai"`
	Winner   string    `json:"winner"`
	Reason   string    `json:"reason"`
	Answers  int       `json:"answers"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`
	// Match and MatchDuel: the best-of-3 match the duel belongs to and its number in it.
	Match     int64 `json:"match,omitempty"`
	MatchDuel int   `json:"matchDuel,omitempty"`
	// TokenHash is not sent: it lets a guest download its replay with its seat token.
	TokenHash [2]string `json:"-"`
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

	matches   map[int64]MatchState // the best-of-3 matches (bo3log.go)
	nextMatch int64
}

type memDuel struct {
	h       DuelHeader
	entries []LogEntry
	done    bool
	res     DuelResult
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
func (l *MemLog) Begin(_ context.Context, h DuelHeader) (int64, error) {
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
func (l *MemLog) Append(_ context.Context, id int64, es []LogEntry) error {
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
func (l *MemLog) Finish(_ context.Context, id int64, res DuelResult, replay []byte) error {
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
func (l *MemLog) Open(context.Context) ([]OpenDuel, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []OpenDuel
	for id, d := range l.duels {
		if !d.done {
			out = append(out, OpenDuel{ID: id, Header: d.h, Entries: slices.Clone(d.entries)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// Past implements DuelLog.
func (l *MemLog) Past(_ context.Context, account int64, limit int) ([]DuelSummary, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []DuelSummary
	for id, d := range l.duels {
		if d.done && account != 0 && (d.h.Accounts[0] == account || d.h.Accounts[1] == account) {
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
func (l *MemLog) Replay(_ context.Context, id int64) (DuelSummary, []byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d := l.duels[id]
	if d == nil || !d.done {
		return DuelSummary{}, nil, ErrNoDuel
	}
	return d.summary(id), slices.Clone(d.replay), nil
}

func (d *memDuel) summary(id int64) DuelSummary {
	return DuelSummary{ID: id, Room: d.h.Room, Ruleset: d.h.Ruleset, Names: d.h.Names,
		Accounts: d.h.Accounts, AI: d.h.AI, Winner: d.res.Winner, Reason: d.res.Reason,
		Answers: len(d.entries), Started: d.h.Started, Finished: d.res.Finished, TokenHash: d.h.TokenHash,
		Match: d.h.Match, MatchDuel: d.h.MatchDuel}
}
