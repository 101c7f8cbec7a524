package social

import (
	"context"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/server"
)

// Rooms is the room chat the duel server relays over its WebSocket (server.Options.Chat): the
// same channels, limits and blocks as SayRoom and RoomChat, with the sender's room and role as
// the server knows them.
func (s *Service) Rooms() server.RoomChat { return roomChat{s} }

type roomChat struct{ s *Service }

// Say checks and stores a message of m.Account in m.Room's channel of m.Role, and returns the
// accounts of m.Audience that muted or blocked the sender.
func (rc roomChat) Say(ctx context.Context, m server.ChatSay) (server.ChatMessage, []int64, error) {
	s := rc.s
	if m.Room == "" || len(m.Room) > maxRoomCode || (m.Role != "player" && m.Role != "spectator") {
		return server.ChatMessage{}, nil, &server.ChatRefusal{Code: server.ErrNoRoom, Msg: ErrNotInRoom.Error()}
	}
	body, err := cleanText(m.Text, MaxText, "a message")
	if err != nil {
		return server.ChatMessage{}, nil, &server.ChatRefusal{Code: server.ErrChatText, Msg: err.Error()}
	}
	if !s.allow(m.Account) {
		return server.ChatMessage{}, nil, &server.ChatRefusal{Code: server.ErrChatRate, Msg: ErrRateLimited.Error()}
	}
	msg, err := s.insert(ctx, s.db.SQL(), roomChannel(m.Room, m.Role), m.Account, m.Name, body)
	if err != nil {
		return server.ChatMessage{}, nil, wrap("sending a message", err)
	}
	hidden, err := s.hiding(ctx, m.Account, m.Audience)
	if err != nil {
		return server.ChatMessage{}, nil, wrap("sending a message", err)
	}
	return toServer(msg, m.Role+"s"), hidden, nil
}

// Log returns the latest PageSize messages of a room as role reads them.
func (rc roomChat) Log(ctx context.Context, account int64, room, role string) ([]server.ChatMessage, error) {
	if room == "" || len(room) > maxRoomCode || (role != "player" && role != "spectator") {
		return nil, ErrNotInRoom
	}
	ms, err := rc.s.readRoom(ctx, account, room, role, 0)
	if err != nil {
		return nil, err
	}
	out := make([]server.ChatMessage, len(ms))
	for i, m := range ms {
		out[i] = toServer(m, m.Channel)
	}
	return out, nil
}

func toServer(m Message, channel string) server.ChatMessage {
	return server.ChatMessage{ID: m.ID, Channel: channel, Sender: m.Sender, Name: m.Name, Body: m.Body,
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
