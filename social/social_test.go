package social

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/presence"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

var ctx = context.Background()

func users(t *testing.T, db *store.DB, names ...string) []int64 {
	t.Helper()
	svc, err := account.New(db, account.Options{Hash: account.HashParams{MemoryKiB: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, n := range names {
		u, err := svc.Register(ctx, n, "a good long password")
		if err != nil {
			t.Fatalf("registering %s: %v", n, err)
		}
		ids = append(ids, int64(u.ID))
	}
	return ids
}

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newService(db *store.DB, opts Options) (*Service, *clock) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	opts.Now = c.now
	return New(db, opts), c
}

func TestFriends(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "Bobby", "carol")
		a, b, c := ids[0], ids[1], ids[2]
		reg := presence.New()
		reg.Set(1, b, "ABCDEF", presence.Player)
		s, _ := newService(db, Options{Presence: reg})
		if _, _, err := s.Request(ctx, a, "nobody here"); !errors.Is(err, ErrNoPlayer) {
			t.Fatalf("asking nobody: %v", err)
		}
		if _, _, err := s.Request(ctx, a, "ALICE"); !errors.Is(err, ErrSelf) {
			t.Fatalf("asking oneself: %v", err)
		}
		p, st, err := s.Request(ctx, a, "bobby") // names compare case-insensitively
		if err != nil || st != StateRequested || p.ID != b || p.Name != "Bobby" {
			t.Fatalf("request: %v %q %v", p, st, err)
		}
		if _, st, _ := s.Request(ctx, a, "Bobby"); st != StateRequested {
			t.Fatalf("asking twice: %q", st)
		}
		if err := s.Accept(ctx, a, b); !errors.Is(err, ErrNoRequest) {
			t.Fatalf("accepting one's own request: %v", err)
		}
		la, _ := s.Friends(ctx, a)
		lb, _ := s.Friends(ctx, b)
		if len(la.Outgoing) != 1 || len(lb.Incoming) != 1 || lb.Incoming[0].Name != "alice" || len(la.Friends) != 0 {
			t.Fatalf("pending lists: %+v / %+v", la, lb)
		}
		if err := s.Accept(ctx, b, a); err != nil {
			t.Fatal(err)
		}
		la, _ = s.Friends(ctx, a)
		if len(la.Friends) != 1 || !la.Friends[0].Online || la.Friends[0].Room != "ABCDEF" || len(la.Outgoing) != 0 {
			t.Fatalf("friends of alice: %+v", la)
		}
		// carol asks alice; alice asking carol back accepts it.
		s.Request(ctx, c, "alice")
		if _, st, _ := s.Request(ctx, a, "carol"); st != StateFriends {
			t.Fatalf("asking back: %q", st)
		}
		if err := s.Decline(ctx, a, c); !errors.Is(err, ErrNoRequest) {
			t.Fatalf("declining a friendship: %v", err)
		}
		if ok, _ := s.Remove(ctx, c, a); !ok {
			t.Fatal("removing a friend")
		}
		s.Request(ctx, c, "alice")
		if err := s.Decline(ctx, a, c); err != nil {
			t.Fatal(err)
		}
		if l, _ := s.Friends(ctx, a); len(l.Friends) != 1 || len(l.Incoming) != 0 {
			t.Fatalf("after decline: %+v", l)
		}
	})
}

