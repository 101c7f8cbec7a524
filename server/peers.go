package server

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/duelistgame/duelist/presence"
)

// The game's answers on a node among others (issue 31; docs/deploy.md "Across nodes"): the room
// list, the presence of accounts and an account's rooms are each node's own (its rooms, its
// sockets). With Options.Peers (cluster.Peers over NATS) a node answers for the whole game by
// asking every node, itself included, and merging: every node answers the same. A node that
// died answers nothing, and nothing of it stays behind to go stale; the survivor that takes its
// rooms over lists them from then on.

// Peers asks every node of the game a question (cluster.Peers).
type Peers interface {
	// Serve answers the questions of kind with fn; it returns a function that stops answering.
	Serve(kind string, fn func(req []byte) []byte) func()
	// Ask asks every node, this one too, and returns the answers that came in time.
	Ask(ctx context.Context, kind string, req []byte) ([][]byte, error)
	// Request asks the one node that serves kind and returns its answer.
	Request(ctx context.Context, kind string, req []byte) ([]byte, error)
}

// The questions a node answers.
const (
	askRooms    = "rooms"         // {ruleset}: the node's room list
	askMine     = "mine"          // {account}: the rooms where the account holds a seat
	askSeat     = "seat"          // {account, room}: the seat's token, by the node that has the room
	askPresence = "presence.of"   // {accounts}: where they are connected on the node
	askInRoom   = "presence.room" // {account, room}: the account's role in the room on the node
)

// peerAsk is a question's payload.
type peerAsk struct {
	Ruleset  string  `json:"ruleset,omitempty"`
	Account  int64   `json:"account,omitempty"`
	Accounts []int64 `json:"accounts,omitempty"`
	Room     string  `json:"room,omitempty"`
}

// nodeListing is a room of a node's list with its birth, to sort the game's list.
type nodeListing struct {
	RoomListing
	Born int64 `json:"born"` // Unix nanoseconds
}

// askTimeout bounds a question to the nodes (cluster.Peers answers within half a second).
const askTimeout = 2 * time.Second

// answerPeers starts answering the other nodes' questions (none without Options.Peers).
func (s *Server) answerPeers() {
	p := s.hub.opts.Peers
	if p == nil {
		return
	}
	h := s.hub
	serve := func(kind string, fn func(q peerAsk) any) {
		p.Serve(kind, func(req []byte) []byte {
			var q peerAsk
			if err := json.Unmarshal(req, &q); err != nil {
				h.logf("server: a malformed %s question: %v", kind, err)
				return []byte("null")
			}
			return mustJSON(fn(q))
		})
	}
	serve(askRooms, func(q peerAsk) any {
		l := h.RoomList(q.Ruleset)
		out := make([]nodeListing, 0, len(l.Open)+len(l.Live))
		for _, rl := range append(l.Open, l.Live...) {
			out = append(out, nodeListing{RoomListing: rl, Born: rl.born.UnixNano()})
		}
		return out
	})
	serve(askMine, func(q peerAsk) any {
		ctx, cancel := context.WithTimeout(context.Background(), mineTimeout)
		defer cancel()
		rooms, err := h.accountRooms(ctx, q.Account)
		if err != nil {
			h.logf("server: finding the rooms of account %d for a node: %v", q.Account, err)
		}
		return rooms
	})
	serve(askSeat, func(q peerAsk) any {
		ctx, cancel := context.WithTimeout(context.Background(), mineTimeout)
		defer cancel()
		seat, _ := h.localSeat(ctx, q.Account, q.Room)
		return seat
	})
	serve(askWhere, func(q peerAsk) any { // route.go
		return whereAnswer{Node: h.opts.NodeID, Has: h.room(q.Room) != nil || h.rebuildMarked(q.Room)}
	})
	if id := h.opts.NodeID; id != "" && h.opts.Bus != nil {
		p.Serve(routeOpenKind(id), func(req []byte) []byte {
			var q routeOpen
			if err := json.Unmarshal(req, &q); err != nil {
				return mustJSON(routeOpened{Err: err.Error()})
			}
			return mustJSON(s.openRemote(q))
		})
		p.Serve(keptKind(id), func(req []byte) []byte {
			var k keptMsg
			if err := json.Unmarshal(req, &k); err != nil {
				return []byte("false")
			}
			h.kept(k)
			return []byte("true")
		})
	}
	serve(askPresence, func(q peerAsk) any { return h.opts.Presence.Of(q.Accounts) })
	serve(askInRoom, func(q peerAsk) any {
		role, _ := h.opts.Presence.InRoom(q.Account, q.Room)
		return role
	})
}

// askNodes asks every node q of kind and decodes each answer into a T (answers that do not decode
// are left out and logged). ok is false when the question could not be asked.
func askNodes[T any](h *Hub, ctx context.Context, kind string, q peerAsk) ([]T, bool) {
	ctx, cancel := context.WithTimeout(ctx, askTimeout)
	defer cancel()
	answers, err := h.opts.Peers.Ask(ctx, kind, mustJSON(q))
	if err != nil {
		h.logf("server: %v", err)
		return nil, false
	}
	out := make([]T, 0, len(answers))
	for _, a := range answers {
		var v T
		if err := json.Unmarshal(a, &v); err != nil {
			h.logf("server: a malformed answer to %s: %v", kind, err)
			continue
		}
		out = append(out, v)
	}
	return out, true
}

