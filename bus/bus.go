// Package bus carries messages between the transport (the duel server's WebSockets) and the
// services, so that neither imports the other (lila-ws's shape: the transport knows messages, not
// domains). A message is a subject and bytes (JSON, each side reading the fields it needs);
// subjects are dot-separated tokens, and a subscription's pattern may end in ">" (any remaining
// tokens) or hold "*" (one token), as NATS subjects do. Local delivers in the process; a NATS
// bus (several nodes, issue 31) has the same interface.
//
// Subjects in use (docs/protocol.md "Chat" for the messages' shapes):
//   - chat.room.ROOM: a room chat message stored by the social API, for the room's sockets:
//     {"sender": account, "message": {id, channel, sender, name, body, sent}}
//   - chat.friend.ACCOUNT: a friend chat message for an account's sockets:
//     {"friend": the other party, "message": {...}}
//   - session.revoked.ACCOUNT: login sessions of an account ended (a logout, a password change):
//     {"session": the one that ended} or {"keep": the one that stays: all the others ended};
//     the server closes the sockets opened with them (server/revoke.go)
package bus

import (
	"strings"
	"sync"
)

// Bus publishes messages to the subscribers of their subjects.
type Bus interface {
	// Publish hands data to every subscription whose pattern matches subject. It does not wait
	// for the subscribers' work: a subscriber must not block.
	Publish(subject string, data []byte)
	// Subscribe calls fn for every message whose subject matches pattern, until the returned
	// function is called.
	Subscribe(pattern string, fn func(subject string, data []byte)) (unsubscribe func())
}

// Local is a Bus within one process: Publish calls the subscribers on the publisher's goroutine.
type Local struct {
	mu   sync.RWMutex
	next int
	subs map[int]sub
}

type sub struct {
	pattern []string
	fn      func(string, []byte)
}

// NewLocal returns a bus with no subscriptions.
func NewLocal() *Local { return &Local{subs: map[int]sub{}} }

// Publish implements Bus.
func (l *Local) Publish(subject string, data []byte) {
	toks := strings.Split(subject, ".")
	l.mu.RLock()
	var fns []func(string, []byte)
	for _, s := range l.subs {
		if Match(s.pattern, toks) {
			fns = append(fns, s.fn)
		}
	}
	l.mu.RUnlock()
	for _, fn := range fns {
		fn(subject, data)
	}
}

// Subscribe implements Bus.
func (l *Local) Subscribe(pattern string, fn func(subject string, data []byte)) func() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next++
	id := l.next
	l.subs[id] = sub{pattern: strings.Split(pattern, "."), fn: fn}
	return func() {
		l.mu.Lock()
		delete(l.subs, id)
		l.mu.Unlock()
	}
}

// Match reports whether a subject's tokens match a pattern's: "*" matches one token, a last ">"
// one or more.
func Match(pattern, subject []string) bool {
	for i, p := range pattern {
		if p == ">" && i == len(pattern)-1 {
			return len(subject) > i
		}
		if i >= len(subject) || (p != "*" && p != subject[i]) {
			return false
		}
	}
	return len(pattern) == len(subject)
}
