package server

import "github.com/duelistgame/duelist/presence"

// Presence tells, for each account asked about, whether it has a connection open and in which
// room (Options.Presence, which the connections report their places to).
func (s *Server) Presence(accounts []int64) map[int64]presence.Place {
	return s.hub.opts.Presence.Of(accounts)
}

// InRoom reports whether an account has a connection in the room with that code, and its role
// there (player or spectator; player if it has both).
func (s *Server) InRoom(account int64, code string) (string, bool) {
	return s.hub.opts.Presence.InRoom(account, code)
}

func roleOf(seat int) string {
	if seat < 0 {
		return presence.Spectator
	}
	return presence.Player
}
