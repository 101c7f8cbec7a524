package social

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/bus"
	"github.com/duelistgame/duelist/presence"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// wsClient is a test connection to a duel server whose chat is the social service.
type wsClient struct {
	t  *testing.T
	ws *websocket.Conn
}

type wsMsg struct {
	T        string               `json:"t"`
	Code     string               `json:"code"`
	Msg      string               `json:"msg"`
	Re       string               `json:"re"`
	Room     string               `json:"room"`
	Role     string               `json:"role"`
	Speak    bool                 `json:"speak"`
	Message  server.ChatMessage   `json:"message"`
	Messages []server.ChatMessage `json:"messages"`
	Friend   int64                `json:"friend"`
}

// chatServer serves a duel server with a social service's room chat, wired as newStack wires
// them; the account of a connection is its X-Test-Account header, its name X-Test-Name.
func chatServer(t *testing.T, db *store.DB) (*Service, *clock, string) {
	reg, b := presence.New(), bus.NewLocal()
	s, clk := newService(db, Options{Presence: reg, Bus: b})
	acc := func(r *http.Request) int64 {
		n, _ := strconv.ParseInt(r.Header.Get("X-Test-Account"), 10, 64)
		return n
	}
	srv := server.New(server.Options{Logf: t.Logf, RatePerSec: 1e6, RateBurst: 1e6, Chat: serverChat{s.Rooms()},
		Presence: reg, Bus: b, Account: acc,
		AccountName: func(r *http.Request) string { return r.Header.Get("X-Test-Name") }}, nil)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return s, clk, "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
}

