package engine

// Union monsters (Magician's Force): a monster card equipped to another monster as an Equip Spell
// (Ctx.EquipMonster), and the destroy substitute of an equip card (Script.DestroySubstitute):
// when the monster it is equipped to would be destroyed by battle or by a card effect, the equip
// card is destroyed instead.

// EquipMonster moves a face-up monster on the field, or a monster from its owner's hand, to a
// free Spell & Trap Zone of its controller, face-up, and equips it to target (a Union monster
// equipping itself; Cocoon of Evolution from the hand): its effects that work in the Spell & Trap
// Zone apply to the monster it is equipped to, and it is destroyed when that monster leaves the
// field or is turned face-down. It reports whether it did.
func (c *Ctx) EquipMonster(id, target CardID) bool {
	g := c.g
	cs := g.c(id)
	fromHand := cs.place.Loc == Hand
	if !cs.data.IsMonster() || !fromHand && (cs.place.Loc != MZone || !cs.pos.IsFaceUp()) ||
		g.c(target).place.Loc != MZone || !g.c(target).pos.IsFaceUp() || id == target {
		return false
	}
	seat := cs.ctrl
	if fromHand {
		seat = cs.place.Seat
	}
	z := g.freeZone(seat, SZone)
	if z < 0 {
		return false
	}
	c.step()
	g.move(id, Place{Seat: seat, Loc: SZone, Seq: z}, FaceUp, EvMove)
	c.Equip(id, target)
	return true
}

// AbsorbMonster moves a monster on the field or in a Graveyard to a free Spell & Trap Zone of the
// controller of monster host, face-up, or face-down if it was face-down on the field (ygopro-core
// keeps its position), and equips it to host (Relinquished takes a monster of the opponent, Sword
// Hunter the monsters it destroyed from the Graveyards): it is destroyed when host leaves the
// field or is turned face-down. It reports whether it did.
func (c *Ctx) AbsorbMonster(id, host CardID) bool {
	g := c.g
	cs, h := g.c(id), g.c(host)
	if !cs.data.IsMonster() || cs.place.Loc != MZone && cs.place.Loc != GY || h.place.Loc != MZone || !h.pos.IsFaceUp() || id == host {
		return false
	}
	z := g.freeZone(h.ctrl, SZone)
	if z < 0 {
		return false
	}
	pos := FaceUp
	if !cs.pos.IsFaceUp() {
		pos = FaceDown
	}
	c.step()
	g.move(id, Place{Seat: h.ctrl, Loc: SZone, Seq: z}, pos, EvMove)
	c.Equip(id, host)
	return true
}

// substitute returns an equip card that is destroyed instead of the monster id (its script's
// DestroySubstitute, while it is equipped to id and not negated), or NoCard.
func (g *game) substitute(id CardID) CardID {
	if len(g.equips) == 0 || g.c(id).place.Loc != MZone {
		return NoCard
	}
	for _, e := range g.equips {
		c := g.c(e)
		if c.script != nil && c.script.DestroySubstitute && c.pos.IsFaceUp() &&
			g.equipTargetOf(e) == id && !g.negated(e) {
			return e
		}
	}
	return NoCard
}
