package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// The drift tests: a version 2 client that applies every delta (wire_apply_test.go) holds, after
// every message, exactly the state a version 1 client gets whole at that moment — for both seats
// and spectators, every ruleset, a spectator who comes mid-duel, a seat that drops and rejoins,
// a board asked for, a delta lost on the way, rematches, and tag duels' four seats.

// wireRoom drives a room on the test's goroutine with version 2 connections and checks every
// state and delta they receive against the full state of that moment.
type wireRoom struct {
	t       *testing.T
	r       *Room
	clients map[*Conn]*wireClient
	drop    map[*Conn]bool
	failure string
	checked int
	gaps    int // deltas found missing, after which the client asked for the board
}

func newWireRoom(t *testing.T, rs ruleset.Ruleset, ai bool) *wireRoom {
	now := time.Unix(1e9, 0) // a fixed clock: the full state's clocks are the delta's
	h := NewHub(Options{Logf: t.Logf, Now: func() time.Time { return now }})
	cfg := roomConfig{ruleset: rs, timeLimit: time.Hour, first: engine.FirstRPS}
	if ai {
		dl, err := loadDeck(&DeckChoice{Precon: "kaiba-40"}, rs, "")
		if err != nil {
			t.Fatal(err)
		}
		cfg.ai, cfg.aiDeck = true, dl
	}
	w := &wireRoom{t: t, r: newRoom(h, "WIRE01", cfg), clients: map[*Conn]*wireClient{},
		drop: map[*Conn]bool{}}
	w.r.onSend = w.onSend
	return w
}

// conn makes a test connection of a protocol version.
func (w *wireRoom) conn(version int) *Conn {
	c := testConn(w.r.hub)
	c.proto.Store(int32(version))
	w.clients[c] = &wireClient{}
	return c
}

func (w *wireRoom) onSend(c *Conn, seat int, b []byte, events []engine.Event) {
	if w.failure != "" || w.r.duel == nil || !(bytes.HasPrefix(b, []byte(`{"t":"state"`)) || bytes.HasPrefix(b, []byte(`{"t":"delta"`))) {
		return
	}
	if c.version() < 2 {
		if bytes.HasPrefix(b, []byte(`{"t":"delta"`)) {
			w.failure = "a delta sent to a version 1 connection"
		}
		return
	}
	if w.drop[c] { // this one is lost on the way
		delete(w.drop, c)
		return
	}
	wc := w.clients[c]
	st, err := wc.take(b)
	if err != nil {
		if !strings.Contains(err.Error(), "without the state") {
			w.failure = fmt.Sprintf("%v\n%s", err, b)
			return
		}
		// A gap: the client asks for the board (answered once this message is handled).
		w.clients[c] = &wireClient{}
		w.gaps++
		defer func() { w.r.inbox <- clientReq{c: c, t: "board", m: &bareMsg{T: "board"}} }()
		return
	}
	want := w.r.stateFor(seat, events)
	want.History, want.Hash = st.History, st.Hash
	if got, exp := mustJSON(st), mustJSON(want); !bytes.Equal(got, exp) {
		w.failure = fmt.Sprintf("viewer %d, seq %d: the state the deltas make differs from the full state\n got %s\nwant %s\nlast message %s",
			seat, st.Seq, got, exp, b)
	}
	w.checked++
}

// pump handles the requests the clients queued (boards asked for after a gap).
func (w *wireRoom) pump() {
	for {
		select {
		case m := <-w.r.inbox:
			w.r.handle(m)
		default:
			return
		}
	}
}

func (w *wireRoom) fail() {
	w.t.Helper()
	if w.failure != "" {
		w.t.Fatal(w.failure)
	}
}