func wsDial(t *testing.T, url string, acc int64, name string) *wsClient {
	t.Helper()
	h := http.Header{}
	if acc != 0 {
		h.Set("X-Test-Account", strconv.FormatInt(acc, 10))
		h.Set("X-Test-Name", name)
	}
	cctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	ws, _, err := websocket.Dial(cctx, url, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 24)
	t.Cleanup(func() { ws.CloseNow() })
	c := &wsClient{t: t, ws: ws}
	c.send(map[string]any{"t": "hello", "v": server.Version, "name": name})
	c.expect("welcome")
	return c
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	cctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := c.ws.Write(cctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
}

// next reads the next chat, chatlog or error message (the duel's messages are skipped).
func (c *wsClient) next() wsMsg {
	c.t.Helper()
	for {
		cctx, cancel := context.WithTimeout(ctx, time.Minute)
		_, b, err := c.ws.Read(cctx)
		cancel()
		if err != nil {
			c.t.Fatalf("reading: %v", err)
		}
		var m wsMsg
		json.Unmarshal(b, &m)
		if m.T == "chat" || m.T == "chatlog" || m.T == "error" || m.T == "welcome" || m.T == "joined" || m.T == "friend-chat" {
			return m
		}
	}
}

func (c *wsClient) expect(t string) wsMsg {
	c.t.Helper()
	m := c.next()
	if m.T != t {
		c.t.Fatalf("got %+v, want a %q message", m, t)
	}
	return m
}

// say sends a chat message and reads the sender's own copy of it.
func (c *wsClient) say(text string) server.ChatMessage {
	c.t.Helper()
	c.send(map[string]any{"t": "chat", "text": text})
	m := c.expect("chat")
	if m.Message.Body != strings.TrimSpace(text) {
		c.t.Fatalf("said %q, got back %+v", text, m.Message)
	}
	return m.Message
}

// TestRoomChatOverWebSocket plays the relay rules through a real server and store: the players'
// channel reaches players and spectators, the spectators' only spectators, a muted or blocked
// sender reaches nobody who hides them, the limits answer with their codes, and a late spectator
// gets the recent chat.
func TestRoomChatOverWebSocket(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby", "carol", "dave1")
		a, b, c, d := ids[0], ids[1], ids[2], ids[3]
		s, clk, url := chatServer(t, db)
		pa := wsDial(t, url, a, "alice")
		pa.send(map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}, "first": "A"})
		room := pa.expect("joined").Room
		pb := wsDial(t, url, b, "bobby")
		pb.send(map[string]any{"t": "join", "room": room})
		pb.expect("joined")
		sc := wsDial(t, url, c, "carol")
		sc.send(map[string]any{"t": "watch", "room": room})
		sc.expect("joined")
		guest := wsDial(t, url, 0, "guest")
		guest.send(map[string]any{"t": "watch", "room": room})
		guest.expect("joined")

		// A player speaks: everyone reads it, the markup as typed.
		hi := pa.say("  <b>gl</b> hf  ")
		if hi.Channel != "players" || hi.Name != "alice" || hi.Sender != a {
			t.Fatalf("the players' message: %+v", hi)
		}
		for _, cl := range []*wsClient{pb, sc, guest} {
			if m := cl.expect("chat"); m.Message.ID != hi.ID || m.Message.Body != "<b>gl</b> hf" {
				t.Fatalf("relayed %+v", m.Message)
			}
		}
		// A spectator speaks: spectators read it, the players do not (their next message is the
		// player's that follows).
		sm := sc.say("what a play")
		if sm.Channel != "spectators" {
			t.Fatalf("the spectators' message: %+v", sm)
		}
		if m := guest.expect("chat"); m.Message.ID != sm.ID {
			t.Fatalf("the guest spectator got %+v", m.Message)
		}
		next := pb.say("thanks")
		if m := pa.expect("chat"); m.Message.ID != next.ID {
			t.Fatalf("a player got %+v; the spectators' chat must not reach players", m.Message)
		}
		sc.expect("chat")
		guest.expect("chat")

		// Guests read but do not speak; bad texts and floods are refused in words.
		guest.send(map[string]any{"t": "chat", "text": "hello", "id": 7})
		if m := guest.expect("error"); m.Code != server.ErrLogin {
			t.Fatalf("a guest speaking: %+v", m)
		}
		pa.send(map[string]any{"t": "chat", "text": strings.Repeat("x", MaxText+1)})
		if m := pa.expect("error"); m.Code != server.ErrChatText || !strings.Contains(m.Msg, "at most 300") {
			t.Fatalf("a long message: %+v", m)
		}
		pa.send(map[string]any{"t": "chat", "text": "   "})
		if m := pa.expect("error"); m.Code != server.ErrChatText {
			t.Fatalf("an empty message: %+v", m)
		}
		pa.send(map[string]any{"t": "chat", "text": "bell\a"})
		if m := pa.expect("error"); m.Code != server.ErrChatText {
			t.Fatalf("a control character: %+v", m)
		}
		pa.send(map[string]any{"t": "chat", "text": "gg \u202eesol uoy"}) // shows as "gg you lose"
		if m := pa.expect("error"); m.Code != server.ErrChatText || !strings.Contains(m.Msg, "U+202E") {
			t.Fatalf("a bidi override: %+v", m)
		}
		clk.add(time.Minute) // a full bucket: 5 go, the 6th is refused
		for i := range 5 {
			pa.say("spam " + strconv.Itoa(i))
		}
		pa.send(map[string]any{"t": "chat", "text": "one too many"})
		if m := pa.expect("error"); m.Code != server.ErrChatRate {
			t.Fatalf("a flood: %+v", m)
		}
		for range 5 {
			pb.expect("chat")
			sc.expect("chat")
			guest.expect("chat")
		}

		// bobby blocks alice and carol mutes her: her messages reach neither.
		must(0, s.SetBlock(ctx, b, a, Block, true))
		must(0, s.SetBlock(ctx, c, a, Mute, true))
		clk.add(time.Minute)
		hid := pa.say("can you read me")
		if m := guest.expect("chat"); m.Message.ID != hid.ID {
			t.Fatalf("the guest got %+v", m.Message)
		}
		later := sc.say("still here")
		if m := guest.expect("chat"); m.Message.ID != later.ID {
			t.Fatalf("the guest got %+v", m.Message)
		}
		ok := pb.say("gg")
		if m := sc.expect("chat"); m.Message.ID != ok.ID {
			t.Fatalf("carol got %+v, not bobby's next message: a muted sender's message reached her", m.Message)
		}
		guest.expect("chat")
		pa.expect("chat")

		// A late spectator gets the recent chat: both channels, without those it hides.
		must(0, s.SetBlock(ctx, d, b, Mute, true))
		late := wsDial(t, url, d, "dave1")
		late.send(map[string]any{"t": "watch", "room": room})
		late.expect("joined")
		late.send(map[string]any{"t": "chatlog"})
		lg := late.expect("chatlog")
		if lg.Role != "spectator" || !lg.Speak || len(lg.Messages) != 9 {
			t.Fatalf("a late spectator's log: %+v", lg)
		}
		for _, m := range lg.Messages {
			if m.Sender == b {
				t.Fatalf("the log shows a muted sender's message %+v", m)
			}
		}
		if lg.Messages[1].ID != sm.ID || lg.Messages[1].Channel != "spectators" {
			t.Fatalf("the log's second message %+v, want carol's %+v", lg.Messages[1], sm)
		}
		// A player's log is the players' channel, without the blocked sender's.
		pb.send(map[string]any{"t": "chatlog"})
		for _, m := range pb.expect("chatlog").Messages {
			if m.Channel != "players" || m.Sender == a {
				t.Fatalf("bobby's log shows %+v", m)
			}
		}
		guest.send(map[string]any{"t": "chatlog"})
		if lg := guest.expect("chatlog"); lg.Speak || len(lg.Messages) != 11 {
			t.Fatalf("a guest's log: speak %v, %d messages", lg.Speak, len(lg.Messages))
		}
		// Out of a room there is no chat.
		out := wsDial(t, url, d, "dave1")
		out.send(map[string]any{"t": "chat", "text": "anyone?"})
		if m := out.expect("error"); m.Code != server.ErrNoRoom {
			t.Fatalf("chat outside a room: %+v", m)
		}
		var n int
		db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM social_messages`).Scan(&n)
		if n != 11 {
			t.Fatalf("%d messages stored, want 11", n)
		}
	})
}

// TestSpectatingPlayerIsNoSpectator: an account that holds a seat and also watches its own room
// from another tab reads and speaks in the players' channel there: no spectator can whisper to it.
func TestSpectatingPlayerIsNoSpectator(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby", "carol")
		a, b, c := ids[0], ids[1], ids[2]
		_, _, url := chatServer(t, db)
		pa := wsDial(t, url, a, "alice")
		pa.send(map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}, "first": "A"})
		room := pa.expect("joined").Room
		pb := wsDial(t, url, b, "bobby")
		pb.send(map[string]any{"t": "join", "room": room})
		pb.expect("joined")
		tab := wsDial(t, url, a, "alice")
		tab.send(map[string]any{"t": "watch", "room": room})
		tab.expect("joined")
		sc := wsDial(t, url, c, "carol")
		sc.send(map[string]any{"t": "watch", "room": room})
		sc.expect("joined")
		sc.say("psst alice, bobby holds a trap")
		m := tab.say("from my second tab")
		if m.Channel != "players" {
			t.Fatalf("a player's spectating tab spoke in %q", m.Channel)
		}
		tab.send(map[string]any{"t": "chatlog"})
		if lg := tab.expect("chatlog"); lg.Role != "player" || len(lg.Messages) != 1 {
			t.Fatalf("a player's spectating tab reads %+v", lg)
		}
	})
}

// TestHTTPRoomChatIsRelayed: a message said through the HTTP API (SayRoom, as the load test's bots
// do) reaches the room's WebSockets by the same rules, and not one who blocked the sender.
func TestHTTPRoomChatIsRelayed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby", "carol")
		a, b, c := ids[0], ids[1], ids[2]
		s, _, url := chatServer(t, db)
		pa := wsDial(t, url, a, "alice")
		pa.send(map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}, "first": "A"})
		room := pa.expect("joined").Room
		pb := wsDial(t, url, b, "bobby")
		pb.send(map[string]any{"t": "join", "room": room})
		pb.expect("joined")
		sc := wsDial(t, url, c, "carol")
		sc.send(map[string]any{"t": "watch", "room": room})
		sc.expect("joined")
		must(0, s.SetBlock(ctx, c, a, Block, true))
		m, err := s.SayRoom(ctx, a, "alice", strings.ToLower(room), "over http")
		if err != nil {
			t.Fatal(err)
		}
		for _, cl := range []*wsClient{pa, pb} {
			if got := cl.expect("chat"); got.Message.ID != m.ID || got.Message.Channel != "players" || got.Room != room {
				t.Fatalf("relayed %+v, want message %d", got, m.ID)
			}
		}
		sm, err := s.SayRoom(ctx, c, "carol", room, "spectators, over http")
		if err != nil {
			t.Fatal(err)
		}
		if got := sc.expect("chat"); got.Message.ID != sm.ID {
			t.Fatalf("carol got %+v: the message of alice, whom she blocked, or not her own", got.Message)
		}
		last := pb.say("the last")
		if got := pa.expect("chat"); got.Message.ID != last.ID {
			t.Fatalf("alice got %+v; the spectators' message must not reach her", got.Message)
		}
	})
}
