package social

import (
	"testing"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestFriendChatPushed: a friend message said through the HTTP API's SayFriend reaches the
// friend's WebSocket connections as "friend-chat" (the conversation named by the sender) and the
// sender's own other connections (named by the friend), and not a friend who muted the sender;
// FriendChat still has every message.
func TestFriendChatPushed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		a, b := ids[0], ids[1]
		s, _, url := chatServer(t, db)
		if _, _, err := s.Request(ctx, a, "bobby"); err != nil {
			t.Fatal(err)
		}
		if err := s.Accept(ctx, b, a); err != nil {
			t.Fatal(err)
		}
		bob1, bob2 := wsDial(t, url, b, "bobby"), wsDial(t, url, b, "bobby") // two tabs
		alice := wsDial(t, url, a, "alice")
		m, err := s.SayFriend(ctx, a, "alice", b, "  hi bob  ")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []*wsClient{bob1, bob2} {
			got := c.expect("friend-chat")
			if got.Friend != a || got.Message.ID != m.ID || got.Message.Body != "hi bob" || got.Message.Sender != a || got.Message.Name != "alice" {
				t.Fatalf("bobby got %+v, want message %d from alice", got, m.ID)
			}
		}
		if got := alice.expect("friend-chat"); got.Friend != b || got.Message.ID != m.ID {
			t.Fatalf("alice's own tab got %+v, want her message %d in the chat with bobby", got, m.ID)
		}
		// Bobby mutes alice: her next message is stored, but not pushed to him.
		must(0, s.SetBlock(ctx, b, a, Mute, true))
		muted, err := s.SayFriend(ctx, a, "alice", b, "you muted me")
		if err != nil {
			t.Fatal(err)
		}
		if got := alice.expect("friend-chat"); got.Message.ID != muted.ID {
			t.Fatalf("alice's own tab got %+v, want %d", got, muted.ID)
		}
		reply, err := s.SayFriend(ctx, b, "bobby", a, "still here")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []*wsClient{bob1, bob2, alice} {
			if got := c.expect("friend-chat"); got.Message.ID != reply.ID {
				t.Fatalf("got %+v, want bobby's reply %d (the muted message must not reach bobby)", got, reply.ID)
			}
		}
		all := must(s.FriendChat(ctx, a, b, 0))
		if len(all) != 3 {
			t.Fatalf("alice's chat with bobby has %d messages, want 3", len(all))
		}
	})
}
