package server

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// memChat is a RoomChat in memory: texts of 1 to 300 characters, no rate limit, and the
// accounts of hides hide the sender hidden.
type memChat struct {
	mu     sync.Mutex
	msgs   []ChatMessage
	rooms  []string
	hides  map[int64][]int64 // sender -> the accounts that hide them
	failed bool              // Say and Log fail (a store that is down)
}

func (m *memChat) Say(_ context.Context, s ChatSay) (ChatMessage, []int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failed {
		return ChatMessage{}, nil, context.DeadlineExceeded
	}
	t := strings.TrimSpace(s.Text)
	if t == "" || utf8.RuneCountInString(t) > 300 || !utf8.ValidString(t) {
		return ChatMessage{}, nil, &ChatRefusal{Code: ErrChatText, Msg: "a message has 1 to 300 characters"}
	}
	msg := ChatMessage{ID: int64(len(m.msgs) + 1), Channel: s.Role + "s", Sender: s.Account, Name: s.Name, Body: t}
	m.msgs = append(m.msgs, msg)
	m.rooms = append(m.rooms, s.Room)
	var hidden []int64
	for _, a := range m.hides[s.Account] {
		for _, b := range s.Audience {
			if a == b {
				hidden = append(hidden, a)
			}
		}
	}
	return msg, hidden, nil
}

func (m *memChat) Hiding(_ context.Context, sender int64, accounts []int64) ([]int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var hidden []int64
	for _, a := range m.hides[sender] {
		if slices.Contains(accounts, a) {
			hidden = append(hidden, a)
		}
	}
	return hidden, nil
}

func (m *memChat) Log(_ context.Context, _ int64, room, role string) ([]ChatMessage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failed {
		return nil, context.DeadlineExceeded
	}
	var out []ChatMessage
	for i, msg := range m.msgs {
		if m.rooms[i] == room && (msg.Channel == "players" || role == "spectator") {
			out = append(out, msg)
		}
	}
	return out, nil
}

// chatRoom is a room against the AI with a player (account 1), a spectator (account 2) and a
// guest spectator, on a hub whose chat is mc.
func chatRoom(t *testing.T, mc RoomChat) (h *Hub, player, spec, guest *Conn) {
	t.Helper()
	h = NewHub(Options{Chat: mc, Logf: testLogf(t)})
	player, spec, guest = testConn(h), testConn(h), testConn(h)
	player.account, spec.account = 1, 2
	h.handle(player, []byte(`{"t":"create","opponent":"ai","first":"A"}`))
	waitFor(t, "the room", func() bool { r, _ := player.place(); return r != nil })
	r, _ := player.place()
	for _, c := range []*Conn{spec, guest} {
		h.handle(c, []byte(`{"t":"watch","room":"`+r.code+`"}`))
	}
	drainChat(player, spec, guest)
	t.Cleanup(func() { h.handle(player, []byte(`{"t":"leave"}`)) })
	return
}

// drainChat waits until the connections' room has handled what was posted to it, then returns the
// messages each connection got, in order.
func drainChat(cs ...*Conn) [][]string {
	out := make([][]string, len(cs))
	if r, _ := cs[0].place(); r != nil {
		done := make(chan struct{})
		if r.post(func(*Room) { close(done) }) {
			select {
			case <-done:
			case <-r.done:
			}
		}
	}
	for i, c := range cs {
		for c.out().len() > 0 {
			out[i] = append(out[i], string(c.out().take()))
		}
	}
	return out
}

// chats returns the chat messages among a connection's messages.
func chats(ms []string) []ChatMessage {
	var out []ChatMessage
	for _, b := range ms {
		var m chatOutMsg
		if json.Unmarshal([]byte(b), &m) == nil && m.T == "chat" {
			out = append(out, m.Message)
		}
	}
	return out
}

func errorCodes(ms []string) []string {
	var out []string
	for _, b := range ms {
		var m errorMsg
		if json.Unmarshal([]byte(b), &m) == nil && m.T == "error" {
			out = append(out, m.Code)
		}
	}
	return out
}

