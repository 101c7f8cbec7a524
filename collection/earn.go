package collection

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/fairplay"
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
	// Opponent is the other seat's account: 0 for a guest or the AI. A duel against the player's
	// own account, or against a guest (who may be the player's own second tab), earns nothing.
	Opponent account.ID
	AI       bool // the opponent was the server's AI
	Result   Result
	// Surrendered is true when this player ended the duel by conceding, leaving, running out of
	// time or not coming back: it earns nothing.
	Surrendered bool
	Play        fairplay.Play // how much of the duel was played, as the server measured it
	At          time.Time     // when it ended (the daily bonus's and caps' day, UTC); zero means now
}

// Earned is what a duel brought a player.
type Earned struct {
	Duel  int64 `json:"duel"`
	Gems  int64 `json:"gems"`  // for the duel itself
	Daily int64 `json:"daily"` // the first-win-of-the-day bonus, 0 if not earned
	// Note says why the duel paid nothing or less than its full price: self (the player's own
	// account in both seats), guest (a guest opponent), surrendered, short (not a real duel:
	// fairplay.Real), repeat (the same opponent too often lately), cap (the day's cap reached).
	Note string `json:"note,omitempty"`
	// Replayed is true when this duel had been counted already: nothing was earned now.
	Replayed bool `json:"replayed"`
}

// opponentKey names an outcome's opponent in collection_earnings.
func (o DuelOutcome) opponentKey() string {
	switch {
	case o.AI:
		return "ai"
	case o.Opponent == 0:
		return "guest"
	}
	return fmt.Sprintf("account:%d", o.Opponent)
}

// Earn pays a player for a finished duel, once per duel and account (the server may call it
// again for the same duel, after a restart, and nothing is paid twice). The fair-play rules
// (docs/collection.md "Duel earnings", issue 35): only a real duel (Economy.Real: turns and
// decisions) against another account or the AI pays — Economy.WinGems for a win, DuelGems for a
// loss or draw, nothing for a surrender; the same opponent pays less as duels against it repeat
// (Economy.Repeats, the AI counting as one opponent); what duels pay in a UTC day is capped
// (DailyCap, and AIDailyCap against the AI); the first win of the day against another account
// adds DailyWinGems, within the cap.
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
			if err := s.price(ctx, tx, o, day, &out); err != nil {
				return err
			}
			request := fmt.Sprintf("duel %d result %d surrendered %t opponent %s turns %d decisions %d/%d",
				o.Duel, o.Result, o.Surrendered, o.opponentKey(), o.Play.Turns, o.Play.Decisions[0], o.Play.Decisions[1])
			if _, _, err := s.record(ctx, tx, a, "duel", ref, request, out, []change{{asset: Gems, delta: out.Gems}}); err != nil {
				return err
			}
			if out.Daily > 0 {
				if _, _, err := s.record(ctx, tx, a, "daily", day, fmt.Sprintf("daily win duel %d", o.Duel),
					map[string]int64{"duel": o.Duel, "gems": out.Daily}, []change{{asset: Gems, delta: out.Daily}}); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO collection_earnings (account_id, duel_id, opponent, gems, at_ms)
				VALUES ($1, $2, $3, $4, $5)`, a, o.Duel, o.opponentKey(), out.Gems+out.Daily, o.At.UnixMilli()); err != nil {
				return fmt.Errorf("collection: recording the earnings of duel %d: %w", o.Duel, err)
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

// price sets what o earns (out.Gems, out.Daily, out.Note) from the account's earnings so far,
// read in the paying transaction.
func (s *Service) price(ctx context.Context, tx *sql.Tx, o DuelOutcome, day string, out *Earned) error {
	a, e := int64(o.Account), s.eco
	switch {
	case o.Opponent == o.Account:
		out.Note = "self"
	case o.Opponent == 0 && !o.AI:
		out.Note = "guest"
	case o.Surrendered:
		out.Note = "surrendered"
	case !e.Real.Met(o.Play):
		out.Note = "short"
	}
	if out.Note != "" {
		return nil
	}
	var repeats int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM collection_earnings WHERE account_id = $1 AND opponent = $2
		AND at_ms > $3`, a, o.opponentKey(), o.At.Add(-e.Repeats.Window).UnixMilli()).Scan(&repeats); err != nil {
		return fmt.Errorf("collection: counting account %d's duels against %s: %w", a, o.opponentKey(), err)
	}
	gems := e.DuelGems
	if o.Result == Won {
		gems = e.WinGems
	}
	w := e.Repeats.Weight(repeats)
	if w < 1 {
		out.Note = "repeat"
	}
	gems = int64(float64(gems) * w)
	if o.Result == Won && !o.AI && w > 0 && e.DailyWinGems > 0 {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM collection_ops WHERE account_id = $1 AND ref = $2`, a, day).Scan(&n); err != nil {
			return fmt.Errorf("collection: looking up the daily bonus of account %d: %w", a, err)
		}
		if n == 0 {
			out.Daily = e.DailyWinGems
		}
	}
	// The day's caps: what duels paid since the UTC day began, in all and against the AI.
	start := o.At.UTC().Truncate(24 * time.Hour).UnixMilli()
	var today, todayAI int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(gems), 0), COALESCE(SUM(CASE WHEN opponent = 'ai' THEN gems ELSE 0 END), 0)
		FROM collection_earnings WHERE account_id = $1 AND at_ms >= $2`, a, start).Scan(&today, &todayAI); err != nil {
		return fmt.Errorf("collection: reading account %d's earnings today: %w", a, err)
	}
	left := e.DailyCap - today
	if o.AI {
		left = min(left, e.AIDailyCap-todayAI)
	}
	left = max(left, 0)
	if gems+out.Daily > left {
		out.Note = "cap"
		gems = min(gems, left)
		out.Daily = min(out.Daily, left-gems)
	}
	out.Gems = gems
	return nil
}