// play answers at random until the duel ends or n answers; at answer k it calls at(k).
func (w *wireRoom) play(rng *rand.Rand, n int, at func(k int)) {
	w.t.Helper()
	for k := 0; w.r.status == "dueling" && k < n && w.failure == ""; k++ {
		if at != nil {
			at(k)
		}
		p := w.r.duel.Prompt()
		if p == nil {
			break
		}
		c := w.r.seats[p.Seat].conn
		if c == nil {
			w.t.Fatalf("seat %d holds the prompt and has no connection", p.Seat)
		}
		i := rng.IntN(len(p.Options()))
		w.r.handle(clientReq{c: c, t: "answer", m: &answerMsg{T: "answer", Prompt: w.r.promptN, I: &i}})
		w.pump()
		for c := range w.clients {
			drain(w.t, c)
		}
	}
	w.fail()
}

func TestWireDeltasMatchFullStates(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	for _, rs := range ruleset.All() {
		if rs.Playable() != nil {
			continue
		}
		for seed := range n {
			t.Run(fmt.Sprintf("%s/%d", rs.ID, seed), func(t *testing.T) {
				wireDuels(t, rs, uint64(seed))
			})
		}
	}
}

func wireDuels(t *testing.T, rs ruleset.Ruleset, seed uint64) {
	w := newWireRoom(t, rs, false)
	r := w.r
	defer r.close("done")
	deckNames := [2]string{"yugi-40", "kaiba-40"}
	if rs.ID == "kouhu" {
		deckNames = [2]string{"dragons", "knights-and-mages"}
	} else if seed%2 == 1 && rs.Deck.AllowSynchro {
		deckNames = [2]string{"5ds", "fusion"}
	}
	a, b := w.conn(2), w.conn(2)
	for s, c := range []*Conn{a, b} {
		dl, err := loadDeck(&DeckChoice{Precon: deckNames[s]}, rs, "")
		if err != nil {
			t.Fatal(err)
		}
		r.handle(joinReq{c: c, deck: dl})
	}
	spec, old := w.conn(2), w.conn(1)
	r.handle(watchReq{c: spec})
	r.handle(watchReq{c: old})
	rng := rand.New(rand.NewPCG(seed, 31))
	late := w.conn(2)
	// The events are counted over both duels (the room's deal is random, and a duel may end
	// before its 160th answer: the lost delta then happens in the rematch).
	step := -1
	at := func(int) {
		step++
		switch step {
		case 40: // a spectator comes mid-duel
			r.handle(watchReq{c: late})
		case 80: // seat B drops and comes back on another connection
			r.handle(disconnected{c: b})
			b = w.conn(2)
			r.handle(rejoinReq{c: b, token: r.seats[1].token})
		case 120: // a client asks for the board
			r.handle(clientReq{c: spec, t: "board", m: &bareMsg{T: "board"}})
		case 160: // a delta is lost: the client finds the gap and asks for the board
			w.drop[late] = true
			w.drop[a] = true
		}
		w.pump()
	}
	w.play(rng, 600, at)
	if r.status == "dueling" {
		r.handle(clientReq{c: a, t: "concede", m: &concedeMsg{T: "concede"}})
	}
	w.fail()
	// A rematch: the new duel begins with a board.
	r.handle(clientReq{c: a, t: "rematch", m: &rematchMsg{T: "rematch"}})
	r.handle(clientReq{c: b, t: "rematch", m: &rematchMsg{T: "rematch"}})
	if r.status != "dueling" || r.duelNo != 2 {
		t.Fatalf("the rematch did not start: %v", r)
	}
	w.play(rng, 300, at)
	if step < 160 {
		t.Fatalf("both duels ended after %d answers in all, before the lost delta (160)", step+1)
	}
	if w.checked < 100 || w.gaps != 2 {
		t.Fatalf("%d states checked, %d gaps found (want 2)", w.checked, w.gaps)
	}
	for c, wc := range w.clients {
		if c.version() >= 2 && wc.deltas == 0 && wc.boards > 0 {
			t.Errorf("a connection got %d boards and no delta", wc.boards)
		}
	}
}

