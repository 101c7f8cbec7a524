package server

import (
	"strings"
	"sync"
	"time"
)

// Rooms being rebuilt (issue 31; docs/deploy.md "Takeover"): a node marks a room it is about to
// take over from a dead node before its takeover commits, and clears the marks once its rebuild
// from the log is done (Recover). A lookup of a marked room (a rejoin arriving between the
// takeover's commit and the end of the rebuild) waits for the rebuild instead of being told
// no-room.

// rebuildWait is the longest a lookup waits for a room's rebuild (replaying its answers: about
// 30,000 a second, docs/durability.md).
const rebuildWait = 30 * time.Second

// rebuilds are the rooms marked for a rebuild and the channel closed when it is done.
type rebuilds struct {
	mu    sync.Mutex
	rooms map[string]bool
	done  chan struct{}
}

// Rebuilding marks room as about to be taken over and rebuilt by this node: until Rebuilt, a
// lookup of it (join, watch, rejoin) that finds no room waits for the rebuild.
func (h *Hub) Rebuilding(room string) {
	rb := &h.rebuild
	rb.mu.Lock()
	defer rb.mu.Unlock()
	if rb.rooms == nil {
		rb.rooms = map[string]bool{}
	}
	if rb.done == nil {
		rb.done = make(chan struct{})
	}
	rb.rooms[strings.ToUpper(room)] = true
}

// Rebuilt says that the rebuild of the rooms marked so far is over (done or failed): the lookups
// waiting for them look again.
func (h *Hub) Rebuilt() {
	rb := &h.rebuild
	rb.mu.Lock()
	defer rb.mu.Unlock()
	clear(rb.rooms)
	if rb.done != nil {
		close(rb.done)
		rb.done = nil
	}
}

// awaitRebuild waits, when code is marked for a rebuild, until the rebuild is over (or
// rebuildWait has passed) and returns the room then; nil when it is not marked.
func (h *Hub) awaitRebuild(code string) *Room {
	code = strings.ToUpper(strings.TrimSpace(code))
	rb := &h.rebuild
	rb.mu.Lock()
	done := rb.done
	marked := rb.rooms[code]
	rb.mu.Unlock()
	if !marked {
		return nil
	}
	t := time.NewTimer(rebuildWait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
	return h.room(code)
}

// rebuildMarked reports whether code is marked for a rebuild.
func (h *Hub) rebuildMarked(code string) bool {
	rb := &h.rebuild
	rb.mu.Lock()
	defer rb.mu.Unlock()
	return rb.rooms[strings.ToUpper(strings.TrimSpace(code))]
}
