package server

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/duelistgame/duelist/engine"
)

// This file is the lighter wire of protocol version 2 (docs/protocol.md "Deltas"): a client gets
// the board (a full "state") once — on joining, watching, rejoining, at a duel's start and when it
// asks — and after that a "delta" per change, which carries only what changed in its view.
//
// Each receiver of a room follows one of three streams: seat A's view, seat B's, or the
// spectators' public view. A stream remembers the view its receivers hold, not as the view itself
// but as a 32-bit hash of every card (and the few numbers of a seat), and the delta of a change is
// made by comparing the new view's hashes with them: a list of cards (a hand, a Graveyard, the
// Monster Zones) that changed is sent as one splice — where it changes, how many cards go, the
// cards that come — and a card is sent whole, as the full state would show it. A delta is thus a
// function of the view before and the view after, both the receiver's own (the full state it
// would otherwise get), so it tells nothing the full states would not; every field it sends is
// copied from the state message of that moment (deltaOf).
//
// The client cannot drift unnoticed: every board and delta carries seq (the room's count of
// updates: a delta applies to the state of seq-1 only), and every board and every delta that
// changes the view or chain carries hash, a hash of the whole view and chain after it (viewHash,
// written again in web/static/js/wire.js). A client that misses a
// delta or finds another hash asks for the board ("board"). A card's place is left out of a
// delta where the card's position in its list gives it ("A:H/2" is the hand's third card), so a
// card played from the hand does not send the cards after it again.

// The card lists of a seat, in the order deltas and hashes walk them.
const (
	listHand = iota
	listMonsters
	listSpells
	listGY
	listBanished
	listExtraOwn
	listResources
	nLists
)

// listLocs are the lists' locations: a card's place there is derived from its index.
var listLocs = [nLists]engine.Loc{engine.Hand, engine.MZone, engine.SZone, engine.GY, engine.Banished,
	engine.Extra, engine.Resource}

// fnv is a 32-bit FNV-1a hash being written.
type fnv uint32

const (
	fnvOffset fnv = 2166136261
	fnvPrime  fnv = 16777619
)

func (h fnv) b(c byte) fnv { return (h ^ fnv(c)) * fnvPrime }

func (h fnv) str(s string) fnv {
	for i := 0; i < len(s); i++ {
		h = (h ^ fnv(s[i])) * fnvPrime
	}
	return h
}

func (h fnv) num(n int64) fnv {
	var buf [24]byte
	for _, c := range strconv.AppendInt(buf[:0], n, 10) {
		h = (h ^ fnv(c)) * fnvPrime
	}
	return h
}

// u32 writes a number as four bytes, least significant first.
func (h fnv) u32(v uint32) fnv {
	return h.b(byte(v)).b(byte(v >> 8)).b(byte(v >> 16)).b(byte(v >> 24))
}

// derivedPlace reports whether place is the one a card at index i of seat s's list l has, which a
// delta leaves out.
func derivedPlace(s int, l, i int, place string) bool {
	var buf [24]byte
	return string(appendDerived(buf[:0], s, l, i)) == place
}

// appendDerived appends the place of index i of seat s's list l, as placeString writes it.
func appendDerived(b []byte, s, l, i int) []byte {
	b = append(b, engine.Seat(s).String()...)
	b = append(b, ':')
	switch l {
	case listMonsters, listSpells:
		b = append(b, listLocs[l].String()...)
		return strconv.AppendInt(b, int64(i+1), 10)
	}
	b = append(b, listLocs[l].String()...)
	b = append(b, '/')
	return strconv.AppendInt(b, int64(i), 10)
}

// cardText writes a card as the hash reads it (docs/protocol.md "The view's hash"): its place
// (empty when derived), code, pos, atk, def, level, tapped, equip, counters by name and materials.
func cardText(h fnv, c *cardJSON, derived bool) fnv {
	if !derived {
		h = h.str(c.Place)
	}
	h = h.b('|').num(int64(c.Code)).b('|').str(c.Pos).b('|').num(int64(c.ATK)).b('|').num(int64(c.DEF)).
		b('|').num(int64(c.Level)).b('|')
	if c.Tapped {
		h = h.b('1')
	} else {
		h = h.b('0')
	}
	h = h.b('|').str(c.Equip).b('|')
	if len(c.Counters) > 0 {
		names := make([]string, 0, len(c.Counters))
		for k := range c.Counters {
			names = append(names, k)
		}
		slices.Sort(names)
		for i, k := range names {
			if i > 0 {
				h = h.b(',')
			}
			h = h.str(k).b(':').num(int64(c.Counters[k]))
		}
	}
	h = h.b('|')
	for i := range c.Materials {
		h = cardText(h.b('['), &c.Materials[i], false).b(']')
	}
	return h
}

