package server

import (
	"context"
	"errors"
	"slices"
	"time"
)

// Room chat over the room's WebSocket (docs/protocol.md "Chat"). The server only relays: the
// messages are checked and stored by Options.Chat (package social), then sent to the room's
// connections, each of which may see them:
//
//   - the players' channel goes to the players and to the spectators;
//   - the spectators' channel goes to the spectators only, and not to a spectating connection
//     of an account that holds a seat of the room (a spectator cannot whisper to a player);
//   - a message is not sent to an account that muted or blocked its sender.
//
// Only logged-in accounts speak (mute, block and report need an account); guests read.

// Error codes of chat (docs/protocol.md "Errors"); a guest who speaks gets ErrLogin.
const (
	ErrChatText = "chat-text" // the text is empty, too long or holds control characters
	ErrChatRate = "chat-rate" // the account sends chat too fast
	ErrNoChat   = "no-chat"   // the server keeps no chat
)

// ChatMessage is one stored room chat message.
type ChatMessage struct {
	ID      int64  `json:"id"`
	Channel string `json:"channel"` // "players" or "spectators"
	Sender  int64  `json:"sender"`  // the sender's account (0 once deleted)
	Name    string `json:"name"`
	Body    string `json:"body"` // plain text as typed: clients show it as text, never as markup
	Sent    int64  `json:"sent"` // Unix milliseconds
}

// ChatSay is a message to store: who says it in which room, as what, and who could read it.
type ChatSay struct {
	Account int64
	Name    string
	Room    string
	Role    string // player or spectator: the channel is the role's
	Text    string
	// Audience are the accounts in the room now; Say returns those of them that muted or
	// blocked the sender.
	Audience []int64
}

// ChatRefusal is an error of RoomChat.Say to send to the client: a code (ErrChatText,
// ErrChatRate, ErrLogin) and a sentence.
type ChatRefusal struct{ Code, Msg string }

func (e *ChatRefusal) Error() string { return e.Msg }

// RoomChat stores room chat (package social implements it).
type RoomChat interface {
	// Say checks the text (length, characters) and the sender's rate, stores the message and
	// returns it with the accounts of the audience that hide the sender. A *ChatRefusal says why
	// a message is not taken.
	Say(ctx context.Context, m ChatSay) (ChatMessage, []int64, error)
	// Log returns the latest messages a reader of the room sees as role (account 0 for a guest,
	// who hides nobody), oldest first: the players' channel, and the spectators' for a spectator.
	Log(ctx context.Context, account int64, room, role string) ([]ChatMessage, error)
	// Hiding returns those of the accounts that muted or blocked sender.
	Hiding(ctx context.Context, sender int64, accounts []int64) ([]int64, error)
}

// The chat messages a client sends.
type (
	chatMsg struct {
		T    string `json:"t"` // "chat"
		ID   int    `json:"id,omitempty"`
		Text string `json:"text"`
	}
	chatLogMsg struct { // "chatlog": ask for the room's recent chat
		T  string `json:"t"`
		ID int    `json:"id,omitempty"`
	}
)

// The chat messages the server sends.
type (
	chatOutMsg struct {
		T       string      `json:"t"` // "chat"
		Room    string      `json:"room"`
		Message ChatMessage `json:"message"`
	}
	chatLogOutMsg struct {
		T        string        `json:"t"` // "chatlog"
		Room     string        `json:"room"`
		Role     string        `json:"role"`     // the channels read: player (players') or spectator (both)
		Speak    bool          `json:"speak"`    // this connection may speak (it is logged in)
		Messages []ChatMessage `json:"messages"` // oldest first
	}
)

// chatTimeout bounds a chat store call (the connection's reader waits for it).
const chatTimeout = 5 * time.Second

// chatPlace is a connection's chat role in its room and the accounts in the room, as the room's
// actor sees them.
type chatPlace struct {
	role     string
	audience []int64
}

// chatPlaceOf asks the room's actor for c's chat role: "player" for a seat's connection or a
// spectating connection of an account that holds a seat, "spectator" for other spectators, ""
// when c is not (yet) in the room.
func chatPlaceOf(r *Room, c *Conn) chatPlace {
	ch := make(chan chatPlace, 1)
	if !r.post(func(r *Room) { ch <- r.chatPlace(c) }) {
		return chatPlace{}
	}
	select {
	case p := <-ch:
		return p
	case <-r.done:
		return chatPlace{}
	}
}

// seatAccounts are the accounts of the seats' connections (on the actor).
func (r *Room) seatAccounts() []int64 {
	var out []int64
	for s := range r.seats {
		if c := r.seats[s].conn; c != nil && c.account != 0 {
			out = append(out, c.account)
		}
	}
	return out
}

