package server

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// watchdog looks after every open connection of a hub from one goroutine: it closes a
// connection that says no hello in time, one that sends nothing for the idle timeout while in no
// room, one that stops answering the server's pings, and one whose message has been writing for
// writeTimeout. (A goroutine and three timers per
// connection did this before: thousands of stacks for the collector to scan, docs/performance.md.)
// Its goroutine runs only while there are connections. Its times are the wall clock's, not the
// hub's (which tests stop).
type watchdog struct {
	mu      sync.Mutex
	conns   map[*Conn]*watched
	running bool
}

// watched is what the watchdog keeps of one connection.
type watched struct {
	born     time.Time   // when the watchdog took it
	lastPing time.Time   // when the last ping was sent (born before the first)
	pinging  atomic.Bool // a ping is waiting for its pong
}

// add starts watching c.
func (w *watchdog) add(h *Hub, c *Conn) {
	now := time.Now()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conns == nil {
		w.conns = map[*Conn]*watched{}
	}
	w.conns[c] = &watched{born: now, lastPing: now}
	if !w.running {
		w.running = true
		go w.loop(h)
	}
}

// remove stops watching c (its connection is over).
func (w *watchdog) remove(c *Conn) {
	w.mu.Lock()
	delete(w.conns, c)
	w.mu.Unlock()
}

// every is how often the watchdog looks: a quarter of the shortest of its limits.
func (w *watchdog) every(lim Limits) time.Duration {
	return max(min(lim.HelloTimeout, lim.IdleTimeout/4, lim.PingInterval, writeTimeout)/4, time.Millisecond)
}

func (w *watchdog) loop(h *Hub) {
	tick := time.NewTicker(w.every(h.opts.Limits))
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
			w.check(h.opts.Limits, c, now)
		}
		clear(batch) // no connection kept alive by the batch until the next look
	}
}

// check does what is due for one connection at now.
func (w *watchdog) check(lim Limits, c *Conn, now time.Time) {
	w.mu.Lock()
	st := w.conns[c]
	w.mu.Unlock()
	if st == nil || c.closed() {
		return
	}
	if at := c.life.writing.Load(); at != 0 && now.Sub(time.Unix(0, at)) >= writeTimeout {
		w.remove(c)
		c.close() // the client stopped reading: a message has been on its way for writeTimeout
		return
	}
	if !c.life.greeted.Load() && now.Sub(st.born) >= lim.HelloTimeout {
		w.remove(c)
		c.sendAndClose(mustJSON(closedMsg{T: "closed", Code: "idle",
			Reason: "no hello within " + lim.HelloTimeout.String()}))
		return
	}
	if idle := now.Sub(time.Unix(0, c.life.lastRead.Load())); idle >= lim.IdleTimeout {
		if r, _ := c.place(); r == nil {
			w.remove(c)
			c.sendAndClose(mustJSON(closedMsg{T: "closed", Code: "idle",
				Reason: "no message for " + lim.IdleTimeout.String() + " outside a room"}))
			return
		}
	}
	if now.Sub(st.lastPing) >= lim.PingInterval && c.ws != nil && st.pinging.CompareAndSwap(false, true) {
		st.lastPing = now
		go func() { // a ping waits for its pong: not on the watchdog's goroutine
			defer st.pinging.Store(false)
			pctx, cancel := context.WithTimeout(context.Background(), lim.PingInterval)
			err := c.ws.Ping(pctx)
			cancel()
			if err != nil {
				c.close() // the client is gone, or too slow to answer a ping
			}
		}()
	}
}
