// Package ladder keeps the rated side of online play in the store: one Glicko-2 rating per
// account, ruleset and format (Bo1, Bo3), every rated duel with both players' ratings before and
// after it (which is also the rating history), the leaderboard of a ruleset and format, and the
// profile of a player (ratings with history, recent rated duels with their replay ids, win rates
// per deck). Its tables are ladder_ratings and ladder_results (store migrations 00200-00249);
// docs/ladder.md says how it rates.
package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/limit"
	"github.com/duelistgame/duelist/rating"
	"github.com/duelistgame/duelist/store"
)

// The formats a rating is kept for.
const (
	Bo1 = "bo1"
	Bo3 = "bo3"
)

// ValidFormat reports whether f is a format the ladder rates.
func ValidFormat(f string) bool { return f == Bo1 || f == Bo3 }

// Result is how one rated duel (or Bo3 match) ended, as the server reports it.
type Result struct {
	Duel     int64    // the duel log's id: a duel is rated once
	Ruleset  string   // a ruleset id
	Format   string   // Bo1 or Bo3
	Accounts [2]int64 // the accounts of seats A and B
	Winner   string   // "A", "B" or "draw"
	// Reason is why it ended: the engine's reason, or "conceded" (a surrender), "time",
	// "left" or "disconnected" (abandoning: the seat did not come back within the grace period).
	// Every reason counts: the loser is rated a loss however the duel was lost.
	Reason   string
	Decks    [2]string // each seat's deck label (DeckLabel); "" is recorded as "?"
	Finished time.Time
	// Play is how much of the duel (a match: of its duels together) was played, as the server
	// measured it: a duel short of fairplay.Real moves no rating but a surrendering loser's
	// (docs/ladder.md "Fair play"). Turns -1 is a result queued before play was measured: real.
	Play fairplay.Play
}

// Errors of Record.
var (
	// ErrBadResult wraps a result that cannot be rated (nothing is written).
	ErrBadResult = errors.New("ladder: bad result")
)

// Recorded is what Record did: the ratings after the duel (the stored ones when the duel was
// rated before) and whether this call rated it.
type Recorded struct {
	Duel     int64
	New      bool             // false: the duel was rated before and nothing changed
	Before   [2]rating.Rating // seats A and B before the duel (σ is not kept for history)
	After    [2]rating.Rating // ... and after
	Accounts [2]int64
	Winner   string
	Reason   string
	Decks    [2]string
	Ruleset  string
	Format   string
	Finished time.Time
	// Weight is how much the result counted for each seat: 1 in full, less for a repeated result
	// against the same opponent, 0 for a duel that was not a real one (the rating did not move).
	Weight [2]float64
}

// Profile lookups: an account looks up ProfileBurst other players' profiles at once, then one
// every ProfileEvery (enumerating accounts by id takes days).
const (
	ProfileBurst = 30
	ProfileEvery = 2 * time.Second
)

// IdlePeriod is how long counts as one rating period without a game: before a rated game, each
// player's RD grows by the idle periods since its last (rating.System.Idle), up to a new player's.
const IdlePeriod = 24 * time.Hour

// Ladder is the rated results and ratings in a store.
type Ladder struct {
	db       *store.DB
	sys      rating.System
	now      func() time.Time
	kick     chan struct{} // wakes RunPending (pending.go)
	real     fairplay.Minimum
	repeats  fairplay.Repeats
	profiles *limit.Keyed // another player's profile looked up, per account (http.go)
	friends  func(ctx context.Context, a, b int64) (bool, error)
	logf     func(format string, args ...any)
	// failRate, when set (tests), runs in Record's transaction before anything is written; its
	// error fails the rating as a store error would.
	failRate func(Result) error
}

// Options configure a ladder. Zero values take the defaults.
type Options struct {
	System rating.System    // default rating.Default
	Now    func() time.Time // default time.Now
	// Logf, when set, is told of ratings that failed and were queued for a retry (pending.go).
	Logf func(format string, args ...any)
	// Real is the minimum of a rated duel (default fairplay.Real, the earnings' own).
	Real fairplay.Minimum
	// Repeats is how a pair's repeated results count less (default fairplay.DefaultRepeats).
	Repeats fairplay.Repeats
	// Friends, when set, reports whether two accounts are friends: a friend's profile is shown
	// even without a rated game (social.Service.AreFriends).
	Friends func(ctx context.Context, a, b int64) (bool, error)
}

