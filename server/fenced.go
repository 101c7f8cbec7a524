package server

import (
	"context"
	"errors"

	"github.com/duelistgame/duelist/duels"
)

// Rooms on a node among others (issue 31; docs/deploy.md): the duel log is fenced (duels.Log
// made Fenced), so each room is claimed for this node before its first write, and a write for a
// room another node took over fails with duels.ErrFenced. Such a room stops at once, without
// ending its duel (the new owner rebuilds it from the log): its connections are told to
// reconnect ("restarting") and closed with status 1012.

// Claimer is a fenced duel log (Options.Claims): duels.Log.
type Claimer interface {
	// Claim records a new room as this node's; an error if another node owns it.
	Claim(ctx context.Context, room string) (int64, error)
	// Release forgets a room this node held (it closed).
	Release(room string)
	// Settle says that the rooms the log adopted or took over have been rebuilt (Recover read
	// them from Open): the next Open gives only those taken after.
	Settle()
}

// claimer is the hub's fenced log, nil when the server is alone on its database.
func (h *Hub) claimer() Claimer { return h.opts.Claims }

// claim claims the room for this node before its first write (once).
func (r *Room) claim() error {
	cl := r.hub.claimer()
	if cl == nil || r.claimed {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	if _, err := cl.Claim(ctx, r.code); err != nil {
		return err
	}
	r.claimed = true
	return nil
}

// movedReason is what the players of a room taken over by another node are told.
const movedReason = "this room is now served by another server; reconnect"

// moved stops a room another node took over (its write was fenced): its connections are told to
// reconnect and closed, the room leaves the hub, and its duel stays open in the log for the
// room's new owner.
func (r *Room) moved(cause error) {
	r.hub.logf("room %s: %v; stopping it here (another node serves it now)", r.code, cause)
	b := mustJSON(restartingMsg{T: "restarting", Reason: movedReason})
	for s := range r.seats {
		if c := r.seats[s].conn; c != nil {
			c.net.Restart(b)
		}
	}
	for c := range r.specs {
		c.net.Restart(b)
	}
	r.stop() // the actor's loop ends, and run takes the room out of the hub
}

// fenced reports whether err says another node took the room over.
func fenced(err error) bool { return errors.Is(err, duels.ErrFenced) }
