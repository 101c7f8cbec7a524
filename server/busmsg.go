package server

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
)

// The services' messages for the server's sockets arrive on Options.Bus (package bus lists the
// subjects): the server decodes the fields it needs and delivers them, knowing nothing of the
// service that sent them.

// busChat is the payload of chat.room.ROOM and chat.friend.ACCOUNT.
type busChat struct {
	Sender  int64       `json:"sender"` // chat.room: the sender's account, to hide it from those who muted it
	Friend  int64       `json:"friend"` // chat.friend: the other party of the conversation
	Message ChatMessage `json:"message"`
}

// subscribe starts the server's subscriptions to the bus (none without one).
func (s *Server) subscribe() {
	s.answerPeers() // peers.go
	b := s.hub.opts.Bus
	if b == nil {
		return
	}
	s.subscribeRevocations(b) // revoke.go
	b.Subscribe("chat.room.*", func(subject string, data []byte) {
		var m busChat
		if err := json.Unmarshal(data, &m); err != nil {
			s.hub.logf("server: a malformed %s message: %v", subject, err)
			return
		}
		room := subject[strings.LastIndexByte(subject, '.')+1:]
		// Delivered off the publisher's goroutine: the relay asks the room's actor and the store.
		go s.RelayChat(room, m.Message, func(audience []int64) ([]int64, error) {
			if s.hub.opts.Chat == nil {
				return nil, nil
			}
			ctx, cancel := context.WithTimeout(context.Background(), chatTimeout)
			defer cancel()
			return s.hub.opts.Chat.Hiding(ctx, m.Sender, audience)
		})
	})
	b.Subscribe("chat.friend.*", func(subject string, data []byte) {
		var m busChat
		to, err := strconv.ParseInt(subject[strings.LastIndexByte(subject, '.')+1:], 10, 64)
		if err == nil {
			err = json.Unmarshal(data, &m)
		}
		if err != nil {
			s.hub.logf("server: a malformed %s message: %v", subject, err)
			return
		}
		s.PushFriendChat(to, m.Friend, m.Message)
	})
}
