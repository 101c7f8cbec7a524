package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/ruleset"
)

// The leak fuzzer drives a room on the test's goroutine (no WebSocket: connections are queues)
// with both seats and a spectator, answers at random, and checks every message the room sends
// against the duel at that moment: no card view, event, prompt card, chain link or option text
// names a card hidden from its recipient. The rule of what a viewer may know is written here
// again, apart from the engine's, so that each checks the other.

func FuzzRoomLeaks(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 1}, "ocg")
	f.Add(uint64(2), []byte{7, 1, 1, 4, 9}, "anime")
	f.Add(uint64(3), []byte{2}, "classic")
	f.Add(uint64(4), []byte{5, 5, 0, 8}, "ocg")
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte, rsID string) {
		rs, err := ruleset.Get(rsID)
		if err != nil || rs.Playable() != nil || len(picks) == 0 {
			return
		}
		playLeakDuel(t, seed, picks, rs)
	})
}

func playLeakDuel(t *testing.T, seed uint64, picks []byte, rs ruleset.Ruleset) {
	h := NewHub(Options{Logf: testLogf(t)})
	decks := [2]string{"yugi-40", "kaiba-40"}
	if seed%2 == 1 && rs.Deck.AllowSynchro {
		decks = [2]string{"5ds", "yugi"}
	}
	r := newRoom(h, "FUZZ01", roomConfig{ruleset: rs, timeLimit: time.Hour, first: engine.FirstRPS})
	conns := [4]*Conn{testConn(h), testConn(h), testConn(h), testConn(h)} // A, B, two spectators
	// The seats speak protocol version 1 or 2 as the seed says; one spectator each. A version 2
	// connection's deltas are checked themselves (checkDelta) and by the whole state they make.
	versions := [4]int{1 + int(seed>>1)%2, 1 + int(seed>>2)%2, 1, 2}
	wire := map[*Conn]*wireClient{}
	for i, c := range conns {
		c.proto.Store(int32(versions[i]))
		wire[c] = &wireClient{}
	}
	var failure string
	r.onSend = func(c *Conn, seat int, b []byte, events []engine.Event) {
		if failure != "" || r.duel == nil {
			return
		}
		viewer := seat
		if c == conns[2] || c == conns[3] {
			viewer = -1
		}
		if c.version() >= 2 && (bytes.HasPrefix(b, []byte(`{"t":"state"`)) || bytes.HasPrefix(b, []byte(`{"t":"delta"`))) {
			if err := checkDelta(r.duel, viewer, b); err != nil {
				failure = fmt.Sprintf("delta to viewer %d: %v\n%s", viewer, err, b)
				return
			}
			st, err := wire[c].take(b)
			if err != nil {
				failure = fmt.Sprintf("message to viewer %d: %v\n%s", viewer, err, b)
				return
			}
			b = mustJSON(st) // the state it makes is checked as a version 1 state is
		}
		if err := checkMessage(r.duel, viewer, b, events); err != nil {
			failure = fmt.Sprintf("message to viewer %d: %v\n%s", viewer, err, b)
		}
	}
	defer r.close("done")
	for s := range 2 {
		dl, err := loadDeck(&DeckChoice{Precon: decks[s]}, rs, "")
		if err != nil {
			t.Fatal(err)
		}
		r.handle(joinReq{c: conns[s], deck: dl})
	}
	r.handle(watchReq{c: conns[2]})
	if r.status != "dueling" {
		t.Fatalf("the duel did not start: room %v", r)
	}
	for i := 0; r.status == "dueling" && i < 3000 && failure == ""; i++ {
		if i == 60 { // a spectator watches mid-duel, and its board is checked too
			r.handle(watchReq{c: conns[3]})
		}
		p := r.duel.Prompt()
		pick := int(picks[i%len(picks)]) + i*7
		opts := p.Options()
		idx := pick % len(opts)
		a := &answerMsg{T: "answer", Prompt: r.promptN, I: &idx}
		if pick%5 == 0 { // the notation text, as the seat sees it
			pv := r.promptView(int(p.Seat))
			a = &answerMsg{T: "answer", Prompt: r.promptN, Text: pv.Options[idx].Text}
		}
		if pick%11 == 0 { // the other seat tries to answer: refused, nothing changes
			before := r.promptN
			r.handle(clientReq{c: conns[1-p.Seat], t: "answer", m: &answerMsg{T: "answer", Prompt: r.promptN, I: &idx}})
			if r.promptN != before {
				t.Fatalf("an answer of the wrong seat moved the duel")
			}
		}
		r.handle(clientReq{c: conns[p.Seat], t: "answer", m: a})
		for _, c := range conns {
			drain(t, c)
		}
	}
	if failure != "" {
		t.Fatal(failure)
	}
}

