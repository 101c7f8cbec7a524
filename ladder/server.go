package ladder

import (
	"context"

	"github.com/duelistgame/duelist/server"
)

// OnFinish is the duel server's Options.OnFinish: it records a rated duel that ended (Record),
// labelling each seat's deck with DeckLabel.
func (l *Ladder) OnFinish(ctx context.Context, d server.FinishedDuel) error {
	_, err := l.Record(ctx, Result{Duel: d.ID, Ruleset: d.Ruleset, Format: d.Format, Accounts: d.Accounts,
		Winner: d.Winner, Reason: d.Reason, Finished: d.Finished,
		Decks: [2]string{DeckLabel(d.Decks[0].Main, d.Decks[0].Extra), DeckLabel(d.Decks[1].Main, d.Decks[1].Extra)}})
	return err
}

// RatingOf is quick match's rating of a player (server.QuickMatchOptions.Rating): the rating r
// of the account in the queue, 1500 for a player not rated there yet.
func (l *Ladder) RatingOf(ctx context.Context, acc int64, rs, format string) (float64, error) {
	r, err := l.Rating(ctx, acc, rs, format)
	return r.R, err
}
