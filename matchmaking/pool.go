// Package matchmaking is quick match's waiting room: players queue per ruleset and format and are
// paired in waves, as Lichess's pools do it. A wave runs every few seconds, or at once when enough
// players wait in one queue; it pairs the closest ratings first, and the rating gap a player will
// accept widens the longer the player waits. A player left waiting alone may take the AI instead.
// The package is pure: the caller gives the clock and runs the waves (docs/ladder.md).
package matchmaking

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Queue names one quick-match queue: players only meet others of the same ruleset and format.
type Queue struct {
	Ruleset string // a ruleset id: ocg, tcg, ...
	Format  string // "bo1" or "bo3"
}

func (q Queue) String() string { return q.Ruleset + "/" + q.Format }

// Entry is one player waiting.
type Entry struct {
	ID      string // the connection's id: unique in the pool
	Account int64  // the account (0 for a guest): an account holds one entry of the pool at most
	// Guest identifies a guest (Account 0) when the caller knows one (a guest token): a guest
	// identity, too, holds one entry at most. "" is a guest the pool cannot tell apart.
	Guest  string
	Queue  Queue   // where the player waits
	Rating float64 // the player's rating in that queue
	// Joined is when the player joined the queue: Join sets it from the clock, or keeps an earlier
	// time given (a player handed over from another pool keeps its wait and its widened gap).
	Joined time.Time
}

// Pair is two players a wave matched; A waited longer (or as long, with the smaller ID).
type Pair struct{ A, B Entry }

// Config sets the pool's timing and gap. Zero values take the defaults.
type Config struct {
	Wave     time.Duration // time between waves (default 3 s)
	Enough   int           // a queue with this many waiting gets a wave at once (default 16)
	BaseGap  float64       // the gap every player accepts on joining (default 100)
	GapPerS  float64       // the gap grows by this much each second of waiting (default 25)
	MaxGap   float64       // the gap grows no further (default 800)
	AIOffer  time.Duration // a player alone in a queue this long is offered the AI (default 20 s)
	MaxQueue int           // the pool holds no more players than this (default 100,000)
}

func (c *Config) defaults() {
	if c.Wave <= 0 {
		c.Wave = 3 * time.Second
	}
	if c.Enough <= 0 {
		c.Enough = 16
	}
	if c.BaseGap <= 0 {
		c.BaseGap = 100
	}
	if c.GapPerS <= 0 {
		c.GapPerS = 25
	}
	if c.MaxGap <= 0 {
		c.MaxGap = 800
	}
	if c.AIOffer <= 0 {
		c.AIOffer = 20 * time.Second
	}
	if c.MaxQueue <= 0 {
		c.MaxQueue = 100000
	}
}

// Errors of Join.
var (
	ErrQueued = errors.New("matchmaking: already queued")
	// ErrOwnerQueued refuses a second entry of one account (or guest identity): one player
	// holding many places of a queue would be paired with everyone who comes.
	ErrOwnerQueued = errors.New("matchmaking: this player is queued already (in another tab or window)")
	ErrFull        = errors.New("matchmaking: the pool is full")
	ErrEntry       = errors.New("matchmaking: bad entry")
)

// Pool is the set of waiting players. It is not safe for concurrent use: one goroutine owns it.
type Pool struct {
	cfg      Config
	now      func() time.Time
	waiting  map[string]Entry
	owners   map[ownerKey]string // an account's or guest's entry's ID
	byQueue  map[Queue]int
	fresh    map[Queue]int // players who joined each queue since the last wave
	lastWave time.Time
}

// New returns an empty pool reading the clock now.
func New(cfg Config, now func() time.Time) *Pool {
	cfg.defaults()
	return &Pool{cfg: cfg, now: now, waiting: map[string]Entry{}, owners: map[ownerKey]string{}, byQueue: map[Queue]int{},
		fresh: map[Queue]int{}, lastWave: now()}
}

// Config returns the pool's configuration with its defaults filled in.
func (p *Pool) Config() Config { return p.cfg }

