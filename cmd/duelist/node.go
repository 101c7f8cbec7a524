package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/duelistgame/duelist/cluster"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/matchmaking"
	"github.com/duelistgame/duelist/server"
)

// node is `duelist serve --nats`: one node of a game whose nodes share a PostgreSQL database
// and a NATS server (issue 31, docs/deploy.md). Its lease says it lives; the rooms it serves
// are its own in the fenced duel log; a sweeper takes over the rooms of nodes whose leases
// ended and rebuilds them from the log.
type node struct {
	id    string
	nc    *nats.Conn
	kv    jetstream.KeyValue
	qkv   jetstream.KeyValue // the quick-match queues' leases (cluster.Settle)
	lease *cluster.Lease
	ttl   time.Duration
	log   *duels.Log
	hub   *server.Hub
	logf  func(format string, args ...any)
	stop  chan struct{}
	done  chan struct{}
	live  atomic.Pointer[[]string] // the live nodes at the last look (this one included), and newcomers since
	met   struct {                 // the nodes that said hello (GAME.nodes.hello) and when
		sync.Mutex
		at map[string]time.Time
	}
	game  string        // the game's name: its NATS subjects
	halt  sync.Once     // stops the sweeper once (a drain, then close)
	db    pinger        // the shared database, checked every sweep
	cut   chan struct{} // closed when the node has been cut from the database for a TTL
	once  sync.Once
	freed sync.Once // the lease is released once
}

// releaseLease stops renewing the lease and deletes it (once): the others see the node gone at
// once and take its rooms over.
func (n *node) releaseLease() {
	n.freed.Do(func() {
		if n.lease != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_ = n.lease.Release(ctx)
			cancel()
		}
	})
}

// pinger is the database a node checks (*sql.DB).
type pinger interface {
	PingContext(ctx context.Context) error
}

// cutFromDB is closed once the node could not reach the database for a whole lease TTL: it must
// stop serving (it can write nothing), so that its lease ends and a node that reaches the
// database takes its rooms over.
func (n *node) cutFromDB() <-chan struct{} { return n.cut }

// dbReachable pings the database (within half a TTL) and reports whether it answered;
// lastOK is when it last did, updated here.
func (n *node) dbReachable(lastOK *time.Time) bool {
	if n.db == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), max(n.ttl/2, 100*time.Millisecond))
	err := n.db.PingContext(ctx)
	cancel()
	if err == nil {
		*lastOK = time.Now()
		return true
	}
	if since := time.Since(*lastOK); since >= n.ttl {
		n.once.Do(func() {
			n.logf("duelist serve: node %s cannot reach the database for %v (%v); stopping", n.id, since.Round(time.Millisecond), err)
			close(n.cut)
		})
	}
	return false
}

// liveIDs are the nodes live at the last look, and those that said hello since: those whose
// answers a question to the nodes waits for (cluster.Peers).
func (n *node) liveIDs() []string {
	if l := n.live.Load(); l != nil {
		return *l
	}
	return nil
}

// saw records the live nodes of a look, and the nodes that said hello within a TTL that the
// look missed (its list of leases may have been read just before a newcomer's).
func (n *node) saw(members []cluster.Node) {
	ids := make([]string, len(members))
	for i, m := range members {
		ids[i] = m.ID
	}
	n.met.Lock()
	defer n.met.Unlock()
	for id, at := range n.met.at {
		switch {
		case time.Since(at) > n.ttl:
			delete(n.met.at, id)
		case !slices.Contains(ids, id):
			ids = append(ids, id)
		}
	}
	n.live.Store(&ids)
}

// greet adds a node that said hello to the live nodes at once: a question to the nodes waits
// for its answer from now on, not from the next look (up to a second later), so that a room
// made on a node that has just started is found by the others (TestNodesSeeANewcomerAtOnce).
func (n *node) greet(id string) {
	if id == "" || id == n.id {
		return
	}
	n.met.Lock()
	defer n.met.Unlock()
	if n.met.at == nil {
		n.met.at = map[string]time.Time{}
	}
	n.met.at[id] = time.Now()
	cur := n.liveIDs()
	if slices.Contains(cur, id) {
		return
	}
	ids := append(slices.Clip(cur), id)
	n.live.Store(&ids)
}

