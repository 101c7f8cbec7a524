package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"
)

// Limits of the read queries.
const (
	BoardSize     = 100 // players on a leaderboard
	RecentDuels   = 20  // rated duels on a profile
	HistoryPoints = 200 // rating points per queue on a profile (the latest)
)

// Standing is one player's line on a leaderboard.
type Standing struct {
	Rank    int     `json:"rank"`
	Account int64   `json:"account"`
	Name    string  `json:"name"`
	Rating  float64 `json:"rating"` // rounded to a tenth
	RD      float64 `json:"rd"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Losses  int     `json:"losses"`
	Draws   int     `json:"draws"`
	// Provisional: the rating is still uncertain (RD above ProvisionalRD); pages mark it "?".
	Provisional bool `json:"provisional,omitempty"`
}

// ProvisionalRD is the RD above which a rating is shown as provisional (Lichess's figure).
const ProvisionalRD = 110.0

// Board is a leaderboard: the top players of a queue and, when asked, the asker's own line.
type Board struct {
	Ruleset string     `json:"ruleset"`
	Format  string     `json:"format"`
	Players int        `json:"players"` // rated players in the queue
	Top     []Standing `json:"top"`
	Me      *Standing  `json:"me,omitempty"` // nil for a guest or a player not rated here
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// Leaderboard returns the top players of a ruleset and format (highest rating first; ties by
// fewer RD, then the older account) and, when me is an account rated there, its own rank.
func (l *Ladder) Leaderboard(ctx context.Context, rs, format string, me int64) (Board, error) {
	b := Board{Ruleset: rs, Format: format, Top: []Standing{}}
	if !ValidFormat(format) {
		return b, fmt.Errorf("%w: format %q is not bo1 or bo3", ErrBadResult, format)
	}
	db := l.db.SQL()
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_ratings WHERE ruleset = $1 AND format = $2`,
		rs, format).Scan(&b.Players); err != nil {
		return b, fmt.Errorf("ladder: counting %s/%s players: %w", rs, format, err)
	}
	rows, err := db.QueryContext(ctx, `SELECT l.account_id, a.name, l.r, l.rd, l.games, l.wins, l.losses, l.draws
		FROM ladder_ratings l JOIN accounts a ON a.id = l.account_id
		WHERE l.ruleset = $1 AND l.format = $2 ORDER BY l.r DESC, l.rd ASC, l.account_id ASC LIMIT $3`,
		rs, format, BoardSize)
	if err != nil {
		return b, fmt.Errorf("ladder: reading the %s/%s leaderboard: %w", rs, format, err)
	}
	defer rows.Close()
	for rows.Next() {
		var s Standing
		if err := rows.Scan(&s.Account, &s.Name, &s.Rating, &s.RD, &s.Games, &s.Wins, &s.Losses, &s.Draws); err != nil {
			return b, fmt.Errorf("ladder: reading the %s/%s leaderboard: %w", rs, format, err)
		}
		s.Rank, s.Rating, s.RD, s.Provisional = len(b.Top)+1, round1(s.Rating), round1(s.RD), s.RD > ProvisionalRD
		b.Top = append(b.Top, s)
		if s.Account == me {
			b.Me = &b.Top[len(b.Top)-1]
		}
	}
	if err := rows.Err(); err != nil {
		return b, fmt.Errorf("ladder: reading the %s/%s leaderboard: %w", rs, format, err)
	}
	rows.Close()
	if me > 0 && b.Me == nil {
		s, ok, err := l.rank(ctx, rs, format, me)
		if err != nil {
			return b, err
		}
		if ok {
			b.Me = &s
		}
	}
	if b.Me != nil { // a copy, not a pointer into Top (JSON encodes both)
		s := *b.Me
		b.Me = &s
	}
	return b, nil
}

// rank returns an account's line in a queue: its rank is one more than the players ordered
// before it.
func (l *Ladder) rank(ctx context.Context, rs, format string, acc int64) (Standing, bool, error) {
	s := Standing{Account: acc}
	err := l.db.SQL().QueryRowContext(ctx, `SELECT a.name, l.r, l.rd, l.games, l.wins, l.losses, l.draws,
		(SELECT COUNT(*) FROM ladder_ratings o WHERE o.ruleset = l.ruleset AND o.format = l.format AND
			(o.r > l.r OR (o.r = l.r AND (o.rd < l.rd OR (o.rd = l.rd AND o.account_id < l.account_id)))))
		FROM ladder_ratings l JOIN accounts a ON a.id = l.account_id
		WHERE l.account_id = $1 AND l.ruleset = $2 AND l.format = $3`, acc, rs, format).
		Scan(&s.Name, &s.Rating, &s.RD, &s.Games, &s.Wins, &s.Losses, &s.Draws, &s.Rank)
	if errors.Is(err, sql.ErrNoRows) {
		return s, false, nil
	}
	if err != nil {
		return s, false, fmt.Errorf("ladder: ranking account %d in %s/%s: %w", acc, rs, format, err)
	}
	s.Rank++
	s.Rating, s.RD, s.Provisional = round1(s.Rating), round1(s.RD), s.RD > ProvisionalRD
	return s, true, nil
}