// ownerKey is the player an entry belongs to: an account, or a guest identity; the zero key is
// a guest the pool cannot tell apart. (A struct, not a formatted string: a wave of 100,000
// would format 100,000 strings to take its pairs out.)
type ownerKey struct {
	account int64
	guest   string
}

func (o ownerKey) String() string {
	if o.account != 0 {
		return "account " + strconv.FormatInt(o.account, 10)
	}
	return "guest " + o.guest
}

// owner is the key of the player an entry belongs to.
func (e Entry) owner() ownerKey {
	if e.Account != 0 {
		return ownerKey{account: e.Account}
	}
	return ownerKey{guest: e.Guest}
}

// Join queues a player; Joined is set from the clock unless it is given and earlier (a player
// handed over from another pool: its wait goes on; a time after the clock's counts as now). A connection already queued
// (ErrQueued), an account or guest identity with an entry already (ErrOwnerQueued), an entry
// without an ID or queue, or a full pool is refused and the pool is unchanged.
func (p *Pool) Join(e Entry) error {
	if e.ID == "" || e.Queue.Ruleset == "" || e.Queue.Format == "" {
		return fmt.Errorf("%w: an entry needs an ID, a ruleset and a format", ErrEntry)
	}
	if math.IsNaN(e.Rating) || math.IsInf(e.Rating, 0) {
		return fmt.Errorf("%w: rating %v", ErrEntry, e.Rating)
	}
	if _, ok := p.waiting[e.ID]; ok {
		return fmt.Errorf("%w: %s waits in %s", ErrQueued, e.ID, p.waiting[e.ID].Queue)
	}
	o := e.owner()
	if id, ok := p.owners[o]; ok && o != (ownerKey{}) {
		return fmt.Errorf("%w: %s waits in %s", ErrOwnerQueued, o, p.waiting[id].Queue)
	}
	if len(p.waiting) >= p.cfg.MaxQueue {
		return ErrFull
	}
	if now := p.now(); e.Joined.IsZero() || e.Joined.After(now) {
		e.Joined = now
	}
	p.waiting[e.ID] = e
	if o != (ownerKey{}) {
		p.owners[o] = e.ID
	}
	p.byQueue[e.Queue]++
	p.fresh[e.Queue]++
	return nil
}

// Leave takes a player out of the pool; false if the player was not queued.
func (p *Pool) Leave(id string) bool {
	e, ok := p.waiting[id]
	if !ok {
		return false
	}
	delete(p.waiting, id)
	if o := e.owner(); o != (ownerKey{}) && p.owners[o] == id {
		delete(p.owners, o)
	}
	if p.byQueue[e.Queue]--; p.byQueue[e.Queue] == 0 {
		delete(p.byQueue, e.Queue)
	}
	return true
}

// Waiting returns the player's entry, if queued.
func (p *Pool) Waiting(id string) (Entry, bool) {
	e, ok := p.waiting[id]
	return e, ok
}

// Len returns how many players wait, and QueueLen how many in one queue.
func (p *Pool) Len() int             { return len(p.waiting) }
func (p *Pool) QueueLen(q Queue) int { return p.byQueue[q] }

// Gap returns the rating gap a player accepts after waiting w.
func (p *Pool) Gap(w time.Duration) float64 {
	if w < 0 {
		w = 0
	}
	return math.Min(p.cfg.MaxGap, p.cfg.BaseGap+p.cfg.GapPerS*w.Seconds())
}

// Due reports whether a wave should run now: the wave interval has passed, or Enough players
// joined one queue since the last wave (players the last wave could not pair do not count again:
// they would only make every look rerun the same wave).
func (p *Pool) Due() bool {
	if len(p.waiting) < 2 {
		return false
	}
	if p.now().Sub(p.lastWave) >= p.cfg.Wave {
		return true
	}
	for _, n := range p.fresh {
		if n >= p.cfg.Enough {
			return true
		}
	}
	return false
}