// New returns the ladder on db, whose migrations have run.
func New(db *store.DB, opts Options) *Ladder {
	if opts.System.Tau == 0 {
		opts.System = rating.Default
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Real == (fairplay.Minimum{}) {
		opts.Real = fairplay.Real
	}
	if opts.Repeats == (fairplay.Repeats{}) {
		opts.Repeats = fairplay.DefaultRepeats
	}
	return &Ladder{db: db, sys: opts.System, now: opts.Now, kick: make(chan struct{}, 1), logf: opts.Logf,
		real: opts.Real, repeats: opts.Repeats, profiles: limit.NewKeyed(ProfileEvery, ProfileBurst, 0),
		friends: opts.Friends}
}

func (r Result) check() error {
	switch {
	case r.Duel <= 0:
		return fmt.Errorf("%w: duel id %d", ErrBadResult, r.Duel)
	case r.Ruleset == "":
		return fmt.Errorf("%w: duel %d has no ruleset", ErrBadResult, r.Duel)
	case !ValidFormat(r.Format):
		return fmt.Errorf("%w: duel %d: format %q is not bo1 or bo3", ErrBadResult, r.Duel, r.Format)
	case r.Accounts[0] <= 0 || r.Accounts[1] <= 0:
		return fmt.Errorf("%w: duel %d: both seats need an account (have %d and %d)", ErrBadResult, r.Duel, r.Accounts[0], r.Accounts[1])
	case r.Accounts[0] == r.Accounts[1]:
		return fmt.Errorf("%w: duel %d: account %d cannot be rated against itself", ErrBadResult, r.Duel, r.Accounts[0])
	case r.Winner != "A" && r.Winner != "B" && r.Winner != "draw":
		return fmt.Errorf("%w: duel %d: winner %q is not A, B or draw", ErrBadResult, r.Duel, r.Winner)
	}
	return nil
}

// score is seat A's score.
func (r Result) score() rating.Score {
	switch r.Winner {
	case "A":
		return rating.Win
	case "B":
		return rating.Loss
	}
	return rating.Draw
}

func label(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// errDuplicate stops a transaction that found its duel already rated.
var errDuplicate = errors.New("ladder: duel already rated")

// Record rates a finished duel: both players' ratings and the duel's result row are written in
// one transaction, which also takes the result out of the queue of ratings (pending.go). Recording
// a duel that was rated before changes nothing (but dequeues it) and returns the stored figures
// with New false, so the server may report a result more than once (after a crash, say).
func (l *Ladder) Record(ctx context.Context, res Result) (Recorded, error) {
	if err := res.check(); err != nil {
		return Recorded{}, err
	}
	if res.Finished.IsZero() {
		res.Finished = l.now()
	}
	res.Decks = [2]string{label(res.Decks[0]), label(res.Decks[1])}
	var out Recorded
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM ladder_results WHERE duel_id = $1`, res.Duel).Scan(&one)
		if err == nil {
			return errDuplicate
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if l.failRate != nil {
			if err := l.failRate(res); err != nil {
				return err
			}
		}
		var before [2]rating.Rating
		var stats [2]counts
		for s := range 2 {
			var last time.Time
			before[s], stats[s], last, err = readRating(ctx, tx, res.Accounts[s], res.Ruleset, res.Format)
			if err != nil {
				return err
			}
			if idle := res.Finished.Sub(last); stats[s].games > 0 && idle > 0 {
				before[s] = l.sys.Idle(before[s], float64(idle)/float64(IdlePeriod))
			}
		}
		a, b, err := l.sys.Game(before[0], before[1], res.score())
		if err != nil {
			return err
		}
		fin := res.Finished.UnixMilli()
		weight, err := l.weights(ctx, tx, res)
		if err != nil {
			return err
		}
		full := [2]rating.Rating{a, b}
		var after [2]rating.Rating
		sc := [2]rating.Score{res.score(), 1 - res.score()}
		for s := range 2 {
			after[s] = blend(before[s], full[s], weight[s])
			if weight[s] == 0 {
				continue // the rating does not move, and the game is not counted
			}
			stats[s].add(sc[s])
			if _, err := tx.ExecContext(ctx, `INSERT INTO ladder_ratings
				(account_id, ruleset, format, r, rd, sigma, games, wins, losses, draws, updated_ms)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
				ON CONFLICT (account_id, ruleset, format) DO UPDATE SET r = excluded.r, rd = excluded.rd,
				sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, losses = excluded.losses,
				draws = excluded.draws, updated_ms = excluded.updated_ms`,
				res.Accounts[s], res.Ruleset, res.Format, after[s].R, after[s].RD, after[s].Sigma,
				stats[s].games, stats[s].wins, stats[s].losses, stats[s].draws, fin); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ladder_results (duel_id, ruleset, format, account_a, account_b,
			winner, reason, deck_a, deck_b, a_before_r, a_before_rd, a_after_r, a_after_rd,
			b_before_r, b_before_rd, b_after_r, b_after_rd, finished_ms, weight_a, weight_b)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
			res.Duel, res.Ruleset, res.Format, res.Accounts[0], res.Accounts[1], res.Winner, res.Reason,
			res.Decks[0], res.Decks[1], before[0].R, before[0].RD, after[0].R, after[0].RD,
			before[1].R, before[1].RD, after[1].R, after[1].RD, fin, weight[0], weight[1]); err != nil {
			return err
		}
		if err := dequeue(ctx, tx, res.Duel); err != nil {
			return err
		}
		out = Recorded{Duel: res.Duel, New: true, Before: before, After: after, Accounts: res.Accounts,
			Winner: res.Winner, Reason: res.Reason, Finished: time.UnixMilli(fin), Ruleset: res.Ruleset,
			Format: res.Format, Decks: res.Decks, Weight: weight}
		return nil
	})
	if errors.Is(err, errDuplicate) || (err != nil && store.IsUniqueViolation(err)) {
		// Rated before, or by a racing call that committed first: report what is stored, and
		// drop the result from the queue if it is there (rated before a crash, say).
		if err := dequeue(ctx, l.db.SQL(), res.Duel); err != nil {
			return Recorded{}, fmt.Errorf("ladder: dequeueing duel %d: %w", res.Duel, err)
		}
		return l.Result(ctx, res.Duel)
	}
	if err != nil {
		return Recorded{}, fmt.Errorf("ladder: rating duel %d: %w", res.Duel, err)
	}
	return out, nil
}

// counts are a rating's game counts.
type counts struct{ games, wins, losses, draws int }

func (c *counts) add(s rating.Score) {
	c.games++
	switch s {
	case rating.Win:
		c.wins++
	case rating.Loss:
		c.losses++
	default:
		c.draws++
	}
}

// readRating reads an account's rating in a queue and when it last changed; a player with none
// has a new rating.
func readRating(ctx context.Context, q querier, acc int64, rs, format string) (rating.Rating, counts, time.Time, error) {
	var r rating.Rating
	var c counts
	var updated int64
	err := q.QueryRowContext(ctx, `SELECT r, rd, sigma, games, wins, losses, draws, updated_ms FROM ladder_ratings
		WHERE account_id = $1 AND ruleset = $2 AND format = $3`, acc, rs, format).
		Scan(&r.R, &r.RD, &r.Sigma, &c.games, &c.wins, &c.losses, &c.draws, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return rating.New(), counts{}, time.Time{}, nil
	}
	if err != nil {
		return r, c, time.Time{}, fmt.Errorf("reading account %d's %s/%s rating: %w", acc, rs, format, err)
	}
	return r, c, time.UnixMilli(updated), nil
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Result returns the stored rating of a duel; ErrNotRated when it was not rated.
func (l *Ladder) Result(ctx context.Context, duel int64) (Recorded, error) {
	out := Recorded{Duel: duel}
	var fin int64
	var a, b sql.NullInt64
	err := l.db.SQL().QueryRowContext(ctx, `SELECT ruleset, format, account_a, account_b, winner, reason,
		deck_a, deck_b, a_before_r, a_before_rd, a_after_r, a_after_rd, b_before_r, b_before_rd, b_after_r,
		b_after_rd, finished_ms, weight_a, weight_b FROM ladder_results WHERE duel_id = $1`, duel).Scan(&out.Ruleset, &out.Format,
		&a, &b, &out.Winner, &out.Reason, &out.Decks[0], &out.Decks[1],
		&out.Before[0].R, &out.Before[0].RD, &out.After[0].R, &out.After[0].RD,
		&out.Before[1].R, &out.Before[1].RD, &out.After[1].R, &out.After[1].RD, &fin, &out.Weight[0], &out.Weight[1])
	if errors.Is(err, sql.ErrNoRows) {
		return Recorded{}, fmt.Errorf("%w: duel %d", ErrNotRated, duel)
	}
	if err != nil {
		return Recorded{}, fmt.Errorf("ladder: reading duel %d's result: %w", duel, err)
	}
	out.Accounts = [2]int64{a.Int64, b.Int64}
	out.Finished = time.UnixMilli(fin)
	return out, nil
}

// ErrNotRated is returned for a duel the ladder did not rate.
var ErrNotRated = errors.New("ladder: the duel was not rated")

// Rating returns an account's rating in a queue (a new rating when it has played none there).
func (l *Ladder) Rating(ctx context.Context, acc int64, rs, format string) (rating.Rating, error) {
	r, _, _, err := readRating(ctx, l.db.SQL(), acc, rs, format)
	if err != nil {
		return r, fmt.Errorf("ladder: %w", err)
	}
	return r, nil
}
