package server

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/duelistgame/duelist/bus"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/matchmaking"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/wsnet"
)

// Routing between nodes (issue 31; docs/deploy.md "Routing"): a player connected to node B may
// join, watch or rejoin a room that node A holds (a room between owners — its node died or
// handed it over, and no survivor holds it yet — is waited for: awaitOwner), and each
// quick-match queue (ruleset and format) runs on one node (queueNode: matchmaking.Leader over
// the live nodes), to which every node routes the players who queue in it. B asks the nodes which holds the room (the
// question "where", peers.go), then opens a route to A: A makes a connection of its own for
// the player (a wsnet.Conn without a socket, the "remote" connection, which its hub serves as
// any other), and from then on B relays: every message the socket sends goes to A over the bus
// subject route.in.SID, every message A's rooms send the remote connection comes back over
// route.out.SID and B writes it to the socket. The whole session of that socket is A's until
// one end closes: a leave and a new create or join are A's too. The socket closing on B ends
// the remote connection on A (its seat waits the grace period, as for a dropped socket); the
// remote connection ending on A (the room moved, A restarting, a revoked session) closes the
// socket on B the same way (status 1012 "restart" or a plain close), and the client reconnects.
// A node whose lease ended takes its routes with it: the other ends are closed by LiveNodes.

// The bus frames of a route: a message, or its end (plain, or a restart: reconnect). A message
// longer than routeChunk (a rejoin's state late in a long duel carries every event so far) goes
// as parts and its last piece, since NATS refuses a payload over its max_payload (1 MB by
// default).
const (
	frameMsg     = 'm'
	framePart    = 'p'
	frameEnd     = 'e'
	frameRestart = 'r'
	frameRequeue = 'q' // the end of a route, and the player is to queue again on another node (requeue)
)

// routeChunk is the most of a message one frame carries.
const routeChunk = 256 << 10

// sendMsg publishes a message on a route's subject, in parts when it is long.
func sendMsg(b bus.Bus, subject string, m []byte) {
	for len(m) > routeChunk {
		b.Publish(subject, frame(framePart, m[:routeChunk]))
		m = m[routeChunk:]
	}
	b.Publish(subject, frame(frameMsg, m))
}

// joiner puts a route's messages together from their frames (one subscription's, in order).
type joiner struct{ parts []byte }

// take returns the message a frame completes, or nil.
func (j *joiner) take(data []byte) []byte {
	switch data[0] {
	case framePart:
		j.parts = append(j.parts, data[1:]...)
	case frameMsg:
		if j.parts == nil {
			return data[1:]
		}
		m := append(j.parts, data[1:]...)
		j.parts = nil
		return m
	}
	return nil
}

const askWhere = "where" // {room}: does the node hold it (or is it rebuilding it)

// routeOpenKind is the question that opens a route on node.
func routeOpenKind(node string) string { return "route.open." + node }

// whereAnswer is a node's answer to "where".
type whereAnswer struct {
	Node string `json:"node"`
	Has  bool   `json:"has"`
}

// routeOpen asks the node that holds a room for a remote connection: the socket's hello and
// account (the lobby message that named the room follows on the route).
type routeOpen struct {
	SID     string `json:"sid"`
	From    string `json:"from"` // the node that holds the socket
	Addr    string `json:"addr,omitempty"`
	Proto   int32  `json:"proto"`
	Name    string `json:"name"`
	Account int64  `json:"account,omitempty"`
	AccName string `json:"accName,omitempty"`
	Session string `json:"session,omitempty"`
	// Since, for a player handed over to a queue's new holder (handOver), is when it joined the
	// queue: its first queue message on the route keeps that time (its wait goes on).
	Since time.Time `json:"since,omitzero"`
}

type routeOpened struct {
	OK  bool   `json:"ok"`
	Err string `json:"err,omitempty"`
}

// routes are a hub's relays (it holds the socket, another node the room) and remote connections
// (it holds the room, another node the socket), by route id.
type routes struct {
	mu      sync.Mutex
	relays  map[string]*relay
	remotes map[string]*remote
	live    map[string]bool              // the live nodes at the last sweep (LiveNodes)
	queue   []string                     // the nodes over which the quick-match queues are spread (SetQueueNodes)
	holders map[matchmaking.Queue]string // each queue's lease holder (SetQueueHolders), when known
}

