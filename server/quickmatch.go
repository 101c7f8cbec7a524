package server

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/matchmaking"
	"github.com/duelistgame/duelist/rating"
	"github.com/duelistgame/duelist/ruleset"
)

// QuickMatchOptions configure quick match (docs/protocol.md "Quick match", docs/ladder.md).
// Zero values take the defaults.
type QuickMatchOptions struct {
	Pool matchmaking.Config // the waves' timing and rating gaps
	// Tick is how often the matchmaker looks for a due wave and for lonely players (default 200 ms).
	Tick time.Duration
	// Rating gives an account's rating in a queue (default: every player is a new 1500 player).
	Rating func(ctx context.Context, account int64, ruleset, format string) (float64, error)
	// Owned gives the cards an account owns (nil map: free cards). Nil means free cards for all.
	Owned func(ctx context.Context, account int64) (map[card.Passcode]int, error)
}

// ErrLogin is the error code of a message that needs a logged-in account.
const ErrLogin = "login"

// The quick-match messages a client sends.
type (
	queueMsg struct {
		T       string      `json:"t"` // "queue"
		ID      int         `json:"id,omitempty"`
		Ruleset string      `json:"ruleset,omitempty"` // default ocg
		Format  string      `json:"format,omitempty"`  // bo1 (default) or bo3 (a best-of-3 match, bo3.go)
		Deck    *DeckChoice `json:"deck,omitempty"`    // default yugi-legal (ratedDeckA)
		AI      bool        `json:"ai,omitempty"`      // take the AI after waiting alone (AIOffer)
		AILevel string      `json:"aiLevel,omitempty"` // that AI's level: greedy (default), easy, normal or hard
	}
	unqueueMsg struct {
		T  string `json:"t"` // "unqueue"
		ID int    `json:"id,omitempty"`
	}
)

// The quick-match messages the server sends.
type (
	queuedMsg struct {
		T       string  `json:"t"` // "queued"
		Ruleset string  `json:"ruleset"`
		Format  string  `json:"format"`
		Rating  float64 `json:"rating"`
		AIAfter int     `json:"aiAfter,omitempty"` // seconds alone before the AI is taken, when asked
	}
	unqueuedMsg struct {
		T      string `json:"t"`      // "unqueued"
		Reason string `json:"reason"` // left, in-room, failed
	}
	matchedMsg struct {
		T        string `json:"t"` // "matched": "joined" follows for the new room
		Room     string `json:"room"`
		Opponent string `json:"opponent"`
		AI       bool   `json:"ai,omitempty"`
		Rated    bool   `json:"rated"`
	}
)

// qEntry is what the matchmaker keeps of a queued connection besides its pool entry.
type qEntry struct {
	c    *Conn
	deck engine.DeckList
	side []card.Passcode // the Side Deck (bo3)
	fmt  string          // bo1 or bo3
	ai   bool
	lvl  string // the AI's level (roomConfig.aiLevel)
	rs   ruleset.Ruleset
	r    float64   // the rating it queued with
	msg  *queueMsg // the message it queued with (handOver sends it on)
}

// matchmaker is a hub's quick-match pool. The pool is guarded by mu; a ticker goroutine runs
// while anyone waits and stops when the pool is empty, so an idle hub holds no goroutine.
type matchmaker struct {
	mu      sync.Mutex
	pool    *matchmaking.Pool
	entries map[string]qEntry
	ids     map[*Conn]string
	next    int
	running bool
	// kept holds the join times of players whose socket's node drained while they waited in a
	// queue this node holds (keepWait): queuing again within keptWaitFor, the player keeps it.
	kept map[keptKey]keptWait
}

// keptWaitFor is how long a queue's holder keeps the wait of a player whose socket's node
// drained: the client reconnects (to any node) within a few seconds and queues again by itself.
const keptWaitFor = time.Minute

// keptKey is a player's place in one queue: an account (quick match needs a login) and a queue.
type keptKey struct {
	account int64
	q       matchmaking.Queue
}

type keptWait struct{ since, until time.Time }

