package engine

import (
	"fmt"
	"math/bits"
	"strings"
)

// Locked zones: a Continuous effect may make zones of the field unusable while it applies
// (Static.LockedZones: Ground Collapse's two Monster Zones, ygopro-core's EFFECT_DISABLE_FIELD).
// No card may be summoned, Set, placed or moved into a locked zone: every way a card takes a
// zone goes through game.freeZone (and its count, Ctx.FreeZones), which skips them, so the
// summons, Sets, moves, the AI and the clients' options follow. A card already in a zone when
// it is locked stays there. The locks are read, never stored: they end when their card leaves
// the field, is turned face-down or is negated.

// ZoneSet is a set of zones of the field: bit ZoneBit(place) for each.
type ZoneSet uint64

// ZoneBit is the bit of a Monster Zone or Spell & Trap Zone in a ZoneSet: 16 bits per seat,
// the Monster Zones first (bit seq), the Spell & Trap Zones from bit 8 (as ygopro-core's zone
// flags, with absolute seats). Other places have none (0).
func ZoneBit(p Place) ZoneSet {
	if !p.Loc.zoned() || p.Seq < 0 || p.Seq >= 8 || p.Seat >= 4 {
		return 0
	}
	b := int(p.Seat)*16 + p.Seq
	if p.Loc == SZone {
		b += 8
	}
	return 1 << b
}

// Places returns the zones of the set, in bit order.
func (z ZoneSet) Places() []Place {
	var out []Place
	for v := uint64(z); v != 0; v &= v - 1 {
		b := bits.TrailingZeros64(v)
		p := Place{Seat: Seat(b / 16), Loc: MZone, Seq: b % 16}
		if p.Seq >= 8 {
			p.Loc, p.Seq = SZone, p.Seq-8
		}
		out = append(out, p)
	}
	return out
}

// String writes the zones as the notation does, "A:M1 B:M3".
func (z ZoneSet) String() string {
	var w []string
	for _, p := range z.Places() {
		w = append(w, p.String())
	}
	return strings.Join(w, " ")
}

// lockedZones returns the zones of a location of seat s that Continuous effects lock now, bit
// seq for zone seq.
func (g *game) lockedZones(s Seat, l Loc) uint16 {
	var temp uint16
	if l == MZone {
		temp = uint16(g.pl(s).lockedMZ) // the zones of temporarily banished monsters (tempbanish.go)
	}
	if g.contOn[contZones] == 0 {
		return temp // no card on the field locks zones (contcount.go)
	}
	var all ZoneSet
	g.activeContinuous(contZones, func(src CardID, e *Effect) bool {
		if e.LockedZones == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		all |= e.LockedZones(ctx)
		g.release()
		return true
	})
	shift := int(s) * 16
	if l == SZone {
		shift += 8
	}
	return uint16(all>>shift)&0xff | temp
}

// zoneLocked reports whether zone seq of a location of seat s is locked.
func (g *game) zoneLocked(s Seat, l Loc, seq int) bool {
	return seq < 8 && g.lockedZones(s, l)&(1<<seq) != 0
}

// LockedZones returns the zones Continuous effects lock now (for clients and tools).
func (d *Duel) LockedZones() ZoneSet {
	g := d.g
	var z ZoneSet
	for _, s := range g.seats() {
		z |= ZoneSet(g.lockedZones(s, MZone))<<(int(s)*16) | ZoneSet(g.lockedZones(s, SZone))<<(int(s)*16+8)
	}
	return z
}

// ZoneLocked reports whether a zone is locked now.
func (c *Ctx) ZoneLocked(p Place) bool { return p.Loc.zoned() && c.g.zoneLocked(p.Seat, p.Loc, p.Seq) }

// UsableZones returns the zones of a location that are empty and not locked, of the seats
// listed, in seat then zone order.
func (c *Ctx) UsableZones(l Loc, seats ...Seat) []Place {
	var out []Place
	for _, s := range seats {
		locked := c.g.lockedZones(s, l)
		for i, id := range c.g.pl(s).zones(l) {
			if id == NoCard && (i >= 8 || locked&(1<<i) == 0) {
				out = append(out, Place{Seat: s, Loc: l, Seq: i})
			}
		}
	}
	return out
}

// DeclareZones has seat s choose n different zones at once among zones (a zone prompt: Ground
// Collapse's two Monster Zones) and returns them as a ZoneSet. The prompt is a declaration
// (PromptDeclare, DeclareZones) offering every set of n of them, each option's Rank the set's
// bits packed as zoneRank does, in the order of their lowest bits; with n or fewer zones, the one
// set of them all. The notation writes a set as its places, `declare A:M1 B:M3`.
func (c *Ctx) DeclareZones(s Seat, n int, zones []Place) ZoneSet {
	if len(zones) == 0 || n <= 0 {
		return 0
	}
	var all ZoneSet
	for _, p := range zones {
		all |= ZoneBit(p)
	}
	var sets []int32
	if bits.OnesCount64(uint64(all)) <= n {
		sets = []int32{zoneRank(all)}
	} else {
		var pick func(from int, left int, acc ZoneSet)
		pick = func(from, left int, acc ZoneSet) {
			if left == 0 {
				sets = append(sets, zoneRank(acc))
				return
			}
			for b := from; b < 64; b++ {
				if all&(1<<b) != 0 {
					pick(b+1, left-1, acc|1<<b)
				}
			}
		}
		pick(0, n, 0)
	}
	return zoneUnrank(c.declare(s, DeclareZones, sets))
}

// zoneRank packs a ZoneSet of the Monster and Spell & Trap Zones of seats A and B (bits 0-31)
// into an option's Rank; zoneUnrank unpacks it. (Rank is 32 bits: the zones of a tag duel's
// other seats are not offered.)
func zoneRank(z ZoneSet) int32   { return int32(uint32(z)) }
func zoneUnrank(v int32) ZoneSet { return ZoneSet(uint32(v)) }
func zonesText(v int32) string   { return zoneUnrank(v).String() }
func zonesMatch(v int32, words []string) bool {
	var set ZoneSet
	for _, w := range words {
		p, ok := parseZoneWord(w)
		if !ok || set&ZoneBit(p) != 0 {
			return false
		}
		set |= ZoneBit(p)
	}
	return set == zoneUnrank(v)
}

// parseZoneWord reads a zone as the notation writes it, "a:m1" (any case).
func parseZoneWord(w string) (Place, bool) {
	w = strings.ToUpper(w)
	var seat rune
	var loc rune
	var n int
	if _, err := fmt.Sscanf(w, "%c:%c%d", &seat, &loc, &n); err != nil || seat < 'A' || seat > 'B' || n < 1 || n > 8 {
		return Place{}, false
	}
	p := Place{Seat: Seat(seat - 'A'), Seq: n - 1}
	switch loc {
	case 'M':
		p.Loc = MZone
	case 'S':
		p.Loc = SZone
	default:
		return Place{}, false
	}
	return p, fmt.Sprintf("%c:%c%d", seat, loc, n) == w
}