// Point is one point of a rating's history: the rating after a rated duel.
type Point struct {
	Duel   int64     `json:"duel"`
	Rating float64   `json:"rating"`
	RD     float64   `json:"rd"`
	At     time.Time `json:"at"`
}

// QueueRating is a player's rating in one queue, with its history (oldest first).
type QueueRating struct {
	Ruleset string  `json:"ruleset"`
	Format  string  `json:"format"`
	Rating  float64 `json:"rating"`
	RD      float64 `json:"rd"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Losses  int     `json:"losses"`
	Draws   int     `json:"draws"`
	Rank    int     `json:"rank"`
	History []Point `json:"history"`
}

// DuelLine is one rated duel on a profile, from the player's side.
type DuelLine struct {
	Duel     int64     `json:"duel"` // the duel log's id: GET /api/duels/{id}/replay
	Ruleset  string    `json:"ruleset"`
	Format   string    `json:"format"`
	Opponent string    `json:"opponent"`
	Result   string    `json:"result"` // win, loss or draw
	Reason   string    `json:"reason"`
	Deck     string    `json:"deck"`
	Change   float64   `json:"change"` // the rating change, rounded to a tenth
	Rating   float64   `json:"rating"` // the rating after
	At       time.Time `json:"at"`
}

// DeckRate is a player's record with one deck (by its label) over every rated duel.
type DeckRate struct {
	Deck    string  `json:"deck"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Losses  int     `json:"losses"`
	Draws   int     `json:"draws"`
	WinRate float64 `json:"winRate"` // wins / games, 0 to 1 (a draw is no win)
}

// Profile is what the profile page shows of a player.
type Profile struct {
	Account int64         `json:"account"`
	Name    string        `json:"name"`
	Ratings []QueueRating `json:"ratings"`
	Recent  []DuelLine    `json:"recent"`
	Decks   []DeckRate    `json:"decks"` // most played first
}

