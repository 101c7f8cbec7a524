package social

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/internal/routetable"
)

// maxBody bounds a request body.
const maxBody = 8 << 10

// Routes mounts the social JSON API under /api/social/ on mux; every route needs a logged-in
// player, and every POST is behind http.CrossOriginProtection:
//
//	GET  friends                      friends (with online and room), incoming and outgoing requests
//	POST friends/add      {name}      ask a player to be a friend (or accept their request)
//	POST friends/accept   {id}        accept a request
//	POST friends/decline  {id}        decline a request
//	POST friends/remove   {id}        end a friendship or withdraw a request
//	GET  blocks                       the players I muted and blocked
//	POST mute|unmute|block|unblock {id}
//	GET  chat/friend/{id}?after=N     messages with a friend after message N
//	POST chat/friend/{id} {text}      send a friend a message
//	GET  chat/room/{code}?after=N     my side's chat in a room I am in
//	POST chat/room/{code} {text}      say something there
//	POST report {id, message, reason} report a player or a message
func (s *Service) Routes(mux *routetable.Table) {
	cop := http.NewCrossOriginProtection()
	get := func(path string, h handler) { mux.HandleFunc("GET /api/social/"+path, s.user(h)) }
	post := func(path string, h handler) { mux.Handle("POST /api/social/"+path, routetable.Guard(cop, s.user(h))) }
	get("friends", s.handleFriends)
	post("friends/add", s.handleAdd)
	post("friends/accept", s.byID(func(r *http.Request, me account.User, id int64) (any, error) {
		return ok(), s.Accept(r.Context(), int64(me.ID), id)
	}))
	post("friends/decline", s.byID(func(r *http.Request, me account.User, id int64) (any, error) {
		return ok(), s.Decline(r.Context(), int64(me.ID), id)
	}))
	post("friends/remove", s.byID(func(r *http.Request, me account.User, id int64) (any, error) {
		removed, err := s.Remove(r.Context(), int64(me.ID), id)
		return map[string]bool{"removed": removed}, err
	}))
	get("blocks", func(w http.ResponseWriter, r *http.Request, me account.User) {
		b, err := s.Blocks(r.Context(), int64(me.ID))
		reply(w, b, err)
	})
	for _, k := range []struct {
		path, kind string
		on         bool
	}{{"mute", Mute, true}, {"unmute", Mute, false}, {"block", Block, true}, {"unblock", Block, false}} {
		post(k.path, s.byID(func(r *http.Request, me account.User, id int64) (any, error) {
			return ok(), s.SetBlock(r.Context(), int64(me.ID), id, k.kind, k.on)
		}))
	}
	get("chat/friend/{id}", s.handleFriendChat)
	post("chat/friend/{id}", s.handleSayFriend)
	get("chat/room/{code}", s.handleRoomChat)
	post("chat/room/{code}", s.handleSayRoom)
	post("report", s.handleReport)
}

type handler func(w http.ResponseWriter, r *http.Request, me account.User)

func ok() map[string]bool { return map[string]bool{"ok": true} }

// user runs h for a logged-in player; a guest gets 401.
func (s *Service) user(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		me, ok := account.FromContext(r.Context())
		if !ok {
			httpjson.Err(w, http.StatusUnauthorized, errors.New("not logged in"))
			return
		}
		h(w, r, me)
	}
}

// body is every request body's shape.
type body struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	Message int64  `json:"message"`
	Reason  string `json:"reason"`
}

func readBody(w http.ResponseWriter, r *http.Request) (body, bool) {
	var b body
	if err := httpjson.Read(w, r, maxBody, &b); err != nil {
		httpjson.Err(w, http.StatusBadRequest, fmt.Errorf("the request body is not the expected JSON object: %v", err))
		return b, false
	}
	return b, true
}

// byID handles a POST whose body names another player by id.
func (s *Service) byID(f func(r *http.Request, me account.User, id int64) (any, error)) handler {
	return func(w http.ResponseWriter, r *http.Request, me account.User) {
		b, okb := readBody(w, r)
		if !okb {
			return
		}
		if b.ID <= 0 {
			httpjson.Err(w, http.StatusBadRequest, errors.New(`"id" names a player by account id`))
			return
		}
		v, err := f(r, me, b.ID)
		reply(w, v, err)
	}
}