// newNodeID is a node id: the host's name and 6 random hex digits (a restarted process is a new
// node; its old rooms are taken over like any dead node's).
func newNodeID() string {
	host, _ := os.Hostname()
	var b [3]byte
	_, _ = rand.Read(b[:])
	return strings.ReplaceAll(host, ".", "-") + "-" + hex.EncodeToString(b[:])
}

// dialNATS connects to the game's NATS server.
func dialNATS(url, id string) (*nats.Conn, error) {
	nc, err := nats.Connect(url, nats.Name("duelist node "+id), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("connecting to NATS at %s: %w", url, err)
	}
	return nc, nil
}

// joinGame takes the node's lease in the game's bucket.
func (n *node) joinGame(ctx context.Context, game, addr string) error {
	js, err := jetstream.New(n.nc)
	if err != nil {
		return err
	}
	n.game = game
	n.kv, err = cluster.Bucket(ctx, js, game+"_nodes", n.ttl)
	if err != nil {
		return err
	}
	n.qkv, err = cluster.ClaimBucket(ctx, js, game+"_queues", n.ttl)
	if err != nil {
		return err
	}
	n.lease, err = cluster.Acquire(ctx, n.kv, cluster.Node{ID: n.id, Addr: addr, Engine: engine.Version}, n.ttl, nil)
	if err != nil {
		return err
	}
	// The others hear of each newcomer at once (greet), and it of them at its first look.
	if _, err := n.nc.Subscribe(game+".nodes.hello", func(m *nats.Msg) { n.greet(string(m.Data)) }); err != nil {
		return fmt.Errorf("listening for new nodes: %w", err)
	}
	if members, err := cluster.Members(ctx, n.kv, n.ttl, nil); err == nil {
		n.saw(members)
	}
	if err := n.nc.Publish(game+".nodes.hello", []byte(n.id)); err != nil {
		return fmt.Errorf("saying hello to the other nodes: %w", err)
	}
	return n.nc.FlushWithContext(ctx)
}

// sweep takes over the rooms whose owners are not live (and adopts those with none), then
// rebuilds them from the log. It returns how many rooms it took.
func (n *node) sweep(ctx context.Context) (int, error) {
	if !n.lease.Valid() {
		return 0, errors.New("the node's lease is not valid")
	}
	members, err := cluster.Members(ctx, n.kv, n.ttl, nil)
	if err != nil {
		return 0, err
	}
	live := map[string]bool{}
	for _, m := range members {
		live[m.ID] = true
	}
	n.saw(members)
	n.hub.LiveNodes(live) // the routes to dead nodes end (server/route.go)
	ids := leaders(members)
	n.hub.SetQueueNodes(ids) // each quick-match queue runs on one of them (matchmaking.Leader)
	n.settleQueues(ctx, ids, live)
	orphans, err := n.log.Orphans(ctx, live)
	if err != nil {
		return 0, err
	}
	taken := 0
	// A rejoin of a room arriving after its takeover commits waits for the rebuild below
	// instead of finding no room (server/rebuild.go).
	defer n.hub.Rebuilt()
	for _, o := range orphans {
		if o.Engine == "" || o.Engine == engine.Version {
			n.hub.Rebuilding(o.Room)
		}
		var err error
		switch {
		case o.Owner == "" && o.Epoch == 0: // no row: written before the log was fenced
			_, err = n.log.Adopt(ctx, o.Room)
		case o.Engine != engine.Version:
			continue // for a node of its engine version (docs/deploy.md "Upgrades")
		default:
			_, err = n.log.Takeover(ctx, o.Room, o.Epoch)
		}
		switch {
		case err == nil:
			taken++
		case errors.Is(err, duels.ErrFenced), errors.Is(err, duels.ErrOwned):
			// another survivor was first
		default:
			n.logf("duelist serve: taking room %s over from %q: %v", o.Room, o.Owner, err)
		}
	}
	if taken > 0 {
		st, err := n.hub.Recover(ctx)
		if err != nil {
			return taken, err
		}
		n.logf("duelist serve: node %s took %d rooms over: %v", n.id, taken, st)
	}
	return taken, nil
}

