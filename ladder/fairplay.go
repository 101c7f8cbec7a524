package ladder

import (
	"context"
	"fmt"

	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/rating"
)

// weights says how much a result counts for each seat (docs/ladder.md "Fair play"): a real duel
// (Options.Real) counts for both, as much as the pair's repeats allow (Options.Repeats: the
// results between the two accounts in the window before it, in any ruleset or format, count
// against it); a duel short of it moves no rating, except that a loser who surrendered (conceded,
// left, ran out of time, did not come back) is rated its loss, so that a player cannot escape a
// lost duel by conceding early, while its opponent gains nothing: a concession farm moves no
// rating it wants to move.
func (l *Ladder) weights(ctx context.Context, q querier, res Result) ([2]float64, error) {
	var n int
	since := res.Finished.Add(-l.repeats.Window).UnixMilli()
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_results WHERE finished_ms > $1 AND
		((account_a = $2 AND account_b = $3) OR (account_a = $3 AND account_b = $2))`,
		since, res.Accounts[0], res.Accounts[1]).Scan(&n); err != nil {
		return [2]float64{}, fmt.Errorf("counting the results of %d and %d: %w", res.Accounts[0], res.Accounts[1], err)
	}
	w := l.repeats.Weight(n)
	switch {
	case res.Play.Turns < 0 || l.real.Met(res.Play):
		return [2]float64{w, w}, nil
	case fairplay.Surrender(res.Reason) && res.Winner == "A":
		return [2]float64{0, w}, nil
	case fairplay.Surrender(res.Reason) && res.Winner == "B":
		return [2]float64{w, 0}, nil
	}
	return [2]float64{}, nil
}

// blend moves a rating a fraction w of the way from before to full, the rating the result would
// give in full: w 1 is full, w 0 leaves it as it was.
func blend(before, full rating.Rating, w float64) rating.Rating {
	if w >= 1 {
		return full
	}
	return rating.Rating{R: before.R + w*(full.R-before.R), RD: before.RD + w*(full.RD-before.RD),
		Sigma: before.Sigma + w*(full.Sigma-before.Sigma)}
}