// cardHash is a card's hash (0 stands for an empty zone, so no card has it).
func cardHash(c *cardJSON, derived bool) uint32 {
	if c == nil {
		return 0
	}
	h := uint32(cardText(fnvOffset, c, derived))
	if h == 0 {
		h = 1
	}
	return h
}

// listLen and listCard read a seat's list l; listCard is nil for an empty zone.
func listLen(sj *seatJSON, l int) int {
	switch l {
	case listHand:
		return len(sj.Hand)
	case listMonsters:
		return len(sj.Monsters)
	case listSpells:
		return len(sj.Spells)
	case listGY:
		return len(sj.GY)
	case listBanished:
		return len(sj.Banished)
	case listExtraOwn:
		return len(sj.ExtraOwn)
	}
	return len(sj.Resources)
}

func listCard(sj *seatJSON, l, i int) *cardJSON {
	switch l {
	case listHand:
		return &sj.Hand[i]
	case listMonsters:
		return sj.Monsters[i]
	case listSpells:
		return sj.Spells[i]
	case listGY:
		return &sj.GY[i]
	case listBanished:
		return &sj.Banished[i]
	case listExtraOwn:
		return &sj.ExtraOwn[i]
	}
	return &sj.Resources[i]
}

// wireSeat is what a stream remembers of a seat's side.
type wireSeat struct {
	lp, deck, extra int
	field           uint32 // 0: no Field Zone card
	lists           [nLists][]uint32
}

// wireStream is what the receivers of one view (a seat's, or the spectators') hold: valid once a
// board has been sent to them, until a change goes by that none of them received.
type wireStream struct {
	valid                     bool
	duel                      int
	turn                      int
	turnPlayer, phase, timing string
	seats                     []wireSeat
	chain                     uint32
	scratch                   []uint32
}

// chainHash is the hash of the chain links.
func chainHash(chain []chainJSON) uint32 {
	h := fnvOffset
	for _, l := range chain {
		h = h.num(int64(l.Link)).b(',').str(l.Seat).b(',').num(int64(l.Code)).b(',').str(l.Place).b(';')
	}
	return uint32(h)
}

// hash is the view's hash as the stream holds it: the hash field of boards and deltas.
func (w *wireStream) hash() string {
	h := fnvOffset.num(int64(w.turn)).b('|').str(w.turnPlayer).b('|').str(w.phase).b('|').str(w.timing)
	for s := range w.seats {
		ws := &w.seats[s]
		h = h.b('#').num(int64(ws.lp)).b(',').num(int64(ws.deck)).b(',').num(int64(ws.extra))
		for l := range ws.lists {
			h = h.b(';')
			for _, x := range ws.lists[l] {
				h = h.u32(x)
			}
		}
		h = h.b(';').u32(ws.field)
	}
	h = h.b('#').u32(w.chain)
	var buf [8]byte
	b := strconv.AppendUint(buf[:0], uint64(uint32(h)), 16)
	out := make([]byte, 8-len(b), 8)
	for i := range out {
		out[i] = '0'
	}
	return string(append(out, b...))
}

// baseline makes the stream hold a view (the board its receivers were sent) and returns its hash.
func (w *wireStream) baseline(duel int, v *viewJSON, chain []chainJSON) string {
	w.valid, w.duel = true, duel
	w.seats = nil // every number and list is set again
	w.turn, w.turnPlayer, w.phase, w.timing = 0, "", "", ""
	w.update(v, chain, false)
	return w.hash()
}