// Wave pairs the waiting players and takes the pairs out of the pool. Within each queue the
// candidate pairs are those whose rating difference both players accept (each player's gap grows
// with its own wait); they are taken closest ratings first (ties: the longer total wait first,
// then by ID, so a wave is deterministic), each player at most once. Players of one account never
// meet, nor do players of different queues.
func (p *Pool) Wave() []Pair {
	now := p.now()
	p.lastWave = now
	clear(p.fresh)
	groups := make(map[Queue][]Entry, len(p.byQueue))
	for q, n := range p.byQueue {
		groups[q] = make([]Entry, 0, n)
	}
	for _, e := range p.waiting {
		groups[e.Queue] = append(groups[e.Queue], e)
	}
	queues := make([]Queue, 0, len(groups))
	for q := range groups {
		queues = append(queues, q)
	}
	sort.Slice(queues, func(i, j int) bool { return queues[i].String() < queues[j].String() })
	var pairs, qp []Pair
	var left []Entry
	for _, q := range queues {
		qp, left = p.pairQueue(groups[q], now, left)
		pairs = append(pairs, qp...)
	}
	if 2*len(pairs) <= len(p.waiting)/2 {
		for _, pr := range pairs {
			p.Leave(pr.A.ID)
			p.Leave(pr.B.ID)
		}
		return pairs
	}
	// Most were paired: the pool is made again of those left, cheaper than taking the pairs out
	// one by one (at 100,000 waiting, a quarter of a wave's time went to those deletions).
	p.waiting = make(map[string]Entry, len(left))
	p.owners = make(map[ownerKey]string, len(left))
	p.byQueue = make(map[Queue]int, len(queues))
	for _, e := range left {
		p.waiting[e.ID] = e
		if o := e.owner(); o != (ownerKey{}) {
			p.owners[o] = e.ID
		}
		p.byQueue[e.Queue]++
	}
	return pairs
}

// neighbours is how many of the next-rated players are a player's candidates: the closest
// partner is always among the next few in rating order, and the bound keeps a wave near n log n.
const neighbours = 8

