package server

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// leaves calls f with every number or bool inside v (a struct's fields, an array's items).
func leaves(v reflect.Value, f func(reflect.Value)) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			leaves(v.Field(i), f)
		}
	case reflect.Array:
		for i := range v.Len() {
			leaves(v.Index(i), f)
		}
	default:
		f(v)
	}
}

// setLeaf gives a number or bool field the value x (bools: x odd).
func setLeaf(t *testing.T, v reflect.Value, x int64) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(x%2 != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(x))
	default:
		t.Fatalf("engine.Event has a %s field the history does not know how to test", v.Kind())
	}
}

// Every field of an event comes back from the packed history, alone or with all the others, at
// the extremes of its type: a field added to engine.Event and not to packEvent fails here.
func TestHistoryKeepsEveryField(t *testing.T) {
	var e engine.Event
	n := 0
	leaves(reflect.ValueOf(&e).Elem(), func(reflect.Value) { n++ })
	extremes := func(v reflect.Value) []int64 {
		switch v.Kind() {
		case reflect.Bool:
			return []int64{1}
		case reflect.Int, reflect.Int64:
			return []int64{1, -1, 1 << 62, -1 << 63}
		case reflect.Int32:
			return []int64{1, -1, 1<<31 - 1, -1 << 31}
		case reflect.Uint8:
			return []int64{1, 255}
		case reflect.Uint32:
			return []int64{1, 1<<32 - 1}
		}
		return []int64{1, 127}
	}
	var want []engine.Event
	for k := range n {
		i := 0
		var one engine.Event
		leaves(reflect.ValueOf(&one).Elem(), func(v reflect.Value) {
			if i == k {
				for _, x := range extremes(v) {
					setLeaf(t, v, x)
					want = append(want, one)
				}
			}
			i++
		})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var all engine.Event
		leaves(reflect.ValueOf(&all).Elem(), func(v reflect.Value) {
			xs := extremes(v)
			setLeaf(t, v, xs[rng.IntN(len(xs))])
		})
		want = append(want, all, engine.Event{})
	}
	var h history
	h.add(want[:7])
	h.add(want[7:])
	if got := h.events(); h.len() != len(want) || !slices.Equal(got, want) {
		for i := range want {
			if i >= len(got) || got[i] != want[i] {
				t.Fatalf("event %d of %d: got %+v, want %+v", i, len(want), got[min(i, len(got)-1)], want[i])
			}
		}
		t.Fatalf("got %d events, want %d", len(got), len(want))
	}
	h.reset()
	if h.len() != 0 || len(h.events()) != 0 {
		t.Fatal("a reset history still has events")
	}
}

// A room's history is the events its duel sent, in their order, and a fraction of their size.
func TestHistoryIsTheDuelsEvents(t *testing.T) {
	h := NewHub(Options{Logf: testLogf(t)})
	rs, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	r := newRoom(h, "HIST01", roomConfig{ruleset: rs, timeLimit: time.Hour, first: engine.FirstRPS})
	defer r.close("done")
	conns := [2]*Conn{testConn(h), testConn(h)}
	var sent []engine.Event
	r.onSend = func(c *Conn, seat int, b []byte, events []engine.Event) {
		if c == conns[0] && seat == 0 && !isHistory(b) {
			sent = append(sent, events...)
		}
	}
	for s, name := range []string{"yugi-40", "kaiba-40"} {
		dl, err := loadDeck(&DeckChoice{Precon: name}, rs, "")
		if err != nil {
			t.Fatal(err)
		}
		r.handle(joinReq{c: conns[s], deck: dl})
	}
	for i := 0; r.status == "dueling" && i < 400; i++ {
		p := r.duel.Prompt()
		idx := (i * 7) % len(p.Options())
		r.handle(clientReq{c: conns[p.Seat], t: "answer", m: &answerMsg{T: "answer", Prompt: r.promptN, I: &idx}})
		for _, c := range conns {
			drain(t, c)
		}
	}
	got := r.past.events()
	if len(sent) < 50 || !slices.Equal(got, sent) {
		t.Fatalf("the history has %d events, the duel sent %d (equal: %v)", len(got), len(sent), slices.Equal(got, sent))
	}
	if full := len(sent) * int(unsafe.Sizeof(engine.Event{})); len(r.past.b)*4 > full {
		t.Fatalf("%d events packed in %d bytes (%d unpacked): not a quarter", len(sent), len(r.past.b), full)
	}
	t.Logf("%d events in %d bytes (%.1f an event)", len(sent), len(r.past.b), float64(len(r.past.b))/float64(len(sent)))
}

// isHistory reports whether a state message is one sent on joining, with the history.
func isHistory(b []byte) bool { return bytes.Contains(b, []byte(`"history":true`)) }
