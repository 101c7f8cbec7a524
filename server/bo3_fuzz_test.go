package server

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// FuzzSideStep sends fuzzed messages to a best-of-3 room against the AI during its side step
// (after A conceded duel 1): side decks, choices, concessions, anything. Nothing panics or ends
// the room on an internal error; whatever is accepted, A's deck keeps the registered deck's
// sizes and cards; a refused side deck leaves it as it was.
func FuzzSideStep(f *testing.F) {
	for _, s := range []string{
		`{"t":"side","swaps":[{"out":15025844,"in":89631139}]}`,
		`{"t":"side","swaps":[{"out":15025844,"in":23995346}]}`,
		`{"t":"side","swaps":[{"out":66889139,"in":23995346}]}`,
		`{"t":"side","swaps":[{"out":15025844,"in":89631139},{"out":89631139,"in":15025844}]}`,
		`{"t":"side","swaps":[{"out":-1,"in":1e99}]}`,
		`{"t":"side","swaps":null}`,
		`{"t":"side","swaps":[{}]}`,
		`{"t":"side","swaps":[{"out":15025844,"in":89631139}],"x":1}`,
		`{"t":"first","go":"second"}`,
		`{"t":"first","go":""}`,
		`{"t":"concede","match":false}`,
		`{"t":"concede","match":true}`,
		`{"t":"rematch","rated":true}`,
		`{"t":"rated","accept":true}`,
		`{"t":"answer","prompt":1,"i":0}`,
	} {
		f.Add(s)
	}
	b, err := os.ReadFile("../decks/yugi-40.ydk")
	if err != nil {
		f.Fatal(err)
	}
	main := strings.SplitN(strings.SplitN(string(b), "#main\n", 2)[1], "#extra", 2)[0]
	ydk, _ := json.Marshal("#main\n" + main + "#extra\n66889139\n!side\n89631139\n23995346\n")
	f.Fuzz(func(t *testing.T, raw string) {
		var logged []string
		h := NewHub(Options{Logf: func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) },
			RatePerSec: -1})
		c := testConn(h)
		h.handle(c, []byte(`{"t":"create","opponent":"ai","first":"A","format":"bo3","freeCards":true,"banlist":"none","deck":{"ydk":`+string(ydk)+`}}`))
		r := waitRoom(t, c)
		h.handle(c, []byte(`{"t":"concede"}`))
		var before deck.Deck
		var reg deck.Deck
		onRoom(t, r, func(r *Room) {
			if r.m == nil || r.m.phase != phaseSide {
				t.Fatalf("no side step after the concession: %+v", r.m)
			}
			before, reg = r.m.cur[0].Clone(), r.m.reg[0]
		})
		for c.out().len() > 0 {
			c.out().take()
		}
		h.handle(c, []byte(raw))
		refused := false
		onRoom(t, r, func(r *Room) {})
		for c.out().len() > 0 {
			var m struct{ T, Code, Re string }
			b := c.out().take()
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("server message %s: %v", b, err)
			}
			if m.Code == ErrInternal {
				t.Fatalf("%s: %s", raw, b)
			}
			if m.T == "error" && m.Re == "side" {
				refused = true
			}
		}
		if len(logged) > 0 {
			t.Fatalf("%s: the server logged %q", raw, logged)
		}
		onRoom(t, r, func(r *Room) {
			if r.m == nil {
				return
			}
			d := r.m.cur[0]
			if refused && !d.Equal(before) {
				t.Fatalf("%s was refused but changed the deck", raw)
			}
			if len(d.Main) != len(reg.Main) || len(d.Extra) != len(reg.Extra) || len(d.Side) != len(reg.Side) {
				t.Fatalf("%s: the deck's sizes changed: %d/%d/%d", raw, len(d.Main), len(d.Extra), len(d.Side))
			}
			all := func(x deck.Deck) []card.Passcode {
				s := slices.Concat(x.Main, x.Extra, x.Side)
				slices.Sort(s)
				return s
			}
			if !slices.Equal(all(d), all(reg)) {
				t.Fatalf("%s: the deck's cards changed", raw)
			}
		})
		onRoom(t, r, func(r *Room) { r.close("fuzz over") })
	})
}

// waitRoom returns the room a test connection was seated in.
func waitRoom(t *testing.T, c *Conn) *Room {
	t.Helper()
	for range 1000 {
		if r, _ := c.place(); r != nil {
			var seated bool
			onRoom(t, r, func(r *Room) { seated = r.seatOf(c) == 0 })
			if seated {
				return r
			}
		}
		b, ok := recvUntil(c.out(), time.After(10*time.Second))
		if !ok {
			t.Fatal("no message from the server in 10 s")
		}
		var m struct{ T, Code, Msg string }
		_ = json.Unmarshal(b, &m)
		if m.T == "error" {
			t.Fatalf("create: %s: %s", m.Code, m.Msg)
		}
	}
	t.Fatal("the connection was never seated")
	return nil
}

// onRoom runs f on a room's actor and waits for it (nothing when the room has closed).
func onRoom(t *testing.T, r *Room, f func(r *Room)) {
	t.Helper()
	done := make(chan struct{})
	if !r.post(func(r *Room) { defer close(done); f(r) }) {
		return
	}
	<-done
}
