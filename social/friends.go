package social

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/duelistgame/duelist/presence"
)

// pair orders two accounts as social_friends stores them.
func pair(a, b int64) (int64, int64) {
	if a < b {
		return a, b
	}
	return b, a
}

// The states of a friend request's answer.
const (
	StateRequested = "requested" // the request waits for the other player
	StateFriends   = "friends"   // you are friends (the other had asked you, or you were already)
)

// blocked reports whether either account blocks the other.
func blocked(ctx context.Context, q querier, a, b int64) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM social_blocks WHERE kind = 'block' AND
		((owner = $1 AND other = $2) OR (owner = $2 AND other = $1))`, a, b).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Request asks the player named name to be me's friend. If that player had asked me, they are
// friends at once. A player who blocks me, or whom I block, cannot be asked (ErrBlocked). An
// account asks at most Options.RequestBurst at once (ErrRateLimited), whatever the answer.
func (s *Service) Request(ctx context.Context, me int64, name string) (Player, string, error) {
	if !s.requests.Allow(strconv.FormatInt(me, 10), s.opts.Now()) {
		return Player{}, "", ErrRateLimited
	}
	var other Player
	var state string
	err := s.db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		if other, err = lookup(ctx, tx, name); err != nil {
			return err
		}
		if other.ID == me {
			return ErrSelf
		}
		if b, err := blocked(ctx, tx, me, other.ID); err != nil || b {
			if err == nil {
				err = ErrBlocked
			}
			return err
		}
		lo, hi := pair(me, other.ID)
		var requester int64
		var accepted sql.NullInt64
		err = tx.QueryRowContext(ctx, `SELECT requester, accepted_ms FROM social_friends WHERE low = $1 AND high = $2`,
			lo, hi).Scan(&requester, &accepted)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			state = StateRequested
			_, err = tx.ExecContext(ctx, `INSERT INTO social_friends (low, high, requester, created_ms) VALUES ($1, $2, $3, $4)`,
				lo, hi, me, s.ms())
			return err
		case err != nil:
			return err
		case accepted.Valid:
			state = StateFriends
			return nil
		case requester == me:
			state = StateRequested
			return nil
		}
		state = StateFriends // the other had asked: asking back accepts
		_, err = tx.ExecContext(ctx, `UPDATE social_friends SET accepted_ms = $1 WHERE low = $2 AND high = $3`, s.ms(), lo, hi)
		return err
	})
	if err != nil {
		return other, "", wrap("asking for a friend", err)
	}
	return other, state, nil
}

// wrap adds context to a store error and leaves the package's own errors as they are.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	var te textError
	for _, e := range []error{ErrNoPlayer, ErrSelf, ErrBlocked, ErrNoRequest, ErrNotFriends, ErrNotInRoom,
		ErrRateLimited, ErrNoMessage} {
		if errors.Is(err, e) {
			return err
		}
	}
	if errors.As(err, &te) {
		return err
	}
	return fmt.Errorf("social: %s: %w", what, err)
}

// Accept accepts other's pending request to me.
func (s *Service) Accept(ctx context.Context, me, other int64) error {
	lo, hi := pair(me, other)
	r, err := s.db.SQL().ExecContext(ctx, `UPDATE social_friends SET accepted_ms = $1
		WHERE low = $2 AND high = $3 AND requester = $4 AND accepted_ms IS NULL`, s.ms(), lo, hi, other)
	if err != nil {
		return wrap("accepting a friend", err)
	}
	if n, _ := r.RowsAffected(); n != 1 || other == me {
		return ErrNoRequest
	}
	return nil
}

// Decline turns down other's pending request to me.
func (s *Service) Decline(ctx context.Context, me, other int64) error {
	lo, hi := pair(me, other)
	r, err := s.db.SQL().ExecContext(ctx, `DELETE FROM social_friends
		WHERE low = $1 AND high = $2 AND requester = $3 AND accepted_ms IS NULL`, lo, hi, other)
	if err != nil {
		return wrap("declining a friend", err)
	}
	if n, _ := r.RowsAffected(); n != 1 || other == me {
		return ErrNoRequest
	}
	return nil
}

// Remove ends a friendship, or withdraws my own pending request; false if there was none.
func (s *Service) Remove(ctx context.Context, me, other int64) (bool, error) {
	lo, hi := pair(me, other)
	r, err := s.db.SQL().ExecContext(ctx, `DELETE FROM social_friends WHERE low = $1 AND high = $2
		AND (accepted_ms IS NOT NULL OR requester = $3)`, lo, hi, me)
	if err != nil {
		return false, wrap("removing a friend", err)
	}
	n, _ := r.RowsAffected()
	return n == 1, nil
}

// Friend is a friend with where they are.
type Friend struct {
	Player
	presence.Place
}

// FriendList is what the friends page shows.
type FriendList struct {
	Friends  []Friend `json:"friends"`  // by name
	Incoming []Player `json:"incoming"` // requests to me
	Outgoing []Player `json:"outgoing"` // my requests waiting
}

// Friends lists my friends (with presence, when the server tells it) and pending requests.
func (s *Service) Friends(ctx context.Context, me int64) (FriendList, error) {
	out := FriendList{Friends: []Friend{}, Incoming: []Player{}, Outgoing: []Player{}}
	rows, err := s.db.SQL().QueryContext(ctx, `SELECT a.id, a.name, f.requester, f.accepted_ms IS NOT NULL
		FROM social_friends f JOIN accounts a ON a.id = CASE WHEN f.low = $1 THEN f.high ELSE f.low END
		WHERE f.low = $1 OR f.high = $1 ORDER BY a.name_key`, me)
	if err != nil {
		return out, wrap("listing friends", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var p Player
		var requester int64
		var accepted bool
		if err := rows.Scan(&p.ID, &p.Name, &requester, &accepted); err != nil {
			return out, wrap("listing friends", err)
		}
		switch {
		case accepted:
			out.Friends = append(out.Friends, Friend{Player: p})
			ids = append(ids, p.ID)
		case requester == me:
			out.Outgoing = append(out.Outgoing, p)
		default:
			out.Incoming = append(out.Incoming, p)
		}
	}
	if err := rows.Err(); err != nil {
		return out, wrap("listing friends", err)
	}
	if s.opts.Presence != nil && len(ids) > 0 {
		pr := s.opts.Presence.Of(ids)
		for i := range out.Friends {
			out.Friends[i].Place = pr[out.Friends[i].ID]
		}
	}
	return out, nil
}

// areFriends reports whether two accounts are friends.
// AreFriends reports whether accounts a and b are friends (the ladder shows a friend's profile
// even with no rated game).
func (s *Service) AreFriends(ctx context.Context, a, b int64) (bool, error) {
	return areFriends(ctx, s.db.SQL(), a, b)
}

func areFriends(ctx context.Context, q querier, a, b int64) (bool, error) {
	lo, hi := pair(a, b)
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM social_friends WHERE low = $1 AND high = $2 AND accepted_ms IS NOT NULL`,
		lo, hi).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// The kinds of what one player does about another.