// gameRoomList is the room list of the whole game: every node's, merged as one node's would be
// (newest first, open rooms first, at most MaxRoomList), made afresh at most every roomListAge.
// Without peers (or when they cannot be asked) it is the node's own.
func (s *Server) gameRoomList(ctx context.Context, rulesetID string) RoomList {
	h := s.hub
	if h.opts.Peers == nil {
		return h.RoomList(rulesetID)
	}
	now := h.opts.Now()
	s.gameLists.mu.Lock()
	defer s.gameLists.mu.Unlock()
	if m, ok := s.gameLists.lists[rulesetID]; ok && now.Sub(m.at) < roomListAge && !now.Before(m.at) {
		return m.list
	}
	lists, ok := askNodes[[]nodeListing](h, ctx, askRooms, peerAsk{Ruleset: rulesetID})
	if !ok {
		return h.RoomList(rulesetID)
	}
	var all []nodeListing
	seen := map[string]bool{}
	for _, l := range lists {
		for _, rl := range l {
			if !seen[rl.Room] { // a room being taken over may be on two lists for a moment
				seen[rl.Room] = true
				all = append(all, rl)
			}
		}
	}
	slices.SortFunc(all, func(a, b nodeListing) int {
		return cmp.Or(cmp.Compare(b.Born, a.Born), strings.Compare(a.Room, b.Room))
	})
	out := RoomList{Open: []RoomListing{}, Live: []RoomListing{}}
	for _, l := range all {
		if l.Status == "waiting" && len(out.Open) < MaxRoomList {
			out.Open = append(out.Open, l.RoomListing)
		}
	}
	for _, l := range all {
		if l.Status == "dueling" && len(out.Open)+len(out.Live) < MaxRoomList {
			out.Live = append(out.Live, l.RoomListing)
		}
	}
	if s.gameLists.lists == nil {
		s.gameLists.lists = map[string]madeList{}
	}
	s.gameLists.lists[rulesetID] = madeList{at: now, list: out}
	return out
}

// gameAccountRooms is accountRooms over every node.
func (s *Server) gameAccountRooms(ctx context.Context, acc int64) ([]MyRoom, error) {
	h := s.hub
	if h.opts.Peers == nil {
		return h.accountRooms(ctx, acc)
	}
	lists, ok := askNodes[[]MyRoom](h, ctx, askMine, peerAsk{Account: acc})
	if !ok {
		return h.accountRooms(ctx, acc)
	}
	out := []MyRoom{}
	seen := map[string]bool{}
	for _, l := range lists {
		for _, m := range l {
			if k := m.Room + "/" + m.Seat; !seen[k] {
				seen[k] = true
				out = append(out, m)
			}
		}
	}
	slices.SortFunc(out, func(a, b MyRoom) int { return cmp.Or(strings.Compare(a.Room, b.Room), strings.Compare(a.Seat, b.Seat)) })
	return out, nil
}

// gameSeat is localSeat, asked of the node that has the room when this one has not.
func (s *Server) gameSeat(ctx context.Context, acc int64, code string) (mySeatJSON, bool) {
	h := s.hub
	if seat, ok := h.localSeat(ctx, acc, code); ok || h.opts.Peers == nil || h.room(code) != nil {
		return seat, ok
	}
	seats, _ := askNodes[mySeatJSON](h, ctx, askSeat, peerAsk{Account: acc, Room: code})
	for _, seat := range seats {
		if seat.Token != "" {
			return seat, true
		}
	}
	return mySeatJSON{}, false
}

// NodesPresence is the presence of the whole game, for the services (social): a node's registry
// answers for its own sockets, and with peers every node's is asked.
type NodesPresence struct {
	local *presence.Registry
	peers Peers
	logf  func(format string, args ...any)
}

// NewNodesPresence returns the game's presence over the node's registry and its peers (nil
// peers: the registry alone).
func NewNodesPresence(local *presence.Registry, peers Peers, logf func(format string, args ...any)) *NodesPresence {
	return &NodesPresence{local: local, peers: peers, logf: logf}
}

func (np *NodesPresence) ask(kind string, q peerAsk) ([][]byte, bool) {
	if np.peers == nil {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), askTimeout)
	defer cancel()
	answers, err := np.peers.Ask(ctx, kind, mustJSON(q))
	if err != nil {
		np.logf("server: %v", err)
		return nil, false
	}
	return answers, true
}

// Of tells, for each account asked about, whether it has a connection open on any node and where
// (as presence.Registry.Of does over one node's connections).
func (np *NodesPresence) Of(accounts []int64) map[int64]presence.Place {
	answers, ok := np.ask(askPresence, peerAsk{Accounts: accounts})
	if !ok {
		return np.local.Of(accounts)
	}
	out := map[int64]presence.Place{}
	for _, a := range answers {
		var m map[int64]presence.Place
		if err := json.Unmarshal(a, &m); err != nil {
			np.logf("server: a malformed answer to %s: %v", askPresence, err)
			continue
		}
		for acc, p := range m {
			q, had := out[acc]
			if !had || (p.Room != "" && (q.Room == "" || (p.Role == presence.Player && q.Role != presence.Player) ||
				(p.Role == q.Role && p.Room < q.Room))) { // the registry's own preference
				out[acc] = p
			}
		}
	}
	return out
}

// InRoom reports whether account has a connection in the room on any node, and its role there
// (player if it has both).
func (np *NodesPresence) InRoom(account int64, room string) (string, bool) {
	answers, ok := np.ask(askInRoom, peerAsk{Account: account, Room: room})
	if !ok {
		return np.local.InRoom(account, room)
	}
	role := ""
	for _, a := range answers {
		var r string
		if json.Unmarshal(a, &r) == nil && r != "" && role != presence.Player {
			role = r
		}
	}
	return role, role != ""
}
