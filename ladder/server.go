package ladder

import (
	"context"
	"errors"
	"time"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
)

// FinishedDuel is a rated duel that has just ended, as the duel server reports it (its
// FinishedDuel has these fields): a duel of a rated room between two logged-in accounts.
type FinishedDuel struct {
	ID       int64  // the duel's id in the duel log (a match's last duel for a bo3 match)
	Room     string // the room's code
	Ruleset  string
	Format   string   // "bo1", or "bo3": a match, reported once at its end
	Accounts [2]int64 // seats A and B
	Decks    [2]engine.DeckList
	Winner   string // A, B or draw
	// Reason is why it ended: the engine's reason, or conceded, time, left or disconnected.
	Reason   string
	Finished time.Time
	// Play is how much of the duel (a match: its duels together) was played (Result.Play).
	Play fairplay.Play
}

// OnFinish is the duel server's Options.OnFinish: it queues a rated duel that ended (Enqueue),
// labelling each seat's deck with DeckLabel, then rates it (Record). It returns nil once the
// result is queued: a rating that fails after that is retried by RunPending (the failure is
// told to logf, when set), so only a result that could not even be queued is an error (the
// server then leaves the duel open in its log, to be reported again at the next start-up).
func (l *Ladder) OnFinish(ctx context.Context, d FinishedDuel) error {
	res := Result{Duel: d.ID, Ruleset: d.Ruleset, Format: d.Format, Accounts: d.Accounts,
		Winner: d.Winner, Reason: d.Reason, Finished: d.Finished, Play: d.Play,
		Decks: [2]string{DeckLabel(d.Decks[0].Main, d.Decks[0].Extra), DeckLabel(d.Decks[1].Main, d.Decks[1].Extra)}}
	err := l.Finish(ctx, res)
	if errors.Is(err, ErrBadResult) {
		// It can never be rated: retrying (the server keeps the duel open to report it again)
		// would not help.
		if l.logf != nil {
			l.logf("ladder: duel %d is not rated: %v", d.ID, err)
		}
		return nil
	}
	return err
}

// Finish queues a finished result and rates it at once, as OnFinish does; a Bo3 match's result
// goes the same way (its id is the match's). It returns an error only when the result could not
// be queued (or is bad: ErrBadResult); a failed rating stays queued for RunPending.
func (l *Ladder) Finish(ctx context.Context, res Result) error {
	if err := l.Enqueue(ctx, res); err != nil {
		return err
	}
	if _, err := l.Record(ctx, res); err != nil && l.logf != nil {
		l.logf("ladder: rating %d failed, queued for a retry: %v", res.Duel, err)
	}
	return nil
}

// RatingOf is quick match's rating of a player (the duel server's QuickMatchOptions.Rating): the rating r
// of the account in the queue, 1500 for a player not rated there yet.
func (l *Ladder) RatingOf(ctx context.Context, acc int64, rs, format string) (float64, error) {
	r, err := l.Rating(ctx, acc, rs, format)
	return r.R, err
}