// keepWait remembers that account joined queue q at since (mm.mu held). Expired ones go.
func (mm *matchmaker) keepWait(account int64, q matchmaking.Queue, since, now time.Time) {
	if account == 0 || since.IsZero() {
		return
	}
	if mm.kept == nil {
		mm.kept = map[keptKey]keptWait{}
	}
	for k, w := range mm.kept {
		if now.After(w.until) {
			delete(mm.kept, k)
		}
	}
	mm.kept[keptKey{account, q}] = keptWait{since, now.Add(keptWaitFor)}
}

// keptFor returns the wait kept for account in q (mm.mu held); zero if none, or expired. The
// player's queue forgets it once it joined the pool.
func (mm *matchmaker) keptFor(account int64, q matchmaking.Queue, now time.Time) time.Time {
	w, ok := mm.kept[keptKey{account, q}]
	if !ok || now.After(w.until) {
		return time.Time{}
	}
	return w.since
}

// keepQueued takes c out of the pool keeping its wait (keepWait): its socket's node drains, and
// the player will queue again from another node (a route's end that says so, openRemote).
func (h *Hub) keepQueued(c *Conn) {
	mm := &h.mm
	mm.mu.Lock()
	defer mm.mu.Unlock()
	key, ok := mm.ids[c]
	if !ok {
		return
	}
	if pe, ok := mm.pool.Waiting(key); ok {
		mm.keepWait(c.account, pe.Queue, pe.Joined, h.opts.Now())
		h.logf("server: quick match %s: account %d's socket's node drains: its wait is kept for its return", pe.Queue, c.account)
	}
	mm.pool.Leave(key)
	delete(mm.ids, c)
	delete(mm.entries, key)
}

func (h *Hub) qmOpts() QuickMatchOptions {
	o := h.opts.QuickMatch
	if o.Tick <= 0 {
		o.Tick = 200 * time.Millisecond
	}
	return o
}

// queue puts a connection in the quick-match pool.
func (h *Hub) queue(c *Conn, id int, m *queueMsg) {
	if e := h.tryQueue(c, m); e != nil {
		c.sendError("queue", id, e)
	}
}

func (h *Hub) tryQueue(c *Conn, m *queueMsg) *protoError {
	if c.account == 0 {
		return perr(ErrLogin, "quick match is rated: log in first")
	}
	if cur, _ := c.place(); cur != nil {
		return perr(ErrInRoom, "leave room %s first", cur.code)
	}
	rsID, format := m.Ruleset, m.Format
	if rsID == "" {
		rsID = "ocg"
	}
	if format == "" {
		format = "bo1"
	}
	if format != FormatBo1 && format != FormatBo3 {
		return perr(ErrBadRequest, `format is "bo1" or "bo3", not %q`, format)
	}
	rs, err := ruleset.Get(rsID)
	if err != nil {
		return perr(ErrRuleset, "%v", err)
	}
	if err := rs.Playable(); err != nil {
		return perr(ErrRuleset, "%v", err)
	}
	lvl, e := aiLevelOf(m.AILevel)
	if e != nil {
		return e
	}
	dk, err := loadRatedDeck(m.Deck, rs, ratedDeckA, defaultBanlist()) // quick match is rated: every deck keeps the list
	if err != nil {
		return perr(ErrDeck, "%v", err)
	}
	dl := deckList(dk)
	o := h.qmOpts()
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	if e := ownedDeck(ctx, o, c.account, dk, rs); e != nil {
		return e
	}
	r := rating.DefaultRating
	if o.Rating != nil {
		if r, err = o.Rating(ctx, c.account, rs.ID, format); err != nil {
			h.logf("server: quick match: reading account %d's rating: %v", c.account, err)
			return perr(ErrUnavailable, "your rating could not be read; try again")
		}
	}
	mm := &h.mm
	mm.mu.Lock()
	defer mm.mu.Unlock()
	if mm.pool == nil {
		mm.pool = matchmaking.New(o.Pool, h.opts.Now)
		mm.entries, mm.ids = map[string]qEntry{}, map[*Conn]string{}
	}
	if _, ok := mm.ids[c]; ok {
		return perr(ErrState, "you are queued already: unqueue first")
	}
	mm.next++
	key := strconv.Itoa(mm.next)
	since := c.since // a player handed over keeps its wait (requeueAt)
	c.since = time.Time{}
	q := matchmaking.Queue{Ruleset: rs.ID, Format: format}
	// Back from a node that drained (keepWait): the earliest join time known goes (a player
	// queued on another node meanwhile and handed over here carries that node's).
	kept := mm.keptFor(c.account, q, h.opts.Now())
	if !kept.IsZero() && (since.IsZero() || kept.Before(since)) {
		since = kept
	}
	if err := mm.pool.Join(matchmaking.Entry{ID: key, Account: c.account,
		Queue: q, Rating: r, Joined: since}); err != nil {
		if errors.Is(err, matchmaking.ErrOwnerQueued) { // one entry per account (issue 35)
			return perr(ErrState, "you are queued already in another tab or window: unqueue there first")
		}
		return perr(ErrServerFull, "%v", err)
	}
	if _, ok := mm.kept[keptKey{c.account, q}]; ok {
		delete(mm.kept, keptKey{c.account, q})
		if since.Equal(kept) && !kept.IsZero() {
			h.logf("server: quick match %s: account %d queues again with the wait it had before its node drained (since %s)",
				q, c.account, kept.Format("15:04:05.000"))
		}
	}
	mm.entries[key], mm.ids[c] = qEntry{c: c, deck: dl, side: dk.Side, fmt: format, ai: m.AI, lvl: lvl, rs: rs, r: r, msg: m}, key
	qm := queuedMsg{T: "queued", Ruleset: rs.ID, Format: format, Rating: r}
	if m.AI {
		qm.AIAfter = int(mm.pool.Config().AIOffer / time.Second)
	}
	c.send(mustJSON(qm))
	if !mm.running {
		mm.running = true
		go h.matchLoop(o.Tick)
	}
	return nil
}