func testConn(h *Hub) *Conn {
	c := newConn(h, nil, "")
	c.hello, c.name = true, "fuzz"
	return c
}

// drain empties a test connection's queue; an error message there is a failure (the fuzzer only
// gives listed answers from the right seat, apart from the refused ones it checks itself).
func drain(t *testing.T, c *Conn) {
	for {
		b, ok := c.out().pop()
		if !ok {
			return
		}
		if strings.HasPrefix(string(b), `{"t":"error"`) && !strings.Contains(string(b), `"not-yours"`) {
			t.Fatalf("unexpected error: %s", b)
		}
	}
}

// knows is the fuzzer's own rule of what a viewer (0, 1, or -1 for a spectator) may know of a
// card at a place (RULES.md ocg "public information").
func knows(d *engine.Duel, viewer int, p engine.Place, faceUp bool, ctrl engine.Seat) bool {
	hidden := d.Rules().HiddenGraveyards
	own := viewer >= 0 && int(p.Seat) == viewer
	switch p.Loc {
	case engine.Deck:
		return false
	case engine.Hand, engine.Extra:
		return own
	case engine.GY:
		return !hidden || own
	case engine.Overlay:
		return true
	case engine.Banished:
		return faceUp && !hidden || own
	}
	return faceUp || viewer >= 0 && int(ctrl) == viewer
}

// parsePlace reads a protocol place ("A:M1", "B:H/2", "A:D").
func parsePlace(s string) (engine.Place, bool, error) {
	var p engine.Place
	seat, rest, ok := strings.Cut(s, ":")
	if !ok {
		return p, false, fmt.Errorf("bad place %q", s)
	}
	st, err := engine.ParseSeat(seat)
	if err != nil {
		return p, false, err
	}
	p.Seat = st
	loc, idx, hasIdx := strings.Cut(rest, "/")
	locs := map[string]engine.Loc{"D": engine.Deck, "H": engine.Hand, "F": engine.FZone, "GY": engine.GY,
		"BN": engine.Banished, "X": engine.Extra, "OV": engine.Overlay, "R": engine.Resource}
	if l, ok := locs[loc]; ok {
		p.Loc = l
	} else if n, err := strconv.Atoi(loc[min(1, len(loc)):]); len(loc) >= 2 && (loc[0] == 'M' || loc[0] == 'S') && err == nil && n >= 1 {
		p.Loc = map[byte]engine.Loc{'M': engine.MZone, 'S': engine.SZone}[loc[0]]
		p.Seq = n - 1
		return p, true, nil
	} else {
		return p, false, fmt.Errorf("bad place %q", s)
	}
	if hasIdx {
		p.Seq, err = strconv.Atoi(idx)
		return p, true, err
	}
	return p, p.Loc == engine.FZone, nil
}