// reply writes v, or err with the status it deserves.
func reply(w http.ResponseWriter, v any, err error) {
	var te textError
	switch {
	case err == nil:
		httpjson.Write(w, http.StatusOK, v)
	case errors.As(err, &te), errors.Is(err, ErrSelf):
		httpjson.Err(w, http.StatusBadRequest, err)
	case errors.Is(err, ErrNoPlayer), errors.Is(err, ErrNoRequest), errors.Is(err, ErrNoMessage):
		httpjson.Err(w, http.StatusNotFound, err)
	case errors.Is(err, ErrBlocked), errors.Is(err, ErrNotFriends), errors.Is(err, ErrNotInRoom):
		httpjson.Err(w, http.StatusForbidden, err)
	case errors.Is(err, ErrRateLimited):
		w.Header().Set("Retry-After", "1")
		httpjson.Err(w, http.StatusTooManyRequests, err)
	default:
		log.Printf("social: %v", err)
		httpjson.Err(w, http.StatusInternalServerError, errors.New("internal error"))
	}
}

func (s *Service) handleFriends(w http.ResponseWriter, r *http.Request, me account.User) {
	l, err := s.Friends(r.Context(), int64(me.ID))
	reply(w, l, err)
}

func (s *Service) handleAdd(w http.ResponseWriter, r *http.Request, me account.User) {
	b, okb := readBody(w, r)
	if !okb {
		return
	}
	p, state, err := s.Request(r.Context(), int64(me.ID), b.Name)
	reply(w, map[string]any{"player": p, "state": state}, err)
}

// pathID reads the {id} of a path; false (answered) when it is not an account id.
func pathID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		httpjson.Err(w, http.StatusBadRequest, errors.New("the path names a player by account id"))
		return 0, false
	}
	return id, true
}

// after reads ?after=N (0 without it).
func after(w http.ResponseWriter, r *http.Request) (int64, bool) {
	s := r.URL.Query().Get("after")
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		httpjson.Err(w, http.StatusBadRequest, errors.New(`"after" is a message id`))
		return 0, false
	}
	return n, true
}

func (s *Service) handleFriendChat(w http.ResponseWriter, r *http.Request, me account.User) {
	id, okp := pathID(w, r)
	if !okp {
		return
	}
	a, oka := after(w, r)
	if !oka {
		return
	}
	ms, err := s.FriendChat(r.Context(), int64(me.ID), id, a)
	reply(w, map[string]any{"messages": ms}, err)
}

func (s *Service) handleSayFriend(w http.ResponseWriter, r *http.Request, me account.User) {
	id, okp := pathID(w, r)
	if !okp {
		return
	}
	b, okb := readBody(w, r)
	if !okb {
		return
	}
	m, err := s.SayFriend(r.Context(), int64(me.ID), me.Name, id, b.Text)
	reply(w, m, err)
}

func (s *Service) handleRoomChat(w http.ResponseWriter, r *http.Request, me account.User) {
	a, oka := after(w, r)
	if !oka {
		return
	}
	ms, err := s.RoomChat(r.Context(), int64(me.ID), r.PathValue("code"), a)
	reply(w, map[string]any{"messages": ms}, err)
}

func (s *Service) handleSayRoom(w http.ResponseWriter, r *http.Request, me account.User) {
	b, okb := readBody(w, r)
	if !okb {
		return
	}
	m, err := s.SayRoom(r.Context(), int64(me.ID), me.Name, r.PathValue("code"), b.Text)
	reply(w, m, err)
}

func (s *Service) handleReport(w http.ResponseWriter, r *http.Request, me account.User) {
	b, okb := readBody(w, r)
	if !okb {
		return
	}
	if b.ID <= 0 && b.Message <= 0 {
		httpjson.Err(w, http.StatusBadRequest, errors.New(`a report names a player ("id") or a message ("message")`))
		return
	}
	id, err := s.Report(r.Context(), int64(me.ID), b.ID, b.Message, b.Reason)
	reply(w, map[string]int64{"report": id}, err)
}