func TestChatRelay(t *testing.T) {
	mc := &memChat{hides: map[int64][]int64{1: {2}}}
	h, player, spec, guest := chatRoom(t, mc)
	h.handle(player, []byte(`{"t":"chat","text":"<script>alert(1)</script>"}`))
	h.handle(spec, []byte(`{"t":"chat","text":"spectators only"}`))
	got := drainChat(player, spec, guest)
	if c := chats(got[0]); len(c) != 1 || c[0].Body != "<script>alert(1)</script>" || c[0].Channel != "players" {
		t.Fatalf("the player got %+v", c)
	}
	if c := chats(got[1]); len(c) != 1 || c[0].Channel != "spectators" {
		t.Fatalf("the spectator, who hides the player, got %+v", c)
	}
	if c := chats(got[2]); len(c) != 2 {
		t.Fatalf("the guest got %+v", c)
	}
	h.handle(guest, []byte(`{"t":"chat","text":"me too","id":3}`))
	h.handle(player, []byte(`{"t":"chat","text":""}`))
	h.handle(player, []byte(`{"t":"chat","text":"x","extra":1}`))
	h.handle(player, []byte(`{"t":"chatlog"}`))
	got = drainChat(player, spec, guest)
	if e := errorCodes(got[2]); len(e) != 1 || e[0] != ErrLogin {
		t.Fatalf("a guest speaking got %v", e)
	}
	if e := errorCodes(got[0]); len(e) != 2 || e[0] != ErrChatText || e[1] != ErrMalformed {
		t.Fatalf("bad chat messages got %v", e)
	}
	var lg chatLogOutMsg
	json.Unmarshal([]byte(got[0][len(got[0])-1]), &lg)
	if lg.T != "chatlog" || lg.Role != "player" || !lg.Speak || len(lg.Messages) != 1 {
		t.Fatalf("the player's log: %+v", lg)
	}
	mc.failed = true
	h.handle(player, []byte(`{"t":"chat","text":"down"}`))
	h.handle(spec, []byte(`{"t":"chatlog"}`))
	got = drainChat(player, spec, guest)
	if e := errorCodes(got[0]); len(e) != 1 || e[0] != ErrInternal {
		t.Fatalf("a store that is down: %v", e)
	}
	if e := errorCodes(got[1]); len(e) != 1 || e[0] != ErrInternal {
		t.Fatalf("a store that is down: %v", e)
	}
}

func TestChatWithoutStore(t *testing.T) {
	h, player, _, _ := chatRoom(t, nil)
	h.handle(player, []byte(`{"t":"chat","text":"hi"}`))
	if e := errorCodes(drainChat(player)[0]); len(e) != 1 || e[0] != ErrNoChat {
		t.Fatalf("chat without a store: %v", e)
	}
	c := testConn(h)
	c.account = 5
	h.handle(c, []byte(`{"t":"chatlog"}`))
	if e := errorCodes(drainChat(c)[0]); len(e) != 1 || e[0] != ErrNoChat {
		t.Fatalf("chat without a store: %v", e)
	}
}

// FuzzChat sends fuzzed chat and chatlog messages from a player, a spectator or a guest: each is
// refused with an error or relayed; nothing panics or fails inside; what is relayed is what was
// stored; a spectator's message never reaches the player, a guest's is never stored.
func FuzzChat(f *testing.F) {
	for _, s := range []string{`{"t":"chat","text":"hi"}`, `{"t":"chat","text":"<img src=x onerror=alert(1)>"}`,
		`{"t":"chat","text":"` + strings.Repeat("é", 301) + `"}`, `{"t":"chat","text":"\u0000"}`, `{"t":"chat","text":7}`,
		`{"t":"chat"}`, `{"t":"chat","text":"a","id":"x"}`, `{"t":"chatlog","id":2}`, `{"t":"chatlog","text":"x"}`,
		`{"t":"chat","text":"\ud800"}`, `{"t":"chat","text":null}`, `{"t":"chat","text":"ok"} trailing`} {
		for who := range 3 {
			f.Add(uint8(who), s)
		}
	}
	f.Fuzz(func(t *testing.T, who uint8, raw string) {
		mc := &memChat{}
		h, player, spec, guest := chatRoom(t, mc)
		from := []*Conn{player, spec, guest}[int(who)%3]
		h.handle(from, []byte(raw))
		got := drainChat(player, spec, guest)
		for i, ms := range got {
			for _, code := range errorCodes(ms) {
				if code == ErrInternal {
					t.Fatalf("%q: an internal error", raw)
				}
			}
			for _, c := range chats(ms) {
				if i == 0 && c.Channel == "spectators" {
					t.Fatalf("%q: a spectator's message reached the player", raw)
				}
				if c.ID < 1 || int(c.ID) > len(mc.msgs) || mc.msgs[c.ID-1] != c {
					t.Fatalf("%q: relayed %+v, not what was stored", raw, c)
				}
			}
		}
		for _, m := range mc.msgs {
			if m.Sender == 0 {
				t.Fatalf("%q: a guest's message was stored", raw)
			}
		}
	})
}