// update sets the stream to a view; with patch, it returns what changed (a nil patch: the view
// did not change) and whether the chain did.
func (w *wireStream) update(v *viewJSON, chain []chainJSON, patch bool) (*viewPatch, bool) {
	if len(w.seats) != len(v.Seats) {
		w.seats = make([]wireSeat, len(v.Seats))
	}
	var p viewPatch
	changed := false
	if w.turn != v.Turn {
		w.turn, p.Turn, changed = v.Turn, &v.Turn, true
	}
	if w.turnPlayer != v.TurnPlayer {
		w.turnPlayer, p.TurnPlayer, changed = v.TurnPlayer, &v.TurnPlayer, true
	}
	if w.phase != v.Phase {
		w.phase, p.Phase, changed = v.Phase, &v.Phase, true
	}
	if w.timing != v.Timing {
		w.timing, p.Timing, changed = v.Timing, &v.Timing, true
	}
	for s := range v.Seats {
		if sp := w.updateSeat(s, &v.Seats[s], patch); sp != nil {
			if p.Seats == nil {
				p.Seats = make([]*seatPatch, len(v.Seats))
			}
			p.Seats[s], changed = sp, true
		}
	}
	ch := chainHash(chain)
	chainChanged := ch != w.chain
	w.chain = ch
	if !changed || !patch {
		return nil, chainChanged
	}
	return &p, chainChanged
}

// updateSeat sets the stream's seat s to a seat's view and, with patch, returns what changed
// (nil: nothing).
func (w *wireStream) updateSeat(s int, sj *seatJSON, patch bool) *seatPatch {
	ws := &w.seats[s]
	var sp seatPatch
	changed := false
	if ws.lp != sj.LP {
		ws.lp, sp.LP, changed = sj.LP, &sj.LP, true
	}
	if ws.deck != sj.Deck {
		ws.deck, sp.Deck, changed = sj.Deck, &sj.Deck, true
	}
	if ws.extra != sj.Extra {
		ws.extra, sp.Extra, changed = sj.Extra, &sj.Extra, true
	}
	field := uint32(0)
	if sj.Field != nil {
		field = cardHash(sj.Field, fieldDerived(s, sj.Field.Place))
	}
	if ws.field != field {
		ws.field, changed = field, true
		if patch {
			sp.Field = &fieldPatch{card: sj.Field, seat: s}
		}
	}
	for l := range nLists {
		n := listLen(sj, l)
		hs := w.scratch[:0]
		for i := range n {
			c := listCard(sj, l, i)
			hs = append(hs, cardHash(c, c != nil && derivedPlace(s, l, i, c.Place)))
		}
		w.scratch = hs
		old := ws.lists[l]
		if slices.Equal(old, hs) {
			continue
		}
		changed = true
		if patch {
			pre := 0
			for pre < len(old) && pre < len(hs) && old[pre] == hs[pre] {
				pre++
			}
			suf := 0
			for suf < len(old)-pre && suf < len(hs)-pre && old[len(old)-1-suf] == hs[len(hs)-1-suf] {
				suf++
			}
			sp.setList(l, &splice{at: pre, del: len(old) - pre - suf, sj: sj, seat: s, list: l, to: len(hs) - suf})
		}
		ws.lists[l] = append(old[:0], hs...)
	}
	if !changed || !patch {
		return nil
	}
	return &sp
}

// fieldDerived reports whether place is seat s's Field Zone ("A:F"), which a delta leaves out.
func fieldDerived(s int, place string) bool {
	var buf [16]byte
	b := append(buf[:0], engine.Seat(s).String()...)
	return string(append(b, ':', 'F')) == place
}

// patchCard is a card as a delta sends it: without its place when its list and index give it.
func patchCard(c *cardJSON, derived bool) *cardJSON {
	if c == nil {
		return nil
	}
	pc := *c
	if derived {
		pc.Place = ""
	}
	return &pc
}

// viewPatch is a delta's "view": the fields that changed, and per seat (null: unchanged) its own.
type viewPatch struct {
	Turn       *int         `json:"turn,omitempty"`
	TurnPlayer *string      `json:"turnPlayer,omitempty"`
	Phase      *string      `json:"phase,omitempty"`
	Timing     *string      `json:"timing,omitempty"`
	Seats      []*seatPatch `json:"seats,omitempty"`
}

