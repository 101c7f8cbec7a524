package server

import "github.com/duelistgame/duelist/engine"

// This file sends a room's states to its connections by the protocol version each speaks: a
// version 1 client gets the full state after every change, a version 2 client the board once and
// then deltas (wire.go).

// The room's streams (Room.wire): seat A's, seat B's and the spectators'.
const specStream = 2

// streamOf is the stream index of a seat (0, 1; a tag duel's 2, 3 are 3, 4) or of the
// spectators (-1).
func streamOf(seat int) int {
	if seat < 0 {
		return specStream
	}
	if seat >= 2 {
		return seat + 1
	}
	return seat
}

// broadcastState sends the new state to both seats and the spectators: full states to version 1
// connections, deltas to version 2 ones (a board to those whose stream has none). The spectators'
// messages are built once.
func (r *Room) broadcastState(events []engine.Event) {
	r.updateSeq++
	for s := range r.seats {
		c := r.seats[s].conn
		if c == nil || c.version() < 2 {
			r.wire[streamOf(s)].valid = false // a change none of the stream's receivers saw
		}
		if c != nil {
			r.send(c, s, r.stateBytes(c.version(), s, r.stateFor(s, events)), events)
		}
	}
	if len(r.specs) == 0 {
		r.wire[specStream].valid = false
		return
	}
	m := r.stateFor(-1, events)
	var v1, v2 []byte
	for c := range r.specs {
		if c.version() < 2 {
			if v1 == nil {
				v1 = mustJSON(m)
			}
			r.send(c, -1, v1, events)
		}
	}
	for c := range r.specs {
		if c.version() >= 2 {
			if v2 == nil {
				v2 = r.stateBytes(2, -1, m)
			}
			r.send(c, -1, v2, events)
		}
	}
	if v2 == nil {
		r.wire[specStream].valid = false
	}
}

// stateBytes writes a state for a connection of a protocol version: version 1 the state itself;
// version 2 the delta from the stream's state, or the state as a board when the stream has none
// (a new duel, or a receiver that missed a change). The stream moves to the new state.
func (r *Room) stateBytes(version, seat int, m *stateMsg) []byte {
	if version < 2 {
		return mustJSON(m)
	}
	w := &r.wire[streamOf(seat)]
	if !w.valid || w.duel != m.Duel {
		return mustJSON(w.boardOf(m))
	}
	return mustJSON(w.deltaOf(m))
}

// sendState sends the current state to one connection, on joining, watching or rejoining, with
// the duel's events so far as that viewer may see them ("history"), so that a late spectator or
// a reloaded page has the whole log. (A duel rebuilt after a restart has its events from then.)
// To a version 2 connection it is the board its stream's deltas build on.
func (r *Room) sendState(c *Conn, seat int) {
	past := r.past.events()
	m := r.stateFor(seat, past)
	m.History = true
	if c.version() >= 2 {
		r.wire[streamOf(seat)].boardOf(m)
	}
	r.send(c, seat, mustJSON(m), past) // the leak checks (leak_test.go) see the history too
}

// sendBoard answers a version 2 client's "board": the current state, without events (the client
// keeps its log), as the board its stream's next delta builds on.
func (r *Room) sendBoard(c *Conn, seat, id int) {
	if r.duel == nil {
		r.sendErr(c, "board", id, perr(ErrState, "there is no duel in this room yet"))
		return
	}
	if c.version() < 2 {
		r.sendErr(c, "board", id, perr(ErrState, "boards are protocol version 2's: version 1 gets every state whole"))
		return
	}
	m := r.stateFor(seat, nil)
	r.wire[streamOf(seat)].boardOf(m)
	r.send(c, seat, mustJSON(m), nil)
}
