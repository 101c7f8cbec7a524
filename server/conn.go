package server

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// maxMessage is the largest client message the server reads (a pasted .ydk deck fits easily).
const maxMessage = 64 << 10

// Conn is one client connection: a WebSocket read by one goroutine and written by another. Rooms
// send to it without blocking; a client too slow to keep up is disconnected.
type Conn struct {
	hub  *Hub
	id   uint64          // the connection's id in the hub (presence)
	ws   *websocket.Conn // nil in tests that drive rooms directly
	out  outbox          // the messages waiting for the writer (outbox.go)
	done chan struct{}
	once sync.Once

	limiter bucket
	hello   bool         // the client said hello (read and written by the reader only)
	proto   atomic.Int32 // the protocol version of its hello (rooms read it: wire_room.go)
	name    string       // the name the client gave in its hello, or the logged-in account's
	account int64        // the logged-in account that opened the connection, 0 for a guest
	accName string       // that account's name ("" for a guest): the seat shows it, not the hello's
	addr    string       // the client's address, for the per-address limits ("" in tests: none)
	life    connLife

	mu   sync.Mutex
	room *Room // the room the connection is in, or nil
	seat int   // 0 (A) or 1 (B) for a player, -1 for a spectator
}

func newConn(h *Hub, ws *websocket.Conn, addr string) *Conn {
	return &Conn{hub: h, id: h.connIDs.Add(1), ws: ws, done: make(chan struct{}),
		limiter: newBucket(h.opts.RatePerSec, h.opts.RateBurst, h.opts.Now()), seat: -1, addr: addr}
}

// version is the protocol version the client said hello with (0 before its hello).
func (c *Conn) version() int { return int(c.proto.Load()) }

// connLife is what the watchdog of a connection reads (atomics: the reader writes them).
type connLife struct {
	greeted    atomic.Bool  // the client said hello
	lastRead   atomic.Int64 // when the client last sent a message (Unix ns)
	ending     atomic.Bool  // the connection is being closed after its last messages: ignore what it sends
	restarting atomic.Bool  // the server is restarting: the writer closes with status 1012 (shutdown.go)
	writing    atomic.Int64 // when the write going on began (Unix ns), 0 between writes
}

// writeTimeout is how long one message may take to write before the watchdog closes the
// connection (the client stopped reading).
const writeTimeout = 10 * time.Second

// send queues a message; a full queue (outQueue messages) closes the connection (the client is
// too slow). A nil message tells the writer to close once what is queued before it is written.
func (c *Conn) send(b []byte) {
	if c.closed() {
		return
	}
	if !c.out.push(b) {
		c.close()
	}
}

// sendAndClose queues a last message and closes the connection once it is written: the client
// learns why before the socket goes. Messages the client sends meanwhile are ignored.
func (c *Conn) sendAndClose(b []byte) {
	c.life.ending.Store(true)
	c.send(b)
	if c.ws == nil {
		c.close()
		return
	}
	c.send(nil) // the writer closes on nil
}

// closed reports whether the connection has closed.
func (c *Conn) closed() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

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

// report records the connection's place in the hub's presence registry (c.mu held).
func (c *Conn) report() {
	if c.account == 0 {
		return
	}
	room, role := "", ""
	if c.room != nil {
		room, role = c.room.code, roleOf(c.seat)
	}
	c.hub.opts.Presence.Set(c.id, c.account, room, role)
}

// close ends the connection once; the reader notices and tells the room.
func (c *Conn) close() {
	c.once.Do(func() {
		close(c.done)
		if c.ws != nil {
			c.ws.CloseNow()
		}
	})
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

// serve runs the connection until it closes: the writer in its own goroutine, the reader here.
func (c *Conn) serve(ctx context.Context) {
	c.life.lastRead.Store(time.Now().UnixNano())
	c.mu.Lock()
	c.report()
	c.mu.Unlock()
	go c.writeLoop(ctx)
	c.hub.watch.add(c.hub, c)
	defer func() {
		c.hub.opts.Presence.Drop(c.id)
		c.hub.watch.remove(c)
		c.close()
		c.hub.unqueue(c, "")
		if r, _ := c.place(); r != nil {
			r.post(disconnected{c})
		}
	}()
	c.ws.SetReadLimit(maxMessage)
	// Reads take no context (each would register a cancellation): the connection's close ends
	// a read, and the request's context ends only when this returns.
	for {
		typ, data, err := c.ws.Read(context.Background())
		if err != nil {
			return // closed, gone, or a message over maxMessage (the library closes with 1009)
		}
		c.life.lastRead.Store(time.Now().UnixNano())
		if c.life.ending.Load() {
			continue
		}
		if typ != websocket.MessageText {
			c.sendError("", 0, perr(ErrMalformed, "messages are JSON text frames"))
			continue
		}
		c.hub.handle(c, data)
	}
}

func (c *Conn) writeLoop(ctx context.Context) {
	for {
		b, ok := c.out.pop()
		if !ok {
			select {
			case <-c.done:
				return
			case <-c.out.ready():
			}
			continue
		}
		if c.closed() {
			return
		}
		if b == nil { // the last message is written: close (sendAndClose, or restart)
			if c.life.restarting.Load() {
				c.closeRestart()
				return
			}
			cctx, cancel := context.WithTimeout(ctx, time.Second)
			go func() { <-cctx.Done(); c.close() }()
			c.ws.Close(websocket.StatusPolicyViolation, "closed by the server")
			cancel()
			return
		}
		// No context of its own per write (a timer and a cancel registration per message):
		// the watchdog closes a connection whose write takes over writeTimeout.
		c.life.writing.Store(time.Now().UnixNano())
		err := c.ws.Write(context.Background(), websocket.MessageText, b)
		c.life.writing.Store(0)
		if err != nil {
			c.close()
			return
		}
	}
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
