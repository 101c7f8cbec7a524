package server

// A best-of-3 match's duels keep their replays to themselves until the match is over: a duel's
// replay names both players' whole decks, so duel 1's replay between the duels told the opponent
// every card of yours before siding (issue 35). The hub keeps the ids of the matches going on
// (a room's match, from when the log gives it an id until it is over; a match rebuilt after a
// restart too), and the replay and viewer routes refuse a duel of one of them.

// trackMatch records whether the match id is going on.
func (h *Hub) trackMatch(id int64, going bool) {
	if id == 0 {
		return
	}
	if going {
		h.matches.Store(id, struct{}{})
	} else {
		h.matches.Delete(id)
	}
}

// matchGoingOn reports whether the match id is being played on this server.
func (h *Hub) matchGoingOn(id int64) bool {
	_, ok := h.matches.Load(id)
	return ok
}
