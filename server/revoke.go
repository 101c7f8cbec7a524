package server

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/bus"
)

// closedLoggedOut is the code of the "closed" message of a connection whose login session ended.
const closedLoggedOut = "logged-out"

// Revoke closes the open WebSockets of sessions that ended (account.Service's OnRevoke): those
// opened with session when it is not "", otherwise every one of account's but those opened with
// keep (a password change keeps the changing session's). Each is told "closed" with code
// "logged-out" before its socket closes, so a socket opened before a logout can no longer queue
// for rated play or chat as the account; a player's seat waits the grace period as after any
// drop, and the browser reconnects (as a guest) and rejoins it with its seat token. It returns
// how many connections it closed.
func (s *Server) Revoke(account int64, session, keep string) int {
	if session == "" && account == 0 {
		return 0
	}
	msg := mustJSON(closedMsg{T: "closed", Code: closedLoggedOut,
		Reason: "your login session ended (logged out, or the password changed): log in again"})
	n := 0
	for _, c := range s.conns.all() {
		if c.account == 0 || c.session == "" {
			continue
		}
		if session != "" && c.session != session || account != 0 && c.account != account {
			continue
		}
		if session == "" && c.session == keep {
			continue
		}
		c.sendAndClose(msg)
		n++
	}
	return n
}

// Revocation is the payload of session.revoked.ACCOUNT on the bus: the session that ended, or
// ("" ) every session of the account but Keep.
type Revocation struct {
	Session string `json:"session,omitempty"`
	Keep    string `json:"keep,omitempty"`
}

// subscribeRevocations turns session.revoked.ACCOUNT messages into Revoke.
func (s *Server) subscribeRevocations(b bus.Bus) {
	b.Subscribe("session.revoked.*", func(subject string, data []byte) {
		var m Revocation
		acc, err := strconv.ParseInt(subject[strings.LastIndexByte(subject, '.')+1:], 10, 64)
		if err == nil {
			err = json.Unmarshal(data, &m)
		}
		if err != nil {
			s.hub.logf("server: a malformed %s message: %v", subject, err)
			return
		}
		s.Revoke(acc, m.Session, m.Keep)
	})
}