// TestWireAIRoom: a duel against the AI (whose seat has no connection) sends its player deltas.
func TestWireAIRoom(t *testing.T) {
	rs, _ := ruleset.Get("ocg")
	w := newWireRoom(t, rs, true)
	defer w.r.close("done")
	a := w.conn(2)
	dl, _ := loadDeck(&DeckChoice{Precon: "yugi-40"}, rs, "")
	w.r.handle(joinReq{c: a, deck: dl})
	w.play(rand.New(rand.NewPCG(5, 5)), 400, nil)
	if wc := w.clients[a]; wc.deltas < 20 {
		t.Fatalf("the player got %d deltas and %d boards", wc.deltas, wc.boards)
	}
}

// TestWireTagViews: the streams of a tag duel's four seats and its public view, deltas applied
// after every answer, make each view exactly (the server hosts no tag duels yet; the views and
// their deltas are ready for four seats).
func TestWireTagViews(t *testing.T) {
	lib := all.Library()
	deck := func(name string) engine.DeckList {
		d, err := decks.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		return engine.DeckList{Main: d.Main, Extra: d.Extra}
	}
	for seed := range uint64(3) {
		d, err := engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: lib, Tag: true, AlwaysAsk: true,
			Decks: [2]engine.DeckList{deck("yugi"), deck("kaiba")}, Partners: [2]engine.DeckList{deck("5ds"), deck("fusion")}})
		if err != nil {
			t.Fatal(err)
		}
		var streams [5]wireStream
		var clients [5]wireClient
		rng := rand.New(rand.NewPCG(seed, 1))
		for seq := 1; seq < 1500 && d.Prompt() != nil; seq++ {
			opts := d.Prompt().Options()
			if err := d.Answer(opts[rng.IntN(len(opts))]); err != nil {
				t.Fatal(err)
			}
			d.TakeEvents()
			for v := range streams {
				m := &stateMsg{T: "state", Seq: seq, Duel: 1, Chain: chainOf(d.ChainView()), Events: []eventJSON{}}
				if v < 4 {
					m.View = viewOf(d.View(engine.Seat(v)))
				} else {
					m.View = viewOf(d.PublicView())
				}
				var b []byte
				if seq == 1 {
					b = mustJSON(streams[v].boardOf(m))
				} else {
					b = mustJSON(streams[v].deltaOf(m))
				}
				st, err := clients[v].take(b)
				if err != nil {
					t.Fatalf("seed %d, viewer %d: %v\n%s", seed, v, err, b)
				}
				if got, want := mustJSON(st.View), mustJSON(m.View); !bytes.Equal(got, want) {
					t.Fatalf("seed %d, viewer %d, seq %d: the view the deltas make differs\n got %s\nwant %s", seed, v, seq, got, want)
				}
			}
		}
		if len(streams[0].seats) != 4 {
			t.Fatalf("a tag view has %d seats", len(streams[0].seats))
		}
		d.Close()
	}
}

// TestWireHashMatchesTheProtocol: the server's hash (wire.go) and the one written from
// docs/protocol.md (wire_apply_test.go) agree on views with counters, materials, equips, a Field
// Zone card, a place that is not its index's and an empty view.
func TestWireHashMatchesTheProtocol(t *testing.T) {
	card := func(place string) cardJSON {
		return cardJSON{Place: place, Code: 1234, Pos: "atk", ATK: 1800, DEF: 1000, Level: 4}
	}
	m1, s2 := card("A:M1"), card("A:S2")
	m1.Counters, m1.Materials, m1.Tapped = map[string]int{"spell": 2, "growth": 1}, []cardJSON{card("A:OV/3"), card("A:OV/4")}, true
	s2.Equip = "A:M1"
	field := card("A:F")
	views := []viewJSON{
		{Seats: []seatJSON{{}, {}}},
		{Turn: 3, TurnPlayer: "A", Phase: "main1", Timing: "summoned", Seats: []seatJSON{
			{LP: 8000, Deck: 30, Extra: 2, Hand: []cardJSON{card("A:H/0"), card("A:H/7")}, Monsters: []*cardJSON{&m1, nil},
				Spells: []*cardJSON{nil, &s2}, Field: &field, GY: []cardJSON{card("A:GY/0")}, ExtraOwn: []cardJSON{card("A:X/0")}},
			{LP: 100, Hand: []cardJSON{{Place: "B:H/0", Pos: "set"}}, Resources: []cardJSON{{Place: "B:R/0", Tapped: true}}}}},
	}
	chain := []chainJSON{{Link: 1, Seat: "B", Code: 4, Place: "B:S1"}}
	for i, v := range views {
		var w wireStream
		got := w.baseline(1, &v, chain)
		if want := testViewHash(&v, chain); got != want {
			t.Errorf("view %d: the server's hash %s, the protocol's %s", i, got, want)
		}
	}
}

