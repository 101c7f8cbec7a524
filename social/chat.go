package social

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/duelistgame/duelist/plaintext"
)

// Limits of chat.
const (
	MaxText     = 300 // characters in a chat message
	MaxLines    = 10  // lines of a chat message or a report's reason
	MaxReason   = 500 // characters in a report's reason
	PageSize    = 100 // messages a read returns at most
	maxRoomCode = 16
)

// Message is one chat message. Body is the text as typed (plain text: the client escapes it
// when showing it; nothing is interpreted as HTML).
type Message struct {
	ID     int64     `json:"id"`
	Sender int64     `json:"sender"` // 0 once the account is deleted
	Name   string    `json:"name"`
	Body   string    `json:"body"`
	Sent   time.Time `json:"sent"`
	// Channel is a room message's side: "players" or "spectators" ("" for a friend chat).
	Channel string `json:"channel,omitempty"`
}

// cleanText checks and tidies a chat text or report reason by the players' text rules
// (plaintext.Message: no control, bidi, zero-width or blank-looking characters, no combining
// towers, runs of blank lines collapsed), at most max characters and MaxLines lines.
func cleanText(s string, max int, what string) (string, error) {
	out, err := plaintext.Message(s, max, MaxLines)
	if err != nil {
		return "", textError(what + " is refused: " + err.Error())
	}
	return out, nil
}

func friendChannel(a, b int64) string {
	lo, hi := pair(a, b)
	return fmt.Sprintf("f:%d:%d", lo, hi)
}

// roomChannel is the channel of a room's players or of its spectators.
func roomChannel(room, role string) string {
	return "r:" + strings.ToUpper(room) + ":" + role + "s"
}

