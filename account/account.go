// Package account keeps player accounts: registration, login sessions, password changes and
// deletion, on the store (tables accounts and sessions, migrations 00001-00049). Passwords are
// hashed with argon2id; a session is a random token in a cookie of which only the hash is stored.
// FromContext gives the logged-in user of a request once Service.Middleware has run.
package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/duelistgame/duelist/store"
)

// ID identifies an account.
type ID int64

// User is a logged-in account as requests see it.
type User struct {
	ID   ID
	Name string
}

type ctxKey struct{}

// WithUser returns ctx carrying u as the logged-in user.
func WithUser(ctx context.Context, u User) context.Context {
	return context.WithValue(ctx, ctxKey{}, u)
}

// FromContext gives the logged-in user of a request (set by Service.Middleware from the session
// cookie); ok is false for a guest.
func FromContext(ctx context.Context) (User, bool) {
	u, ok := ctx.Value(ctxKey{}).(User)
	return u, ok
}

// Errors the service returns; messages are safe to show to the player.
var (
	// ErrBadLogin is a wrong name or password: it does not say which, nor whether the name exists.
	ErrBadLogin = errors.New("wrong name or password")
	// ErrNameTaken is a registration under a name (compared case-insensitively) already in use.
	ErrNameTaken = errors.New("that name is not available")
	// ErrRateLimited is too many attempts from one address or for one account.
	ErrRateLimited = errors.New("too many attempts; wait a minute and try again")
	// ErrNoSession is a missing, unknown or expired session.
	ErrNoSession = errors.New("not logged in")
)

// invalidError is a rejected name or password; its message says why, for the player.
type invalidError string

func (e invalidError) Error() string { return string(e) }

func invalidf(format string, args ...any) error { return invalidError(fmt.Sprintf(format, args...)) }

// isValidation reports whether err is a rejected name or password.
func isValidation(err error) bool {
	var ie invalidError
	return errors.As(err, &ie)
}