// relay is the socket end of a route.
type relay struct {
	sid, node string
	h         *Hub
	c         *Conn
	stop      func()
	once      sync.Once
	in        joiner // the room's node's messages (deliver's)
}

// remote is the room end of a route: the remote connection.
type remote struct {
	sid, from string
	vc        *Conn
	stopIn    func()
	in        joiner                  // the socket's messages (the route.in subscription's)
	relayGone atomic.Bool             // the socket end said it ended
	requeue   atomic.Pointer[requeue] // set when its queue entry is handed over (handOver): said at the end
}

// requeue is the end of a route whose remote connection was queued on a node that no longer
// holds the queue: the socket's node queues the player again on Node (handOver).
type requeue struct {
	Node  string          `json:"node"`
	Msg   json.RawMessage `json:"msg"`            // the queue message
	Since time.Time       `json:"since,omitzero"` // when the player joined the queue (routeOpen.Since)
}

func frame(kind byte, b []byte) []byte {
	out := make([]byte, 0, len(b)+1)
	return append(append(out, kind), b...)
}

// relayed handles a message of c when it goes to another node: every message of a relayed
// socket, a join, watch or rejoin of a room this node does not hold but another does, and a
// queue for quick match when another node runs it (the route is opened). false: the hub
// handles it here.
func (h *Hub) relayed(c *Conn, t string, id int, m any, data []byte) bool {
	if rl := c.relay.Load(); rl != nil {
		sendMsg(h.opts.Bus, "route.in."+rl.sid, data)
		return true
	}
	if h.opts.Peers == nil || h.opts.Bus == nil || h.opts.NodeID == "" {
		return false
	}
	var code string
	switch m := m.(type) {
	case *queueMsg: // each queue runs on one node of the game (queueNode)
		if cur, _ := c.place(); cur != nil || h.stopping.Load() || c.remote != nil {
			return false // a queue that came over a route is queued where it arrived (handOver moves it on)
		}
		q := queueOf(m)
		node := h.queueNode(q)
		if node == "" || node == h.opts.NodeID {
			return false
		}
		if e := h.openRelay(c, node, data, time.Time{}); e != nil {
			// Its holder is gone or stopping, and this node's sweep has not seen it yet: the
			// player is queued here, and the next sweep hands it on to the queue's holder
			// (SetQueueHolders), as requeueAt does. An error would end its queuing (the web
			// client queues again only after a reconnection).
			h.logf("server: quick match %s: no route to its node %s; queued here until the next sweep hands it on", q, node)
			return false
		}
		return true
	case *joinMsg:
		code = m.Room
	case *watchMsg:
		code = m.Room
	case *rejoinMsg:
		code = m.Room
	default:
		return false
	}
	if cur, _ := c.place(); cur != nil || h.stopping.Load() || h.room(code) != nil || h.rebuildMarked(code) {
		return false
	}
	if ok, _ := h.guard.lookup(c.addr(), h.opts.Now()); !ok {
		return false // the lookup refuses it: too many misses from the address
	}
	node := h.whereIs(code)
	if node == "" {
		var here bool
		if node, here = h.awaitOwner(code); here || node == "" {
			return false // here after all, or nowhere: the lookup answers (no-room counts a miss)
		}
	}
	if e := h.openRelay(c, node, data, time.Time{}); e != nil {
		c.sendError(t, id, e)
	}
	return true
}

// roomReader is a fenced log that reads a room's row (duels.Log).
type roomReader interface {
	Unfinished(ctx context.Context, room string) (duels.Room, bool, error)
}

// awaitOwner waits, for a room no node holds whose duel or match is unfinished and whose owner
// is not live (it died, or handed the room over, and no survivor has taken it yet), until a
// node holds it, at most rebuildWait: the node that holds it then, or here when this node took
// it over (or is rebuilding it). "" and false at once for any other room.
func (h *Hub) awaitOwner(code string) (node string, here bool) {
	rr, ok := h.opts.Claims.(roomReader)
	if !ok {
		return "", false
	}
	code = strings.ToUpper(strings.TrimSpace(code))
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	row, open, err := rr.Unfinished(ctx, code)
	cancel()
	if err != nil || !open || h.nodeLive(row.Owner) {
		return "", false
	}
	for deadline := time.Now().Add(rebuildWait); time.Now().Before(deadline); {
		time.Sleep(250 * time.Millisecond)
		if h.room(code) != nil || h.rebuildMarked(code) {
			return "", true
		}
		if n := h.whereIs(code); n != "" {
			return n, false
		}
	}
	return "", false
}

