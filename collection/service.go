// Package collection is a player's cards and currency: what they own, the append-only ledger of
// every change, packs bought and opened, crafting and dismantling, and earning by playing. The
// legality of a deck against what a player owns is pure and lives in deck (deck.CheckOwned).
package collection

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sync"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/pack"
	"github.com/duelistgame/duelist/store"
	"github.com/jackc/pgx/v5/pgconn"
)

// Options configure a Service; zero fields take the defaults.
type Options struct {
	// Economy is the game's numbers (default DefaultEconomy).
	Economy *Economy
	// Catalog is the products on sale (default pack.Default()).
	Catalog *pack.Catalog
	// NewSource returns the random source of one purchase (default: ChaCha8 seeded from
	// crypto/rand, a fresh seed per purchase).
	NewSource func() rand.Source
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Service keeps the collections of every account in the store: tables collection_ops,
// collection_ledger, collection_balances and collection_pity (migrations 00100-00149). It is
// safe for concurrent use; several Services (processes) may share a database.
type Service struct {
	db   *store.DB
	opts Options
	eco  Economy

	mu    sync.Mutex
	locks map[int64]*accountLock // one account's operations run one at a time in a process

	// midway, when set (tests only), runs inside an operation's transaction after its first
	// ledger write, so a crash test can kill the process there.
	midway func()
}

type accountLock struct {
	sync.Mutex
	users int
}

// New returns the collection service on db, whose migrations have run.
func New(db *store.DB, opts Options) *Service {
	if opts.Economy == nil {
		e := DefaultEconomy
		opts.Economy = &e
	}
	if opts.Catalog == nil {
		opts.Catalog = pack.Default()
	}
	if opts.NewSource == nil {
		opts.NewSource = func() rand.Source {
			var seed [32]byte
			_, _ = crand.Read(seed[:]) // crypto/rand.Read never fails (Go 1.24+)
			return rand.NewChaCha8(seed)
		}
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	eco := *opts.Economy
	if eco.Real == (fairplay.Minimum{}) {
		eco.Real = fairplay.Real
	}
	if eco.Repeats == (fairplay.Repeats{}) {
		eco.Repeats = fairplay.DefaultRepeats
	}
	return &Service{db: db, opts: opts, eco: eco, locks: map[int64]*accountLock{}}
}

// lock serialises one account's operations in this process (so concurrent requests of one
// player queue here instead of all retrying in the database); it returns the unlock.
// Between processes the database's transactions keep them right.
func (s *Service) lock(acc int64) func() {
	s.mu.Lock()
	l := s.locks[acc]
	if l == nil {
		l = &accountLock{}
		s.locks[acc] = l
	}
	l.users++
	s.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		s.mu.Lock()
		if l.users--; l.users == 0 {
			delete(s.locks, acc)
		}
		s.mu.Unlock()
	}
}

// Errors of the service; their messages are safe to show to the player.
var (
	// ErrKeyReused is an idempotency key already used by the account for a different request.
	ErrKeyReused = errors.New("this request key was already used for a different request")
	// ErrBadKey is a missing or malformed idempotency key.
	ErrBadKey = errors.New("a request key is 16 to 64 letters, digits, '-' or '_'")
)

// BadRequestError is a request the service refuses as malformed (unknown product or card, a
// count out of range); nothing was changed.
type BadRequestError struct{ Msg string }

func (e *BadRequestError) Error() string { return e.Msg }

func badRequest(format string, args ...any) error {
	return &BadRequestError{Msg: fmt.Sprintf(format, args...)}
}

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)

// once runs operation kind of account acc under ref, at most once ever: if the account already
// has an operation with ref, its id and stored result are returned (replayed true), or
// ErrKeyReused when that operation was a different request. Otherwise do computes the operation
// in tx (reading what it needs) and returns its result and ledger changes, which are written
// with the operation row in the same transaction; op is the new operation's id.
func (s *Service) once(ctx context.Context, acc int64, kind, ref, request string,
	do func(tx *sql.Tx) (result any, cs []change, err error)) (op int64, res []byte, replayed bool, err error) {
	for attempt := 0; ; attempt++ {
		err = s.inTx(ctx, func(tx *sql.Tx) error {
			op, res, replayed = 0, nil, false
			var k, req, r string
			err := tx.QueryRowContext(ctx, `SELECT id, kind, request, result FROM collection_ops WHERE account_id = $1 AND ref = $2`,
				acc, ref).Scan(&op, &k, &req, &r)
			switch {
			case err == nil:
				if k != kind || req != request {
					return ErrKeyReused
				}
				res, replayed = []byte(r), true
				return nil
			case !errors.Is(err, sql.ErrNoRows):
				return fmt.Errorf("collection: looking up %q of account %d: %w", ref, acc, err)
			}
			result, cs, err := do(tx)
			if err != nil {
				return err
			}
			op, res, err = s.record(ctx, tx, acc, kind, ref, request, result, cs)
			return err
		})
		// The same ref committed by another process between our look-up and our insert: look again.
		if err != nil && store.IsUniqueViolation(err) && attempt < 2 {
			continue
		}
		return op, res, replayed, err
	}
}

