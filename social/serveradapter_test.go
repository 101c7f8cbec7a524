package social

import (
	"context"
	"errors"

	"github.com/duelistgame/duelist/server"
)

// serverChat is the room chat as the duel server's RoomChat, as cmd/duelist's wire.go adapts it
// (the tests below play chat over a real server's WebSockets).
type serverChat struct{ rc *RoomChat }

func (a serverChat) Say(ctx context.Context, m server.ChatSay) (server.ChatMessage, []int64, error) {
	c, hidden, err := a.rc.Say(ctx, RoomSay(m))
	var ref *RoomRefusal
	if errors.As(err, &ref) {
		return server.ChatMessage{}, nil, &server.ChatRefusal{Code: ref.Code, Msg: ref.Msg}
	}
	return server.ChatMessage(c), hidden, err
}

func (a serverChat) Log(ctx context.Context, account int64, room, role string) ([]server.ChatMessage, error) {
	cs, err := a.rc.Log(ctx, account, room, role)
	out := make([]server.ChatMessage, len(cs))
	for i, c := range cs {
		out[i] = server.ChatMessage(c)
	}
	return out, err
}

func (a serverChat) Hiding(ctx context.Context, sender int64, accounts []int64) ([]int64, error) {
	return a.rc.Hiding(ctx, sender, accounts)
}
