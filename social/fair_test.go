package social

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestChatTextRules is issue 35's chat: bidi isolates, RLM/ALM, zero-width and blank-looking
// characters, combining towers and 300-line messages were taken. They are refused (friend chat,
// room chat and report reasons share the rules, package plaintext); runs of blank lines collapse.
func TestChatTextRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		a, b := ids[0], ids[1]
		s, clk := newService(db, Options{})
		s.Request(ctx, a, "bobby")
		s.Accept(ctx, b, a)
		for name, text := range map[string]string{
			"isolate":    "\u2067reversed\u2069",
			"RLM":        "hi\u200F",
			"ALM":        "hi\u061C",
			"zero-width": "h\u200Bi",
			"blank":      "\u3164\u3164\u3164",
			"braille":    "\u2800",
			"tower":      "Z" + strings.Repeat("\u0337", 40),
			"300 lines":  strings.Repeat("spam\n", 300),
			"11 lines":   strings.Repeat("line\n", MaxLines+1),
		} {
			clk.add(time.Minute) // the rate limit is not what refuses them
			if m, err := s.SayFriend(ctx, a, "alice", b, text); err == nil {
				t.Errorf("%s: %q taken as %q", name, text, m.Body)
			}
			if _, err := s.Report(ctx, a, b, 0, text); err == nil {
				t.Errorf("%s: a report reason %q taken", name, text)
			}
		}
		clk.add(time.Minute)
		m, err := s.SayFriend(ctx, a, "alice", b, "one\n\n\n\n\n\ntwo")
		if err != nil || m.Body != "one\n\ntwo" {
			t.Fatalf("a run of blank lines: %q, %v; want it collapsed to one", m.Body, err)
		}
	})
}

// TestFriendRequestsLimited: an account sends at most 10 friend requests at once, then one every
// 3 minutes, whether the names exist or not (which also bounds probing names).
func TestFriendRequestsLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "asker", "target")
		s, clk := newService(db, Options{})
		for i := range 10 {
			if _, _, err := s.Request(ctx, ids[0], fmt.Sprintf("nobody %d", i)); !errors.Is(err, ErrNoPlayer) {
				t.Fatalf("request %d: %v", i+1, err)
			}
		}
		if _, _, err := s.Request(ctx, ids[0], "target"); !errors.Is(err, ErrRateLimited) {
			t.Fatalf("the 11th request at once: %v, want ErrRateLimited", err)
		}
		if _, _, err := s.Request(ctx, ids[1], "asker"); err != nil {
			t.Fatalf("another account's request: %v", err)
		}
		clk.add(3 * time.Minute)
		if _, _, err := s.Request(ctx, ids[0], "target"); err != nil {
			t.Fatalf("a request 3 minutes later: %v", err)
		}
	})
}
