package social

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
)

// Error codes of a refused room chat message (RoomRefusal.Code): the duel server's protocol
// codes, which it sends to the client as they are (docs/protocol.md "Errors").
const (
	CodeNoRoom   = "no-room"   // not in that room
	CodeChatText = "chat-text" // the text is empty, too long or holds control characters
	CodeChatRate = "chat-rate" // the account sends chat too fast
)

// Chat is a stored chat message as the players' WebSockets carry it (the duel server's
// ChatMessage has these fields).
type Chat struct {
	ID      int64  `json:"id"`
	Channel string `json:"channel"` // "players" or "spectators" in a room, "" between friends
	Sender  int64  `json:"sender"`  // the sender's account (0 once deleted)
	Name    string `json:"name"`
	Body    string `json:"body"` // plain text as typed
	Sent    int64  `json:"sent"` // Unix milliseconds
}

// RoomSay is a room message said over a WebSocket: who says it in which room, as what, and who
// could read it (the accounts in the room now).
type RoomSay struct {
	Account  int64
	Name     string
	Room     string
	Role     string // player or spectator: the channel is the role's
	Text     string
	Audience []int64
}

// RoomRefusal is why a room message is not taken: a code (CodeNoRoom, CodeChatText,
// CodeChatRate) and a sentence for the player.
type RoomRefusal struct{ Code, Msg string }

func (e *RoomRefusal) Error() string { return e.Msg }

// busChat is the payload of the bus's chat subjects (package bus).
type busChat struct {
	Sender  int64 `json:"sender,omitempty"`
	Friend  int64 `json:"friend,omitempty"`
	Message Chat  `json:"message"`
}

// publish sends a chat message to the bus (Options.Bus set).
func (s *Service) publish(subject string, m busChat) {
	b, err := json.Marshal(m)
	if err != nil {
		panic("social: encoding a chat message: " + err.Error()) // plain fields: cannot fail
	}
	s.opts.Bus.Publish(subject, b)
}

// Rooms is the room chat the duel server relays over its WebSocket (its Options.Chat, through
// an adapter of its types): the same channels, limits and blocks as SayRoom and RoomChat, with
// the sender's room and role as the server knows them.
func (s *Service) Rooms() *RoomChat { return &RoomChat{s} }

// RoomChat stores the room chat said over the WebSockets.
type RoomChat struct{ s *Service }

// Say checks and stores a message of m.Account in m.Room's channel of m.Role, and returns the
// accounts of m.Audience that muted or blocked the sender. A *RoomRefusal says why a message is
// not taken.
func (rc *RoomChat) Say(ctx context.Context, m RoomSay) (Chat, []int64, error) {
	s := rc.s
	if m.Room == "" || len(m.Room) > maxRoomCode || (m.Role != "player" && m.Role != "spectator") {
		return Chat{}, nil, &RoomRefusal{Code: CodeNoRoom, Msg: ErrNotInRoom.Error()}
	}
	body, err := cleanText(m.Text, MaxText, "a message")
	if err != nil {
		return Chat{}, nil, &RoomRefusal{Code: CodeChatText, Msg: err.Error()}
	}
	if !s.allow(m.Account) {
		return Chat{}, nil, &RoomRefusal{Code: CodeChatRate, Msg: ErrRateLimited.Error()}
	}
	msg, err := s.insert(ctx, s.db.SQL(), roomChannel(m.Room, m.Role), m.Account, m.Name, body)
	if err != nil {
		return Chat{}, nil, wrap("sending a message", err)
	}
	hidden, err := s.hiding(ctx, m.Account, m.Audience)
	if err != nil {
		return Chat{}, nil, wrap("sending a message", err)
	}
	return toChat(msg, m.Role+"s"), hidden, nil
}

// Log returns the latest PageSize messages of a room as role reads them.
func (rc *RoomChat) Log(ctx context.Context, account int64, room, role string) ([]Chat, error) {
	if room == "" || len(room) > maxRoomCode || (role != "player" && role != "spectator") {
		return nil, ErrNotInRoom
	}
	ms, err := rc.s.readRoom(ctx, account, room, role, 0)
	if err != nil {
		return nil, err
	}
	out := make([]Chat, len(ms))
	for i, m := range ms {
		out[i] = toChat(m, m.Channel)
	}
	return out, nil
}

// Hiding returns those of the accounts that muted or blocked sender.
func (rc *RoomChat) Hiding(ctx context.Context, sender int64, accounts []int64) ([]int64, error) {
	return rc.s.hiding(ctx, sender, accounts)
}

func toChat(m Message, channel string) Chat {
	return Chat{ID: m.ID, Channel: channel, Sender: m.Sender, Name: m.Name, Body: m.Body,
		Sent: m.Sent.UnixMilli()}
}

// hiding returns those of the accounts that muted or blocked sender.
func (s *Service) hiding(ctx context.Context, sender int64, accounts []int64) ([]int64, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	if len(accounts) > 1000 {
		accounts = accounts[:1000] // a room's audience is far smaller; the query stays bounded
	}
	args := []any{sender}
	var in strings.Builder
	for i, a := range accounts {
		if i > 0 {
			in.WriteString(", ")
		}
		args = append(args, a)
		in.WriteString("$" + strconv.Itoa(len(args)))
	}
	rows, err := s.db.SQL().QueryContext(ctx, `SELECT owner FROM social_blocks WHERE other = $1 AND owner IN (`+
		in.String()+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
