package server

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// duo drives the two players of one duel in lockstep from one goroutine: every change of the
// duel sends each seat one state, so reading one state from each keeps them together. It
// answers at random by option index. It is used across restarts of the server (the players
// rejoin with their tokens).
type duo struct {
	t       testing.TB
	room    string
	tok     [2]string
	c       [2]*client
	rng     *rand.Rand
	answers int
	last    [2]msg
}

// newDuo creates a room on url between two fresh clients (A goes first) and reads the duel's
// first states.
func newDuo(t testing.TB, url string, seed uint64) *duo {
	d := &duo{t: t, rng: rand.New(rand.NewPCG(seed, 11))}
	d.c[0] = hello(t, url)
	d.room, d.tok[0] = d.c[0].createRoom(nil)
	d.c[1] = hello(t, url)
	d.c[1].send(map[string]any{"t": "join", "room": d.room, "deck": map[string]any{"precon": "kaiba-40"}})
	d.tok[1] = d.c[1].expect("joined").Token
	d.read()
	return d
}

// nextState reads seat s's next state message.
func (d *duo) nextState(s int) msg {
	d.t.Helper()
	for {
		m, ok := d.c[s].read()
		if !ok {
			d.t.Fatalf("seat %s: the connection closed during the duel", seatName(s))
		}
		switch m.T {
		case "state":
			return m
		case "error", "closed", "restarting":
			d.t.Fatalf("seat %s: %s %s: %s", seatName(s), m.T, m.Code, m.Msg)
		}
	}
}

func (d *duo) read() {
	for s := range d.c {
		d.last[s] = d.nextState(s)
	}
}

// over reports whether the duel has its result.
func (d *duo) over() bool { return d.last[0].Result != nil }

// prompted returns the seat that holds the pending prompt, or -1.
func (d *duo) prompted() int {
	for s := range d.last {
		if d.last[s].Prompt != nil {
			return s
		}
	}
	return -1
}

// step answers the pending prompt at random and reads the states that follow.
func (d *duo) step() {
	d.t.Helper()
	s := d.prompted()
	if s < 0 {
		d.t.Fatalf("no seat holds a prompt and the duel is not over")
	}
	pr := d.last[s].Prompt
	o := pr.Options[d.rng.IntN(len(pr.Options))]
	d.c[s].send(map[string]any{"t": "answer", "prompt": pr.N, "i": o.I})
	d.answers++
	d.read()
}

// until plays until cond holds for the seat holding the prompt (true), or the duel ends (false).
func (d *duo) until(cond func(m msg) bool) bool {
	for !d.over() {
		if s := d.prompted(); s >= 0 && cond(d.last[s]) {
			return true
		}
		d.step()
	}
	return false
}

// finish plays the duel to its end and returns the result.
func (d *duo) finish() *resultJSON {
	d.until(func(msg) bool { return false })
	return d.last[0].Result
}

// rejoin connects both players to url again and takes their seats back with their tokens; it
// returns the seats' first states.
func (d *duo) rejoin(url string) {
	d.t.Helper()
	for s := range d.c {
		d.c[s].ws.CloseNow()
		d.c[s] = hello(d.t, url)
		d.c[s].send(map[string]any{"t": "rejoin", "room": d.room, "token": d.tok[s]})
		if j := d.c[s].expect("joined"); j.Seat != seatName(s) {
			d.t.Fatalf("rejoined as seat %s, want %s", j.Seat, seatName(s))
		}
		d.last[s] = d.nextState(s)
	}
}

// sight is what a seat sees of the duel, without the clocks and the numbering: it must be the
// same before a crash and after the recovery.
func sight(m msg) string {
	var full struct {
		View   json.RawMessage `json:"view"`
		Chain  json.RawMessage `json:"chain"`
		Prompt *struct {
			Kind       string          `json:"kind"`
			Candidates json.RawMessage `json:"candidates"`
			Options    json.RawMessage `json:"options"`
		} `json:"prompt"`
		Waiting string `json:"waiting"`
	}
	json.Unmarshal(m.raw, &full)
	full.View = compact(full.View)
	b, _ := json.Marshal(full)
	return string(b)
}

func compact(b json.RawMessage) json.RawMessage {
	var v any
	json.Unmarshal(b, &v)
	out, _ := json.Marshal(v)
	return out
}

// chainOpen holds when the prompt is asked during a chain.
func chainOpen(m msg) bool {
	var s struct {
		Chain []chainJSON `json:"chain"`
	}
	json.Unmarshal(m.raw, &s)
	return len(s.Chain) > 0
}

// selecting holds when the prompt is a pending selection of cards.
func selecting(m msg) bool {
	return m.Prompt != nil && (m.Prompt.Kind == "select" || m.Prompt.Kind == "target")
}