// Options configure a Service; zero fields take the defaults.
type Options struct {
	// SessionTTL is how long a session lasts from login (default 30 days).
	SessionTTL time.Duration
	// Hash is the argon2id cost (default DefaultHashParams).
	Hash HashParams
	// MaxConcurrentHashes bounds the argon2id computations running at once (default 2); others
	// wait, as many as Limits.HashQueue allows.
	MaxConcurrentHashes int
	// Limits are the attempt budgets and the bound of the hash queue (zero fields: DefaultLimits).
	Limits Limits
	// ProxyHeader names the header a trusted reverse proxy writes the client's address into, as
	// the duel server's (limit.Addr): the address every limit of the account API counts by.
	ProxyHeader string
	// OnRevoke, when set, is told of every session that ends (a logout, "log out everywhere", a
	// password change, a deletion) once it has ended, so that the duel server closes the
	// WebSockets opened with it (server.Server.Revoke).
	OnRevoke func(Revocation)
	// SecureCookies forces the Secure "__Host-" cookie even when a request came over plain HTTP
	// (set it behind a TLS-terminating reverse proxy).
	SecureCookies bool
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Revocation names sessions that ended: the one session Session (a logout), or, when Session is
// "", every session of Account but Keep ("" keeps none). Sessions are named by SessionID.
type Revocation struct {
	Account ID
	Session string
	Keep    string
}

// Service is the account service over one store.
type Service struct {
	db     *store.DB
	opts   Options
	hasher *hasher
	limits *limiter
	admit  *admission
	dummy  string // a hash checked for unknown names, so they cost as much as known ones
}

// New returns the account service on db.
func New(db *store.DB, opts Options) (*Service, error) {
	if opts.SessionTTL <= 0 {
		opts.SessionTTL = 30 * 24 * time.Hour
	}
	if opts.Hash == (HashParams{}) {
		opts.Hash = DefaultHashParams
	}
	if opts.MaxConcurrentHashes <= 0 {
		opts.MaxConcurrentHashes = 2
	}
	opts.Limits.defaults()
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &Service{db: db, opts: opts, hasher: newHasher(opts.Hash, opts.MaxConcurrentHashes),
		limits: newLimiter(opts.Limits, opts.Now), admit: newAdmission(opts.Limits)}
	d, err := s.hasher.hash(context.Background(), "not a password anyone has")
	if err != nil {
		return nil, err
	}
	s.dummy = d
	return s, nil
}

func (s *Service) nowMillis() int64 { return s.opts.Now().UnixMilli() }

// Register creates an account and returns it. The name is normalised (see NormalizeName) and
// must be unused case-insensitively, neither mix Latin, Cyrillic and Greek letters nor look like
// an account's name letter for letter (confusable.go); the password must satisfy CheckPassword. It is the Go API's
// trusted call: no limit applies (the HTTP API's registrations are limited per address).
func (s *Service) Register(ctx context.Context, name, password string) (User, error) {
	return s.register(ctx, "", name, password)
}

// register registers from the client address addr ("" for a trusted caller): its registration
// budget (Limits.RegisterBurst) and a place in the hash queue.
func (s *Service) register(ctx context.Context, addr, name, password string) (User, error) {
	name, key, err := NormalizeName(name)
	if err != nil {
		return User{}, err
	}
	if err := checkScripts(name); err != nil { // look-alike names (confusable.go)
		return User{}, err
	}
	if err := CheckPassword(password); err != nil {
		return User{}, err
	}
	if err := s.checkLookalike(ctx, key); err != nil {
		return User{}, err
	}
	if addr != "" {
		if err := s.limits.registration(addr); err != nil {
			return User{}, err
		}
	}
	h, err := hashFor(ctx, s, addr, func(ctx context.Context) (string, error) { return s.hasher.hash(ctx, password) })
	if err != nil {
		return User{}, err
	}
	now := s.nowMillis()
	var id int64
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO accounts (name, name_key, password_hash, created_at, password_changed_at)
			VALUES ($1, $2, $3, $4, $4) RETURNING id`, name, key, h, now).Scan(&id)
	})
	if store.IsUniqueViolation(err) {
		return User{}, ErrNameTaken
	}
	if err != nil {
		return User{}, fmt.Errorf("account: registering %q: %w", name, err)
	}
	return User{ID: ID(id), Name: name}, nil
}

// hashFor runs one password hash for the client address addr: it takes a place in the hash
// queue first (refused at once with ErrBusy or ErrInFlight when there is none) and gives up
// with ErrBusy after Limits.HashWait without a turn. addr "" is a trusted caller: no place.
func hashFor[T any](ctx context.Context, s *Service, addr string, run func(context.Context) (T, error)) (T, error) {
	var zero T
	leave, err := s.admit.enter(addr)
	if err != nil {
		return zero, err
	}
	defer leave()
	hctx, cancel := context.WithTimeout(ctx, s.opts.Limits.HashWait)
	defer cancel()
	v, err := run(hctx)
	if err != nil && hctx.Err() != nil && ctx.Err() == nil {
		return zero, &limitedError{ErrBusy, 5 * time.Second}
	}
	return v, err
}

// check verifies name and password, rate-limited per address and per name and address; an
// unknown name costs a hash too and gives the same ErrBadLogin as a wrong password.
func (s *Service) check(ctx context.Context, addr, name, password string) (User, error) {
	_, key, nameErr := NormalizeName(name)
	if nameErr != nil {
		key = "invalid name"
	}
	if err := s.limits.check(addr, key); err != nil {
		return User{}, err
	}
	var u User
	var id int64
	stored := s.dummy
	found := false
	if nameErr == nil {
		err := s.db.SQL().QueryRowContext(ctx, "SELECT id, name, password_hash FROM accounts WHERE name_key = $1", key).Scan(&id, &u.Name, &stored)
		switch {
		case err == nil:
			found = true
			u.ID = ID(id)
		case errors.Is(err, sql.ErrNoRows):
			stored = s.dummy
		default:
			return User{}, fmt.Errorf("account: looking up a login: %w", err)
		}
	}
	ok, err := hashFor(ctx, s, addr, func(ctx context.Context) (bool, error) { return s.hasher.verify(ctx, stored, password) })
	if err != nil {
		return User{}, err
	}
	if !ok || !found {
		return User{}, ErrBadLogin
	}
	s.limits.succeeded(addr, key)
	return u, nil
}

// Login checks name and password and starts a session; it returns the user and the session's
// token (for the cookie). addr is the client's address, for the rate limit.
func (s *Service) Login(ctx context.Context, addr, name, password string) (User, string, error) {
	u, err := s.check(ctx, addr, name, password)
	if err != nil {
		return User{}, "", err
	}
	tok, err := s.newSession(ctx, u.ID)
	if err != nil {
		return User{}, "", err
	}
	return u, tok, nil
}

// ChangePassword replaces u's password after checking the old one, and ends every other session
// of the account (keep is the token of the session to keep; "" ends them all).
func (s *Service) ChangePassword(ctx context.Context, addr string, u User, old, new, keep string) error {
	if err := CheckPassword(new); err != nil {
		return err
	}
	if _, err := s.check(ctx, addr, u.Name, old); err != nil {
		return err
	}
	h, err := hashFor(ctx, s, addr, func(ctx context.Context) (string, error) { return s.hasher.hash(ctx, new) })
	if err != nil {
		return err
	}
	keepHash := hashToken(keep)
	keepID := ""
	if keep != "" {
		keepID = SessionID(keep)
	}
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE accounts SET password_hash = $1, password_changed_at = $2 WHERE id = $3",
			h, s.nowMillis(), int64(u.ID)); err != nil {
			return fmt.Errorf("account: changing the password of %d: %w", u.ID, err)
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2", int64(u.ID), keepHash); err != nil {
			return fmt.Errorf("account: ending the other sessions of %d: %w", u.ID, err)
		}
		return nil
	})
	if err == nil {
		s.revoke(Revocation{Account: u.ID, Keep: keepID})
	}
	return err
}

// Delete removes u's account and its sessions after checking the password.
func (s *Service) Delete(ctx context.Context, addr string, u User, password string) error {
	if _, err := s.check(ctx, addr, u.Name, password); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE account_id = $1", int64(u.ID)); err != nil {
			return fmt.Errorf("account: deleting the sessions of %d: %w", u.ID, err)
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM accounts WHERE id = $1", int64(u.ID)); err != nil {
			return fmt.Errorf("account: deleting account %d: %w", u.ID, err)
		}
		return nil
	})
	if err == nil {
		s.revoke(Revocation{Account: u.ID})
	}
	return err
}
