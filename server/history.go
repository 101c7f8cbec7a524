package server

import (
	"encoding/binary"
	"fmt"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// history is a duel's events so far, for the state sent to a viewer who joins, watches or
// rejoins ("history": true). It keeps them packed, each event a mask of the fields that are not
// zero and those fields as varints (most of an event's 120 bytes are zeros: 10–20 bytes packed),
// and unpacks them only for that state: a room at its duel's middle kept about 9.5 KB of events
// before (issue 17, 19 MB at 2,000 duels). What the viewer receives is the same events.
type history struct {
	b []byte // the packed events
	n int    // how many
}

// The bits of an event's mask: one for each field that is not zero (a bool's bit is its value).
const (
	hKind = 1 << iota
	hSeat
	hCard
	hCode
	hTarget
	hFrom
	hTo
	hFromUp
	hToUp
	hFromCtrl
	hToCtrl
	hTargetAt
	hPos
	hPhase
	hTiming
	hSummonType
	hLink
	hAmount
	hHeads
	hGoFirst
	hDraw
	hTapped
	hHands
	hBattle
	hPublic
	hTurn
	hReason
	hEffect
	hDeclared
)

// reset forgets the events, keeping the room for the next duel's.
func (h *history) reset() { h.b, h.n = h.b[:0], 0 }

// len is how many events the history holds.
func (h *history) len() int { return h.n }

// add packs events onto the history.
func (h *history) add(events []engine.Event) {
	for i := range events {
		h.b = packEvent(h.b, &events[i])
	}
	h.n += len(events)
}

// events unpacks the history (a new slice, the caller's).
func (h *history) events() []engine.Event {
	out := make([]engine.Event, h.n)
	b := h.b
	for i := range out {
		var err error
		if b, err = unpackEvent(b, &out[i]); err != nil {
			panic("server: a room's history is corrupt: " + err.Error()) // only packEvent writes it
		}
	}
	return out
}

func packEvent(b []byte, e *engine.Event) []byte {
	var m uint64
	set := func(bit uint64, nonzero bool) {
		if nonzero {
			m |= bit
		}
	}
	set(hKind, e.Kind != 0)
	set(hSeat, e.Seat != 0)
	set(hCard, e.Card != 0)
	set(hCode, e.Code != 0)
	set(hTarget, e.Target != 0)
	set(hFrom, e.From != engine.Place{})
	set(hTo, e.To != engine.Place{})
	set(hFromUp, e.FromUp)
	set(hToUp, e.ToUp)
	set(hFromCtrl, e.FromCtrl != 0)
	set(hToCtrl, e.ToCtrl != 0)
	set(hTargetAt, e.TargetAt != engine.Place{})
	set(hPos, e.Pos != 0)
	set(hPhase, e.Phase != 0)
	set(hTiming, e.Timing != 0)
	set(hSummonType, e.SummonType != 0)
	set(hLink, e.Link != 0)
	set(hAmount, e.Amount != 0)
	set(hHeads, e.Heads)
	set(hGoFirst, e.GoFirst)
	set(hDraw, e.Draw)
	set(hTapped, e.Tapped)
	set(hHands, e.Hands != [2]uint8{})
	set(hBattle, e.Battle)
	set(hPublic, e.Public)
	set(hTurn, e.Turn != 0)
	set(hReason, e.Reason != 0)
	set(hEffect, e.Effect != 0)
	set(hDeclared, e.Declared != 0)
	b = binary.AppendUvarint(b, m)
	u := func(bit uint64, v uint64) {
		if m&bit != 0 {
			b = binary.AppendUvarint(b, v)
		}
	}
	s := func(bit uint64, v int64) {
		if m&bit != 0 {
			b = binary.AppendVarint(b, v)
		}
	}
	place := func(bit uint64, p engine.Place) {
		if m&bit != 0 {
			b = append(b, byte(p.Seat), byte(p.Loc))
			b = binary.AppendVarint(b, int64(p.Seq))
		}
	}
	u(hKind, uint64(e.Kind))
	u(hSeat, uint64(e.Seat))
	s(hCard, int64(e.Card))
	u(hCode, uint64(e.Code))
	s(hTarget, int64(e.Target))
	place(hFrom, e.From)
	place(hTo, e.To)
	u(hFromCtrl, uint64(e.FromCtrl))
	u(hToCtrl, uint64(e.ToCtrl))
	place(hTargetAt, e.TargetAt)
	u(hPos, uint64(e.Pos))
	u(hPhase, uint64(e.Phase))
	u(hTiming, uint64(e.Timing))
	u(hSummonType, uint64(e.SummonType))
	s(hLink, int64(e.Link))
	s(hAmount, int64(e.Amount))
	if m&hHands != 0 {
		b = append(b, e.Hands[0], e.Hands[1])
	}
	s(hTurn, int64(e.Turn))
	s(hReason, int64(e.Reason))
	s(hEffect, int64(e.Effect))
	u(hDeclared, uint64(e.Declared))
	return b
}

func unpackEvent(b []byte, e *engine.Event) ([]byte, error) {
	var err error
	next := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			err = fmt.Errorf("a bad varint")
			return 0
		}
		b = b[n:]
		return v
	}
	m := next()
	u := func(bit uint64) uint64 {
		if m&bit == 0 || err != nil {
			return 0
		}
		return next()
	}
	s := func(bit uint64) int64 {
		if m&bit == 0 || err != nil {
			return 0
		}
		v, n := binary.Varint(b)
		if n <= 0 {
			err = fmt.Errorf("a bad varint")
			return 0
		}
		b = b[n:]
		return v
	}
	two := func(bit uint64) (x, y byte) {
		if m&bit == 0 || err != nil {
			return 0, 0
		}
		if len(b) < 2 {
			err = fmt.Errorf("an event cut short")
			return 0, 0
		}
		x, y, b = b[0], b[1], b[2:]
		return x, y
	}
	place := func(bit uint64) engine.Place {
		seat, loc := two(bit)
		seq := s(bit)
		return engine.Place{Seat: engine.Seat(seat), Loc: engine.Loc(loc), Seq: int(seq)}
	}
	// One field after the other, in packEvent's order.
	*e = engine.Event{}
	e.Kind = engine.EventKind(u(hKind))
	e.Seat = engine.Seat(u(hSeat))
	e.Card = engine.CardID(s(hCard))
	e.Code = card.Passcode(u(hCode))
	e.Target = engine.CardID(s(hTarget))
	e.From = place(hFrom)
	e.To = place(hTo)
	e.FromCtrl = engine.Seat(u(hFromCtrl))
	e.ToCtrl = engine.Seat(u(hToCtrl))
	e.TargetAt = place(hTargetAt)
	e.Pos = engine.Pos(u(hPos))
	e.Phase = engine.Phase(u(hPhase))
	e.Timing = engine.Timing(u(hTiming))
	e.SummonType = engine.SummonType(u(hSummonType))
	e.Link = int32(s(hLink))
	e.Amount = int(s(hAmount))
	e.Hands[0], e.Hands[1] = two(hHands)
	e.Turn = int(s(hTurn))
	e.Reason = engine.CardID(s(hReason))
	e.Effect = int(s(hEffect))
	e.Declared = engine.DeclareKind(u(hDeclared))
	e.FromUp, e.ToUp = m&hFromUp != 0, m&hToUp != 0
	e.Heads, e.GoFirst, e.Draw, e.Tapped = m&hHeads != 0, m&hGoFirst != 0, m&hDraw != 0, m&hTapped != 0
	e.Battle, e.Public = m&hBattle != 0, m&hPublic != 0
	return b, err
}