const (
	Mute  = "mute"  // hide their chat from me
	Block = "block" // no chat either way, no friendship, and their room chat hidden from me
)

// SetBlock mutes or blocks (on) or lifts it (off). Blocking also ends a friendship or request.
func (s *Service) SetBlock(ctx context.Context, me, other int64, kind string, on bool) error {
	if kind != Mute && kind != Block {
		return textError(`a block is "mute" or "block"`)
	}
	if other == me {
		return ErrSelf
	}
	err := s.db.InTx(ctx, func(tx *sql.Tx) error {
		if ok, err := exists(ctx, tx, other); err != nil || !ok {
			if err == nil {
				err = ErrNoPlayer
			}
			return err
		}
		if !on {
			_, err := tx.ExecContext(ctx, `DELETE FROM social_blocks WHERE owner = $1 AND other = $2 AND kind = $3`, me, other, kind)
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO social_blocks (owner, other, kind, created_ms) VALUES ($1, $2, $3, $4)
			ON CONFLICT (owner, other, kind) DO NOTHING`, me, other, kind, s.ms()); err != nil {
			return err
		}
		if kind == Block {
			lo, hi := pair(me, other)
			_, err := tx.ExecContext(ctx, `DELETE FROM social_friends WHERE low = $1 AND high = $2`, lo, hi)
			return err
		}
		return nil
	})
	return wrap("changing a "+kind, err)
}

// Blocks are the players I muted and blocked.
type Blocks struct {
	Muted   []Player `json:"muted"`
	Blocked []Player `json:"blocked"`
}

// Blocks lists the players I muted and blocked, by name.
func (s *Service) Blocks(ctx context.Context, me int64) (Blocks, error) {
	out := Blocks{Muted: []Player{}, Blocked: []Player{}}
	rows, err := s.db.SQL().QueryContext(ctx, `SELECT a.id, a.name, b.kind FROM social_blocks b
		JOIN accounts a ON a.id = b.other WHERE b.owner = $1 ORDER BY a.name_key`, me)
	if err != nil {
		return out, wrap("listing blocks", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Player
		var kind string
		if err := rows.Scan(&p.ID, &p.Name, &kind); err != nil {
			return out, wrap("listing blocks", err)
		}
		if kind == Mute {
			out.Muted = append(out.Muted, p)
		} else {
			out.Blocked = append(out.Blocked, p)
		}
	}
	return out, wrap("listing blocks", rows.Err())
}
