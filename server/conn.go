package server

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/wsnet"
)

// Conn is a client connection as the game sees it: the transport's connection (package wsnet:
// the socket, its writer queue, its watchdog) and what the game keeps of it — its hello, name,
// account, message rate and the room it is in.
type Conn struct {
	net *wsnet.Conn
	hub *Hub

	limiter bucket
	hello   bool         // the client said hello (read and written by the reader only)
	proto   atomic.Int32 // the protocol version of its hello (rooms read it: wire_room.go)
	name    string       // the name the client gave in its hello, or the logged-in account's
	account int64        // the logged-in account that opened the connection, 0 for a guest
	accName string       // that account's name ("" for a guest): the seat shows it, not the hello's
	session string       // the login session it was opened with (Options.Session), for Server.Revoke

	relay  atomic.Pointer[relay] // the route of a socket whose room (or queue) is on another node (route.go)
	remote *remote               // the route's end when this is a remote connection (route.go), set before it serves
	// since is when a player handed over to this node's queue joined it on the node before
	// (requeueAt, routeOpen.Since): its next queue keeps that time. Guarded by hub.mm.mu.
	since time.Time

	mu   sync.Mutex
	room *Room // the room the connection is in, or nil
	seat int   // 0 (A) or 1 (B) for a player, -1 for a spectator
}

func newConn(h *Hub, ws *websocket.Conn, addr string) *Conn {
	return &Conn{net: wsnet.New(ws, h.connIDs.Add(1), addr), hub: h,
		limiter: newBucket(h.opts.RatePerSec, h.opts.RateBurst, h.opts.Now()), seat: -1}
}

// version is the protocol version the client said hello with (0 before its hello).
func (c *Conn) version() int { return int(c.proto.Load()) }

// addr is the client's address, for the per-address limits ("" in tests: none).
func (c *Conn) addr() string { return c.net.Addr() }

// send queues a message; a client too slow to read its queue is disconnected (wsnet).
func (c *Conn) send(b []byte) { c.net.Send(b) }

// sendAndClose queues a last message and closes the connection once it is written.
func (c *Conn) sendAndClose(b []byte) { c.net.SendAndClose(b) }

// closed reports whether the connection has closed.
func (c *Conn) closed() bool { return c.net.Closed() }

// close ends the connection once; the reader notices and tells the room.
func (c *Conn) close() { c.net.Close() }

// reserve records r as the connection's room before the room has seated it, so that a close
// that comes first is still told to the room; false, with the room it is in, when it is in one.
func (c *Conn) reserve(r *Room) (*Room, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.room != nil {
		return c.room, false
	}
	c.room, c.seat = r, -1
	c.report()
	return r, true
}

// release forgets a reservation of r that came to nothing (a refused or failed request).
func (c *Conn) release(r *Room) {
	c.mu.Lock()
	if c.room == r {
		c.room, c.seat = nil, -1
		c.report()
	}
	c.mu.Unlock()
}

// report tells the transport whether the connection is in a room (the watchdog's idle timeout
// is for those in none) and records its place in the presence registry (c.mu held).
func (c *Conn) report() {
	c.net.SetBusy(c.room != nil)
	if c.account == 0 {
		return
	}
	room, role := "", ""
	if c.room != nil {
		room, role = c.room.code, roleOf(c.seat)
	}
	c.hub.opts.Presence.Set(c.net.ID(), c.account, room, role)
}

// place returns the connection's room and seat.
func (c *Conn) place() (*Room, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.room, c.seat
}

// setPlace records the room the connection is in (nil when it left); rooms call it.
func (c *Conn) setPlace(r *Room, seat int) {
	c.mu.Lock()
	c.room, c.seat = r, seat
	c.report()
	c.mu.Unlock()
}

// serve runs the connection until it closes (wsnet.Conn.Serve), handing every message to the
// hub, then takes it out of the quick-match queue and tells its room.
func (c *Conn) serve(ctx context.Context) {
	c.mu.Lock()
	c.report()
	c.mu.Unlock()
	defer func() {
		if rl := c.relay.Load(); rl != nil {
			rl.end(true) // the room's node ends the remote connection (route.go)
		}
		c.hub.opts.Presence.Drop(c.net.ID())
		c.hub.unqueue(c, "")
		if r, _ := c.place(); r != nil {
			r.post(disconnected{c})
		}
	}()
	c.net.Serve(ctx, c.hub.watch, func(data []byte) { c.hub.handle(c, data) },
		func() { c.sendError("", 0, perr(ErrMalformed, "messages are JSON text frames")) })
}

// sendError sends an error message about a client message.
func (c *Conn) sendError(re string, id int, e *protoError) {
	c.send(mustJSON(errorMsg{T: "error", Re: re, ID: id, Code: e.Code, Msg: e.Msg}))
}

// bucket is a token bucket: rate tokens a second up to burst; each message takes one.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate, burst float64, now time.Time) bucket {
	return bucket{rate: rate, burst: burst, tokens: burst, last: now}
}

// allow takes a token if there is one.
func (b *bucket) allow(now time.Time) bool {
	if b.rate <= 0 {
		return true
	}
	b.tokens += now.Sub(b.last).Seconds() * b.rate
	if b.tokens > b.burst {
		b.tokens = b.burst
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