// pairQueue pairs the players of one queue. The players are sorted by rating (then ID); a
// player's candidates are the next few above it within the largest gap anyone accepts, those
// whose rating difference both accept. The candidates are taken closest first (ties: the longer
// total wait first, then by the ID of the pair's lower-rated player, then of the other), each
// player at most once.
//
// The candidates are not all made and sorted: each player's few, in that order, are a stream
// (the difference grows along the rating order, so a stream needs only its equal differences
// put in order), and a heap of the streams' heads gives them in the global order; a stream whose
// player is paired leaves the heap, a head whose partner is paired gives way to the next. A
// wave makes no candidate array (at 100,000 waiting, 800,000 candidates took 26 of a wave's 60
// MB and their sort most of its time), and looks only at the candidates it gets to.
//
// The players left unpaired are appended to left, which is returned with the pairs.
func (p *Pool) pairQueue(es []Entry, now time.Time, left []Entry) ([]Pair, []Entry) {
	n := len(es)
	// The IDs are compared once, in a sort by ID: the sort by rating and every tie-break after
	// compare the players' places in it (many players share a rating: every new player's is
	// 1500).
	byID := make([]int32, n)
	for i := range byID {
		byID[i] = int32(i)
	}
	slices.SortFunc(byID, func(a, b int32) int { return strings.Compare(es[a].ID, es[b].ID) })
	rank := make([]int32, n) // es's index -> its place in ID order
	for r, i := range byID {
		rank[i] = int32(r)
	}
	ord := make([]int32, n) // es's indices by rating, then ID
	for i := range ord {
		ord[i] = int32(i)
	}
	slices.SortFunc(ord, func(a, b int32) int {
		if c := cmp.Compare(es[a].Rating, es[b].Rating); c != 0 {
			return c
		}
		return cmp.Compare(rank[a], rank[b])
	})
	idRank := byID               // by place in ord: the player's place in ID order (byID is not read again)
	rating := make([]float64, n) // by place in ord
	gap := make([]float64, n)
	wait := make([]time.Duration, n)
	widest := 0.0
	for k, i := range ord {
		idRank[k] = rank[i]
		rating[k] = es[i].Rating
		wait[k] = now.Sub(es[i].Joined)
		gap[k] = p.Gap(wait[k])
		widest = math.Max(widest, gap[k])
	}
	// A stream: player i's candidates, as offsets j-i in order; at is its head.
	type stream struct {
		off   [neighbours]uint8
		n, at uint8
	}
	st := make([]stream, n)
	// before orders the candidates (i, j) and (k, l) (places in ord, i < j and k < l): the
	// closer first, then the longer total wait, then by the IDs of i and k, then of j and l.
	before := func(i, j, k, l int32) bool {
		if d, e := rating[j]-rating[i], rating[l]-rating[k]; d != e {
			return d < e
		}
		if w, v := wait[i]+wait[j], wait[k]+wait[l]; w != v {
			return w > v
		}
		if idRank[i] != idRank[k] {
			return idRank[i] < idRank[k]
		}
		return idRank[j] < idRank[l]
	}
	heap := make([]int32, 0, n) // the streams with a head, by their heads
	for i := range n {
		s := &st[i]
		for j := i + 1; j < n && j <= i+neighbours && rating[j]-rating[i] <= widest; j++ {
			d := rating[j] - rating[i]
			if d > gap[i] || d > gap[j] {
				continue
			}
			if a := es[ord[i]].Account; a != 0 && a == es[ord[j]].Account {
				continue // no self-pairing across two connections of one account
			}
			// Insert j in order: the differences grow with j, so only ties move it.
			k := s.n
			for k > 0 && before(int32(i), int32(j), int32(i), int32(i)+int32(s.off[k-1])) {
				s.off[k] = s.off[k-1]
				k--
			}
			s.off[k] = uint8(j - i)
			s.n++
		}
		if s.n > 0 {
			heap = append(heap, int32(i))
		}
	}
	head := func(i int32) int32 { return i + int32(st[i].off[st[i].at]) }
	less := func(a, b int32) bool { return before(a, head(a), b, head(b)) }
	down := func(k int) {
		for {
			c := 2*k + 1
			if c >= len(heap) {
				return
			}
			if c+1 < len(heap) && less(heap[c+1], heap[c]) {
				c++
			}
			if !less(heap[c], heap[k]) {
				return
			}
			heap[k], heap[c] = heap[c], heap[k]
			k = c
		}
	}
	for k := len(heap)/2 - 1; k >= 0; k-- {
		down(k)
	}
	pop := func() {
		last := len(heap) - 1
		heap[0] = heap[last]
		heap = heap[:last]
		down(0)
	}
	used := make([]bool, n)
	pairs := make([]Pair, 0, n/2)
	for len(heap) > 0 {
		i := heap[0]
		if used[i] {
			pop()
			continue
		}
		j := head(i)
		if used[j] {
			if st[i].at++; st[i].at == st[i].n {
				pop()
			} else {
				down(0)
			}
			continue
		}
		used[i], used[j] = true, true
		pop()
		a, b := es[ord[i]], es[ord[j]]
		if b.Joined.Before(a.Joined) || (b.Joined.Equal(a.Joined) && b.ID < a.ID) {
			a, b = b, a
		}
		pairs = append(pairs, Pair{A: a, B: b})
	}
	for k, u := range used {
		if !u {
			left = append(left, es[ord[k]])
		}
	}
	return pairs, left
}

// Lonely returns the players who have waited at least AIOffer alone in their queue, sorted by ID: the server offers them the AI. They stay queued until they
// take the offer (Leave) or are paired.
func (p *Pool) Lonely() []Entry {
	now := p.now()
	var out []Entry
	for _, e := range p.waiting {
		if now.Sub(e.Joined) < p.cfg.AIOffer {
			continue
		}
		if p.byQueue[e.Queue] == 1 {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