func TestBlocksAndChat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby", "carol")
		a, b, c := ids[0], ids[1], ids[2]
		s, clk := newService(db, Options{})
		s.Request(ctx, a, "bobby")
		s.Accept(ctx, b, a)
		if _, err := s.SayFriend(ctx, a, "alice", c, "hi"); !errors.Is(err, ErrNotFriends) {
			t.Fatalf("messaging a stranger: %v", err)
		}
		for _, bad := range []string{"", "   ", "a\x00b", "\x1b[31mred", strings.Repeat("x", MaxText+1), "\xff"} {
			if _, err := s.SayFriend(ctx, a, "alice", b, bad); err == nil {
				t.Fatalf("message %q was taken", bad)
			}
		}
		m, err := s.SayFriend(ctx, a, "alice", b, "  <b>hi</b> & 你好\nline two  ")
		if err != nil {
			t.Fatal(err)
		}
		if m.Body != "<b>hi</b> & 你好\nline two" {
			t.Fatalf("stored %q: plain text as typed, trimmed", m.Body)
		}
		if _, err := s.SayFriend(ctx, a, "alice", b, strings.Repeat("字", MaxText)); err != nil {
			t.Fatalf("a message of %d characters: %v", MaxText, err)
		}
		ms, _ := s.FriendChat(ctx, b, a, 0)
		if len(ms) != 2 || ms[0].ID != m.ID || ms[0].Name != "alice" {
			t.Fatalf("bobby reads %+v", ms)
		}
		if ms, _ := s.FriendChat(ctx, b, a, m.ID); len(ms) != 1 {
			t.Fatalf("after %d: %+v", m.ID, ms)
		}
		// The rate limit: a burst of 5, then 1 a second.
		n := 0
		for range 10 {
			if _, err := s.SayFriend(ctx, b, "bobby", a, "spam"); err == nil {
				n++
			} else if !errors.Is(err, ErrRateLimited) {
				t.Fatal(err)
			}
		}
		if n != 5 {
			t.Fatalf("%d of 10 quick messages went through; want the burst of 5", n)
		}
		clk.add(2 * time.Second)
		if _, err := s.SayFriend(ctx, b, "bobby", a, "later"); err != nil {
			t.Fatalf("after the limit refilled: %v", err)
		}
		// alice mutes bobby: she no longer sees his messages; he sees hers.
		if err := s.SetBlock(ctx, a, b, Mute, true); err != nil {
			t.Fatal(err)
		}
		for _, m := range must(s.FriendChat(ctx, a, b, 0)) {
			if m.Sender == b {
				t.Fatalf("a muted player's message shows: %+v", m)
			}
		}
		if len(must(s.FriendChat(ctx, b, a, 0))) != 8 {
			t.Fatal("bobby lost messages when alice muted him")
		}
		s.SetBlock(ctx, a, b, Mute, false)
		if len(must(s.FriendChat(ctx, a, b, 0))) != 8 {
			t.Fatal("unmuting does not bring the messages back")
		}
		// bobby blocks alice: the friendship ends, neither can ask or write.
		if err := s.SetBlock(ctx, b, a, Block, true); err != nil {
			t.Fatal(err)
		}
		if err := s.SetBlock(ctx, b, a, Block, true); err != nil {
			t.Fatalf("blocking twice: %v", err)
		}
		if _, err := s.SayFriend(ctx, a, "alice", b, "hello?"); !errors.Is(err, ErrNotFriends) {
			t.Fatalf("writing to one who blocked you: %v", err)
		}
		if _, _, err := s.Request(ctx, a, "bobby"); !errors.Is(err, ErrBlocked) {
			t.Fatalf("asking one who blocked you: %v", err)
		}
		if _, _, err := s.Request(ctx, b, "alice"); !errors.Is(err, ErrBlocked) {
			t.Fatalf("asking one you blocked: %v", err)
		}
		bl, _ := s.Blocks(ctx, b)
		if len(bl.Blocked) != 1 || bl.Blocked[0].Name != "alice" {
			t.Fatalf("blocks %+v", bl)
		}
		if err := s.SetBlock(ctx, b, 99999, Block, true); !errors.Is(err, ErrNoPlayer) {
			t.Fatalf("blocking nobody: %v", err)
		}
		if err := s.SetBlock(ctx, b, b, Mute, true); !errors.Is(err, ErrSelf) {
			t.Fatalf("muting oneself: %v", err)
		}
		s.SetBlock(ctx, b, a, Block, false)
		if _, _, err := s.Request(ctx, a, "bobby"); err != nil {
			t.Fatalf("after unblocking: %v", err)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestRoomChatAndReports(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby", "carol", "dave1")
		a, b, c, d := ids[0], ids[1], ids[2], ids[3]
		reg := presence.New()
		reg.Set(1, a, "ROOM42", presence.Player)
		reg.Set(2, b, "ROOM42", presence.Player)
		reg.Set(3, c, "ROOM42", presence.Spectator)
		s, _ := newService(db, Options{Presence: reg})
		if _, err := s.SayRoom(ctx, d, "dave1", "ROOM42", "let me in"); !errors.Is(err, ErrNotInRoom) {
			t.Fatalf("one not in the room: %v", err)
		}
		if _, err := s.RoomChat(ctx, d, "ROOM42", 0); !errors.Is(err, ErrNotInRoom) {
			t.Fatalf("reading a room one is not in: %v", err)
		}
		pm, _ := s.SayRoom(ctx, a, "alice", "room42", "gl hf")
		sm, err := s.SayRoom(ctx, c, "carol", "ROOM42", "nice play")
		if err != nil {
			t.Fatal(err)
		}
		if ms := must(s.RoomChat(ctx, b, "ROOM42", 0)); len(ms) != 1 || ms[0].ID != pm.ID {
			t.Fatalf("a player reads %+v; want the players' chat only", ms)
		}
		if ms := must(s.RoomChat(ctx, c, "ROOM42", 0)); len(ms) != 2 || ms[0].ID != pm.ID || ms[0].Channel != "players" ||
			ms[1].ID != sm.ID || ms[1].Channel != "spectators" {
			t.Fatalf("a spectator reads %+v; want the players' chat and the spectators'", ms)
		}
		// bobby blocks alice: her room messages are hidden from him.
		s.SetBlock(ctx, b, a, Block, true)
		if ms := must(s.RoomChat(ctx, b, "ROOM42", 0)); len(ms) != 0 {
			t.Fatalf("a blocked player's room chat shows: %+v", ms)
		}
		// Reports: of a message (its text kept, the sender reported), of a player.
		id, err := s.Report(ctx, b, 0, pm.ID, "rude")
		if err != nil || id == 0 {
			t.Fatalf("report: %d %v", id, err)
		}
		var reported int64
		var body, reason string
		db.SQL().QueryRowContext(ctx, `SELECT reported, body, reason FROM social_reports WHERE id = $1`, id).Scan(&reported, &body, &reason)
		if reported != a || body != "gl hf" || reason != "rude" {
			t.Fatalf("stored report: %d %q %q", reported, body, reason)
		}
		if _, err := s.Report(ctx, b, d, 0, "cheating"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Report(ctx, b, 0, 99999, "x"); !errors.Is(err, ErrNoMessage) {
			t.Fatalf("reporting no message: %v", err)
		}
		if _, err := s.Report(ctx, b, d, 0, ""); err == nil {
			t.Fatal("a report without a reason")
		}
		if _, err := s.Report(ctx, b, b, 0, "me"); !errors.Is(err, ErrSelf) {
			t.Fatalf("reporting oneself: %v", err)
		}
		// A friend chat message can be reported only by the two friends.
		s.Request(ctx, c, "dave1")
		s.Accept(ctx, d, c)
		fm, _ := s.SayFriend(ctx, c, "carol", d, "psst")
		if _, err := s.Report(ctx, b, 0, fm.ID, "nosy"); !errors.Is(err, ErrNoMessage) {
			t.Fatalf("reporting someone else's private message: %v", err)
		}
		if _, err := s.Report(ctx, d, 0, fm.ID, "spam"); err != nil {
			t.Fatal(err)
		}
	})
}
