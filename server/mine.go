package server

import (
	"context"
	"net/http"
	"time"

	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/internal/routetable"
)

// This file gives a logged-in player's seats back to the account (docs/accounts.md "Your seat
// follows you"): a new tab or another device lists the rooms where the account holds a seat and
// takes one back with the seat's token, as a reload does.
//
//	GET  /api/duels/mine               the rooms where the account holds a seat (JSON)
//	POST /api/duels/mine/{room}/seat   the seat's token, to rejoin with (JSON)

// mineTimeout bounds how long a request waits for the rooms' actors to answer.
const mineTimeout = 5 * time.Second

// MyRoom is a room where an account holds a seat.
type MyRoom struct {
	Room     string `json:"room"`
	Seat     string `json:"seat"`   // A or B
	Status   string `json:"status"` // waiting, dueling or over
	Ruleset  string `json:"ruleset"`
	Duel     int    `json:"duel"`     // the number of the room's current duel, 0 before the first
	Opponent string `json:"opponent"` // the other seat's name, "" while it is free
	AI       bool   `json:"ai"`
	Held     bool   `json:"held"` // a connection holds the seat now (another tab, say)
}

// playerRoutes mounts the routes of this file and of views.go.
func (s *Server) playerRoutes() {
	cop := http.NewCrossOriginProtection()
	s.mux.HandleFunc("GET /api/duels/mine", s.myRooms)
	s.mux.Handle("POST /api/duels/mine/{room}/seat", routetable.Guard(cop, http.HandlerFunc(s.mySeat)))
	s.viewRoutes()
}

// accountOf is the account that holds seat s: the one recorded when the current duel began, or,
// before the first duel (or with no log), the account of the connection in the seat.
func (r *Room) accountOf(s int) int64 {
	if r.dur.id != 0 {
		return r.dur.header.Accounts[s]
	}
	if r.m != nil && r.m.accounts[s] != 0 { // a match rebuilt between duels (bo3log.go)
		return r.m.accounts[s]
	}
	if c := r.seats[s].conn; c != nil {
		return c.account
	}
	return 0
}

// seatsOf returns the seats of the room that account acc holds and may take back.
func (r *Room) seatsOf(acc int64) []int {
	if acc == 0 || r.status == "closed" {
		return nil
	}
	var out []int
	for s := range r.seats {
		st := &r.seats[s]
		if st.taken && st.ai == nil && !st.left && r.accountOf(s) == acc {
			out = append(out, s)
		}
	}
	return out
}

// mine describes the seats of the room that acc holds; it runs on the room's actor.
func (r *Room) mine(acc int64) []MyRoom {
	var out []MyRoom
	for _, s := range r.seatsOf(acc) {
		m := MyRoom{Room: r.code, Seat: seatName(s), Status: r.status, Ruleset: r.cfg.ruleset.ID,
			Duel: r.duelNo, AI: r.cfg.ai, Held: r.seats[s].conn != nil}
		if o := &r.seats[s^1]; o.taken { // the opponent (in a tag duel: the one across, A2's B2)
			m.Opponent = o.name
		}
		out = append(out, m)
	}
	return out
}

// ask runs f on room r's actor and returns its answer; ok is false when the room closed first
// or ctx ended.
func ask[T any](ctx context.Context, r *Room, f func(*Room) T) (T, bool) {
	ch := make(chan T, 1)
	var zero T
	select {
	case r.inbox <- func(r *Room) { ch <- f(r) }:
	case <-r.done:
		return zero, false
	case <-ctx.Done():
		return zero, false
	}
	select {
	case v := <-ch:
		return v, true
	case <-r.done:
		return zero, false
	case <-ctx.Done():
		return zero, false
	}
}

// OpenRoomLister is a DuelLog that can say in which rooms an account has an unfinished duel;
// duels.Log and MemLog are. With one, finding an account's rooms asks only those rooms.
type OpenRoomLister interface {
	// OpenRooms returns the codes of the rooms of the account's unfinished duels.
	OpenRooms(ctx context.Context, account int64) ([]string, error)
}