// queueNode is the node that runs quick-match queue q for the game ("" before the node's first
// sweep: this one): matchmaking.Leader over the nodes the node's sweep names (SetQueueNodes:
// the live nodes), so the queues are spread over the nodes and every node routes a queue's
// players to the same one. Its pool pairs the players of every node (their sockets routed to
// it); when it dies its queues go to the other nodes (the players it had queued are told to
// reconnect, and queue again). A node that joins takes the queues it outweighs: the players
// queued before on their former leader stay there, apart from the newcomers, until paired.
func (h *Hub) queueNode(q matchmaking.Queue) string {
	h.routes.mu.Lock()
	defer h.routes.mu.Unlock()
	if n := h.routes.holders[q]; n != "" {
		return n // the queue's lease (SetQueueHolders)
	}
	return matchmaking.Leader(q, h.routes.queue)
}

// Queues lists the quick-match queues a node may lead: every ruleset's bo1 and bo3 (the keys of
// the queue leases, SetQueueHolders).
func Queues() []matchmaking.Queue {
	var out []matchmaking.Queue
	for _, id := range ruleset.IDs() {
		for _, f := range []string{FormatBo1, FormatBo3} {
			out = append(out, matchmaking.Queue{Ruleset: id, Format: f})
		}
	}
	return out
}

// SetQueueHolders tells the hub which node holds each queue's lease (the node's sweep,
// cluster.Settle; a queue left out keeps what it had, and one never known goes by
// matchmaking.Leader): the queue messages of every node go to the holder. The players queued
// here in a queue another node holds — it was handed over when a node that outweighs this one
// joined, or they came over a route from a node that had not seen it yet — are handed over to
// the holder (handOver): none is left waiting apart from the queue's other players, and none is
// in two pools.
func (h *Hub) SetQueueHolders(holders map[matchmaking.Queue]string) {
	h.routes.mu.Lock()
	if h.routes.holders == nil {
		h.routes.holders = map[matchmaking.Queue]string{}
	}
	for q, n := range holders {
		h.routes.holders[q] = n
	}
	moved := map[matchmaking.Queue]string{}
	for q, n := range h.routes.holders {
		if n != "" && n != h.opts.NodeID {
			moved[q] = n
		}
	}
	h.routes.mu.Unlock()
	if len(moved) > 0 && h.opts.Bus != nil && h.opts.Peers != nil {
		h.handOver(moved)
	}
}

// requeueAt queues c again on node (here when it is this one), with its queue message msg and
// the time it joined the queue, since (kept: its wait goes on): the end of a hand-over
// (handOver). If the route cannot be opened the player is queued here, and handed over again at
// the next sweep.
func (h *Hub) requeueAt(c *Conn, node string, msg []byte, since time.Time) {
	if node != h.opts.NodeID && !c.closed() {
		if e := h.openRelay(c, node, msg, since); e == nil {
			return
		}
		h.logf("server: handing a queued player over to node %s failed; queued here for now", node)
	}
	var m queueMsg
	if err := json.Unmarshal(msg, &m); err != nil || c.closed() {
		return
	}
	h.mm.mu.Lock()
	c.since = since
	h.mm.mu.Unlock()
	h.queue(c, m.ID, &m)
}

// queueOf is the queue a queue message asks for (its defaults filled in; the ruleset's id as
// ruleset.Get gives it, so that every spelling of a queue goes to one node).
func queueOf(m *queueMsg) matchmaking.Queue {
	q := matchmaking.Queue{Ruleset: m.Ruleset, Format: m.Format}
	if q.Ruleset == "" {
		q.Ruleset = "ocg"
	}
	if q.Format == "" {
		q.Format = FormatBo1
	}
	if rs, err := ruleset.Get(q.Ruleset); err == nil {
		q.Ruleset = rs.ID
	}
	return q
}

// SetQueueNode makes one node run every quick-match queue of the game.
func (h *Hub) SetQueueNode(node string) { h.SetQueueNodes([]string{node}) }

// SetQueueNodes names the nodes over which the quick-match queues are spread (the node's
// sweep: the live nodes; queueNode).
func (h *Hub) SetQueueNodes(nodes []string) {
	h.routes.mu.Lock()
	h.routes.queue = slices.Clone(nodes)
	h.routes.mu.Unlock()
}