// rated reports whether an account has played a rated game (is on a ladder).
func (l *Ladder) rated(ctx context.Context, acc int64) (bool, error) {
	var n int
	err := l.db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_ratings WHERE account_id = $1 AND games > 0`, acc).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("ladder: is account %d rated: %w", acc, err)
	}
	return n > 0, nil
}

// ErrNoAccount is returned for a profile of an account that does not exist.
var ErrNoAccount = errors.New("ladder: no such account")

// Profile returns a player's ratings with their history, recent rated duels and win rates per deck.
func (l *Ladder) Profile(ctx context.Context, acc int64) (Profile, error) {
	p := Profile{Account: acc, Ratings: []QueueRating{}, Recent: []DuelLine{}, Decks: []DeckRate{}}
	db := l.db.SQL()
	err := db.QueryRowContext(ctx, `SELECT name FROM accounts WHERE id = $1`, acc).Scan(&p.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("%w: %d", ErrNoAccount, acc)
	}
	if err != nil {
		return p, fmt.Errorf("ladder: reading account %d: %w", acc, err)
	}
	if err := l.profileRatings(ctx, &p); err != nil {
		return p, err
	}
	if err := l.profileDuels(ctx, &p); err != nil {
		return p, err
	}
	return p, nil
}

func (l *Ladder) profileRatings(ctx context.Context, p *Profile) error {
	rows, err := l.db.SQL().QueryContext(ctx, `SELECT ruleset, format, r, rd, games, wins, losses, draws
		FROM ladder_ratings WHERE account_id = $1 ORDER BY games DESC, ruleset, format`, p.Account)
	if err != nil {
		return fmt.Errorf("ladder: reading account %d's ratings: %w", p.Account, err)
	}
	for rows.Next() {
		q := QueueRating{History: []Point{}}
		if err := rows.Scan(&q.Ruleset, &q.Format, &q.Rating, &q.RD, &q.Games, &q.Wins, &q.Losses, &q.Draws); err != nil {
			rows.Close()
			return fmt.Errorf("ladder: reading account %d's ratings: %w", p.Account, err)
		}
		q.Rating, q.RD = round1(q.Rating), round1(q.RD)
		p.Ratings = append(p.Ratings, q)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("ladder: reading account %d's ratings: %w", p.Account, err)
	}
	for i := range p.Ratings {
		q := &p.Ratings[i]
		s, _, err := l.rank(ctx, q.Ruleset, q.Format, p.Account)
		if err != nil {
			return err
		}
		q.Rank = s.Rank
		if q.History, err = l.history(ctx, p.Account, q.Ruleset, q.Format); err != nil {
			return err
		}
	}
	return nil
}

// history returns the latest HistoryPoints ratings of an account in a queue, oldest first.
func (l *Ladder) history(ctx context.Context, acc int64, rs, format string) ([]Point, error) {
	rows, err := l.db.SQL().QueryContext(ctx, `SELECT duel_id, finished_ms,
		CASE WHEN account_a = $1 THEN a_after_r ELSE b_after_r END,
		CASE WHEN account_a = $1 THEN a_after_rd ELSE b_after_rd END
		FROM ladder_results WHERE (account_a = $1 OR account_b = $1) AND ruleset = $2 AND format = $3
		ORDER BY finished_ms DESC, duel_id DESC LIMIT $4`, acc, rs, format, HistoryPoints)
	if err != nil {
		return nil, fmt.Errorf("ladder: reading account %d's %s/%s history: %w", acc, rs, format, err)
	}
	defer rows.Close()
	out := []Point{}
	for rows.Next() {
		var pt Point
		var at int64
		if err := rows.Scan(&pt.Duel, &at, &pt.Rating, &pt.RD); err != nil {
			return nil, fmt.Errorf("ladder: reading account %d's %s/%s history: %w", acc, rs, format, err)
		}
		pt.At, pt.Rating, pt.RD = time.UnixMilli(at).UTC(), round1(pt.Rating), round1(pt.RD)
		out = append(out, pt)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ladder: reading account %d's %s/%s history: %w", acc, rs, format, err)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

func (l *Ladder) profileDuels(ctx context.Context, p *Profile) error {
	db := l.db.SQL()
	rows, err := db.QueryContext(ctx, `SELECT r.duel_id, r.ruleset, r.format, r.winner, r.reason, r.finished_ms,
		CASE WHEN r.account_a = $1 THEN 'A' ELSE 'B' END,
		CASE WHEN r.account_a = $1 THEN r.deck_a ELSE r.deck_b END,
		CASE WHEN r.account_a = $1 THEN r.a_before_r ELSE r.b_before_r END,
		CASE WHEN r.account_a = $1 THEN r.a_after_r ELSE r.b_after_r END,
		COALESCE(o.name, '')
		FROM ladder_results r LEFT JOIN accounts o ON o.id = CASE WHEN r.account_a = $1 THEN r.account_b ELSE r.account_a END
		WHERE r.account_a = $1 OR r.account_b = $1 ORDER BY r.finished_ms DESC, r.duel_id DESC LIMIT $2`,
		p.Account, RecentDuels)
	if err != nil {
		return fmt.Errorf("ladder: reading account %d's duels: %w", p.Account, err)
	}
	for rows.Next() {
		var d DuelLine
		var winner, seat string
		var at int64
		var before, after float64
		if err := rows.Scan(&d.Duel, &d.Ruleset, &d.Format, &winner, &d.Reason, &at, &seat, &d.Deck, &before, &after,
			&d.Opponent); err != nil {
			rows.Close()
			return fmt.Errorf("ladder: reading account %d's duels: %w", p.Account, err)
		}
		d.Result = outcome(winner, seat)
		d.At, d.Change, d.Rating = time.UnixMilli(at).UTC(), round1(after-before), round1(after)
		p.Recent = append(p.Recent, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("ladder: reading account %d's duels: %w", p.Account, err)
	}
	// Win rates per deck over every rated duel: the player's deck is its seat's.
	rows, err = db.QueryContext(ctx, `SELECT deck, COUNT(*),
		SUM(CASE WHEN winner = seat THEN 1 ELSE 0 END),
		SUM(CASE WHEN winner = 'draw' THEN 1 ELSE 0 END)
		FROM (SELECT deck_a AS deck, 'A' AS seat, winner FROM ladder_results WHERE account_a = $1
		      UNION ALL SELECT deck_b, 'B', winner FROM ladder_results WHERE account_b = $1) AS mine
		GROUP BY deck ORDER BY COUNT(*) DESC, deck`, p.Account)
	if err != nil {
		return fmt.Errorf("ladder: reading account %d's decks: %w", p.Account, err)
	}
	defer rows.Close()
	for rows.Next() {
		var d DeckRate
		if err := rows.Scan(&d.Deck, &d.Games, &d.Wins, &d.Draws); err != nil {
			return fmt.Errorf("ladder: reading account %d's decks: %w", p.Account, err)
		}
		d.Losses = d.Games - d.Wins - d.Draws
		if d.Games > 0 {
			d.WinRate = math.Round(float64(d.Wins)/float64(d.Games)*1000) / 1000
		}
		p.Decks = append(p.Decks, d)
	}
	return rows.Err()
}

// outcome is a duel's result for the player of seat.
func outcome(winner, seat string) string {
	switch winner {
	case "draw":
		return "draw"
	case seat:
		return "win"
	}
	return "loss"
}
