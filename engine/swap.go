package engine

// SwapControl switches the control of two monsters on different sides of the field ("switch
// control of this card and 1 monster your opponent controls": Invader of the Throne): each may take
// the other's Monster Zone, so no free zone is needed, and each keeps its position. The change
// lasts. It reports whether it swapped them: both must be in Monster Zones, under different
// controllers.
func (c *Ctx) SwapControl(a, b CardID) bool {
	c.step()
	g := c.g
	ca, cb := g.c(a), g.c(b)
	if ca.place.Loc != MZone || cb.place.Loc != MZone || ca.ctrl == cb.ctrl {
		return false
	}
	pa, pb := ca.place, cb.place
	// Each goes to the lowest zone of the other side that is free or that the other leaves (the
	// reference engine asks the effect's player for the zone among those: Duelist takes the
	// lowest, as it does for every zone), both chosen before either moves.
	toA := Place{Seat: pa.Seat, Loc: MZone, Seq: g.lowestZoneOr(pa.Seat, pa.Seq)}
	toB := Place{Seat: pb.Seat, Loc: MZone, Seq: g.lowestZoneOr(pb.Seat, pb.Seq)}
	g.remove(a)
	g.remove(b)
	g.put(a, toB)
	g.put(b, toA)
	for _, sw := range [2]struct {
		id       CardID
		from, to Place
	}{{a, pa, toB}, {b, pb, toA}} {
		cs := g.c(sw.id)
		up := cs.pos.IsFaceUp()
		g.emit(Event{Kind: EvControl, Seat: sw.to.Seat, Card: sw.id, Code: cs.data.Passcode, From: sw.from,
			To: sw.to, FromUp: up, ToUp: up, FromCtrl: sw.from.Seat, ToCtrl: sw.to.Seat, Pos: cs.pos,
			Target: NoCard, Timing: g.timing})
	}
	return true
}

// ChooseAtkOrSet asks seat s for the position of a monster an effect Special Summons "in
// face-up Attack Position or face-down Defense Position" (Cyber Jar): `atk` or `set` (the
// position prompt's OptSetPos).
func (c *Ctx) ChooseAtkOrSet(s Seat, id CardID) Pos {
	p := c.g.newPrompt(PromptPosition, s)
	p.Subject = id
	p.add(OptAtk, NoCard)
	p.add(OptSetPos, NoCard)
	if c.g.ask().Kind == OptSetPos {
		return FaceDownDef
	}
	return FaceUpAtk
}

// lowestZoneOr returns the lowest Monster Zone of seat s that is empty and not locked, or is zone
// seq (the zone a card is leaving).
func (g *game) lowestZoneOr(s Seat, seq int) int {
	locked := g.lockedZones(s, MZone)
	for i, id := range g.pl(s).zones(MZone) {
		if id == NoCard && (i >= 8 || locked&(1<<i) == 0) || i == seq {
			return i
		}
	}
	return seq
}

// Settle applies the state-based rules at once, in the middle of an effect's resolution: equip
// cards whose monster left the field or was turned face-down are destroyed, and the cards' own
// checks run (Spellbinding Circle destroyed with its monster), as ygopro-core does within the
// operation that moved the monster rather than at the next adjustment. An effect that goes on
// asking after it destroyed monsters (Cyber Jar's summons and their position prompts) settles
// first.
func (c *Ctx) Settle() { c.g.adjust() }

// CanEquipTo reports whether equip card equip may be equipped to monster target: target is a
// face-up monster in a Monster Zone that equip's Script.EquipFits accepts (a card without
// EquipFits: never).
func (c *Ctx) CanEquipTo(equip, target CardID) bool {
	g := c.g
	e, t := g.c(equip), g.c(target)
	if e.script == nil || e.script.EquipFits == nil || t.place.Loc != MZone || !t.pos.IsFaceUp() {
		return false
	}
	ctx := g.ctx(equip, nil, e.ctrl, nil, nil)
	ok := e.script.EquipFits(ctx, target)
	g.release()
	return ok
}

// FlippedBeforeMove reports whether a card was flipped face-up (Flip Summoned, or flipped by an
// attack or an effect) during its last stay on the field and has moved exactly once since, as
// it left the field ("when this FLIPPED card is sent to the Graveyard": Spear Cretin). A card
// turned face-down after its flip, or that moved again, was not.
func (c *Ctx) FlippedBeforeMove(id CardID) bool {
	cs := c.g.c(id)
	return cs.flipGen != 0 && cs.flipGen == cs.gen
}

// CanBeSpecialSummoned reports whether a monster could be Special Summoned by an effect to seat
// s's field but for the zones: what an effect checks when it targets a monster to summon later
// (Spear Cretin's targets), the free zone being looked for only as it summons (ygopro-core's
// IsCanBeSpecialSummoned).
func (c *Ctx) CanBeSpecialSummoned(id CardID, s Seat) bool {
	g := c.g
	cs := g.c(id)
	if !cs.data.IsMonster() || g.cannotSpecial(s) {
		return false
	}
	if (cs.place.Loc == GY || cs.place.Loc == Banished) && g.needsProperSummon(id) && !cs.proper {
		return false
	}
	if (cs.place.Loc == Hand || cs.place.Loc == Deck) && g.needsProperSummon(id) {
		return false
	}
	return g.specialAllowed(c, id)
}
