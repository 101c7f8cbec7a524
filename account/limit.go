package account

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits are login-attempt rate limits: a burst, then one attempt per interval, kept per client
// address and per account name.
type Limits struct {
	AddrBurst    int
	AddrEvery    time.Duration
	AccountBurst int
	AccountEvery time.Duration
}

// DefaultLimits allow 20 attempts from one address then one every 3 s, and 10 for one account
// then one every 6 s.
var DefaultLimits = Limits{AddrBurst: 20, AddrEvery: 3 * time.Second, AccountBurst: 10, AccountEvery: 6 * time.Second}

// maxTracked bounds the limiter maps; past it, full (idle) limiters are dropped.
const maxTracked = 100000

type limiter struct {
	l        Limits
	mu       sync.Mutex
	addrs    map[string]*rate.Limiter
	accounts map[string]*rate.Limiter
}

func newLimiter(l Limits) *limiter {
	return &limiter{l: l, addrs: map[string]*rate.Limiter{}, accounts: map[string]*rate.Limiter{}}
}

// allow spends one attempt of addr and one of account (an empty account spends only the
// address's); false means either is exhausted.
func (l *limiter) allow(addr, account string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	a := get(l.addrs, addr, rate.Every(l.l.AddrEvery), l.l.AddrBurst, now)
	if account == "" {
		return a.AllowN(now, 1)
	}
	c := get(l.accounts, account, rate.Every(l.l.AccountEvery), l.l.AccountBurst, now)
	// Spend both or neither, so one exhausted limit does not drain the other.
	ra, rc := a.ReserveN(now, 1), c.ReserveN(now, 1)
	if ra.DelayFrom(now) > 0 || rc.DelayFrom(now) > 0 {
		ra.CancelAt(now)
		rc.CancelAt(now)
		return false
	}
	return true
}

func get(m map[string]*rate.Limiter, k string, r rate.Limit, burst int, now time.Time) *rate.Limiter {
	if lim, ok := m[k]; ok {
		return lim
	}
	if len(m) >= maxTracked {
		for key, lim := range m {
			if lim.TokensAt(now) >= float64(burst) {
				delete(m, key)
			}
		}
		if len(m) >= maxTracked { // a flood of distinct keys: start over rather than grow
			clear(m)
		}
	}
	lim := rate.NewLimiter(r, burst)
	m[k] = lim
	return lim
}
