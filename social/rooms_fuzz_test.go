package social

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/plaintext"
	"github.com/duelistgame/duelist/store"
)

// FuzzRoomSay sends fuzzed texts, rooms and roles through the room chat the server relays: each
// is refused with a ChatRefusal (nothing stored) or stored as the trimmed text, 1 to MaxText
// characters of valid UTF-8 without control characters but line breaks and tabs, and read back
// unchanged — markup included — by a spectator of the room.
func FuzzRoomSay(f *testing.F) {
	db, err := store.Open(ctx, filepath.Join(f.TempDir(), "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	defer db.Close()
	acc, err := account.New(db, account.Options{Hash: account.HashParams{MemoryKiB: 64, Time: 1, Threads: 1}})
	if err != nil {
		f.Fatal(err)
	}
	u, err := acc.Register(ctx, "fuzzer", "a good long password")
	if err != nil {
		f.Fatal(err)
	}
	me := int64(u.ID)
	rc := New(db, Options{Rate: rate.Inf}).Rooms()
	for _, s := range []string{"hi", "<script>alert(1)</script>", "  \n ", strings.Repeat("字", MaxText),
		strings.Repeat("x", MaxText+1), "a\x00b", "tab\there", "\xff", "\u202ertl", "'; DROP TABLE social_messages; --",
		"\u2067isolated\u2069", "\u200Fmarked", "a\u200Bb", "\u3164\u3164", strings.Repeat("line\n", 300),
		"Z" + strings.Repeat("\u0336", 20), "runs\n\n\n\n\nof blank lines", "👨\u200D👩\u200D👧 ❤\uFE0F"} {
		f.Add(s, "ROOM0001", uint8(0))
		f.Add(s, "ROOM0001", uint8(1))
	}
	f.Add("hi", "", uint8(0))
	f.Add("hi", "ROOM0001", uint8(2))
	f.Add("hi", strings.Repeat("R", 17), uint8(1))
	f.Fuzz(func(t *testing.T, text, room string, which uint8) {
		role := []string{"player", "spectator", "host"}[int(which)%3]
		before := count(t, db)
		m, _, err := rc.Say(ctx, RoomSay{Account: me, Name: "fuzzer", Room: room, Role: role, Text: text,
			Audience: []int64{me}})
		var ref *RoomRefusal
		if err != nil {
			if !errors.As(err, &ref) || (ref.Code != CodeChatText && ref.Code != CodeNoRoom) {
				t.Fatalf("%q in %q as %s: %v, not a refusal", text, room, role, err)
			}
			if n := count(t, db); n != before {
				t.Fatalf("%q refused (%v) but %d messages stored", text, err, n-before)
			}
			return
		}
		body := m.Body
		want, werr := plaintext.Message(text, MaxText, MaxLines)
		if werr != nil || body != want || body == "" || !utf8.ValidString(body) || utf8.RuneCountInString(body) > MaxText ||
			strings.Count(body, "\n") >= MaxLines {
			t.Fatalf("%q stored as %q (the rules give %q, %v)", text, body, want, werr)
		}
		if again, err := plaintext.Message(body, MaxText, MaxLines); err != nil || again != body {
			t.Fatalf("%q stored as %q, which the rules change again to %q (%v)", text, body, again, err)
		}
		for _, r := range body {
			if plaintext.Refused(r) && r != '\n' && r != 0x200D && r != 0xFE0F && r != 0xFE0E {
				t.Fatalf("%q stored with the character %U", text, r)
			}
		}
		log, err := rc.Log(ctx, 0, room, "spectator")
		if err != nil || len(log) == 0 || log[len(log)-1] != m {
			t.Fatalf("%q: the log ends with %+v (%v), not %+v", text, log, err, m)
		}
	})
}

func count(t *testing.T, db *store.DB) int {
	var n int
	if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM social_messages`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
