package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// numberFields are the client messages with every numeric field each has, the field to fuzz
// written %s (%d is the pending prompt's number).
var numberFields = []string{
	`{"t":"hello","v":%s}`,
	`{"t":"hello","v":1,"id":%s}`,
	`{"t":"create","opponent":"ai","first":"A","timeLimit":%s}`,
	`{"t":"create","opponent":"ai","first":"A","id":%s}`,
	`{"t":"create","opponent":"ai","first":"A","private":%s}`,
	`{"t":"create","opponent":"ai","first":"A","noWatch":%s}`,
	`{"t":"join","room":"AAAAAAAA","id":%s}`,
	`{"t":"watch","room":"AAAAAAAA","id":%s}`,
	`{"t":"rejoin","room":"AAAAAAAA","token":"x","id":%s}`,
	`{"t":"answer","prompt":%s,"i":0}`,
	`{"t":"answer","prompt":%[2]d,"i":%[1]s}`,
	`{"t":"answer","prompt":%[2]d,"sel":[%[1]s]}`,
	`{"t":"answer","prompt":%[2]d,"sel":[0,%[1]s]}`,
	`{"t":"answer","prompt":%[2]d,"text":"end","id":%[1]s}`,
	`{"t":"concede","id":%s}`,
	`{"t":"leave","id":%s}`,
	`{"t":"rematch","id":%s}`,
	`{"t":"ping","id":%s}`,
	`{"t":"concede","match":%s}`,
	`{"t":"rematch","rated":%s}`,
	`{"t":"side","swaps":[{"out":%s,"in":89631139}]}`,
	`{"t":"side","swaps":[{"out":15025844,"in":%s}]}`,
	`{"t":"side","swaps":%s}`,
	`{"t":"first","go":%s}`,
	`{"t":"rated","accept":%s}`,
	`{"t":"create","opponent":"ai","first":"A","format":%s}`,
	`{"t":"create","opponent":"ai","first":"A","format":"bo3","rated":%s}`,
	`{"t":"chat","text":"hi","id":%s}`,
	`{"t":"chatlog","id":%s}`,
}

// FuzzClientNumbers sends every numeric field of every client message with fuzzed numbers (huge,
// negative, fractional, exponents, not numbers at all) to a room against the AI: each gets an
// error or is handled, nothing panics, no clock goes negative, and the room closes when left.
func FuzzClientNumbers(f *testing.F) {
	for i := range numberFields {
		for _, n := range []string{"0", "-1", "1", "9223372037", "9223372036854775807", "-9223372036854775808",
			"18446744073709551616", "1e400", "1.5", "-0", "3600", "2147483648", `"7"`, "null"} {
			f.Add(uint8(i), n)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, num string) {
		field := numberFields[int(which)%len(numberFields)]
		var failed []string
		h := NewHub(Options{Logf: func(format string, args ...any) { failed = append(failed, fmt.Sprintf(format, args...)) }})
		c := testConn(h)
		check := func(b []byte) {
			var m struct {
				T      string `json:"t"`
				Code   string `json:"code"`
				Clocks *struct{ A, B, Limit int64 }
			}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("server message %s: %v", b, err)
			}
			if m.Code == ErrInternal {
				t.Fatalf("%s with %s: %s", field, num, b)
			}
			if m.Clocks != nil && (m.Clocks.A < 0 || m.Clocks.B < 0 || m.Clocks.Limit <= 0) {
				t.Fatalf("%s with %s: a clock out of range: %s", field, num, b)
			}
		}
		// sync reads everything the hub and the room have sent so far, returning the last prompt's n.
		prompt := 0
		sync := func() {
			if r, _ := c.place(); r != nil {
				marker := []byte(`{"t":"marker"}`)
				if r.post(func(*Room) { c.send(marker) }) {
				read:
					for {
						b, ok := c.out().recv(r.done)
						if !ok { // the room closed before the marker: all it sent is queued
							break read
						}
						if string(b) == string(marker) {
							break
						}
						check(b)
						var st struct{ Prompt *struct{ N int } }
						if json.Unmarshal(b, &st) == nil && st.Prompt != nil {
							prompt = st.Prompt.N
						}
					}
				}
			}
			for c.out().len() > 0 {
				check(c.out().take())
			}
		}
		switch {
		case strings.HasPrefix(field, `{"t":"hello"`):
			c.hello = false
		case strings.HasPrefix(field, `{"t":"create"`): // the fuzzed create makes the room
		default:
			h.handle(c, []byte(`{"t":"create","opponent":"ai","first":"A"}`))
		}
		sync()
		var msg string
		if strings.Contains(field, "%[2]d") {
			msg = fmt.Sprintf(field, num, prompt)
		} else {
			msg = fmt.Sprintf(field, num)
		}
		h.handle(c, []byte(msg))
		sync()
		if r, _ := c.place(); r != nil {
			if tl := r.cfg.timeLimit; tl < 10*time.Second || tl > h.opts.MaxTimeLimit {
				t.Fatalf("%s: a room with a time limit of %v", msg, tl)
			}
		}
		h.handle(c, []byte(`{"t":"leave"}`))
		sync()
		waitFor(t, "the room closes", func() bool { return h.Stats().Rooms == 0 })
		if len(failed) > 0 {
			t.Fatalf("%s: the server logged %s", msg, strings.Join(failed, "\n"))
		}
	})
}