// accountRooms returns the rooms where acc holds a seat. With a log that lists an account's
// open duels (OpenRoomLister) only those rooms are asked; otherwise (a server without a log)
// every room is asked, one message to each actor (about 3.4 µs a room here, see
// BenchmarkAccountRooms).
func (h *Hub) accountRooms(ctx context.Context, acc int64) ([]MyRoom, error) {
	var rooms []*Room
	if ol, ok := h.opts.Log.(OpenRoomLister); ok {
		codes, err := ol.OpenRooms(ctx, acc)
		if err != nil {
			return nil, err
		}
		for _, code := range codes {
			if r := h.room(code); r != nil {
				rooms = append(rooms, r)
			}
		}
	} else {
		h.mu.Lock()
		rooms = make([]*Room, 0, len(h.rooms))
		for _, r := range h.rooms {
			rooms = append(rooms, r)
		}
		h.mu.Unlock()
	}
	// The questions are all posted first, so the wait is the slowest room's, not the sum.
	type pending struct {
		r  *Room
		ch chan []MyRoom
	}
	var asked []pending
	for _, r := range rooms {
		ch := make(chan []MyRoom, 1)
		select {
		case r.inbox <- func(r *Room) { ch <- r.mine(acc) }:
			asked = append(asked, pending{r, ch})
		case <-r.done:
		case <-ctx.Done():
		}
	}
	out := []MyRoom{}
	for _, p := range asked {
		select {
		case m := <-p.ch:
			out = append(out, m...)
		case <-p.r.done:
		case <-ctx.Done():
		}
	}
	return out, nil
}

func (s *Server) myRooms(w http.ResponseWriter, r *http.Request) {
	acc := s.account(r)
	if acc == 0 {
		httpjson.Error(w, http.StatusUnauthorized, "log in to find your rooms")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), mineTimeout)
	defer cancel()
	rooms, err := s.gameAccountRooms(ctx, acc) // on every node (peers.go)
	if err != nil {
		s.hub.logf("server: finding the rooms of account %d: %v", acc, err)
		httpjson.Error(w, http.StatusInternalServerError, "your rooms could not be found")
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"rooms": rooms})
}

// mySeatJSON is the answer of POST /api/duels/mine/{room}/seat.
type mySeatJSON struct {
	Room  string `json:"room"`
	Seat  string `json:"seat"`
	Token string `json:"token"`
}

func (s *Server) mySeat(w http.ResponseWriter, r *http.Request) {
	acc := s.account(r)
	if acc == 0 {
		httpjson.Error(w, http.StatusUnauthorized, "log in to take your seat back")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), mineTimeout)
	defer cancel()
	seat, ok := s.gameSeat(ctx, acc, r.PathValue("room")) // on the node that has the room (peers.go)
	if !ok {
		httpjson.Error(w, http.StatusNotFound, "no seat of yours in room "+r.PathValue("room"))
		return
	}
	httpjson.Write(w, http.StatusOK, seat)
}

// localSeat is the token of the seat account acc holds in this server's room code.
func (h *Hub) localSeat(ctx context.Context, acc int64, code string) (mySeatJSON, bool) {
	room := h.room(code)
	if room == nil {
		return mySeatJSON{}, false
	}
	seat, ok := ask(ctx, room, func(rm *Room) mySeatJSON {
		ss := rm.seatsOf(acc)
		if len(ss) == 0 {
			return mySeatJSON{}
		}
		st := &rm.seats[ss[0]]
		if st.token == "" {
			// A room rebuilt from the log knows its seats' tokens by hash only: the account gets
			// a new token, and the old one stops working (the seat is the account's).
			st.token = newToken()
			rm.tokenHash[ss[0]] = hashToken(st.token)
		}
		return mySeatJSON{Room: rm.code, Seat: seatName(ss[0]), Token: st.token}
	})
	return seat, ok && seat.Token != ""
}
