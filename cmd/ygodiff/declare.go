//go:build refcore

package main

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Declarations: Duelist's declare prompt against ygopro's ANNOUNCE_NUMBER (a list of numbers,
// answered by index), ANNOUNCE_ATTRIB and ANNOUNCE_RACE (a mask of those allowed, answered by the
// bit) and ANNOUNCE_CARD (answered by the passcode; its filter is not compared).

// ygopro's attribute and race bits, by Duelist's values.
var (
	attribBit = map[card.Attribute]uint32{card.Earth: 0x1, card.Water: 0x2, card.Fire: 0x4, card.Wind: 0x8,
		card.Light: 0x10, card.Dark: 0x20, card.Divine: 0x40}
	raceBit = map[card.Race]uint32{card.Warrior: 0x1, card.Spellcaster: 0x2, card.Fairy: 0x4, card.Fiend: 0x8,
		card.Zombie: 0x10, card.Machine: 0x20, card.Aqua: 0x40, card.Pyro: 0x80, card.Rock: 0x100,
		card.WingedBeast: 0x200, card.Plant: 0x400, card.Insect: 0x800, card.Thunder: 0x1000,
		card.Dragon: 0x2000, card.Beast: 0x4000, card.BeastWarrior: 0x8000, card.Dinosaur: 0x10000,
		card.Fish: 0x20000, card.SeaSerpent: 0x40000, card.Reptile: 0x80000, card.Psychic: 0x100000,
		card.DivineBeast: 0x200000}
)

// rawBytes decodes a select's raw hex.
func rawBytes(s *coreSel) []byte {
	b, _ := hex.DecodeString(s.Raw)
	return b
}

// announceValues returns what ygopro's announce message offers, as Duelist's declared values:
// the numbers (ANNOUNCE_NUMBER), the Attributes or Types its mask allows; nil for a card name.
func announceValues(s *coreSel) []int32 {
	b := rawBytes(s)
	if len(b) < 3 {
		return nil
	}
	switch s.Type {
	case msgAnnounceNumber:
		var out []int32
		for i := 0; i < int(b[2]) && 3+4*i+4 <= len(b); i++ {
			out = append(out, int32(binary.LittleEndian.Uint32(b[3+4*i:])))
		}
		return out
	case msgAnnounceAttrib, msgAnnounceRace:
		if len(b) < 7 {
			return nil
		}
		mask := binary.LittleEndian.Uint32(b[3:])
		var out []int32
		if s.Type == msgAnnounceAttrib {
			for a := card.Light; a <= card.Divine; a++ {
				if attribBit[a]&mask != 0 {
					out = append(out, int32(a))
				}
			}
		} else {
			for r := card.Warrior; r <= card.DivineBeast; r++ {
				if raceBit[r]&mask != 0 {
					out = append(out, int32(r))
				}
			}
		}
		return out
	}
	return nil
}

// announceCount is how many values ygopro's announce message asks for at once (Earthshaker's
// ANNOUNCE_ATTRIB asks 2).
func announceCount(s *coreSel) int {
	if b := rawBytes(s); len(b) >= 3 {
		return int(b[2])
	}
	return 0
}

// declareKind is the kind of declaration a ygopro announce message asks, or 0.
func declareKind(s *coreSel) engine.DeclareKind {
	switch s.Type {
	case msgAnnounceNumber:
		return engine.DeclareNumber
	case msgAnnounceAttrib:
		if announceCount(s) > 1 {
			return engine.DeclareAttributes
		}
		return engine.DeclareAttribute
	case msgAnnounceRace:
		return engine.DeclareType
	case msgAnnounceCard:
		return engine.DeclareCard
	case msgSelectDisfield:
		return engine.DeclareZones
	}
	return 0
}

// zonesDeclared reports whether Duelist's prompt is a choice of zones (engine.DeclareZones):
// ygopro's SELECT_DISFIELD is then mapped to it, not answered on its own.
func zonesDeclared(p *engine.Prompt) bool {
	return p != nil && p.Kind == engine.PromptDeclare && p.Declare == engine.DeclareZones
}

// disfieldZones returns the zones a SELECT_DISFIELD offers (its flag's clear bits, relative to
// the asking player: the low 16 bits its own), as absolute places: the Monster Zones 1-5 and
// the Spell & Trap Zones 1-5.
func disfieldZones(s *coreSel) []engine.Place {
	var out []engine.Place
	for b := 0; b < 32; b++ {
		w := b & 15
		if s.Flag>>b&1 != 0 || w&7 >= 5 {
			continue
		}
		p := engine.Place{Seat: engine.Seat(s.Player), Loc: engine.MZone, Seq: w}
		if b >= 16 {
			p.Seat = engine.Seat(1 - s.Player)
		}
		if w >= 8 {
			p.Loc, p.Seq = engine.SZone, w-8
		}
		out = append(out, p)
	}
	return out
}

// declareNorm normalises both prompts of a declaration: the values offered, as numbers (nil
// for a card name, which is not compared: ygopro's list is every card of its database that
// passes the script's filter).
func declareNorm(p *engine.Prompt, s *coreSel) (da, ya []string) {
	if p.Declare == engine.DeclareCard {
		return nil, nil
	}
	if p.Declare == engine.DeclareZones {
		// Duelist offers each set of zones, ygopro the zones and how many: compared as the
		// zones the sets hold and the size of a set.
		n := 0
		for _, o := range p.Options() {
			z := engine.ZoneSet(uint32(o.Rank))
			n = len(z.Places())
			for _, pl := range z.Places() {
				da = append(da, pl.String())
			}
		}
		for _, pl := range disfieldZones(s) {
			ya = append(ya, pl.String())
		}
		da, ya = dedupe(da), dedupe(ya)
		sort.Strings(da)
		sort.Strings(ya)
		return append(da, "count "+strconv.Itoa(n)), append(ya, "count "+strconv.Itoa(s.Count))
	}
	if p.Declare == engine.DeclareAttributes {
		// Duelist offers each set of Attributes, ygopro the Attributes and how many: compared
		// as the Attributes the sets hold and the size of a set.
		n := 0
		for _, o := range p.Options() {
			n = bits.OnesCount32(uint32(o.Rank))
			for a := card.Light; a <= card.Divine; a++ {
				if o.Rank&(1<<a) != 0 {
					da = append(da, strconv.Itoa(int(a)))
				}
			}
		}
		da = append(dedupe(da), "count "+strconv.Itoa(n))
		for _, v := range announceValues(s) {
			ya = append(ya, strconv.Itoa(int(v)))
		}
		return da, append(dedupe(ya), "count "+strconv.Itoa(announceCount(s)))
	}
	for _, o := range p.Options() {
		da = append(da, strconv.Itoa(int(o.Rank)))
	}
	for _, v := range announceValues(s) {
		ya = append(ya, strconv.Itoa(int(v)))
	}
	return dedupe(da), dedupe(ya)
}

// declareAnswer is ygopro's response to an announce message for Duelist's declared value.
func declareAnswer(s *coreSel, v int32) (string, error) {
	switch s.Type {
	case msgAnnounceNumber:
		for i, n := range announceValues(s) {
			if n == v {
				return fmt.Sprintf("ri %d", i), nil
			}
		}
		return "", fmt.Errorf("ygopro does not offer the number %d", v)
	case msgAnnounceAttrib:
		if announceCount(s) > 1 { // a set of Attributes (engine.DeclareAttributes)
			var mask uint32
			for a := card.Light; a <= card.Divine; a++ {
				if v&(1<<a) != 0 {
					mask |= attribBit[a]
				}
			}
			return fmt.Sprintf("ri %d", mask), nil
		}
		return fmt.Sprintf("ri %d", attribBit[card.Attribute(v)]), nil
	case msgAnnounceRace:
		return fmt.Sprintf("ri %d", raceBit[card.Race(v)]), nil
	case msgAnnounceCard:
		return fmt.Sprintf("ri %d", v), nil
	case msgSelectDisfield:
		var out []string
		for _, pl := range engine.ZoneSet(uint32(v)).Places() {
			loc := 4
			if pl.Loc == engine.SZone {
				loc = 8
			}
			out = append(out, fmt.Sprintf("%d %d %d", pl.Seat, loc, pl.Seq))
		}
		return "rb " + strings.Join(out, " "), nil
	}
	return "", fmt.Errorf("ygopro message %d is not a declaration", s.Type)
}