// TestWireBoardAsked: "board" answers a version 2 client with the state and no events, and a
// version 1 client with an error.
func TestWireBoardAsked(t *testing.T) {
	_, url := newTestServer(t, Options{})
	a := hello(t, url)
	a.createRoom(map[string]any{"opponent": "ai"})
	first := a.expect("state")
	a.send(map[string]any{"t": "board"})
	for {
		m := a.expect("state")
		if !m.delta {
			if len(m.Events) != 0 || m.Seq != first.Seq {
				t.Fatalf("board: seq %d (want %d), %d events", m.Seq, first.Seq, len(m.Events))
			}
			break
		}
	}
	c := dial(t, url)
	c.send(map[string]any{"t": "hello", "v": 1})
	c.expect("welcome")
	c.createRoom(map[string]any{"opponent": "ai"})
	c.expect("state")
	c.send(map[string]any{"t": "board"})
	if e := c.expect("error"); e.Code != ErrState || e.Re != "board" {
		t.Fatalf("a version 1 board: %+v", e)
	}
}

// TestWireVersions: a client of version 1 gets whole states, one of version 2 deltas, and an
// unknown version a clear refusal.
func TestWireVersions(t *testing.T) {
	_, url := newTestServer(t, Options{})
	for _, v := range []int{1, 2} {
		c := dial(t, url)
		c.send(map[string]any{"t": "hello", "v": v})
		var w struct{ V int }
		json.Unmarshal(c.expect("welcome").raw, &w)
		if w.V != Version {
			t.Fatalf("welcome says version %d", w.V)
		}
		c.createRoom(map[string]any{"opponent": "ai"})
		deltas := 0
		p := newPlayer(c, 3)
		for range 30 {
			m := c.expect("state")
			if m.delta {
				deltas++
			}
			if m.Prompt != nil {
				p.answer(m)
			}
		}
		if (v == 1) != (deltas == 0) {
			t.Fatalf("version %d: %d of 30 states were deltas", v, deltas)
		}
	}
	c := dial(t, url)
	c.send(map[string]any{"t": "hello", "v": 3})
	if e := c.expect("error"); e.Code != ErrVersion || !strings.Contains(e.Msg, "versions 1 to 2") {
		t.Fatalf("version 3: %+v", e)
	}
}