// nodeLive reports whether node was live at the last sweep (LiveNodes); an unknown set counts
// every named node live.
func (h *Hub) nodeLive(node string) bool {
	h.routes.mu.Lock()
	defer h.routes.mu.Unlock()
	if node == "" {
		return false
	}
	return h.routes.live == nil || h.routes.live[node]
}

// whereIs returns the node that holds room code, "" when none (or only this one) says so.
func (h *Hub) whereIs(code string) string {
	answers, ok := askNodes[whereAnswer](h, context.Background(), askWhere, peerAsk{Room: strings.ToUpper(strings.TrimSpace(code))})
	if !ok {
		return ""
	}
	for _, a := range answers {
		if a.Has && a.Node != h.opts.NodeID {
			return a.Node
		}
	}
	return ""
}

// openRelay opens a route from c to node for the lobby message first; since, when not zero, is
// when c joined the queue that first asks for (a hand-over: routeOpen.Since).
func (h *Hub) openRelay(c *Conn, node string, first []byte, since time.Time) *protoError {
	rl := &relay{sid: newToken(), node: node, h: h, c: c}
	// Subscribed before the route is asked for: the remote connection's first messages come
	// back at once.
	rl.stop = h.opts.Bus.Subscribe("route.out."+rl.sid, rl.deliver)
	h.routes.mu.Lock()
	if h.routes.relays == nil {
		h.routes.relays = map[string]*relay{}
	}
	h.routes.relays[rl.sid] = rl
	h.routes.mu.Unlock()
	req := routeOpen{SID: rl.sid, From: h.opts.NodeID, Addr: c.addr(), Proto: int32(c.version()), Name: c.name,
		Account: c.account, AccName: c.accName, Session: c.session, Since: since}
	ctx, cancel := context.WithTimeout(context.Background(), askTimeout)
	defer cancel()
	b, err := h.opts.Peers.Request(ctx, routeOpenKind(node), mustJSON(req))
	var ans routeOpened
	if err == nil {
		err = json.Unmarshal(b, &ans)
	}
	if err != nil || !ans.OK {
		rl.end(true) // a remote connection made after all (an answer lost) ends too
		if err != nil {
			h.logf("server: opening a route to node %s: %v", node, err)
		}
		return perr(ErrRestarting, "the server of this room did not take you in; reconnect in a moment")
	}
	c.relay.Store(rl)
	c.net.SetBusy(true) // in a room, elsewhere: not idle
	// The lobby message goes first on the route, so that the remote connection handles it and
	// those after it in order (the room's node may hold a rejoin until a rebuild is done).
	sendMsg(h.opts.Bus, "route.in."+rl.sid, first)
	return nil
}

// deliver writes a message of the room's node to the socket, or ends the route.
func (rl *relay) deliver(_ string, data []byte) {
	if len(data) == 0 {
		return
	}
	switch data[0] {
	case frameMsg, framePart:
		if m := rl.in.take(data); m != nil {
			rl.c.send(m)
		}
	case frameRestart:
		rl.c.net.Restart(nil) // closed with status 1012 once the messages before are written
		rl.end(false)
	case frameEnd:
		rl.c.net.SendAndClose(nil)
		rl.end(false)
	case frameRequeue: // the queue's node handed the player over: queue again where it says
		var rq requeue
		if json.Unmarshal(data[1:], &rq) != nil {
			rl.c.net.SendAndClose(nil)
			rl.end(false)
			return
		}
		rl.end(false)
		rl.c.relay.CompareAndSwap(rl, nil)
		go rl.h.requeueAt(rl.c, rq.Node, rq.Msg, rq.Since)
	}
}

// end stops relaying; tell says the socket closed (the room's node is told: with frameRestart
// when this node is stopping, so that a queue's holder keeps the player's wait, keepQueued).
func (rl *relay) end(tell bool) {
	rl.once.Do(func() {
		if tell {
			end := frameEnd
			if rl.h.stopping.Load() {
				end = frameRestart
			}
			rl.h.opts.Bus.Publish("route.in."+rl.sid, []byte{byte(end)})
		}
		rl.stop()
		rl.h.routes.mu.Lock()
		delete(rl.h.routes.relays, rl.sid)
		rl.h.routes.mu.Unlock()
	})
}

