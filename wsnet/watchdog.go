package wsnet

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"
)

// Timeouts are a watchdog's times.
type Timeouts struct {
	Hello time.Duration // from connecting to the hello
	Idle  time.Duration // a connection in no room (not SetBusy) that sends nothing is closed
	Ping  time.Duration // every connection is pinged this often; a ping unanswered for as long closes it
}

// Watchdog looks after every open connection of a server from one goroutine: it closes a
// connection that says no hello in time, one that sends nothing for the idle timeout while in no
// room, one that stops answering pings, and one whose message has been writing for
// WriteTimeout. (A goroutine and three timers per connection did this before: thousands of
// stacks for the collector to scan, docs/performance.md.) Its goroutine runs only while there
// are connections. Its times are the wall clock's.
type Watchdog struct {
	t       Timeouts
	mu      sync.Mutex
	conns   map[*Conn]*watched
	running bool
}

// NewWatchdog returns a watchdog with the timeouts t (each above zero).
func NewWatchdog(t Timeouts) *Watchdog { return &Watchdog{t: t} }

// watched is what the watchdog keeps of one connection.
type watched struct {
	born     time.Time   // when the watchdog took it
	lastPing time.Time   // when the last ping was sent (born before the first)
	pinging  atomic.Bool // a ping is waiting for its pong
}

// add starts watching c.
func (w *Watchdog) add(c *Conn) {
	now := time.Now()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conns == nil {
		w.conns = map[*Conn]*watched{}
	}
	w.conns[c] = &watched{born: now, lastPing: now}
	if !w.running {
		w.running = true
		go w.loop()
	}
}

// remove stops watching c.
func (w *Watchdog) remove(c *Conn) {
	w.mu.Lock()
	delete(w.conns, c)
	w.mu.Unlock()
}

// every is how often the watchdog looks: a quarter of its shortest time, so that a deadline is
// kept to within a quarter.
func (w *Watchdog) every() time.Duration {
	return max(min(w.t.Hello, w.t.Idle/4, w.t.Ping, WriteTimeout)/4, time.Millisecond)
}

func (w *Watchdog) loop() {
	tick := time.NewTicker(w.every())
	defer tick.Stop()
	var batch []*Conn
	for now := range tick.C {
		w.mu.Lock()
		if len(w.conns) == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		batch = batch[:0]
		for c := range w.conns {
			batch = append(batch, c)
		}
		w.mu.Unlock()
		for _, c := range batch {
			w.check(c, now)
		}
		clear(batch) // no connection kept alive by the batch until the next look
	}
}

// closedIdle is the protocol's "closed" message with code idle.
func closedIdle(reason string) []byte {
	b, _ := json.Marshal(struct {
		T      string `json:"t"`
		Code   string `json:"code"`
		Reason string `json:"reason"`
	}{"closed", "idle", reason})
	return b
}

// check looks at one connection.
func (w *Watchdog) check(c *Conn, now time.Time) {
	w.mu.Lock()
	st := w.conns[c]
	w.mu.Unlock()
	if st == nil || c.Closed() {
		return
	}
	if at := c.life.writing.Load(); at != 0 && now.Sub(time.Unix(0, at)) >= WriteTimeout {
		w.remove(c)
		c.Close() // the client stopped reading: a message has been on its way for WriteTimeout
		return
	}
	if !c.life.greeted.Load() && now.Sub(st.born) >= w.t.Hello {
		w.remove(c)
		c.SendAndClose(closedIdle("no hello within " + w.t.Hello.String()))
		return
	}
	if idle := now.Sub(time.Unix(0, c.life.lastRead.Load())); idle >= w.t.Idle && !c.life.busy.Load() {
		w.remove(c)
		c.SendAndClose(closedIdle("no message for " + w.t.Idle.String() + " outside a room"))
		return
	}
	if now.Sub(st.lastPing) >= w.t.Ping && c.ws != nil && st.pinging.CompareAndSwap(false, true) {
		st.lastPing = now
		go func() { // a ping waits for its pong: not on the watchdog's goroutine
			defer st.pinging.Store(false)
			pctx, cancel := context.WithTimeout(context.Background(), w.t.Ping)
			err := c.ws.Ping(pctx)
			cancel()
			if err != nil {
				c.Close() // the client is gone, or too slow to answer a ping
			}
		}()
	}
}
