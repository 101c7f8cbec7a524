package server

// This file is the agreement on rated play outside quick match (docs/protocol.md "Rated rooms"):
// the host of a room may offer a rated duel (create "rated": true); once the guest has taken the
// seat, the duel (a best-of-3 room: the match) waits for the guest to accept or decline
// ("t":"rated"); declined, it is played unrated. A rematch is rated only when both players ask
// for a rated rematch. Only two distinct logged-in accounts, in a room that plays owned cards,
// can play rated.

// The agreement messages.
type (
	agreeMsg struct {
		T      string `json:"t"` // "rated"
		ID     int    `json:"id,omitempty"`
		Accept bool   `json:"accept"` // the guest accepts the host's rated offer (false: unrated)
	}
	rematchMsg struct {
		T     string `json:"t"` // "rematch"
		ID    int    `json:"id,omitempty"`
		Rated bool   `json:"rated,omitempty"` // ask for a rated rematch (both must)
	}
)

// rateable reports whether the room's players could play rated: two logged-in accounts, not the
// same one, no AI, not free cards, and both decks keeping the room's banlist (issue 33).
func (r *Room) rateable() bool {
	if r.cfg.ai || r.cfg.tag || r.cfg.decks.freeCards {
		return false
	}
	var acc [2]int64
	for s := range r.seats {
		acc[s] = r.seatAccount(s)
		if acc[s] == 0 && r.m != nil {
			acc[s] = r.m.accounts[s]
		}
	}
	if acc[0] == 0 || acc[1] == 0 || acc[0] == acc[1] {
		return false
	}
	for s := range r.seats {
		if r.keepsBanlist(r.seats[s].deck, r.seats[s].side) != nil {
			return false
		}
	}
	return true
}

// seated is called when both seats are taken: the duel starts, unless the host offered a rated
// duel that the guest has to accept first.
func (r *Room) seated() {
	if r.cfg.ratedOffer && r.rateable() {
		r.ratedAsk = true
		r.broadcastRoom()
		return
	}
	r.startDuel()
}

// agree handles the guest's answer to the host's rated offer.
func (r *Room) agree(c *Conn, s, id int, m *agreeMsg) {
	switch {
	case !r.ratedAsk || r.status != "waiting":
		r.sendErr(c, "rated", id, perr(ErrState, "no rated duel is offered to you"))
		return
	case s != 1:
		r.sendErr(c, "rated", id, perr(ErrState, "the guest accepts or declines the host's rated offer"))
		return
	}
	r.ratedAsk, r.ratedNext = false, m.Accept && r.pairMayRate()
	r.startDuel()
}

// ratedNow reports whether the duel going on (or next) is rated: a best-of-3 match's rating, or
// a rated duel.
func (r *Room) ratedNow() bool {
	if r.m != nil && len(r.m.duelIDs) > 0 {
		return r.m.rated
	}
	if r.status == "dueling" || r.status == "over" {
		return r.dur.header.Rated
	}
	return r.ratedNext && (r.cfg.rated || r.rateable())
}