// ownedDeck checks a quick-match deck against what the account owns (deck.CheckOwned), when
// the server knows collections. The ruleset's deck rules were checked by loadDeck.
func ownedDeck(ctx context.Context, o QuickMatchOptions, acc int64, dl deck.Deck, rs ruleset.Ruleset) *protoError {
	if o.Owned == nil || rs.Kouhu() {
		return nil
	}
	owned, err := o.Owned(ctx, acc)
	if err != nil {
		return perr(ErrUnavailable, "your collection could not be read; try again")
	}
	if owned == nil {
		return nil
	}
	l := deck.CheckOwned(dl, card.Pool(), rs, nil, owned)
	if !l.Legal() {
		msg := ""
		for i, v := range l.Violations {
			if i > 0 {
				msg += "; "
			}
			msg += v.String()
		}
		return perr(ErrDeck, "quick match plays owned cards: %s", msg)
	}
	return nil
}

// handOver takes out of the pool the players of the queues another node holds now (moved: the
// holder by queue, SetQueueHolders) and queues each on its holder: a socket here over a route to
// it; a remote connection (its socket on another node) by ending its route with a requeue, so
// that the socket's node routes it there. They leave this pool under its lock, before a wave
// could pair them, and join the holder's only then: no player waits in two pools, and none is
// paired twice.
func (h *Hub) handOver(moved map[matchmaking.Queue]string) {
	type move struct {
		e     qEntry
		node  string
		since time.Time // when it joined the queue: kept on the new holder
	}
	var moves []move
	mm := &h.mm
	mm.mu.Lock()
	for key, e := range mm.entries {
		node, ok := moved[matchmaking.Queue{Ruleset: e.rs.ID, Format: e.fmt}]
		if !ok || e.msg == nil {
			continue
		}
		pe, _ := mm.pool.Waiting(key)
		mm.pool.Leave(key)
		delete(mm.ids, e.c)
		delete(mm.entries, key)
		moves = append(moves, move{e, node, pe.Joined})
	}
	mm.mu.Unlock()
	draining := h.stopping.Load()
	var told sync.WaitGroup
	for _, m := range moves {
		msg := *m.e.msg
		msg.T = "queue"
		b := mustJSON(&msg)
		h.logf("server: quick match %s/%s is node %s's now: a queued player is handed over to it", m.e.rs.ID, m.e.fmt, m.node)
		if rm := m.e.c.remote; rm != nil {
			rm.requeue.Store(&requeue{Node: m.node, Msg: b, Since: m.since})
			m.e.c.close() // its route ends with the requeue (pump)
			continue
		}
		if draining {
			// The socket is told "restarting" next: no route would outlive it. The holder is
			// told the player's wait instead, which it keeps for the player's return (the client
			// reconnects and queues again, through any node).
			told.Add(1)
			go func() {
				defer told.Done()
				h.tellKept(m.node, keptMsg{Account: m.e.c.account, Ruleset: m.e.rs.ID, Format: m.e.fmt, Since: m.since})
			}()
			continue
		}
		go h.requeueAt(m.e.c, m.node, b, m.since)
	}
	told.Wait() // before the sockets are told to reconnect
}

