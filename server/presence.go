package server

import "strings"

// Presence is where an account's open connections are, for its friends' lists.
type Presence struct {
	Online bool   `json:"online"`
	Room   string `json:"room,omitempty"` // the room code of one of its connections, if in a room
	Role   string `json:"role,omitempty"` // player or spectator there
}

// Presence tells, for each account asked about, whether it has a connection open and in which
// room. It looks at every open connection: call it for a list, not per message.
func (s *Server) Presence(accounts []int64) map[int64]Presence {
	want := make(map[int64]bool, len(accounts))
	for _, a := range accounts {
		want[a] = true
	}
	out := make(map[int64]Presence, len(accounts))
	for _, c := range s.conns.all() {
		if c.account == 0 || !want[c.account] {
			continue
		}
		p := out[c.account]
		p.Online = true
		if r, seat := c.place(); r != nil && p.Room == "" {
			p.Room, p.Role = r.code, roleOf(seat)
		}
		out[c.account] = p
	}
	return out
}

// InRoom reports whether an account has a connection in the room with that code, and its role
// there (player or spectator; player if it has both).
func (s *Server) InRoom(account int64, code string) (string, bool) {
	code = strings.ToUpper(strings.TrimSpace(code))
	role := ""
	for _, c := range s.conns.all() {
		if c.account != account || account == 0 {
			continue
		}
		if r, seat := c.place(); r != nil && r.code == code {
			if role = roleOf(seat); role == "player" {
				break
			}
		}
	}
	return role, role != ""
}

func roleOf(seat int) string {
	if seat < 0 {
		return "spectator"
	}
	return "player"
}
