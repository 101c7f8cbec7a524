package collection

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/store"
)

// Result is how a duel ended for one player.
type Result int

// The results of a duel for a player.
const (
	Lost Result = iota
	Won
	Drew
)

// DuelOutcome is one player's side of a finished duel, as the server reports it to Earn.
type DuelOutcome struct {
	Duel    int64      // the duel's id in the duel log: each duel is counted once per account
	Account account.ID // the player
	Result  Result
	// Surrendered is true when this player ended the duel by conceding, leaving, running out of
	// time or not coming back: it earns nothing.
	Surrendered bool
	Turns       int       // the turn the duel ended on
	At          time.Time // when it ended (the daily bonus's day, UTC); zero means now
}

// Earned is what a duel brought a player.
type Earned struct {
	Duel  int64 `json:"duel"`
	Gems  int64 `json:"gems"`  // for the duel itself
	Daily int64 `json:"daily"` // the first-win-of-the-day bonus, 0 if not earned
	// Replayed is true when this duel had been counted already: nothing was earned now.
	Replayed bool `json:"replayed"`
}

// Earn pays a player for a finished duel, once per duel and account (the server may call it
// again for the same duel, after a restart, and nothing is paid twice): Economy.WinGems for a
// win, DuelGems for a loss or draw, nothing when the player surrendered or the duel ended before
// turn Economy.MinTurns; the first win of a UTC day adds DailyWinGems.
func (s *Service) Earn(ctx context.Context, o DuelOutcome) (Earned, error) {
	a := int64(o.Account)
	if a == 0 {
		return Earned{}, badRequest("a duel's earnings go to an account, not a guest")
	}
	if o.At.IsZero() {
		o.At = s.opts.Now()
	}
	if err := s.ensureStarter(ctx, a); err != nil {
		return Earned{}, err
	}
	unlock := s.lock(a)
	defer unlock()
	ref := fmt.Sprintf("duel:%d", o.Duel)
	day := "daily:" + o.At.UTC().Format(time.DateOnly)
	var out Earned
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = s.inTx(ctx, func(tx *sql.Tx) error {
			out = Earned{Duel: o.Duel}
			var r string
			err := tx.QueryRowContext(ctx, `SELECT result FROM collection_ops WHERE account_id = $1 AND ref = $2`, a, ref).Scan(&r)
			if err == nil {
				if err := json.Unmarshal([]byte(r), &out); err != nil {
					return fmt.Errorf("collection: reading the earnings of duel %d: %w", o.Duel, err)
				}
				out.Replayed = true
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("collection: looking up duel %d of account %d: %w", o.Duel, a, err)
			}
			counts := !o.Surrendered && o.Turns >= s.eco.MinTurns
			if counts {
				out.Gems = s.eco.DuelGems
				if o.Result == Won {
					out.Gems = s.eco.WinGems
				}
			}
			if counts && o.Result == Won && s.eco.DailyWinGems > 0 {
				var n int
				if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM collection_ops WHERE account_id = $1 AND ref = $2`, a, day).Scan(&n); err != nil {
					return fmt.Errorf("collection: looking up the daily bonus of account %d: %w", a, err)
				}
				if n == 0 {
					out.Daily = s.eco.DailyWinGems
				}
			}
			request := fmt.Sprintf("duel %d result %d surrendered %t turns %d", o.Duel, o.Result, o.Surrendered, o.Turns)
			if _, _, err := s.record(ctx, tx, a, "duel", ref, request, out, []change{{asset: Gems, delta: out.Gems}}); err != nil {
				return err
			}
			if out.Daily > 0 {
				if _, _, err := s.record(ctx, tx, a, "daily", day, fmt.Sprintf("daily win duel %d", o.Duel),
					map[string]int64{"duel": o.Duel, "gems": out.Daily}, []change{{asset: Gems, delta: out.Daily}}); err != nil {
					return err
				}
			}
			return nil
		})
		// Another process counted the duel (or took the day's bonus) between our look-up and our
		// insert: look again.
		if err == nil || !store.IsUniqueViolation(err) {
			break
		}
	}
	if err != nil {
		return Earned{}, fmt.Errorf("collection: paying account %d for duel %d: %w", a, o.Duel, err)
	}
	return out, nil
}
