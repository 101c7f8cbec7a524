package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/internal/httpjson"
)

// maxPast is how many past duels GET /api/duels lists.
const maxPast = 100

// replayRoutes serves the players' finished duels (docs/durability.md "Replays"):
//
//	GET /api/duels               the logged-in player's past duels, newest first (JSON)
//	GET /api/duels/{id}/replay   a finished duel's replay (.duel text) for one of its players:
//	                             the account that played it, or a guest with header
//	                             X-Seat-Token: the seat token of the duel's room
func (s *Server) replayRoutes() {
	s.mux.HandleFunc("GET /api/duels", s.pastDuels)
	s.mux.HandleFunc("GET /api/duels/{id}/replay", s.duelReplay)
}

// account is the logged-in account of a request, 0 for none.
func (s *Server) account(r *http.Request) int64 {
	if f := s.hub.opts.Account; f != nil {
		return f(r)
	}
	return 0
}

func (s *Server) pastDuels(w http.ResponseWriter, r *http.Request) {
	l := s.hub.opts.Log
	if l == nil {
		httpjson.Error(w, http.StatusNotFound, "this server keeps no duels")
		return
	}
	acc := s.account(r)
	if acc == 0 {
		httpjson.Error(w, http.StatusUnauthorized, "log in to list your duels")
		return
	}
	past, err := l.Past(r.Context(), acc, maxPast)
	if err != nil {
		s.hub.logf("server: listing the duels of account %d: %v", acc, err)
		httpjson.Error(w, http.StatusInternalServerError, "the duels could not be read")
		return
	}
	if past == nil {
		past = []duels.Summary{}
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"duels": past})
}

func (s *Server) duelReplay(w http.ResponseWriter, r *http.Request) {
	l := s.hub.opts.Log
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if l == nil || err != nil || id <= 0 {
		httpjson.Error(w, http.StatusNotFound, "no such finished duel")
		return
	}
	sum, replay, err := l.Replay(r.Context(), id)
	if errors.Is(err, duels.ErrNoDuel) {
		httpjson.Error(w, http.StatusNotFound, "no such finished duel")
		return
	}
	if err != nil {
		s.hub.logf("server: reading the replay of duel %d: %v", id, err)
		httpjson.Error(w, http.StatusInternalServerError, "the replay could not be read")
		return
	}
	if !mayWatch(sum, s.account(r), r.Header.Get("X-Seat-Token")) {
		// The same answer as for a duel that does not exist: ids are not secrets, but whether a
		// duel exists is not told to those who did not play it.
		httpjson.Error(w, http.StatusNotFound, "no such finished duel")
		return
	}
	if sum.Match != 0 && s.hub.matchGoingOn(sum.Match) { // matchreplay.go
		httpjson.Error(w, http.StatusForbidden, "this duel's match is still being played: its replay (both decks) is shown once the match is over")
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="duel-%d.duel"`, id))
	w.Write(replay)
}

// mayWatch reports whether a requester played the duel (a tag duel's partners too): by account
// or by seat token.
func mayWatch(sum duels.Summary, account int64, token string) bool {
	return sum.Played(account, func(h string) bool { return token != "" && tokenEqual(h, hashToken(token)) })
}