// checkCard checks one card object of a message: a shown code is the true card's, and the viewer
// may know it (or, for a chooser, it is a card of its own Deck that it searches).
func checkCard(d *engine.Duel, viewer int, c map[string]any, chooser bool) error {
	code, _ := c["code"].(float64)
	place, _ := c["place"].(string)
	p, exact, err := parsePlace(place)
	if err != nil || code == 0 {
		return err
	}
	if !exact { // a Deck card shown to the seat searching its Deck
		if !chooser || p.Loc != engine.Deck || int(p.Seat) != viewer {
			return fmt.Errorf("a card without its exact place shown at %s", place)
		}
		for _, id := range d.Pile(p.Seat, engine.Deck) {
			if uint32(d.Card(id).Data.Passcode) == uint32(code) {
				return nil
			}
		}
		return fmt.Errorf("card %v shown in %s, which holds no such card", code, place)
	}
	id := d.At(p)
	if id == engine.NoCard {
		return fmt.Errorf("card %v shown at empty %s", code, place)
	}
	ci := d.Card(id)
	if uint32(ci.Data.Passcode) != uint32(code) {
		return fmt.Errorf("card %v shown at %s holds %s", code, place, ci.Data.Name)
	}
	if knows(d, viewer, ci.Place, ci.Pos.IsFaceUp(), ci.Controller) {
		return nil
	}
	return fmt.Errorf("%s at %s is shown to viewer %d", ci.Data.Name, place, viewer)
}

var refRE = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"@([AB]:[A-Z]+[0-9]*)`)

// checkMessage checks one message sent to a viewer.
func checkMessage(d *engine.Duel, viewer int, b []byte, events []engine.Event) error {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	if m["t"] != "state" {
		return nil
	}
	var cards []map[string]any
	add := func(v any) {
		switch v := v.(type) {
		case map[string]any:
			cards = append(cards, v)
		case []any:
			for _, x := range v {
				if c, ok := x.(map[string]any); ok {
					cards = append(cards, c)
				}
			}
		}
	}
	view := m["view"].(map[string]any)
	for _, s := range view["seats"].([]any) {
		sv := s.(map[string]any)
		for _, k := range []string{"hand", "monsters", "spells", "field", "gy", "banished", "extraOwn"} {
			add(sv[k])
		}
	}
	for _, c := range cards {
		if err := checkCard(d, viewer, c, false); err != nil {
			return fmt.Errorf("view: %w", err)
		}
	}
	if pr, ok := m["prompt"].(map[string]any); ok {
		if viewer < 0 || pr["seat"] != seatName(viewer) {
			return fmt.Errorf("a prompt for %v sent to viewer %d", pr["seat"], viewer)
		}
		chooser := pr["kind"] == "select"
		cards = cards[:0]
		add(pr["subject"])
		if err := checkCards(d, viewer, cards, false); err != nil {
			return fmt.Errorf("prompt subject: %w", err)
		}
		cards = cards[:0]
		add(pr["candidates"])
		for _, o := range pr["options"].([]any) {
			add(o.(map[string]any)["cards"])
		}
		if err := checkCards(d, viewer, cards, chooser); err != nil {
			return fmt.Errorf("prompt: %w", err)
		}
		for _, o := range pr["options"].([]any) {
			if err := checkText(d, viewer, o.(map[string]any)["text"].(string), chooser); err != nil {
				return err
			}
		}
	}
	evs, _ := m["events"].([]any)
	if len(evs) != len(events) {
		return fmt.Errorf("%d events sent for %d", len(evs), len(events))
	}
	for i, x := range evs {
		ev, e := x.(map[string]any), events[i]
		code, _ := ev["code"].(float64)
		if code == 0 {
			continue
		}
		if uint32(code) != uint32(e.Code) {
			return fmt.Errorf("event %s shows %v, not the card's %d", e.Kind, code, e.Code)
		}
		if !e.Public && !(e.Kind == engine.EvConfirm && viewer >= 0 && int(e.Seat) == viewer) &&
			!knows(d, viewer, e.From, e.FromUp, e.FromCtrl) && !knows(d, viewer, e.To, e.ToUp, e.ToCtrl) {
			return fmt.Errorf("event %s (%v -> %v) shows card %d to viewer %d", e.Kind, e.From, e.To, e.Code, viewer)
		}
	}
	return nil
}