// leaders are the ids of the live nodes that may lead a quick-match queue: those not draining
// (a draining node hands its queues over and is given none back).
func leaders(members []cluster.Node) []string {
	var ids []string
	for _, m := range members {
		if !m.Draining {
			ids = append(ids, m.ID)
		}
	}
	return ids
}

// settleQueues looks at every quick-match queue's lease (cluster.Settle): the node takes the
// queues it leads (matchmaking.Leader over the live nodes) that are free or whose holder died,
// renews those it holds, and hands to a node that joined the queues it outweighs this one in;
// the hub routes each queue to its holder and hands the players queued here in a queue another
// node holds over to it (server.Hub.SetQueueHolders). A hand-over asks the others to sweep at
// once, so that they route the queue to its new holder.
func (n *node) settleQueues(ctx context.Context, ids []string, live map[string]bool) {
	if n.qkv == nil {
		return
	}
	holders := map[matchmaking.Queue]string{}
	handed := false
	now := time.Now()
	for _, q := range server.Queues() {
		h, gave, err := cluster.Settle(ctx, n.qkv, q.Ruleset+"."+q.Format, n.id, matchmaking.Leader(q, ids), live, n.ttl, n.ttl/3, now)
		if err != nil {
			n.logf("duelist serve: node %s: the lease of queue %s/%s: %v", n.id, q.Ruleset, q.Format, err)
			continue // the hub keeps what it knew
		}
		holders[q] = h
		if gave {
			handed = true
			n.logf("duelist serve: node %s hands quick match %s/%s over to node %s", n.id, q.Ruleset, q.Format, h)
		}
	}
	n.hub.SetQueueHolders(holders)
	if handed {
		_ = n.nc.Publish(n.game+".nodes.sweep", nil)
	}
}

// sweepEvery is how often a node looks for rooms to take over: every second (one key list and
// one query), or TTL/2 for a shorter lease, so that a takeover comes at most that long after
// the dead node's lease ends (the target: TTL + 5 s).
func (n *node) sweepEvery() time.Duration { return min(n.ttl/2, time.Second) }

// run sweeps every sweepEvery, and at once when a draining node asks (GAME.nodes.sweep), until
// stopped.
func (n *node) run() {
	defer close(n.done)
	t := time.NewTicker(n.sweepEvery())
	defer t.Stop()
	kick := make(chan struct{}, 1)
	if sub, err := n.nc.Subscribe(n.game+".nodes.sweep", func(*nats.Msg) {
		select {
		case kick <- struct{}{}:
		default:
		}
	}); err == nil {
		defer sub.Unsubscribe()
	} else {
		n.logf("duelist serve: node %s: listening for drains: %v", n.id, err)
	}
	lastOK := time.Now()
	for {
		select {
		case <-n.stop:
			return
		case <-t.C:
		case <-kick:
		}
		if !n.dbReachable(&lastOK) {
			continue // nothing to sweep without it; after a TTL the node stops (cutFromDB)
		}
		ctx, cancel := context.WithTimeout(context.Background(), n.ttl)
		if _, err := n.sweep(ctx); err != nil {
			n.logf("duelist serve: sweeping the rooms of dead nodes: %v", err)
		}
		cancel()
	}
}

