package server

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/match"
	"github.com/duelistgame/duelist/ruleset"
)

// This file is the room list of the lobby (docs/protocol.md "Room list"):
//
//	GET /api/rooms?ruleset=ID   the open rooms waiting for a player and the live duels to watch
//
// Each room's actor publishes how the list shows it (an immutable RoomListing behind an atomic
// pointer) after every message it handles, so the list is read without asking or locking any
// room: the hub copies the published listings of its rooms.

// MaxRoomList is the most entries a room list holds (open and live together).
const MaxRoomList = 200

// RoomListing is one room of the room list.
type RoomListing struct {
	Room       string   `json:"room"`
	Status     string   `json:"status"` // waiting (open) or dueling (live)
	Ruleset    string   `json:"ruleset"`
	TimeLimit  int      `json:"timeLimit"` // seconds per turn
	Host       string   `json:"host"`      // seat A's name
	Players    []string `json:"players"`   // the names of the seated players, A first
	Seats      []string `json:"seats"`     // the seats of Players, in order (A, B; a tag room's A2, B2)
	AI         bool     `json:"ai,omitempty"`
	Rated      bool     `json:"rated"`
	Watch      bool     `json:"watch"`          // spectators are let in
	Turn       int      `json:"turn,omitempty"` // the duel's turn, live duels only
	Spectators int      `json:"spectators"`
	Banlist    string   `json:"banlist"`             // the room's banlist (roomdecks.go), or "none"
	FreeCards  bool     `json:"freeCards,omitempty"` // any card of the pool, not only owned ones
	Tag        bool     `json:"tag,omitempty"`       // a tag duel of four seats (docs/tag.md)
	Format     string   `json:"format"`              // bo1 or bo3 (bo3.go)
	Score      []int    `json:"score,omitempty"`     // a best-of-3 match's duel wins, A then B

	born time.Time
}

// RoomList is the answer of GET /api/rooms.
type RoomList struct {
	Open []RoomListing `json:"open"` // rooms waiting for a second player, newest first
	Live []RoomListing `json:"live"` // duels going on that may be watched, newest first
}

// listingNow returns the room as the room list shows it, or nil when the list leaves it out: a
// private room, a closed or finished one, a waiting room with no free seat (or against the AI,
// or whose host is away), a duel nobody may watch. It runs on the room's actor.
func (r *Room) listingNow() *RoomListing {
	if r.cfg.private {
		return nil
	}
	l := &RoomListing{Room: r.code, Status: r.status, Ruleset: r.cfg.ruleset.ID,
		TimeLimit: int(r.cfg.timeLimit / time.Second), AI: r.cfg.ai, Rated: r.cfg.rated || r.cfg.ratedOffer, Format: r.cfg.format,
		Watch: !r.cfg.noWatch, Spectators: len(r.specs), born: r.born,
		Banlist: r.cfg.decks.banlist, FreeCards: r.cfg.decks.freeCards, Tag: r.cfg.tag}
	for s := range r.seats {
		if st := &r.seats[s]; st.taken {
			l.Players = append(l.Players, st.name)
			l.Seats = append(l.Seats, seatName(s))
		}
	}
	if r.seats[0].taken {
		l.Host = r.seats[0].name
	}
	if l.Format == "" {
		l.Format = FormatBo1
	}
	if r.m != nil {
		wins, _ := match.Score(r.m.outcomes)
		l.Score = wins[:]
	}
	switch r.status {
	case "siding": // between the duels of a match: live too
		if r.cfg.noWatch {
			return nil
		}
		l.Status = "dueling"
	case "waiting":
		if r.cfg.ai || r.allSeated() || !r.seats[0].taken || r.seats[0].conn == nil {
			return nil // no free seat, or the host is away
		}
	case "dueling":
		if r.cfg.noWatch || r.duel == nil {
			return nil
		}
		l.Turn = r.duel.Turn()
	default:
		return nil
	}
	return l
}

// publish stores the room's current listing when it changed; it runs on the room's actor.
func (r *Room) publish() {
	l := r.listingNow()
	if old := r.listing.Load(); sameListing(old, l) {
		return
	}
	r.listing.Store(l)
}

func sameListing(a, b *RoomListing) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Status == b.Status && a.Turn == b.Turn && a.Spectators == b.Spectators &&
		slices.Equal(a.Players, b.Players) && slices.Equal(a.Seats, b.Seats) && slices.Equal(a.Score, b.Score)
}

// roomListAge is how long a room list is served again before it is made afresh: every lobby
// reads the list every few seconds, and making it walks every room (BenchmarkRoomList).
const roomListAge = time.Second

// roomLists are the room lists made lately, by ruleset.
type roomLists struct {
	mu    sync.Mutex
	lists map[string]madeList
}

type madeList struct {
	at   time.Time
	list RoomList
}

// RoomList returns the listed rooms of a ruleset ("" for every ruleset), at most MaxRoomList
// entries, open rooms first. The list may be up to a second old.
func (h *Hub) RoomList(rulesetID string) RoomList {
	now := h.opts.Now()
	h.lists.mu.Lock()
	defer h.lists.mu.Unlock()
	if m, ok := h.lists.lists[rulesetID]; ok && now.Sub(m.at) < roomListAge && !now.Before(m.at) {
		return m.list
	}
	l := h.makeRoomList(rulesetID)
	if h.lists.lists == nil {
		h.lists.lists = map[string]madeList{}
	}
	h.lists.lists[rulesetID] = madeList{at: now, list: l}
	return l
}

// makeRoomList makes the room list of a ruleset from the rooms' published listings.
func (h *Hub) makeRoomList(rulesetID string) RoomList {
	h.mu.Lock()
	all := make([]*RoomListing, 0, len(h.rooms))
	for _, r := range h.rooms {
		if l := r.listing.Load(); l != nil && (rulesetID == "" || l.Ruleset == rulesetID) {
			all = append(all, l)
		}
	}
	h.mu.Unlock()
	slices.SortFunc(all, func(a, b *RoomListing) int {
		if c := b.born.Compare(a.born); c != 0 {
			return c
		}
		return strings.Compare(a.Room, b.Room)
	})
	out := RoomList{Open: []RoomListing{}, Live: []RoomListing{}}
	for _, l := range all {
		if l.Status == "waiting" && len(out.Open) < MaxRoomList {
			out.Open = append(out.Open, *l)
		}
	}
	for _, l := range all {
		if l.Status == "dueling" && len(out.Open)+len(out.Live) < MaxRoomList {
			out.Live = append(out.Live, *l)
		}
	}
	return out
}

// roomList serves GET /api/rooms.
func (s *Server) roomList(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimSpace(r.URL.Query().Get("ruleset"))
	if id != "" {
		if _, err := ruleset.Get(id); err != nil {
			httpjson.Error(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	httpjson.Write(w, http.StatusOK, s.gameRoomList(r.Context(), id)) // every node's (peers.go)
}