// checkDelta checks the cards a delta sends, each at the place its splice puts it: none is a
// card hidden from the viewer. (The whole state the delta makes is checked after it.)
func checkDelta(d *engine.Duel, viewer int, b []byte) error {
	var m struct {
		T    string
		View *struct {
			Seats []map[string]json.RawMessage
		}
	}
	if err := json.Unmarshal(b, &m); err != nil || m.T != "delta" || m.View == nil {
		return err
	}
	for s, sp := range m.View.Seats {
		for k, raw := range sp {
			switch k {
			case "lp", "deck", "extra":
				continue
			case "field":
				var c map[string]any
				if err := json.Unmarshal(raw, &c); err != nil {
					return err
				}
				if c != nil {
					if c["place"] == nil {
						c["place"] = engineSeatName(s) + ":F"
					}
					if err := checkCard(d, viewer, c, false); err != nil {
						return fmt.Errorf("field: %w", err)
					}
				}
				continue
			}
			var parts []any
			if err := json.Unmarshal(raw, &parts); err != nil || len(parts) < 2 {
				return fmt.Errorf("%s: a bad splice %s", k, raw)
			}
			at := int(parts[0].(float64))
			for i, x := range parts[2:] {
				c, ok := x.(map[string]any)
				if !ok {
					continue // an empty zone
				}
				if c["place"] == nil {
					c["place"] = testDerived(s, k, at+i)
				}
				if err := checkCard(d, viewer, c, false); err != nil {
					return fmt.Errorf("%s: %w", k, err)
				}
			}
		}
	}
	return nil
}

func checkCards(d *engine.Duel, viewer int, cards []map[string]any, chooser bool) error {
	for _, c := range cards {
		if err := checkCard(d, viewer, c, chooser); err != nil {
			return err
		}
	}
	return nil
}

// checkText checks the card names an option text writes: a named card at a zone must be known
// to the viewer; a named card in a pile must be a card of that pile the viewer knows (or, for a
// chooser, a card of its own Deck that it searches).
func checkText(d *engine.Duel, viewer int, text string, chooser bool) error {
	for _, sm := range refRE.FindAllStringSubmatch(text, -1) {
		name, _ := strconv.Unquote(`"` + sm[1] + `"`)
		p, exact, err := parsePlace(sm[2])
		if err != nil {
			return err
		}
		var ids []engine.CardID
		if exact {
			ids = []engine.CardID{d.At(p)}
		} else {
			ids = d.Pile(p.Seat, p.Loc)
		}
		ok := false
		for _, id := range ids {
			if id == engine.NoCard {
				continue
			}
			ci := d.Card(id)
			if ci.Data.Name == name && (knows(d, viewer, ci.Place, ci.Pos.IsFaceUp(), ci.Controller) ||
				chooser && ci.Place.Loc == engine.Deck && int(ci.Place.Seat) == viewer) {
				ok = true
			}
		}
		if !ok {
			return fmt.Errorf("option text %q names %q at %s, hidden from viewer %d", text, name, sm[2], viewer)
		}
	}
	return nil
}

// TestLeaksLongRun plays more fuzzer duels than the seed corpus, every playable ruleset. (Every
// window asks both seats, so a duel has about three times the prompts it had when this played
// 12 duels: 6 check more messages than 12 did then.)
func TestLeaksLongRun(t *testing.T) {
	n := testsize.N(1, 2, 6)
	for i := range n {
		for _, rs := range ruleset.All() {
			if rs.Playable() == nil {
				playLeakDuel(t, uint64(100+i), []byte{byte(i), byte(i * 7), 3, byte(i * 13)}, rs)
			}
		}
	}
}
