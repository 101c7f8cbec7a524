package account

import (
	"errors"
	"sync"
	"time"

	"github.com/duelistgame/duelist/limit"
)

// Limits bound the password checks and registrations a client may ask for (docs/security.md):
// every figure is a burst, then one more per interval, kept per client address (limit.Addr: the
// TCP peer or the trusted proxy's header, an IPv6 address by its /64) or per account name and
// address. A zero field takes its default; a negative burst means no limit.
type Limits struct {
	// AddrBurst and AddrEvery: the logins, password changes, deletions and registrations of one
	// address (default 20, then one every 3 s).
	AddrBurst int
	AddrEvery time.Duration
	// NameAddrBurst and NameAddrEvery: the password checks for one account name from one address
	// (default 10, then one every 6 s). There is no limit per name alone: a stranger flooding a
	// player's name from elsewhere spends only its own addresses' budgets, never the player's.
	NameAddrBurst int
	NameAddrEvery time.Duration
	// RegisterBurst and RegisterEvery: the accounts one address may register (default 10, then
	// one every 6 min), which bounds how fast one client makes accounts to farm with.
	RegisterBurst int
	RegisterEvery time.Duration
	// HashQueue bounds the password hashes the service has taken on at once, running and waiting
	// (default 64, at most 2 running: about 5 s of waiting for the last at 150 ms a hash); past
	// it a request is refused with ErrBusy before any hashing.
	HashQueue int
	// HashPerAddr bounds one address's share of the queue (default 1: a second login from an
	// address whose first is still being checked is refused with ErrInFlight).
	HashPerAddr int
	// HashWait is how long a request taken on may wait for a hash to run before it gives up with
	// ErrBusy (default 10 s).
	HashWait time.Duration
}

// DefaultLimits are the limits of a server (docs/security.md "Accounts").
var DefaultLimits = Limits{AddrBurst: 20, AddrEvery: 3 * time.Second, NameAddrBurst: 10, NameAddrEvery: 6 * time.Second,
	RegisterBurst: 10, RegisterEvery: 6 * time.Minute, HashQueue: 64, HashPerAddr: 1, HashWait: 10 * time.Second}

// NoLimits are limits that bound nothing (load tests whose bots all come from one address).
func NoLimits() Limits {
	return Limits{AddrBurst: -1, NameAddrBurst: -1, RegisterBurst: -1, HashQueue: -1, HashPerAddr: -1}
}

func (l *Limits) defaults() {
	d := DefaultLimits
	num := func(n *int, def int) {
		if *n == 0 {
			*n = def
		}
	}
	dur := func(x *time.Duration, def time.Duration) {
		if *x <= 0 {
			*x = def
		}
	}
	num(&l.AddrBurst, d.AddrBurst)
	num(&l.NameAddrBurst, d.NameAddrBurst)
	num(&l.RegisterBurst, d.RegisterBurst)
	num(&l.HashQueue, d.HashQueue)
	num(&l.HashPerAddr, d.HashPerAddr)
	dur(&l.AddrEvery, d.AddrEvery)
	dur(&l.NameAddrEvery, d.NameAddrEvery)
	dur(&l.RegisterEvery, d.RegisterEvery)
	dur(&l.HashWait, d.HashWait)
}

// Errors of the limits; their messages are for the player.
var (
	// ErrBusy is a password check or registration refused because the server has as many
	// password hashes to compute as it takes on (Limits.HashQueue): HTTP 503 with Retry-After.
	ErrBusy = errors.New("the server is busy; try again in a few seconds")
	// ErrInFlight is a password check refused because another of the same address is still
	// being computed (Limits.HashPerAddr): HTTP 429.
	ErrInFlight = errors.New("a login from your address is being checked already; try again in a moment")
)

// limitedError is a refusal by a rate limit, with how long until the next attempt may pass.
type limitedError struct {
	err   error
	retry time.Duration
}

func (e *limitedError) Error() string { return e.err.Error() }
func (e *limitedError) Unwrap() error { return e.err }

// retryAfter is the wait err asks for (a limit's refusal), or 0.
func retryAfter(err error) time.Duration {
	var le *limitedError
	if errors.As(err, &le) {
		return le.retry
	}
	return 0
}

// limiter holds the attempt budgets of Limits.
type limiter struct {
	addr, nameAddr, register *limit.Keyed
	now                      func() time.Time
}

func newLimiter(l Limits, now func() time.Time) *limiter {
	keyed := func(burst int, every time.Duration) *limit.Keyed {
		if burst < 0 {
			return nil
		}
		return limit.NewKeyed(every, burst, 0)
	}
	return &limiter{addr: keyed(l.AddrBurst, l.AddrEvery), nameAddr: keyed(l.NameAddrBurst, l.NameAddrEvery),
		register: keyed(l.RegisterBurst, l.RegisterEvery), now: now}
}

// check spends one password check of addr and one of name (an account's name key) from addr,
// or neither.
func (l *limiter) check(addr, name string) error {
	if ok, retry := limit.TakeBoth(l.addr, addr, l.nameAddr, name+"\x00"+addr, l.now()); !ok {
		return &limitedError{ErrRateLimited, retry}
	}
	return nil
}

// succeeded gives back the name-and-address attempt a right password spent (it was no guess,
// so a player who logs in often does not run out). The address's attempt stays spent: every
// check costs a hash, and the address budget is what bounds one client's hashing.
func (l *limiter) succeeded(addr, name string) {
	l.nameAddr.Give(name+"\x00"+addr, l.now())
}

// registration spends one attempt of addr and one registration of addr, or neither.
func (l *limiter) registration(addr string) error {
	if ok, retry := limit.TakeBoth(l.addr, addr, l.register, addr, l.now()); !ok {
		return &limitedError{ErrRateLimited, retry}
	}
	return nil
}

// admission bounds the password hashes taken on at once (Limits.HashQueue) and each address's
// share of them (Limits.HashPerAddr), so that a flood of logins is refused at once, before any
// hashing, instead of queueing without end in front of the players' own logins.
type admission struct {
	max, perAddr int
	mu           sync.Mutex
	total        int
	addrs        map[string]int
}

func newAdmission(l Limits) *admission {
	return &admission{max: l.HashQueue, perAddr: l.HashPerAddr, addrs: map[string]int{}}
}

// enter takes a place for one hash of addr ("" is a trusted caller of the Go API: no place is
// taken); leave gives it back.
func (a *admission) enter(addr string) (leave func(), err error) {
	if addr == "" {
		return func() {}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.max >= 0 && a.total >= a.max {
		return nil, &limitedError{ErrBusy, 5 * time.Second}
	}
	if a.perAddr >= 0 && a.addrs[addr] >= a.perAddr {
		return nil, &limitedError{ErrInFlight, time.Second}
	}
	a.total++
	a.addrs[addr]++
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.total--
			if a.addrs[addr]--; a.addrs[addr] <= 0 {
				delete(a.addrs, addr)
			}
		})
	}, nil
}

// taken reports how many places are taken (tests).
func (a *admission) taken() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.total
}
