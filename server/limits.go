package server

import (
	"net/http"
	"sync"
	"time"

	"github.com/duelistgame/duelist/limit"
)

// Limits bound what one client, one address and everyone together may hold of a server, so that
// no client can exhaust it (docs/security.md). Zero values take the defaults; a negative count or
// rate means no limit.
type Limits struct {
	HelloTimeout    time.Duration // from connecting to the hello (default 10 s)
	IdleTimeout     time.Duration // a connection in no room that sends nothing is closed (default 5 min)
	PingInterval    time.Duration // the server pings every connection this often; a ping unanswered for as long closes it (default 30 s)
	MaxConns        int           // connections at once (default 20,000)
	MaxConnsPerAddr int           // connections of one address at once (default 64)
	MaxRoomsPerAddr int           // open rooms created from one address (default 8)
	LookupRate      float64       // room lookups (join, watch, rejoin) of an unknown room an address may make a second (default 0.5)
	LookupBurst     float64       // ... in a burst (default 20)
	Takeovers       int           // times a held seat may be taken over by another connection per TakeoverWindow (default 3)
	TakeoverWindow  time.Duration // (default 1 min)
	RatedPairBurst  int           // rated duels by agreement two accounts may start at once (default 3; ratedpair.go)
	RatedPairEvery  time.Duration // ... then one more every (default 20 min)
	ViewBurst       int           // replay viewer requests (GET /api/duels/{id}/views) one client may make at once (default 5; viewlimit.go)
	ViewEvery       time.Duration // ... then one more every (default 20 s)

	// ProxyHeader, when set, names the header a trusted reverse proxy writes the client's
	// address into ("X-Forwarded-For": its last entry, or "X-Real-IP"); without it a client is
	// the address of its TCP connection. Set it only behind a proxy that overwrites the header.
	ProxyHeader string
	// AllowedHosts, when not empty, are the only Host names (without port) requests may name;
	// others get 421 Misdirected Request. It defends a loopback server against DNS rebinding.
	AllowedHosts []string
}

func (l *Limits) defaults() {
	dur := func(d *time.Duration, def time.Duration) {
		if *d == 0 {
			*d = def
		}
	}
	dur(&l.HelloTimeout, 10*time.Second)
	dur(&l.IdleTimeout, 5*time.Minute)
	dur(&l.PingInterval, 30*time.Second)
	dur(&l.TakeoverWindow, time.Minute)
	dur(&l.RatedPairEvery, 20*time.Minute)
	dur(&l.ViewEvery, 20*time.Second)
	num := func(n *int, def int) {
		if *n == 0 {
			*n = def
		}
	}
	num(&l.MaxConns, 20000)
	num(&l.MaxConnsPerAddr, 64)
	num(&l.MaxRoomsPerAddr, 8)
	num(&l.Takeovers, 3)
	num(&l.RatedPairBurst, 3)
	num(&l.ViewBurst, 5)
	if l.LookupRate == 0 {
		l.LookupRate = 0.5
	}
	if l.LookupBurst == 0 {
		l.LookupBurst = 20
	}
}

// Unlimited returns limits that bound nothing a load test would reach: no per-address or total
// caps and no lookup rate (the timeouts keep their defaults).
func Unlimited() Limits {
	return Limits{MaxConns: -1, MaxConnsPerAddr: -1, MaxRoomsPerAddr: -1, LookupRate: -1, Takeovers: -1, RatedPairBurst: -1, ViewBurst: -1}
}

// LoopbackHosts are the Host names of a server listening on a loopback address.
func LoopbackHosts() []string { return []string{"localhost", "127.0.0.1", "::1"} }

// guard keeps a hub's counts per address. Its own mutex: connections come and go on their own
// goroutines.
type guard struct {
	lim Limits

	mu        sync.Mutex
	roomsAddr map[string]int
	roomOf    map[*Room]string
	lookups   *limit.Keyed // nil: no lookup limit
}

func newGuard(l Limits) *guard {
	g := &guard{lim: l, roomsAddr: map[string]int{}, roomOf: map[*Room]string{}}
	if l.LookupRate > 0 && l.LookupBurst >= 1 {
		g.lookups = limit.NewKeyed(time.Duration(float64(time.Second)/l.LookupRate), int(l.LookupBurst), 0)
	}
	return g
}

// openRoom counts a room created from addr; false when the address holds its most.
func (g *guard) openRoom(r *Room, addr string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if addr != "" && g.lim.MaxRoomsPerAddr >= 0 && g.roomsAddr[addr] >= g.lim.MaxRoomsPerAddr {
		return false
	}
	g.roomsAddr[addr]++
	g.roomOf[r] = addr
	return true
}

// closeRoom uncounts a room (once; a room never counted is ignored).
func (g *guard) closeRoom(r *Room) {
	g.mu.Lock()
	defer g.mu.Unlock()
	addr, ok := g.roomOf[r]
	if !ok {
		return
	}
	delete(g.roomOf, r)
	if g.roomsAddr[addr]--; g.roomsAddr[addr] <= 0 {
		delete(g.roomsAddr, addr)
	}
}

// lookup reports whether addr may look a room up now; a miss (found false, reported through the
// returned function) takes a token. An address out of tokens is refused every lookup, found or
// not, so that a hit tells a guesser nothing more. The buckets are limit.Keyed's: bounded, and a
// flood of new addresses does not make it forget the spent ones.
func (g *guard) lookup(addr string, now time.Time) (ok bool, miss func()) {
	if g.lookups == nil {
		return true, func() {}
	}
	if g.lookups.Tokens(addr, now) < 1 {
		return false, nil
	}
	return true, func() { g.lookups.Allow(addr, now) }
}

// clientAddr is the address a request comes from, for the per-address limits: limit.Addr, the
// one definition every limit of the server (the account API's too) uses.
func clientAddr(r *http.Request, proxyHeader string) string { return limit.Addr(r, proxyHeader) }
