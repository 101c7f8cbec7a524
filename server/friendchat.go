package server

// Friend chat over the WebSocket (docs/protocol.md "Chat"): friends' messages are stored by the
// social API (POST /api/social/chat/friend/{id}), which hands each new message to PushFriendChat;
// the server sends it to the connections it holds of the friend (and of the sender, for the
// sender's other tabs). A client without a connection reads the HTTP API as before.

// friendChatOutMsg is the "friend-chat" message: a new message of the conversation with friend.
type friendChatOutMsg struct {
	T       string      `json:"t"`      // "friend-chat"
	Friend  int64       `json:"friend"` // the other party of the conversation, as the receiver sees it
	Message ChatMessage `json:"message"`
}

// PushFriendChat sends a friend chat message to every connection of account to (each of its tabs
// and devices), as a "friend-chat" message of the conversation with friend (the other party, as
// to sees it). It returns how many connections it was sent to: 0 when to has none here, or for
// account 0 (a guest has no friends).
func (s *Server) PushFriendChat(to, friend int64, m ChatMessage) int {
	if to == 0 {
		return 0
	}
	var b []byte
	n := 0
	for _, c := range s.conns.all() {
		if c.account != to {
			continue
		}
		if b == nil {
			b = mustJSON(friendChatOutMsg{T: "friend-chat", Friend: friend, Message: m})
		}
		c.send(b)
		n++
	}
	return n
}
