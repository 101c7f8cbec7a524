// Package social is the players' social side in the store: friends (requests by name, accept,
// decline, remove) with who is online and in which room, mutes and blocks per player, chat
// between friends and in rooms (players and spectators apart: length-limited, rate-limited,
// plain text stored as typed for the client to escape), and reports of players or messages. Its
// tables are social_friends, social_blocks, social_messages and social_reports (store
// migrations 00250-00299); docs/ladder.md "Friends and chat" describes it.
package social

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/bus"
	"github.com/duelistgame/duelist/limit"
	"github.com/duelistgame/duelist/presence"
	"github.com/duelistgame/duelist/store"
)

// Options configure a Service. Zero values take the defaults.
type Options struct {
	// Presence tells which accounts are online and where, and who is in a room as what (room
	// chat needs it); the duel server reports its connections to it (nil: nobody is online).
	Presence Presence
	// Bus takes the messages for the players' WebSockets (nil: they read the HTTP API only): a
	// room message said through the HTTP API (chat.room.ROOM, which the duel server relays to
	// the room's connections, hiding it from those who muted the sender) and a new friend
	// message (chat.friend.ACCOUNT, for the receiver unless it muted or blocked the sender, and
	// for the sender's other tabs). Package bus gives the subjects' payloads.
	Bus bus.Bus
	// Rate and Burst limit the chat messages and reports of one account (default 1 a second,
	// bursts of 5).
	Rate  rate.Limit
	Burst int
	// RequestBurst and RequestEvery limit the friend requests of one account (default 10, then
	// one every 3 minutes): each asks the store for a name, so they also bound how fast an
	// account can probe which names exist.
	RequestBurst int
	RequestEvery time.Duration
	Now          func() time.Time
}

// Presence is where accounts' connections are (*presence.Registry).
type Presence interface {
	Of(accounts []int64) map[int64]presence.Place
	InRoom(account int64, room string) (role string, ok bool)
}

// Errors; their messages are safe to show to the player.
var (
	ErrNoPlayer    = errors.New("no player has that name")
	ErrSelf        = errors.New("that is you")
	ErrBlocked     = errors.New("you cannot do that with this player")
	ErrNoRequest   = errors.New("that player has not asked to be your friend")
	ErrNotFriends  = errors.New("you are not friends with that player")
	ErrNotInRoom   = errors.New("you are not in that room")
	ErrRateLimited = errors.New("you are sending too fast; wait a moment")
	ErrNoMessage   = errors.New("no such message")
)

// textError is a chat text or report reason that cannot be taken; the message says why.
type textError string

func (e textError) Error() string { return string(e) }

// Service is the social side over one store.
type Service struct {
	db       *store.DB
	opts     Options
	lim      limiters
	requests *limit.Keyed // friend requests per account
}

// New returns the service on db, whose migrations have run.
func New(db *store.DB, opts Options) *Service {
	if opts.Rate == 0 {
		opts.Rate = 1
	}
	if opts.Burst <= 0 {
		opts.Burst = 5
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.RequestBurst == 0 {
		opts.RequestBurst = 10
	}
	if opts.RequestEvery <= 0 {
		opts.RequestEvery = 3 * time.Minute
	}
	return &Service{db: db, opts: opts, lim: limiters{m: map[int64]*limiter{}},
		requests: limit.NewKeyed(opts.RequestEvery, opts.RequestBurst, 0)}
}

func (s *Service) ms() int64 { return s.opts.Now().UnixMilli() }

// Player is another account as lists show it.
type Player struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// lookup finds an account by its name (compared as account names are: case-insensitively, NFKC).
func lookup(ctx context.Context, q querier, name string) (Player, error) {
	_, key, err := account.NormalizeName(name)
	if err != nil {
		return Player{}, ErrNoPlayer
	}
	var p Player
	err = q.QueryRowContext(ctx, `SELECT id, name FROM accounts WHERE name_key = $1`, key).Scan(&p.ID, &p.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNoPlayer
	}
	if err != nil {
		return p, fmt.Errorf("social: looking up a name: %w", err)
	}
	return p, nil
}

// exists reports whether an account exists.
func exists(ctx context.Context, q querier, id int64) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM accounts WHERE id = $1`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// limiter is one account's token bucket and when it was last used.
type limiter struct {
	l    *rate.Limiter
	last time.Time
}

// limiters are the accounts' chat limits. Buckets idle for ten minutes are full again, so they
// are forgotten when the map grows.
type limiters struct {
	mu sync.Mutex
	m  map[int64]*limiter
}

const limiterIdle = 10 * time.Minute

// allow takes a token of acc's bucket at now.
func (s *Service) allow(acc int64) bool {
	now := s.opts.Now()
	ls := &s.lim
	ls.mu.Lock()
	defer ls.mu.Unlock()
	l := ls.m[acc]
	if l == nil {
		if len(ls.m) >= 10000 {
			for id, o := range ls.m {
				if now.Sub(o.last) > limiterIdle {
					delete(ls.m, id)
				}
			}
		}
		l = &limiter{l: rate.NewLimiter(s.opts.Rate, s.opts.Burst)}
		ls.m[acc] = l
	}
	l.last = now
	return l.l.AllowN(now, 1)
}
