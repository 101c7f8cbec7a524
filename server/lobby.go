package server

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// lookupRoom finds the room a lobby message names, within the address's lookup rate: every
// miss costs the address a token, and an address without tokens is refused every lookup.
func (h *Hub) lookupRoom(c *Conn, code, missNote string) (*Room, *protoError) {
	ok, miss := h.guard.lookup(c.addr(), h.opts.Now())
	if !ok {
		return nil, perr(ErrRate, "too many lookups of rooms that do not exist from your address; wait a minute")
	}
	r := h.room(code)
	if r == nil {
		r = h.awaitRebuild(code) // a room this node is taking over (rebuild.go)
	}
	if r == nil {
		miss()
		return nil, perr(ErrNoRoom, "no room %q%s", code, missNote)
	}
	return r, nil
}

// enter reserves the connection's place in r and hands the request to the room, so that a
// close or a second lobby message arriving before the room has handled it cannot leave the room
// with a seat nobody holds. A rejoin of the room the connection is in needs no reservation.
func enter(c *Conn, r *Room, req any) *protoError {
	cur, ok := c.reserve(r)
	_, isRejoin := req.(rejoinReq)
	if !ok && !(isRejoin && cur == r) {
		return perr(ErrInRoom, "leave room %s first", cur.code)
	}
	if !r.post(req) {
		if ok {
			c.release(r)
		}
		return perr(ErrNoRoom, "room %s has closed", r.code)
	}
	return nil
}

// maxName is the longest name a player may give, in characters.
const maxName = 24

// cleanName keeps a player's name printable, one line, short and free of characters that change
// how the text around it reads: control, format (bidi overrides and isolates, zero-width
// characters), private-use and unassigned characters are dropped, and runs of spaces of any kind
// become one space.
func cleanName(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r) || r == '\u2028' || r == '\u2029':
			space = b.Len() > 0
			continue
		case r == utf8.RuneError, unicode.IsControl(r), unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs),
			!unicode.IsGraphic(r), isInvisible(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	out := b.String()
	if utf8.RuneCountInString(out) > maxName {
		out = strings.TrimSpace(string([]rune(out)[:maxName]))
	}
	if out == "" {
		out = "Player"
	}
	return out
}

// isInvisible reports the characters outside the format category that draw nothing yet are not
// spaces (fillers a name could hide behind).
func isInvisible(r rune) bool {
	switch r {
	case '\u115F', '\u1160', '\u3164', '\uFFA0', '\u034F', '\u2800':
		return true
	}
	return unicode.In(r, unicode.Variation_Selector)
}

// releaseUnseated forgets the reservation of a connection that holds no place in the room (a
// refused rejoin); a spectator or a seated player keeps its place.
func (r *Room) releaseUnseated(c *Conn) {
	if _, spec := r.specs[c]; spec || r.seatOf(c) >= 0 {
		return
	}
	c.release(r)
}

// mayTakeOver reports whether a held seat may be taken over now, and counts it: a seat open in
// two tabs that both rejoin on their own would otherwise change hands forever.
func (r *Room) mayTakeOver(st *seatState) bool {
	lim := r.hub.opts.Limits
	if lim.Takeovers < 0 {
		return true
	}
	now := r.now()
	recent := st.takeover[:0]
	for _, t := range st.takeover {
		if now.Sub(t) < lim.TakeoverWindow {
			recent = append(recent, t)
		}
	}
	st.takeover = recent
	if len(recent) >= lim.Takeovers {
		return false
	}
	st.takeover = append(st.takeover, now)
	return true
}