// TestWireCodecHandMade: deltas between views made by hand — places that are not their index's
// (kept, and moved along when their list shifts), a Field Zone card set and taken, Monster Zones
// that grow (kouhu), lists emptied and left out, counters and materials changed, the chain
// emptied — make each next view exactly.
func TestWireCodecHandMade(t *testing.T) {
	c := func(place string, code uint32) cardJSON {
		return cardJSON{Place: place, Code: code, Pos: "up"}
	}
	ptr := func(x cardJSON) *cardJSON { return &x }
	withCounters := func(x cardJSON, n int) cardJSON { x.Counters = map[string]int{"spell": n}; return x }
	views := []struct {
		v     viewJSON
		chain []chainJSON
	}{
		{viewJSON{Turn: 1, TurnPlayer: "A", Phase: "draw", Seats: []seatJSON{
			{LP: 8000, Hand: []cardJSON{c("A:H/0", 1), c("A:H/9", 2), c("A:H/2", 3), c("A:H/3", 4)},
				Monsters: []*cardJSON{nil, nil}, Spells: []*cardJSON{nil}, GY: []cardJSON{}, Banished: []cardJSON{},
				ExtraOwn: []cardJSON{c("A:X/0", 5)}},
			{LP: 8000, Hand: []cardJSON{{Place: "B:H/0", Pos: "set"}}, Monsters: []*cardJSON{nil}, Spells: []*cardJSON{nil},
				GY: []cardJSON{}, Banished: []cardJSON{}}}}, nil},
		// A's first hand card goes: the one at a place of its own keeps it, the next ones move.
		{viewJSON{Turn: 1, TurnPlayer: "A", Phase: "main1", Timing: "x", Seats: []seatJSON{
			{LP: 8000, Hand: []cardJSON{c("A:H/9", 2), c("A:H/1", 3), c("A:H/2", 4)},
				Monsters: []*cardJSON{ptr(withCounters(c("A:M1", 1), 1)), nil, ptr(c("A:M3", 6))}, Spells: []*cardJSON{nil},
				Field: ptr(c("A:F", 7)), GY: []cardJSON{}, Banished: []cardJSON{}},
			{LP: 7000, Hand: []cardJSON{{Place: "B:H/0", Pos: "set"}, {Place: "B:H/1", Pos: "set"}}, Monsters: []*cardJSON{nil},
				Spells: []*cardJSON{nil}, GY: []cardJSON{}, Banished: []cardJSON{}, Resources: []cardJSON{{Place: "B:R/0", Tapped: true}}}}},
			[]chainJSON{{Link: 1, Seat: "A", Code: 7, Place: "A:F"}}},
		// Counters change, materials come, the Field Zone empties, the chain resolves.
		{viewJSON{Turn: 2, TurnPlayer: "B", Phase: "draw", Seats: []seatJSON{
			{LP: 8000, Hand: []cardJSON{c("A:H/9", 2), c("A:H/1", 3), c("A:H/2", 4)},
				Monsters: []*cardJSON{ptr(withCounters(c("A:M1", 1), 2)), nil, ptr(cardJSON{Place: "A:M3", Code: 6, Materials: []cardJSON{c("A:OV/0", 8)}})},
				Spells:   []*cardJSON{nil}, GY: []cardJSON{c("A:GY/0", 7)}, Banished: []cardJSON{}},
			{LP: 7000, Hand: []cardJSON{{Place: "B:H/0", Pos: "set"}, {Place: "B:H/1", Pos: "set"}}, Monsters: []*cardJSON{nil},
				Spells: []*cardJSON{nil}, GY: []cardJSON{}, Banished: []cardJSON{}}}}, []chainJSON{}},
	}
	var w wireStream
	var cl wireClient
	for i, x := range views {
		m := &stateMsg{T: "state", Seq: i + 1, Duel: 1, View: x.v, Chain: x.chain, Events: []eventJSON{}}
		var b []byte
		if i == 0 {
			b = mustJSON(w.boardOf(m))
		} else {
			b = mustJSON(w.deltaOf(m))
		}
		st, err := cl.take(b)
		if err != nil {
			t.Fatalf("view %d: %v\n%s", i, err, b)
		}
		if got, want := mustJSON(st.View), mustJSON(x.v); !bytes.Equal(got, want) {
			t.Fatalf("view %d:\n got %s\nwant %s\ndelta %s", i, got, want, b)
		}
		if i == 1 && !bytes.Contains(b, []byte(`"hand":[0,1]`)) {
			t.Errorf("the first hand card's going is not one splice: %s", b)
		}
	}
}