// keptMsg tells a queue's holder the wait of a player whose socket is on a node that drains
// (keepWait).
type keptMsg struct {
	Account int64     `json:"account"`
	Ruleset string    `json:"ruleset"`
	Format  string    `json:"format"`
	Since   time.Time `json:"since"`
}

// keptKind is the question that tells node a player's kept wait (keptMsg).
func keptKind(node string) string { return "queue.kept." + node }

// tellKept tells node a player's wait (keptMsg), within askTimeout.
func (h *Hub) tellKept(node string, k keptMsg) {
	ctx, cancel := context.WithTimeout(context.Background(), askTimeout)
	defer cancel()
	if _, err := h.opts.Peers.Request(ctx, keptKind(node), mustJSON(k)); err != nil {
		h.logf("server: telling node %s the wait of account %d: %v", node, k.Account, err)
	}
}

// kept is a holder's side of tellKept: the wait is kept for the player's return.
func (h *Hub) kept(k keptMsg) {
	h.mm.mu.Lock()
	h.mm.keepWait(k.Account, matchmaking.Queue{Ruleset: k.Ruleset, Format: k.Format}, k.Since, h.opts.Now())
	h.mm.mu.Unlock()
}

// unqueue takes a connection out of the pool (a message, or its disconnection).
func (h *Hub) unqueue(c *Conn, reason string) bool {
	mm := &h.mm
	mm.mu.Lock()
	key, ok := mm.ids[c]
	if ok {
		mm.pool.Leave(key)
		delete(mm.ids, c)
		delete(mm.entries, key)
	}
	mm.mu.Unlock()
	if ok && reason != "" {
		c.send(mustJSON(unqueuedMsg{T: "unqueued", Reason: reason}))
	}
	return ok
}

// matchLoop runs waves while anyone waits.
func (h *Hub) matchLoop(tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for range t.C {
		if !h.matchStep() {
			return
		}
	}
}

// matchStep runs a wave when one is due and gives the AI to those who asked and waited alone;
// false when the pool is empty (the loop stops).
func (h *Hub) matchStep() bool {
	mm := &h.mm
	mm.mu.Lock()
	if mm.pool == nil || mm.pool.Len() == 0 || h.stopping.Load() {
		mm.running = false
		mm.mu.Unlock()
		return false
	}
	type pairing struct{ a, b qEntry }
	var pairs []pairing
	if mm.pool.Due() {
		for _, p := range mm.pool.Wave() {
			pairs = append(pairs, pairing{mm.take(p.A.ID), mm.take(p.B.ID)})
		}
	}
	var lonely []qEntry
	for _, e := range mm.pool.Lonely() {
		if mm.entries[e.ID].ai {
			mm.pool.Leave(e.ID)
			lonely = append(lonely, mm.take(e.ID))
		}
	}
	mm.mu.Unlock()
	for _, p := range pairs {
		h.startMatch(p.a, &p.b)
	}
	for _, e := range lonely {
		h.startMatch(e, nil)
	}
	return true
}

// take forgets a key that left the pool and returns its entry (mu held).
func (mm *matchmaker) take(key string) qEntry {
	e := mm.entries[key]
	delete(mm.entries, key)
	delete(mm.ids, e.c)
	return e
}