func (r *Room) chatPlace(c *Conn) chatPlace {
	p := chatPlace{}
	seats := r.seatAccounts()
	_, spec := r.specs[c]
	switch {
	case r.seatOf(c) >= 0, spec && c.account != 0 && slices.Contains(seats, c.account):
		p.role = "player"
	case spec:
		p.role = "spectator"
	default:
		return p
	}
	p.audience = r.chatAudience()
	return p
}

// relayChat sends a stored message to those in the room who may see it (on the actor).
func (r *Room) relayChat(m ChatMessage, hidden []int64) {
	if r.status == "closed" {
		return
	}
	b := mustJSON(chatOutMsg{T: "chat", Room: r.code, Message: m})
	seats := r.seatAccounts()
	for s := range r.seats {
		if c := r.seats[s].conn; c != nil && m.Channel == "players" && !slices.Contains(hidden, c.account) {
			r.send(c, s, b, nil)
		}
	}
	for c := range r.specs {
		if slices.Contains(hidden, c.account) && c.account != 0 {
			continue
		}
		if m.Channel == "spectators" && c.account != 0 && slices.Contains(seats, c.account) {
			continue
		}
		r.send(c, -1, b, nil)
	}
}

// chat handles a chat or chatlog message on the connection's reader goroutine: the store is
// called here, not on the room's actor, which only answers who is where and relays.
func (h *Hub) chat(c *Conn, t string, id int, m clientMsg) {
	if h.opts.Chat == nil {
		c.sendError(t, id, perr(ErrNoChat, "this server keeps no chat"))
		return
	}
	r, _ := c.place()
	var p chatPlace
	if r != nil {
		p = chatPlaceOf(r, c)
	}
	if p.role == "" {
		c.sendError(t, id, perr(ErrNoRoom, "you are not in a room"))
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), chatTimeout)
	defer cancel()
	if _, ok := m.(*chatLogMsg); ok {
		ms, err := h.opts.Chat.Log(ctx, c.account, r.code, p.role)
		if err != nil {
			h.logf("server: reading the chat of room %s: %v", r.code, err)
			c.sendError(t, id, perr(ErrInternal, "the chat could not be read"))
			return
		}
		if ms == nil {
			ms = []ChatMessage{}
		}
		c.send(mustJSON(chatLogOutMsg{T: "chatlog", Room: r.code, Role: p.role, Speak: c.account != 0, Messages: ms}))
		return
	}
	if c.account == 0 {
		c.sendError(t, id, perr(ErrLogin, "log in to chat; guests can read the chat"))
		return
	}
	msg, hidden, err := h.opts.Chat.Say(ctx, ChatSay{Account: c.account, Name: c.name, Room: r.code, Role: p.role,
		Text: m.(*chatMsg).Text, Audience: p.audience})
	var ref *ChatRefusal
	switch {
	case errors.As(err, &ref):
		c.sendError(t, id, perr(ref.Code, "%s", ref.Msg))
		return
	case err != nil:
		h.logf("server: storing a chat message of room %s: %v", r.code, err)
		c.sendError(t, id, perr(ErrInternal, "the message could not be stored"))
		return
	}
	r.post(func(r *Room) { r.relayChat(msg, hidden) })
}

// RelayChat sends a room chat message stored outside the WebSocket (the social API's POST) to the
// connections of the room with that code, by the same rules as a WebSocket's message. hide gives
// those of the room's accounts that hide the sender; when it fails nothing is relayed (the
// message is still in the readers' chatlog, which hides by the store). A room that is gone gets
// nothing.
func (s *Server) RelayChat(room string, m ChatMessage, hide func(audience []int64) ([]int64, error)) {
	r := s.hub.room(room)
	if r == nil {
		return
	}
	ch := make(chan []int64, 1)
	if !r.post(func(r *Room) { ch <- r.chatAudience() }) {
		return
	}
	var audience []int64
	select {
	case audience = <-ch:
	case <-r.done:
		return
	}
	hidden, err := hide(audience)
	if err != nil {
		s.hub.logf("server: relaying a chat message of room %s: %v", r.code, err)
		return
	}
	r.post(func(r *Room) { r.relayChat(m, hidden) })
}

// chatAudience are the accounts of the room's connections (on the actor).
func (r *Room) chatAudience() []int64 {
	out := r.seatAccounts()
	for c := range r.specs {
		if c.account != 0 && !slices.Contains(out, c.account) {
			out = append(out, c.account)
		}
	}
	return out
}