// newOwner waits until a room handed over has an owner and returns it ("" when ctx ends first).
func (n *node) newOwner(ctx context.Context, room string) string {
	for {
		if o, err := n.log.Owner(ctx, room); err == nil && o.Owner != "" {
			return o.Owner
		}
		select {
		case <-ctx.Done():
			return ""
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// stopSweeping stops the sweeper (once).
func (n *node) stopSweeping() {
	n.halt.Do(func() {
		if n.stop != nil {
			close(n.stop)
			<-n.done
		}
	})
}

// handoff drains the node (server.Options.Handoff): the rooms it held have stopped; each is
// handed over in the log (duels.Log.Handoff: no owner, the epoch bumped), the other nodes are
// asked to sweep now, and it waits (within ctx) until every room has a new owner, so that the
// players, told to reconnect next, find their rooms served. Alone in the game, it hands
// nothing: its rooms are taken over once its lease is released, by the next node.
func (n *node) handoff(ctx context.Context, rooms []string) {
	n.stopSweeping() // it must not take them back
	n.drainQueues(ctx)
	others := 0
	for _, id := range n.liveIDs() {
		if id != n.id {
			others++
		}
	}
	if others == 0 || len(rooms) == 0 || n.log == nil {
		return
	}
	start := time.Now()
	var handed []string
	for _, r := range rooms {
		if err := n.log.Handoff(ctx, r); err != nil {
			n.logf("duelist serve: node %s: %v", n.id, err)
			continue
		}
		handed = append(handed, r)
	}
	if len(handed) == 0 {
		return
	}
	if err := n.nc.Publish(n.game+".nodes.sweep", nil); err == nil {
		_ = n.nc.FlushWithContext(ctx)
	}
	owners := map[string][]string{}
	for _, r := range handed {
		o := n.newOwner(ctx, r)
		if o == "" {
			n.logf("duelist serve: node %s: room %s not taken over before the shutdown's deadline", n.id, r)
			continue
		}
		owners[o] = append(owners[o], r)
	}
	n.logf("duelist serve: node %s handed %d rooms over in %v: %v", n.id, len(handed), time.Since(start).Round(time.Millisecond), owners)
}

// drainQueues hands the quick-match queues the draining node holds, and the players waiting in
// them, to the other live nodes: the node marks its lease draining (so that no node hands a
// queue back to it), writes each queue's lease for the queue's leader among the others
// (cluster.Settle), hands its waiting players to them (server.Hub.SetQueueHolders: a player
// whose socket is on another node is queued again there by that node, on the socket it has) and
// asks the others to sweep at once, so that they route the queues to their new holders. Alone in
// the game it hands nothing: its players reconnect and queue again on the next node.
func (n *node) drainQueues(ctx context.Context) {
	if n.qkv == nil || n.lease == nil || n.hub == nil || !n.lease.Valid() {
		return // a node that lost its lease holds no queue (cut from NATS: nothing to ask)
	}
	ctx, cancel := context.WithTimeout(ctx, max(n.ttl/3, time.Second))
	defer cancel()
	if err := n.lease.Drain(); err != nil {
		n.logf("duelist serve: node %s: %v", n.id, err)
	}
	members, err := cluster.Members(ctx, n.kv, n.ttl, nil)
	if err != nil {
		n.logf("duelist serve: node %s: handing the quick-match queues over: %v", n.id, err)
		return
	}
	live := map[string]bool{}
	var others []cluster.Node
	for _, m := range members {
		live[m.ID] = true
		if m.ID != n.id {
			others = append(others, m)
		}
	}
	ids := leaders(others)
	if len(ids) == 0 {
		return
	}
	holders := map[matchmaking.Queue]string{}
	now := time.Now()
	for _, q := range server.Queues() {
		want := matchmaking.Leader(q, ids)
		h, gave, err := cluster.Settle(ctx, n.qkv, q.Ruleset+"."+q.Format, n.id, want, live, n.ttl, n.ttl/3, now)
		if err != nil {
			n.logf("duelist serve: node %s: the lease of queue %s/%s: %v", n.id, q.Ruleset, q.Format, err)
			h = want // its players go to the queue's leader all the same (they would reconnect otherwise)
		}
		if h == "" || h == n.id {
			h = want
		}
		holders[q] = h
		if gave {
			n.logf("duelist serve: node %s hands quick match %s/%s over to node %s", n.id, q.Ruleset, q.Format, h)
		}
	}
	n.hub.SetQueueHolders(holders)
	if err := n.nc.Publish(n.game+".nodes.sweep", nil); err == nil {
		_ = n.nc.FlushWithContext(ctx)
	}
}

// close stops the sweeper and releases the lease (others see the node gone at once).
func (n *node) close() {
	n.stopSweeping()
	n.releaseLease()
	n.nc.Close()
}