// gone reports whether a paired connection can no longer play: closed, or in a room already.
func gone(c *Conn) bool {
	select {
	case <-c.net.Done():
		return true
	default:
	}
	cur, _ := c.place()
	return cur != nil
}

// startMatch opens a rated room for a pair (b nil: an unrated room against the AI) and seats
// both. A player who left meanwhile is dropped and the other goes back to the queue.
func (h *Hub) startMatch(a qEntry, b *qEntry) {
	if b != nil && (gone(a.c) || gone(b.c)) {
		for _, e := range []qEntry{a, *b} {
			if !gone(e.c) {
				h.requeue(e)
			}
		}
		return
	}
	if gone(a.c) {
		return
	}
	qd, _ := newRoomDecks("", false) // the default list, owned cards (ownedDeck)
	cfg := roomConfig{ruleset: a.rs, timeLimit: h.opts.TimeLimit, first: engine.FirstRPS, decks: qd, format: a.fmt}
	if b == nil {
		cfg.ai, cfg.aiLevel = true, a.lvl
		dl, err := loadDeck(nil, a.rs, "kaiba-40")
		if err != nil {
			a.c.send(mustJSON(unqueuedMsg{T: "unqueued", Reason: "failed"}))
			h.logf("server: quick match: the AI's deck: %v", err)
			return
		}
		cfg.aiDeck = dl
	} else {
		cfg.rated = true
	}
	h.mu.Lock()
	if len(h.rooms) >= h.opts.MaxRooms {
		h.mu.Unlock()
		for _, e := range []*qEntry{&a, b} {
			if e != nil {
				e.c.sendError("queue", 0, perr(ErrServerFull, "the server holds %d rooms, its most; try again later", h.opts.MaxRooms))
			}
		}
		return
	}
	code := newRoomCode()
	for h.rooms[code] != nil {
		code = newRoomCode()
	}
	r := newRoom(h, code, cfg)
	h.rooms[code] = r
	h.mu.Unlock()
	go r.run()
	if b == nil {
		a.c.send(mustJSON(matchedMsg{T: "matched", Room: code, Opponent: "AI", AI: true}))
		r.post(joinReq{c: a.c, deck: a.deck, side: a.side})
		return
	}
	// Both are seated by the room's actor in one step, or neither: a player who left or took
	// another room since the wave would leave the other alone in a rated room.
	pb := *b
	r.post(func(r *Room) {
		if gone(a.c) || gone(pb.c) {
			r.close("your opponent left before the duel")
			for _, e := range []qEntry{a, pb} {
				if !gone(e.c) {
					h.requeue(e)
				}
			}
			return
		}
		r.sendJSON(a.c, 0, matchedMsg{T: "matched", Room: code, Opponent: pb.c.name, Rated: true})
		r.sendJSON(pb.c, 1, matchedMsg{T: "matched", Room: code, Opponent: a.c.name, Rated: true})
		r.join(joinReq{c: a.c, deck: a.deck, side: a.side})
		r.join(joinReq{c: pb.c, deck: pb.deck, side: pb.side})
	})
}

// requeue puts a player whose partner vanished back in the pool (its wait starts again).
func (h *Hub) requeue(e qEntry) {
	mm := &h.mm
	mm.mu.Lock()
	defer mm.mu.Unlock()
	if _, ok := mm.ids[e.c]; ok {
		return
	}
	mm.next++
	key := strconv.Itoa(mm.next)
	if err := mm.pool.Join(matchmaking.Entry{ID: key, Account: e.c.account,
		Queue: matchmaking.Queue{Ruleset: e.rs.ID, Format: e.fmt}, Rating: e.r}); err != nil {
		e.c.send(mustJSON(unqueuedMsg{T: "unqueued", Reason: "failed"}))
		return
	}
	mm.entries[key], mm.ids[e.c] = e, key
	if !mm.running {
		mm.running = true
		go h.matchLoop(h.qmOpts().Tick)
	}
}

// QueueLen returns how many connections wait in quick match.
func (h *Hub) QueueLen() int {
	h.mm.mu.Lock()
	defer h.mm.mu.Unlock()
	if h.mm.pool == nil {
		return 0
	}
	return h.mm.pool.Len()
}