// record writes an operation of acc (its row, its ledger rows and balances) in tx and returns
// its id and encoded result.
func (s *Service) record(ctx context.Context, tx *sql.Tx, acc int64, kind, ref, request string, result any, cs []change) (int64, []byte, error) {
	b, err := json.Marshal(result)
	if err != nil {
		return 0, nil, fmt.Errorf("collection: encoding the result of %s: %w", kind, err)
	}
	op, err := newOp(ctx, tx, acc, kind, ref, request, string(b), s.opts.Now().UnixMilli())
	if err != nil {
		return 0, nil, err
	}
	if s.midway != nil && len(cs) > 1 {
		if err := apply(ctx, tx, acc, op, cs[:1]); err != nil {
			return 0, nil, err
		}
		s.midway()
		cs = cs[1:]
	}
	if err := apply(ctx, tx, acc, op, cs); err != nil {
		return 0, nil, err
	}
	return op, b, nil
}

// ensureStarter grants the starter collection to acc if it never had it. It reads the database
// each time (one indexed row) rather than remembering accounts: an account id can come back
// after a deletion on SQLite.
func (s *Service) ensureStarter(ctx context.Context, acc int64) error {
	var n int
	if err := s.db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM collection_ops WHERE account_id = $1 AND ref = 'starter'`,
		acc).Scan(&n); err != nil {
		return fmt.Errorf("collection: looking up the starter collection of account %d: %w", acc, err)
	}
	if n > 0 {
		return nil
	}
	_, err := s.GrantStarter(ctx, account.ID(acc))
	return err
}

// Starter is what GrantStarter gave.
type Starter struct {
	Gems   int64                 `json:"gems"`
	Points map[card.Rarity]int64 `json:"points"`
	Cards  map[card.Passcode]int `json:"cards"`
	Decks  []string              `json:"decks"`
}

// GrantStarter gives acc the starter collection (Economy.StarterDecks, StarterGems and
// StarterPoints) once: granted is false, and nothing changes, if it already had it.
func (s *Service) GrantStarter(ctx context.Context, acc account.ID) (granted bool, err error) {
	st, err := s.eco.starter()
	if err != nil {
		return false, err
	}
	unlock := s.lock(int64(acc))
	defer unlock()
	_, _, replayed, err := s.once(ctx, int64(acc), "starter", "starter", "starter", func(*sql.Tx) (any, []change, error) {
		cs := []change{{asset: Gems, delta: st.Gems}}
		for _, r := range card.Rarities {
			cs = append(cs, change{asset: PointsOf(r), delta: st.Points[r]})
		}
		for _, p := range sortedCodes(st.Cards) {
			cs = append(cs, change{asset: Cards, passcode: p, delta: int64(st.Cards[p])})
		}
		return st, cs, nil
	})
	if err != nil {
		return false, fmt.Errorf("collection: granting the starter collection to account %d: %w", acc, err)
	}
	return !replayed, nil
}

// Collectibles lists the cards a player can own, craft and dismantle: every card of the pool and
// of the kouhu set that has a rarity and is not a token, the pool's first, each by passcode.
func Collectibles() []*card.Data {
	var out []*card.Data
	for _, db := range []*card.DB{card.Pool(), kouhu.CardDB()} {
		for _, c := range db.All() {
			if c.Kind&card.Token == 0 && c.Rarity != card.NoRarity {
				out = append(out, c)
			}
		}
	}
	return out
}

// lookup returns the card data of p from the card pool or the kouhu set.
func lookup(p card.Passcode) (*card.Data, bool) {
	if c, ok := card.Pool().ByPasscode(p); ok {
		return c, true
	}
	return kouhu.CardDB().ByPasscode(p)
}

// txRounds is how many times inTx runs store.DB.InTx (itself up to 12 attempts) while the
// backend keeps refusing the transaction as not serializable.
const txRounds = 8

// inTx is store.DB.InTx, run again while PostgreSQL keeps aborting it for serialization: several
// servers buying for one account at once conflict on its balances, and every one of them must
// end with an answer (bought, or not enough gems), not a busy error.
func (s *Service) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	for round := 1; ; round++ {
		err := s.db.InTx(ctx, fn)
		var pe *pgconn.PgError
		if err == nil || round == txRounds || !errors.As(err, &pe) || (pe.Code != "40001" && pe.Code != "40P01") {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Duration(rand.Int64N(int64(50*time.Millisecond*time.Duration(round)))) + time.Millisecond):
		}
	}
}