func (s *Service) insert(ctx context.Context, q querier, channel string, me int64, name, body string) (Message, error) {
	m := Message{Sender: me, Name: name, Body: body, Sent: time.UnixMilli(s.ms()).UTC()}
	err := q.QueryRowContext(ctx, `INSERT INTO social_messages (channel, sender, name, body, sent_ms)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, channel, me, name, body, m.Sent.UnixMilli()).Scan(&m.ID)
	return m, err
}

// SayFriend sends a message to a friend. Neither may block the other.
func (s *Service) SayFriend(ctx context.Context, me int64, myName string, friend int64, text string) (Message, error) {
	body, err := cleanText(text, MaxText, "a message")
	if err != nil {
		return Message{}, err
	}
	if !s.allow(me) {
		return Message{}, ErrRateLimited
	}
	var m Message
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		ok, err := areFriends(ctx, tx, me, friend)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFriends
		}
		if b, err := blocked(ctx, tx, me, friend); err != nil || b {
			if err == nil {
				err = ErrBlocked
			}
			return err
		}
		m, err = s.insert(ctx, tx, friendChannel(me, friend), me, myName, body)
		return err
	})
	if err == nil {
		s.pushFriend(ctx, me, friend, m)
	}
	return m, wrap("sending a message", err)
}

// pushFriend hands a stored friend message to Options.Push: to the friend, unless the friend
// muted the sender (a block refuses the message before), and to the sender's own connections. A
// failed look-up of the mute pushes nothing to the friend: the message waits in FriendChat.
func (s *Service) pushFriend(ctx context.Context, me, friend int64, m Message) {
	if s.opts.Bus == nil {
		return
	}
	sm := toChat(m, "")
	if hidden, err := s.hiding(ctx, me, []int64{friend}); err == nil && len(hidden) == 0 {
		s.publish("chat.friend."+strconv.FormatInt(friend, 10), busChat{Friend: me, Message: sm})
	}
	s.publish("chat.friend."+strconv.FormatInt(me, 10), busChat{Friend: friend, Message: sm})
}

// FriendChat returns the messages between me and a friend after the message id after (0: the
// latest PageSize), oldest first, without those of a player I muted or blocked.
func (s *Service) FriendChat(ctx context.Context, me, friend, after int64) ([]Message, error) {
	ok, err := areFriends(ctx, s.db.SQL(), me, friend)
	if err != nil {
		return nil, wrap("reading messages", err)
	}
	if !ok {
		return nil, ErrNotFriends
	}
	return s.read(ctx, me, friendChannel(me, friend), after)
}

// room finds my role in a room: room chat is for those in the room.
func (s *Service) room(me int64, room string) (string, error) {
	if room == "" || len(room) > maxRoomCode || s.opts.Presence == nil {
		return "", ErrNotInRoom
	}
	role, ok := s.opts.Presence.InRoom(me, room)
	if !ok {
		return "", ErrNotInRoom
	}
	return role, nil
}

// SayRoom sends a message to the room I am in: players talk to players, spectators to
// spectators.
func (s *Service) SayRoom(ctx context.Context, me int64, myName, room, text string) (Message, error) {
	body, err := cleanText(text, MaxText, "a message")
	if err != nil {
		return Message{}, err
	}
	role, err := s.room(me, room)
	if err != nil {
		return Message{}, err
	}
	if !s.allow(me) {
		return Message{}, ErrRateLimited
	}
	m, err := s.insert(ctx, s.db.SQL(), roomChannel(room, role), me, myName, body)
	if err == nil && s.opts.Bus != nil { // the room's WebSockets get it as they get theirs
		s.publish("chat.room."+strings.ToUpper(room), busChat{Sender: me, Message: toChat(m, role+"s")})
	}
	return m, wrap("sending a message", err)
}

// RoomChat returns the chat a room's player or spectator reads after a message id: a player
// the players' channel, a spectator the players' and the spectators' (docs/protocol.md "Chat").
func (s *Service) RoomChat(ctx context.Context, me int64, room string, after int64) ([]Message, error) {
	role, err := s.room(me, room)
	if err != nil {
		return nil, err
	}
	return s.readRoom(ctx, me, room, role, after)
}

// readRoom reads a room's channels as role sees them.
func (s *Service) readRoom(ctx context.Context, me int64, room, role string, after int64) ([]Message, error) {
	players := roomChannel(room, "player")
	specs := players // a player reads the players' channel only
	if role == "spectator" {
		specs = roomChannel(room, "spectator")
	}
	ms, err := s.readChannels(ctx, me, players, specs, after)
	for i := range ms {
		if ms[i].Channel == players {
			ms[i].Channel = "players"
		} else {
			ms[i].Channel = "spectators"
		}
	}
	return ms, err
}

// read returns a channel's messages after a message id, oldest first, hiding the senders me
// muted or blocked.
func (s *Service) read(ctx context.Context, me int64, channel string, after int64) ([]Message, error) {
	ms, err := s.readChannels(ctx, me, channel, channel, after)
	for i := range ms {
		ms[i].Channel = ""
	}
	return ms, err
}

// readChannels returns the messages of one or two channels (c1 and c2, the same for one) after a
// message id, oldest first, hiding the senders me muted or blocked; Channel holds the channel.
func (s *Service) readChannels(ctx context.Context, me int64, c1, c2 string, after int64) ([]Message, error) {
	const cols = `m.id, COALESCE(m.sender, 0), m.name, m.body, m.sent_ms, m.channel`
	const hide = `AND NOT EXISTS (SELECT 1 FROM social_blocks b WHERE b.owner = $3 AND b.other = m.sender)`
	var rows *sql.Rows
	var err error
	if after > 0 {
		rows, err = s.db.SQL().QueryContext(ctx, `SELECT `+cols+` FROM social_messages m
			WHERE m.channel IN ($1, $2) AND m.id > $4 `+hide+` ORDER BY m.id LIMIT $5`, c1, c2, me, after, PageSize)
	} else {
		rows, err = s.db.SQL().QueryContext(ctx, `SELECT `+cols+` FROM social_messages m
			WHERE m.channel IN ($1, $2) `+hide+` ORDER BY m.id DESC LIMIT $4`, c1, c2, me, PageSize)
	}
	if err != nil {
		return nil, wrap("reading messages", err)
	}
	defer rows.Close()
	out := []Message{}
	for rows.Next() {
		var m Message
		var at int64
		if err := rows.Scan(&m.ID, &m.Sender, &m.Name, &m.Body, &at, &m.Channel); err != nil {
			return nil, wrap("reading messages", err)
		}
		m.Sent = time.UnixMilli(at).UTC()
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("reading messages", err)
	}
	if after <= 0 {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out, nil
}

// Report stores a report about a player, or about a message (whose text is kept with the
// report). A message can be reported by someone who could read it: one of the two friends of
// a friend chat, anyone for a room's chat.
func (s *Service) Report(ctx context.Context, me, player, message int64, reason string) (int64, error) {
	why, err := cleanText(reason, MaxReason, "a reason")
	if err != nil {
		return 0, err
	}
	if !s.allow(me) {
		return 0, ErrRateLimited
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		var body sql.NullString
		if message > 0 {
			var channel string
			var sender sql.NullInt64
			var text string
			err := tx.QueryRowContext(ctx, `SELECT channel, sender, body FROM social_messages WHERE id = $1`, message).
				Scan(&channel, &sender, &text)
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNoMessage
			}
			if err != nil {
				return err
			}
			if strings.HasPrefix(channel, "f:") && !inFriendChannel(channel, me) {
				return ErrNoMessage
			}
			if player == 0 {
				player = sender.Int64
			}
			body = sql.NullString{String: text, Valid: true}
		}
		if player == me {
			return ErrSelf
		}
		if ok, err := exists(ctx, tx, player); err != nil || !ok {
			if err == nil {
				err = ErrNoPlayer
			}
			return err
		}
		var msg any
		if message > 0 {
			msg = message
		}
		return tx.QueryRowContext(ctx, `INSERT INTO social_reports (reporter, reported, message_id, body, reason, created_ms)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, me, player, msg, body, why, s.ms()).Scan(&id)
	})
	return id, wrap("storing a report", err)
}

func inFriendChannel(channel string, me int64) bool {
	var lo, hi int64
	if _, err := fmt.Sscanf(channel, "f:%d:%d", &lo, &hi); err != nil {
		return false
	}
	return me == lo || me == hi
}