// seatPatch is what changed on a seat's side: numbers, the Field Zone (null: emptied) and
// splices of its lists.
type seatPatch struct {
	LP        *int        `json:"lp,omitempty"`
	Deck      *int        `json:"deck,omitempty"`
	Extra     *int        `json:"extra,omitempty"`
	Field     *fieldPatch `json:"field,omitempty"`
	Hand      *splice     `json:"hand,omitempty"`
	Monsters  *splice     `json:"monsters,omitempty"`
	Spells    *splice     `json:"spells,omitempty"`
	GY        *splice     `json:"gy,omitempty"`
	Banished  *splice     `json:"banished,omitempty"`
	ExtraOwn  *splice     `json:"extraOwn,omitempty"`
	Resources *splice     `json:"resources,omitempty"`
}

func (sp *seatPatch) setList(l int, x *splice) {
	switch l {
	case listHand:
		sp.Hand = x
	case listMonsters:
		sp.Monsters = x
	case listSpells:
		sp.Spells = x
	case listGY:
		sp.GY = x
	case listBanished:
		sp.Banished = x
	case listExtraOwn:
		sp.ExtraOwn = x
	default:
		sp.Resources = x
	}
}

// fieldPatch is the Field Zone's new card, or null.
type fieldPatch struct {
	card *cardJSON
	seat int
}

func (f *fieldPatch) MarshalJSON() ([]byte, error) {
	return json.Marshal(patchCard(f.card, f.card != nil && fieldDerived(f.seat, f.card.Place)))
}

// splice is a list's change, written [at, del, card...]: del cards from index at are replaced by
// the cards listed (null for an empty zone).
type splice struct {
	at, del int
	sj      *seatJSON
	seat    int
	list    int
	to      int // the new list's cards at..to are the ones that come
}

func (x *splice) MarshalJSON() ([]byte, error) {
	out := make([]any, 0, 2+x.to-x.at)
	out = append(out, x.at, x.del)
	for i := x.at; i < x.to; i++ {
		c := listCard(x.sj, x.list, i)
		out = append(out, patchCard(c, c != nil && derivedPlace(x.seat, x.list, i, c.Place)))
	}
	return json.Marshal(out)
}

// deltaMsg is the "delta" message: the change from the state of seq-1 to the state of seq.
// prompt, waiting, clocks, events and result are sent whole (as in a state); view and chain only
// when they changed.
type deltaMsg struct {
	T       string          `json:"t"` // "delta"
	Seq     int             `json:"seq"`
	View    *viewPatch      `json:"view,omitempty"`
	Chain   json.RawMessage `json:"chain,omitempty"`
	Events  []eventJSON     `json:"events,omitempty"`
	Prompt  *promptJSON     `json:"prompt,omitempty"`
	Waiting string          `json:"waiting,omitempty"`
	Clocks  deltaClocks     `json:"clocks"`
	Result  *resultJSON     `json:"result,omitempty"`
	Hash    string          `json:"hash,omitempty"` // when view or chain changed (else it is the last one's)
}

// deltaClocks are a delta's clocks: the bank's size is the board's.
type deltaClocks struct {
	A       int64  `json:"A"`
	B       int64  `json:"B"`
	Running string `json:"running,omitempty"`
	A2      *int64 `json:"A2,omitempty"` // a tag duel's partners
	B2      *int64 `json:"B2,omitempty"`
}

// deltaOf makes the delta that takes a stream's receivers to the state m, and moves the stream.
func (w *wireStream) deltaOf(m *stateMsg) *deltaMsg {
	vp, chainChanged := w.update(&m.View, m.Chain, true)
	d := &deltaMsg{T: "delta", Seq: m.Seq, View: vp, Events: m.Events, Prompt: m.Prompt, Waiting: m.Waiting,
		Clocks: deltaClocks{A: m.Clocks.A, B: m.Clocks.B, Running: m.Clocks.Running, A2: m.Clocks.A2, B2: m.Clocks.B2}, Result: m.Result}
	if chainChanged {
		d.Chain = mustJSON(m.Chain)
	}
	if vp != nil || chainChanged {
		d.Hash = w.hash()
	}
	return d
}

// boardOf makes a state message the board of a stream: the stream now holds its view.
func (w *wireStream) boardOf(m *stateMsg) *stateMsg {
	m.Hash = w.baseline(m.Duel, &m.View, m.Chain)
	return m
}
