// Package wsnet is the duel server's transport (lila-ws's netty layer): WebSocket connections
// that carry JSON text messages, each with a writer queue, a watchdog (hello, idle and write
// timeouts, pings) and the per-address connection caps. It knows messages, not the game: what a
// message means is the caller's (package server's rooms); the few messages it writes itself are
// the protocol's transport-level ones ("closed" for an idle connection, "restarting").
package wsnet

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// MaxMessage is the largest client message a connection reads (a pasted .ydk deck fits easily);
// a larger one closes it with WebSocket status 1009.
const MaxMessage = 64 << 10

// WriteTimeout is how long one message may take to write before the watchdog closes the
// connection (the client stopped reading).
const WriteTimeout = 10 * time.Second

// Conn is one client connection: a WebSocket read by one goroutine and written by another.
// Senders never block; a client too slow to keep up is disconnected.
type Conn struct {
	id   uint64
	ws   *websocket.Conn // nil for a connection without a socket (tests drive rooms directly)
	addr string
	out  outbox
	done chan struct{}
	once sync.Once
	life life
}

// life is what the watchdog of a connection reads (atomics: the reader and the caller write them).
type life struct {
	greeted    atomic.Bool  // the client said hello
	busy       atomic.Bool  // the connection is in a room: it may be quiet for long
	lastRead   atomic.Int64 // when the client last sent a message (Unix ns)
	ending     atomic.Bool  // the connection is being closed after its last messages: ignore what it sends
	restarting atomic.Bool  // the server is restarting: the writer closes with status 1012
	writing    atomic.Int64 // when the write going on began (Unix ns), 0 between writes
}

// New returns a connection over ws (nil: a connection with no socket, whose messages stay in its
// queue for the caller to Pop) from the client address addr ("" for none), with the id id.
func New(ws *websocket.Conn, id uint64, addr string) *Conn {
	return &Conn{id: id, ws: ws, addr: addr, done: make(chan struct{})}
}

// ID is the connection's id, as given to New.
func (c *Conn) ID() uint64 { return c.id }

// Addr is the client's address, for the per-address limits ("" when unknown).
func (c *Conn) Addr() string { return c.addr }

// Greeted records that the client said hello (the watchdog stops waiting for it).
func (c *Conn) Greeted() { c.life.greeted.Store(true) }

// SetBusy says whether the connection is in a room: a busy connection is not closed for being
// quiet (the watchdog's idle timeout is for connections in no room).
func (c *Conn) SetBusy(b bool) { c.life.busy.Store(b) }

// Send queues a message; a full queue (outQueue messages) closes the connection (the client is
// too slow).
func (c *Conn) Send(b []byte) {
	if b == nil || c.Closed() {
		return
	}
	if !c.out.push(b) {
		c.Close()
	}
}

// SendAndClose queues a last message and closes the connection once it is written: the client
// learns why before the socket goes. Messages the client sends meanwhile are ignored.
func (c *Conn) SendAndClose(b []byte) {
	c.life.ending.Store(true)
	c.Send(b)
	if c.ws == nil {
		c.Close()
		return
	}
	c.out.push(nil) // the writer closes on nil
}

// Restart sends b (the protocol's "restarting" message) and closes the connection with status
// 1012 (service restart) once it is written.
func (c *Conn) Restart(b []byte) {
	c.life.restarting.Store(true)
	if c.Closed() {
		return
	}
	if !c.out.push(b) {
		c.Close()
		return
	}
	c.out.push(nil) // the writer closes on nil (a full queue takes it too)
}

// Restarting reports whether the connection was closed by Restart (a relay of it closes its
// own socket with the same status).
func (c *Conn) Restarting() bool { return c.life.restarting.Load() }

// Closed reports whether the connection has closed.
func (c *Conn) Closed() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// Done is closed when the connection closes.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Close ends the connection once; its reader notices and Serve returns.
func (c *Conn) Close() {
	c.once.Do(func() {
		close(c.done)
		if c.ws != nil {
			c.ws.CloseNow()
		}
	})
}

// Pop takes the oldest message waiting for the writer (a connection with no socket: tests read
// what it was sent); false when there is none.
func (c *Conn) Pop() ([]byte, bool) { return c.out.pop() }

// Ready is signalled when a message is queued; its reader then Pops until there is none.
func (c *Conn) Ready() <-chan struct{} { return c.out.ready() }

// Queued is how many messages wait for the writer.
func (c *Conn) Queued() int { return c.out.len() }

// Serve runs the connection until it closes: the writer in its own goroutine, the reader here,
// calling onMessage with every text message (in order, on this goroutine), under the watchdog
// w. onBinary is called for a binary frame instead. It returns once the connection is closed.
func (c *Conn) Serve(ctx context.Context, w *Watchdog, onMessage func([]byte), onBinary func()) {
	c.life.lastRead.Store(time.Now().UnixNano())
	go c.writeLoop(ctx)
	w.add(c)
	defer func() {
		w.remove(c)
		c.Close()
	}()
	c.ws.SetReadLimit(MaxMessage)
	// Reads take no context (each would register a cancellation): the connection's close ends
	// a read, and the request's context ends only when this returns.
	for {
		typ, data, err := c.ws.Read(context.Background())
		if err != nil {
			return // closed, gone, or a message over MaxMessage (the library closes with 1009)
		}
		c.life.lastRead.Store(time.Now().UnixNano())
		if c.life.ending.Load() {
			continue
		}
		if typ != websocket.MessageText {
			onBinary()
			continue
		}
		onMessage(data)
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
		if c.Closed() {
			return
		}
		if b == nil { // the last message is written: close (SendAndClose, or Restart)
			if c.life.restarting.Load() {
				c.ws.Close(websocket.StatusServiceRestart, "server restarting, reconnect")
				c.Close()
				return
			}
			cctx, cancel := context.WithTimeout(ctx, time.Second)
			go func() { <-cctx.Done(); c.Close() }()
			c.ws.Close(websocket.StatusPolicyViolation, "closed by the server")
			cancel()
			return
		}
		// No context of its own per write (a timer and a cancel registration per message):
		// the watchdog closes a connection whose write takes over WriteTimeout.
		c.life.writing.Store(time.Now().UnixNano())
		err := c.ws.Write(context.Background(), websocket.MessageText, b)
		c.life.writing.Store(0)
		if err != nil {
			c.Close()
			return
		}
	}
}
