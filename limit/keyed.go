package limit

import (
	"cmp"
	"slices"
	"sync"
	"time"
)

// DefaultMaxKeys is how many keys a Keyed remembers at most unless told otherwise.
const DefaultMaxKeys = 100_000

// Keyed is a token bucket per key (a client address, an account, a name and an address): each
// holds at most Burst tokens and earns one every Every; an action takes one. Its memory is
// bounded: past MaxKeys keys it forgets first the buckets that are full again (as good as new),
// then those with the most tokens left, so a flood of new keys (an IPv6 flood, a botnet) never
// forgets the buckets that were spent — those are the limits that hold an attacker back. A nil
// *Keyed limits nothing. Safe for concurrent use.
type Keyed struct {
	every   time.Duration
	burst   float64
	maxKeys int

	mu sync.Mutex
	m  map[string]*bucket
}

// bucket is one key's tokens as of last.
type bucket struct {
	tokens float64
	last   time.Time
}

// NewKeyed returns buckets of burst tokens that earn one token every every, remembering at most
// maxKeys keys (DefaultMaxKeys when maxKeys <= 0). A burst below 1 or a non-positive every gives
// nil: no limit.
func NewKeyed(every time.Duration, burst, maxKeys int) *Keyed {
	if burst < 1 || every <= 0 {
		return nil
	}
	if maxKeys <= 0 {
		maxKeys = DefaultMaxKeys
	}
	return &Keyed{every: every, burst: float64(burst), maxKeys: maxKeys, m: map[string]*bucket{}}
}

// Allow takes one token of key's bucket at now, and reports whether there was one.
func (k *Keyed) Allow(key string, now time.Time) bool {
	ok, _ := k.Take(key, now)
	return ok
}

// Take takes one token of key's bucket at now; when there is none it takes nothing and says how
// long until there is one (for a Retry-After header).
func (k *Keyed) Take(key string, now time.Time) (ok bool, retry time.Duration) {
	if k == nil {
		return true, 0
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	b := k.get(key, now)
	if b.tokens < 1 {
		return false, k.wait(b)
	}
	b.tokens--
	return true, 0
}

// Give gives back one token to key's bucket (an attempt that turned out well: a right password
// costs nothing of the budget against guessing). A key not remembered is full already.
func (k *Keyed) Give(key string, now time.Time) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if b, ok := k.m[key]; ok {
		k.refill(b, now)
		b.tokens = min(k.burst, b.tokens+1)
	}
}

// TakeBoth takes one token of a's bucket of ka and one of b's of kb, or neither: one spent limit
// does not drain the other. The retry is the longer of the two waits.
func TakeBoth(a *Keyed, ka string, b *Keyed, kb string, now time.Time) (ok bool, retry time.Duration) {
	if a == nil {
		return b.Take(kb, now)
	}
	if b == nil {
		return a.Take(ka, now)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if b != a {
		b.mu.Lock()
		defer b.mu.Unlock()
	}
	ba := a.get(ka, now)
	bb := b.get(kb, now)
	if ba == bb {
		if ba.tokens < 2 {
			return false, a.wait(ba)
		}
		ba.tokens -= 2
		return true, 0
	}
	if ba.tokens < 1 || bb.tokens < 1 {
		var w time.Duration
		if ba.tokens < 1 {
			w = a.wait(ba)
		}
		if bb.tokens < 1 {
			w = max(w, b.wait(bb))
		}
		return false, w
	}
	ba.tokens--
	bb.tokens--
	return true, 0
}

// Tokens returns the tokens key's bucket holds at now (a full bucket for a key never seen).
func (k *Keyed) Tokens(key string, now time.Time) float64 {
	if k == nil {
		return 0
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if b, ok := k.m[key]; ok {
		k.refill(b, now)
		return b.tokens
	}
	return k.burst
}

// Len returns how many keys are remembered.
func (k *Keyed) Len() int {
	if k == nil {
		return 0
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.m)
}

// wait is how long b needs to earn its next whole token.
func (k *Keyed) wait(b *bucket) time.Duration {
	return time.Duration((1 - b.tokens) * float64(k.every))
}

// refill adds the tokens b earned since its last look.
func (k *Keyed) refill(b *bucket, now time.Time) {
	if now.After(b.last) {
		b.tokens = min(k.burst, b.tokens+float64(now.Sub(b.last))/float64(k.every))
		b.last = now
	}
}

// get returns key's bucket, refilled to now, making it (full) if it is new. k.mu is held.
func (k *Keyed) get(key string, now time.Time) *bucket {
	if b, ok := k.m[key]; ok {
		k.refill(b, now)
		return b
	}
	if len(k.m) >= k.maxKeys {
		k.evict(now)
	}
	b := &bucket{tokens: k.burst, last: now}
	k.m[key] = b
	return b
}

// evict makes room: it forgets every full bucket (a new one would be the same), and if that
// leaves the map more than three quarters full, the buckets with the most tokens left until it
// is half full. Spent buckets are forgotten last. The cost, a pass over the map (and a sort when
// it is full of partly spent buckets), comes once per quarter of MaxKeys new keys at most.
func (k *Keyed) evict(now time.Time) {
	for key, b := range k.m {
		if k.refill(b, now); b.tokens >= k.burst {
			delete(k.m, key)
		}
	}
	if len(k.m) <= k.maxKeys*3/4 {
		return
	}
	type kb struct {
		key    string
		tokens float64
	}
	all := make([]kb, 0, len(k.m))
	for key, b := range k.m {
		all = append(all, kb{key, b.tokens})
	}
	slices.SortFunc(all, func(x, y kb) int { return cmp.Compare(y.tokens, x.tokens) })
	for _, e := range all[:len(all)-k.maxKeys/2] {
		delete(k.m, e.key)
	}
}
