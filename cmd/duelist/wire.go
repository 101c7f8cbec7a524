package main

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/bus"

	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/social"
)

// The composition root's adapters: the duel server (the transport) and the services each own
// their types; here one's values become the other's, field for field.

// roomChat is social's room chat as the server's RoomChat.
type roomChat struct{ rc *social.RoomChat }

func (a roomChat) Say(ctx context.Context, m server.ChatSay) (server.ChatMessage, []int64, error) {
	c, hidden, err := a.rc.Say(ctx, social.RoomSay(m))
	var ref *social.RoomRefusal
	if errors.As(err, &ref) {
		return server.ChatMessage{}, nil, &server.ChatRefusal{Code: ref.Code, Msg: ref.Msg}
	}
	return server.ChatMessage(c), hidden, err
}

func (a roomChat) Log(ctx context.Context, account int64, room, role string) ([]server.ChatMessage, error) {
	cs, err := a.rc.Log(ctx, account, room, role)
	out := make([]server.ChatMessage, len(cs))
	for i, c := range cs {
		out[i] = server.ChatMessage(c)
	}
	return out, err
}

func (a roomChat) Hiding(ctx context.Context, sender int64, accounts []int64) ([]int64, error) {
	return a.rc.Hiding(ctx, sender, accounts)
}

// revokeOnBus is the accounts' OnRevoke: a session that ended is published as
// session.revoked.ACCOUNT, which every server on the bus turns into Server.Revoke.
func revokeOnBus(b bus.Bus) func(account.Revocation) {
	return func(r account.Revocation) {
		data, _ := json.Marshal(server.Revocation{Session: r.Session, Keep: r.Keep})
		b.Publish("session.revoked."+strconv.FormatInt(int64(r.Account), 10), data)
	}
}
