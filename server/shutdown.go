package server

import (
	"context"
	"sync"
)

// Error codes of durability and shutdown (docs/protocol.md "Errors").
const (
	ErrUnavailable = "unavailable" // the server could not save the move; it did not happen
	ErrRestarting  = "restarting"  // the server is stopping; reconnect in a moment
)

// restartingMsg tells a client that the server is stopping and will be back: the client
// reconnects and rejoins its seat (docs/protocol.md "Restarts").
type restartingMsg struct {
	T      string `json:"t"` // "restarting"
	Reason string `json:"reason"`
}

var restartingJSON = mustJSON(restartingMsg{T: "restarting", Reason: "server restarting, reconnect"})

// stopReq asks a room's actor to stop for a restart: its duel stays open in the log.
type stopReq struct{}

// conns is the set of a server's open WebSocket connections, so that a shutdown can tell every
// one of them, in a room or not.
type conns struct {
	mu  sync.Mutex
	set map[*Conn]struct{}
	wg  sync.WaitGroup
}

// add records c; the returned func forgets it once c's serve has returned.
func (cs *conns) add(c *Conn) func() {
	cs.mu.Lock()
	if cs.set == nil {
		cs.set = map[*Conn]struct{}{}
	}
	cs.set[c] = struct{}{}
	cs.wg.Add(1)
	cs.mu.Unlock()
	return func() {
		cs.mu.Lock()
		delete(cs.set, c)
		cs.mu.Unlock()
		cs.wg.Done()
	}
}

func (cs *conns) all() []*Conn {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	out := make([]*Conn, 0, len(cs.set))
	for c := range cs.set {
		out = append(out, c)
	}
	return out
}

// Shutdown stops the server for a restart, after the HTTP server has stopped accepting: lobby
// messages are refused from now on; every room finishes the message it is handling (so every
// accepted move is in the log), stops its clocks and stops, leaving its duel open in the log;
// a node hands its rooms over (Options.Handoff); every connection is sent "restarting" and
// closed with WebSocket status 1012 (service restart). It returns when every connection has closed, or with ctx's error.
func (s *Server) Shutdown(ctx context.Context) error {
	h := s.hub
	h.stopping.Store(true)
	h.mu.Lock()
	rooms := make([]*Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	h.mu.Unlock()
	for _, r := range rooms {
		r.post(stopReq{})
	}
	for _, r := range rooms {
		select {
		case <-r.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if f := h.opts.Handoff; f != nil { // a node draining: its rooms go to the others first
		var codes []string
		for _, r := range rooms {
			if r.claimed { // its duel or match is in the log (the actor has ended: read after done)
				codes = append(codes, r.code)
			}
		}
		f(ctx, codes)
	}
	for _, c := range s.conns.all() {
		go c.restart()
	}
	done := make(chan struct{})
	go func() { s.conns.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// stop ends the room for a restart: its connections leave it (the server tells them), its
// timers stop, and its duel stays open in the log for the next start-up to rebuild.
func (r *Room) stop() {
	if r.status == "closed" {
		return
	}
	r.setStatus("closed")
	r.clock.halt()
	for s := range r.seats {
		st := &r.seats[s]
		if st.grace != nil {
			st.grace.Stop()
		}
		if c := st.conn; c != nil {
			c.setPlace(nil, -1)
			st.conn = nil
		}
	}
	for c := range r.specs {
		c.setPlace(nil, -1)
	}
	r.specs = map[*Conn]struct{}{}
	if r.duel != nil {
		r.duel.Close()
	}
	close(r.done)
}

// restart sends "restarting" and then closes the connection with status 1012 once its writer
// has sent everything queued before.
func (c *Conn) restart() { c.net.Restart(restartingJSON) }
