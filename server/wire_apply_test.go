package server

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// This file is a client of protocol version 2 written apart from the server's side (wire.go),
// as web/static/js/wire.js is: it keeps the last state, applies each delta to it, and checks the
// delta's seq and hash. Every test client (helpers_test.go) and the drift tests use it, so every
// server test that reads states checks the deltas too.

// wireClient is the state a version 2 client holds.
type wireClient struct {
	st             *stateMsg // the last state, whole
	boards, deltas int
}

// take reads a state or delta message and returns the whole state it gives.
func (w *wireClient) take(b []byte) (*stateMsg, error) {
	var head struct {
		T string `json:"t"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, err
	}
	switch head.T {
	case "state":
		var m stateMsg
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, err
		}
		if h := testViewHash(&m.View, m.Chain); m.Hash != "" && h != m.Hash {
			return nil, fmt.Errorf("board %d: hash %s, the view's is %s", m.Seq, m.Hash, h)
		} else {
			m.Hash = h // a version 1 state: the hash a delta would build on
		}
		w.st = &m
		w.boards++
		return &m, nil
	case "delta":
		var d deltaIn
		if err := json.Unmarshal(b, &d); err != nil {
			return nil, err
		}
		if w.st == nil || d.Seq != w.st.Seq+1 {
			return nil, fmt.Errorf("delta %d without the state of seq %d", d.Seq, d.Seq-1)
		}
		st, err := applyDelta(w.st, &d)
		if err != nil {
			return nil, fmt.Errorf("delta %d: %w", d.Seq, err)
		}
		want := d.Hash
		if want == "" { // the view and chain did not change: the last hash holds
			if d.View != nil || d.Chain != nil {
				return nil, fmt.Errorf("delta %d changes the view or chain and has no hash", d.Seq)
			}
			want = w.st.Hash
		}
		if h := testViewHash(&st.View, st.Chain); h != want {
			return nil, fmt.Errorf("delta %d: hash %s, the view it makes has %s", d.Seq, want, h)
		}
		st.Hash = want
		w.st = st
		w.deltas++
		return st, nil
	}
	return nil, fmt.Errorf("%s is neither a state nor a delta", head.T)
}

// deltaIn is a delta as a client reads it.
type deltaIn struct {
	T    string `json:"t"`
	Seq  int    `json:"seq"`
	View *struct {
		Turn       *int              `json:"turn"`
		TurnPlayer *string           `json:"turnPlayer"`
		Phase      *string           `json:"phase"`
		Timing     *string           `json:"timing"`
		Seats      []json.RawMessage `json:"seats"`
	} `json:"view"`
	Chain   json.RawMessage `json:"chain"`
	Events  []eventJSON     `json:"events"`
	Prompt  *promptJSON     `json:"prompt"`
	Waiting string          `json:"waiting"`
	Clocks  struct {
		A, B    int64
		Running string `json:"running"`
		A2, B2  *int64
	} `json:"clocks"`
	Result *resultJSON `json:"result"`
	Hash   string      `json:"hash"`
}

// applyDelta returns the state a delta makes of st (st is not changed).
func applyDelta(st *stateMsg, d *deltaIn) (*stateMsg, error) {
	n := *st
	n.Seq, n.Events, n.History, n.Prompt, n.Waiting, n.Result, n.Hash = d.Seq, d.Events, false, d.Prompt, d.Waiting, d.Result, d.Hash
	if n.Events == nil {
		n.Events = []eventJSON{}
	}
	n.Clocks = clocksJSON{A: d.Clocks.A, B: d.Clocks.B, Running: d.Clocks.Running, Limit: st.Clocks.Limit, A2: d.Clocks.A2, B2: d.Clocks.B2}
	if d.Chain != nil {
		n.Chain = nil
		if err := json.Unmarshal(d.Chain, &n.Chain); err != nil {
			return nil, fmt.Errorf("chain: %w", err)
		}
	}
	if d.View == nil {
		return &n, nil
	}
	v := st.View
	v.Seats = append([]seatJSON(nil), st.View.Seats...)
	if p := d.View; true {
		if p.Turn != nil {
			v.Turn = *p.Turn
		}
		if p.TurnPlayer != nil {
			v.TurnPlayer = *p.TurnPlayer
		}
		if p.Phase != nil {
			v.Phase = *p.Phase
		}
		if p.Timing != nil {
			v.Timing = *p.Timing
		}
		if p.Seats != nil && len(p.Seats) != len(v.Seats) {
			return nil, fmt.Errorf("%d seat patches for %d seats", len(p.Seats), len(v.Seats))
		}
		for s, raw := range p.Seats {
			if string(raw) == "null" {
				continue
			}
			if err := applySeat(&v.Seats[s], s, raw); err != nil {
				return nil, fmt.Errorf("seat %d: %w", s, err)
			}
		}
	}
	n.View = v
	return &n, nil
}

// applySeat applies a seat's patch; the lists it changes are new slices.
func applySeat(sj *seatJSON, s int, raw json.RawMessage) error {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	for k, x := range p {
		var err error
		switch k {
		case "lp":
			err = json.Unmarshal(x, &sj.LP)
		case "deck":
			err = json.Unmarshal(x, &sj.Deck)
		case "extra":
			err = json.Unmarshal(x, &sj.Extra)
		case "field":
			sj.Field = nil
			err = json.Unmarshal(x, &sj.Field)
			if sj.Field != nil && sj.Field.Place == "" {
				sj.Field.Place = engineSeatName(s) + ":F"
			}
		case "hand", "gy", "banished", "extraOwn", "resources":
			l := map[string]*[]cardJSON{"hand": &sj.Hand, "gy": &sj.GY, "banished": &sj.Banished,
				"extraOwn": &sj.ExtraOwn, "resources": &sj.Resources}[k]
			var zs []*cardJSON
			for _, c := range *l {
				zs = append(zs, &c)
			}
			if zs, err = spliceList(zs, x, s, k); err == nil {
				out := make([]cardJSON, len(zs))
				for i, c := range zs {
					if c == nil {
						return fmt.Errorf("%s: an empty entry in a pile", k)
					}
					out[i] = *c
				}
				if len(out) == 0 && (k == "extraOwn" || k == "resources") {
					out = nil // as the state leaves them out
				}
				*l = out
			}
		case "monsters", "spells":
			l := &sj.Monsters
			if k == "spells" {
				l = &sj.Spells
			}
			*l, err = spliceList(append([]*cardJSON(nil), *l...), x, s, k)
		default:
			err = fmt.Errorf("unknown field")
		}
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	return nil
}

// spliceList applies [at, del, card...] to a list, giving a card without a place its list's.
func spliceList(l []*cardJSON, raw json.RawMessage, s int, list string) ([]*cardJSON, error) {
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return nil, err
	}
	if len(parts) < 2 {
		return nil, fmt.Errorf("a splice is [at, del, card...]")
	}
	var at, del int
	if json.Unmarshal(parts[0], &at) != nil || json.Unmarshal(parts[1], &del) != nil || at < 0 || del < 0 || at+del > len(l) {
		return nil, fmt.Errorf("splice %s of a list of %d", raw, len(l))
	}
	var add []*cardJSON
	for _, r := range parts[2:] {
		var c *cardJSON
		if err := json.Unmarshal(r, &c); err != nil {
			return nil, err
		}
		add = append(add, c)
	}
	out := append(append(append([]*cardJSON(nil), l[:at]...), add...), l[at+del:]...)
	for i, c := range out {
		switch {
		case c == nil:
		case c.Place == "": // a card the delta sends: its place is its index's
			c.Place = testDerived(s, list, i)
		case i >= at+len(add): // a card after the splice, which moved from index j
			if j := i - len(add) + del; j != i && c.Place == testDerived(s, list, j) {
				moved := *c
				moved.Place = testDerived(s, list, i)
				out[i] = &moved
			}
		}
	}
	return out, nil
}

// engineSeatName is a seat's name in places (A, B; a tag duel's A2, B2).
func engineSeatName(s int) string { return []string{"A", "B", "A2", "B2"}[s] }

// testDerived is the place of index i of a seat's list, as docs/protocol.md gives it.
func testDerived(s int, list string, i int) string {
	seat := engineSeatName(s)
	switch list {
	case "monsters":
		return seat + ":M" + strconv.Itoa(i+1)
	case "spells":
		return seat + ":S" + strconv.Itoa(i+1)
	}
	code := map[string]string{"hand": "H", "gy": "GY", "banished": "BN", "extraOwn": "X", "resources": "R"}[list]
	return seat + ":" + code + "/" + strconv.Itoa(i)
}

// testViewHash is the view's hash as docs/protocol.md "The view's hash" writes it, made here
// apart from the server's (wire.go) and as web/static/js/wire.js makes it: FNV-1a (32 bits) of
// the turn, turn player, phase and timing; per seat its LP, Deck and Extra Deck counts, the hash
// of each card of its lists (four bytes each, 0 for an empty zone) and of its Field Zone card;
// then the chain's hash.
func testViewHash(v *viewJSON, chain []chainJSON) string {
	var b []byte
	b = fmt.Appendf(b, "%d|%s|%s|%s", v.Turn, v.TurnPlayer, v.Phase, v.Timing)
	for s := range v.Seats {
		sj := &v.Seats[s]
		b = fmt.Appendf(b, "#%d,%d,%d", sj.LP, sj.Deck, sj.Extra)
		lists := []struct {
			name  string
			cards []*cardJSON
		}{{"hand", ptrs(sj.Hand)}, {"monsters", sj.Monsters}, {"spells", sj.Spells}, {"gy", ptrs(sj.GY)},
			{"banished", ptrs(sj.Banished)}, {"extraOwn", ptrs(sj.ExtraOwn)}, {"resources", ptrs(sj.Resources)}}
		for _, l := range lists {
			b = append(b, ';')
			for i, c := range l.cards {
				b = le32(b, testCardHash(c, c != nil && c.Place == testDerived(s, l.name, i)))
			}
		}
		b = append(b, ';')
		b = le32(b, testCardHash(sj.Field, sj.Field != nil && sj.Field.Place == engineSeatName(s)+":F"))
	}
	var cb []byte
	for _, l := range chain {
		cb = fmt.Appendf(cb, "%d,%s,%d,%s;", l.Link, l.Seat, l.Code, l.Place)
	}
	b = append(b, '#')
	b = le32(b, fnv1a(cb))
	return fmt.Sprintf("%08x", fnv1a(b))
}

func ptrs(cs []cardJSON) []*cardJSON {
	out := make([]*cardJSON, len(cs))
	for i := range cs {
		out[i] = &cs[i]
	}
	return out
}

func le32(b []byte, v uint32) []byte { return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }

func fnv1a(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// testCardHash is a card's hash: FNV-1a of "place|code|pos|atk|def|level|tapped|equip|counters|
// materials" (place empty where derived; counters "name:n" sorted by name, joined by commas;
// each material "[" its text with its place "]"), 0 for an empty zone and 1 for a card that
// hashes to 0.
func testCardHash(c *cardJSON, derived bool) uint32 {
	if c == nil {
		return 0
	}
	h := fnv1a(testCardText(nil, c, derived))
	if h == 0 {
		h = 1
	}
	return h
}

func testCardText(b []byte, c *cardJSON, derived bool) []byte {
	if !derived {
		b = append(b, c.Place...)
	}
	tapped := 0
	if c.Tapped {
		tapped = 1
	}
	b = fmt.Appendf(b, "|%d|%s|%d|%d|%d|%d|%s|", c.Code, c.Pos, c.ATK, c.DEF, c.Level, tapped, c.Equip)
	names := make([]string, 0, len(c.Counters))
	for k := range c.Counters {
		names = append(names, k)
	}
	sort.Strings(names)
	for i, k := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "%s:%d", k, c.Counters[k])
	}
	b = append(b, '|')
	for i := range c.Materials {
		b = append(b, '[')
		b = testCardText(b, &c.Materials[i], false)
		b = append(b, ']')
	}
	return b
}
