package engine

// Temporary banishment (ygopro-core's REASON_TEMPORARY with EFFECT_DISABLE_FIELD: Dimensionhole):
// an effect banishes a monster for a time and later returns it to the field. While the monster is
// banished its Monster Zone cannot be used (player.lockedMZ, one of the locks game.lockedZones
// reads, zonelock.go): freeZone and FreeZones skip it, so nothing is summoned, Set or moved
// there, and a player with 4 monsters and a locked zone has a full field. The lock ends when the monster leaves the banishment, by ReturnToField or any other
// way (moveEv calls releaseZoneLock). The monster keeps, as hidden counters, the zone it left and
// its position there.
//
// As ygopro-core plays it, the returning monster does not go back to its own zone: the lock still
// holds while it returns (the lock's condition is "the monster is banished"), so it takes the
// lowest other free zone of the player who controlled it, in the position it left in; with no
// such zone it goes to its owner's Graveyard. It is not summoned: it may change its battle
// position that turn. A monster that returns to a player who is not its owner goes back to its
// owner's field at once (nothing gives that player control of the new card).

// The hidden counters of a temporarily banished monster: its zone (seat*8 + zone + 1) and its
// position (Pos + 1).
const (
	tempZoneCounter = "_temp_zone"
	tempPosCounter  = "_temp_pos"
)

// BanishTemporarily banishes a monster on the field face-up until an effect returns it with
// ReturnToField; its Monster Zone cannot be used meanwhile. It reports whether it was banished.
func (c *Ctx) BanishTemporarily(id CardID) bool {
	c.step()
	if len(c.affected([]CardID{id})) == 0 {
		return false
	}
	cs := c.g.c(id)
	from, pos := cs.place, cs.pos
	if from.Loc != MZone {
		return false
	}
	c.g.move(id, Place{Seat: cs.owner, Loc: Banished}, FaceUp, EvMove)
	if cs.place.Loc != Banished {
		return false
	}
	if from.Seq < 8 {
		c.g.setCounter(cs, tempZoneCounter, int(from.Seat)*8+from.Seq+1)
		c.g.setCounter(cs, tempPosCounter, int(pos)+1)
		c.g.pl(from.Seat).lockedMZ |= 1 << from.Seq
		c.g.changeSeq++
	}
	return true
}

// TemporarilyBanished reports whether a card is banished by BanishTemporarily and not returned.
func (c *Ctx) TemporarilyBanished(id CardID) bool {
	cs := c.g.c(id)
	return cs.place.Loc == Banished && cs.counters().get(tempZoneCounter) > 0
}

// ReturnToField returns a monster BanishTemporarily banished to the field of the player who
// controlled it, in the position it left in, to the lowest free zone (its own zone is still
// locked: see the top of this file); with no free zone it goes to its owner's Graveyard. It
// reports whether the monster came back to the field.
func (c *Ctx) ReturnToField(id CardID) bool {
	c.step()
	if !c.TemporarilyBanished(id) {
		return false
	}
	cs := c.g.c(id)
	z := cs.counters().get(tempZoneCounter) - 1
	s := Seat(z / 8)
	pos := Pos(cs.counters().get(tempPosCounter) - 1)
	seq := c.g.freeZone(s, MZone)
	if seq < 0 {
		c.g.move(id, Place{Seat: cs.owner, Loc: GY}, FaceUp, EvMove)
		return false
	}
	c.g.moveEv(id, Place{Seat: s, Loc: MZone, Seq: seq}, pos, EvMove, false, true)
	if cs.place.Loc != MZone {
		return false
	}
	if s != cs.owner {
		// Back on the field it is a new card: whatever gave its player control of it is gone,
		// and control goes back to its owner at once (to the owner's lowest free zone; with none,
		// it goes to the owner's Graveyard), as ygopro-core's adjustment does.
		if !c.g.changeControl(id, cs.owner) {
			c.g.move(id, Place{Seat: cs.owner, Loc: GY}, FaceUp, EvMove)
			return false
		}
	}
	return true
}

// releaseZoneLock ends the lock of the zone a temporarily banished card left, as it leaves the
// banishment (before its counters are cleared).
func (g *game) releaseZoneLock(c *cardState) {
	z := c.counters().get(tempZoneCounter) - 1
	if z < 0 {
		return
	}
	g.pl(Seat(z / 8)).lockedMZ &^= 1 << (z % 8)
	g.changeSeq++
}