// openRemote makes the remote connection of a route another node asks for; its messages come on
// route.in.SID, the lobby message that named the room first.
func (s *Server) openRemote(req routeOpen) routeOpened {
	h := s.hub
	if h.stopping.Load() {
		return routeOpened{Err: "restarting"}
	}
	vc := &Conn{net: wsnet.New(nil, h.connIDs.Add(1), req.Addr), hub: h, seat: -1,
		limiter: newBucket(0, 0, h.opts.Now()), // the socket's node limits its rate
		hello:   true, name: req.Name, account: req.Account, accName: req.AccName, session: req.Session,
		since: req.Since}
	vc.proto.Store(req.Proto)
	vc.net.Greeted()
	rm := &remote{sid: req.SID, from: req.From, vc: vc}
	vc.remote = rm
	forget := s.conns.add(vc) // told of a shutdown and a revoked session like a socket
	rm.stopIn = h.opts.Bus.Subscribe("route.in."+req.SID, func(_ string, data []byte) {
		if len(data) == 0 {
			return
		}
		switch data[0] {
		case frameMsg, framePart:
			if m := rm.in.take(data); m != nil {
				h.handle(vc, m)
			}
		case frameEnd:
			rm.relayGone.Store(true)
			vc.close()
		case frameRestart: // the socket's node drains: its player will queue again from another
			rm.relayGone.Store(true)
			h.keepQueued(vc)
			vc.close()
		}
	})
	h.routes.mu.Lock()
	if h.routes.remotes == nil {
		h.routes.remotes = map[string]*remote{}
	}
	h.routes.remotes[rm.sid] = rm
	h.routes.mu.Unlock()
	vc.mu.Lock()
	vc.report()
	vc.mu.Unlock()
	go s.pump(rm, h.opts.Bus, forget)
	return routeOpened{OK: true} // the first message comes on route.in, as the rest
}

// pump sends what the rooms send the remote connection to the socket's node, until the
// connection ends; then it tells that node and does what a closed socket's end does.
func (s *Server) pump(rm *remote, b bus.Bus, forget func()) {
	vc := rm.vc
	out := "route.out." + rm.sid
	send := func() bool { // false at the end marker
		for {
			m, ok := vc.net.Pop()
			if !ok {
				return true
			}
			if m == nil {
				return false
			}
			sendMsg(b, out, m)
		}
	}
	for send() {
		select {
		case <-vc.net.Ready():
			continue
		case <-vc.net.Done():
			send()
		}
		break
	}
	vc.close()
	if !rm.relayGone.Load() {
		end := []byte{frameEnd}
		if vc.net.Restarting() {
			end = []byte{frameRestart}
		}
		if rq := rm.requeue.Load(); rq != nil {
			end = frame(frameRequeue, mustJSON(rq)) // handed over: the socket's node queues it again there
		}
		b.Publish(out, end)
	}
	rm.stopIn()
	h := s.hub
	h.routes.mu.Lock()
	delete(h.routes.remotes, rm.sid)
	h.routes.mu.Unlock()
	h.opts.Presence.Drop(vc.net.ID())
	h.unqueue(vc, "")
	if r, _ := vc.place(); r != nil {
		r.post(disconnected{vc})
	}
	forget()
}

// LiveNodes tells the hub which nodes are live (the node's sweep): the routes to a node that is
// not end here — a socket relayed to it is told to reconnect ("restarting"; its room is taken
// over elsewhere), a remote connection whose socket it held is closed (its seat waits the grace
// period).
func (h *Hub) LiveNodes(live map[string]bool) {
	h.routes.mu.Lock()
	h.routes.live = live
	var relays []*relay
	var remotes []*remote
	for _, rl := range h.routes.relays {
		if !live[rl.node] {
			relays = append(relays, rl)
		}
	}
	for _, rm := range h.routes.remotes {
		if !live[rm.from] {
			remotes = append(remotes, rm)
		}
	}
	h.routes.mu.Unlock()
	for _, rl := range relays {
		h.logf("server: node %s is gone: its room's player here is told to reconnect", rl.node)
		rl.c.net.Restart(restartingJSON)
		rl.end(false)
	}
	for _, rm := range remotes {
		rm.relayGone.Store(true)
		rm.vc.close()
	}
}

// Routes counts the hub's routes: sockets here relayed to rooms elsewhere, and remote
// connections here for sockets elsewhere.
func (h *Hub) Routes() (relays, remotes int) {
	h.routes.mu.Lock()
	defer h.routes.mu.Unlock()
	return len(h.routes.relays), len(h.routes.remotes)
}
