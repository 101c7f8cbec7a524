// Package presence knows where every logged-in account's connections are: online or not, and in
// which room as what. The transport (the duel server) reports each connection's place; services
// (social's friend lists and room chat) ask. Registry keeps the connections of one process; the
// nodes of a --nats game share theirs (issue 31).
package presence

import (
	"strings"
	"sync"
)

// Place is where an account's connections are, for its friends' lists.
type Place struct {
	Online bool   `json:"online"`
	Room   string `json:"room,omitempty"` // the room code of one of its connections, if in a room
	Role   string `json:"role,omitempty"` // player or spectator there
}

// Roles of a connection in a room.
const (
	Player    = "player"
	Spectator = "spectator"
)

// Registry is the places of a process's connections, safe for concurrent use.
type Registry struct {
	mu    sync.RWMutex
	conns map[uint64]conn
	byAcc map[int64]map[uint64]struct{}
}

type conn struct {
	account    int64
	room, role string
}

// New returns an empty registry.
func New() *Registry {
	return &Registry{conns: map[uint64]conn{}, byAcc: map[int64]map[uint64]struct{}{}}
}

// Set records connection id of account in room as role (room "" when in none). Account 0 (a
// guest) is not recorded.
func (r *Registry) Set(id uint64, account int64, room, role string) {
	if account == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.conns[id]; ok && old.account != account {
		r.dropLocked(id)
	}
	r.conns[id] = conn{account: account, room: room, role: role}
	m := r.byAcc[account]
	if m == nil {
		m = map[uint64]struct{}{}
		r.byAcc[account] = m
	}
	m[id] = struct{}{}
}

// Drop forgets connection id (it closed).
func (r *Registry) Drop(id uint64) {
	r.mu.Lock()
	r.dropLocked(id)
	r.mu.Unlock()
}

func (r *Registry) dropLocked(id uint64) {
	c, ok := r.conns[id]
	if !ok {
		return
	}
	delete(r.conns, id)
	if m := r.byAcc[c.account]; m != nil {
		delete(m, id)
		if len(m) == 0 {
			delete(r.byAcc, c.account)
		}
	}
}

// Of tells, for each account asked about, whether it has a connection open and in which room
// (one of them, a player's seat before a spectator's place). Accounts with none are absent.
func (r *Registry) Of(accounts []int64) map[int64]Place {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make(map[int64]Place, len(accounts))
	for _, a := range accounts {
		ids := r.byAcc[a]
		if len(ids) == 0 {
			continue
		}
		p := Place{Online: true}
		for id := range ids {
			c := r.conns[id]
			if c.room != "" && (p.Room == "" || (c.role == Player && p.Role != Player) ||
				(c.role == p.Role && c.room < p.Room)) { // deterministic among equals
				p.Room, p.Role = c.room, c.role
			}
		}
		out[a] = p
	}
	return out
}

// InRoom reports whether account has a connection in the room with that code, and its role
// there (player if it has both).
func (r *Registry) InRoom(account int64, room string) (string, bool) {
	room = strings.ToUpper(strings.TrimSpace(room))
	r.mu.RLock()
	defer r.mu.RUnlock()
	role := ""
	for id := range r.byAcc[account] {
		if c := r.conns[id]; c.room == room && account != 0 {
			if role = c.role; role == Player {
				break
			}
		}
	}
	return role, role != ""
}
