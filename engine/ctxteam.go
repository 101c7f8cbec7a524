package engine

// The seats an effect deals with in a duel of two and in a tag duel (RULES.md "Tag duel": "your
// opponent" means both opponents, "your side" you and your partner; "your field" is your own).

// Opponents returns the effect controller's opponents still in the duel: the one opponent of a
// duel of two, or both opponents of a tag duel. The slice is shared: do not modify it.
func (c *Ctx) Opponents() []Seat { return c.g.opponents(c.player) }

// IsOpp reports whether a seat is an opponent of the effect's controller.
func (c *Ctx) IsOpp(s Seat) bool { return isOpp(c.player, s) }

// Players returns every seat still in the duel, the effect's controller first and then in turn
// order.
func (c *Ctx) Players() []Seat {
	var buf [MaxSeats]Seat
	out := buf[:0]
	for k := 0; k < c.g.seatCount(); k++ {
		if s := c.g.rotation(c.g.rotIndex(c.player) + k); c.g.inDuel(s) {
			out = append(out, s)
		}
	}
	return c.g.outSeats(out)
}

// AllyMonsters returns the monsters the effect's controller and, in a tag duel, its partner
// control: what a cost may tribute (seed 002: a partner's monsters may pay a card's cost, never a
// Tribute or Ritual Summon).
func (c *Ctx) AllyMonsters() []CardID {
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, s := range c.g.allies(c.player) {
		out = c.g.monsters(out, s)
	}
	return c.g.outIDs(out)
}

// OppMonsters returns the monsters the effect controller's opponents control.
func (c *Ctx) OppMonsters() []CardID {
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, s := range c.g.opponents(c.player) {
		out = c.g.monsters(out, s)
	}
	return c.g.outIDs(out)
}

// DamageOpps inflicts n effect damage to each opponent at the same time; the loss check comes
// after all of it.
func (c *Ctx) DamageOpps(n int) {
	c.step()
	for _, s := range append([]Seat(nil), c.g.opponents(c.player)...) {
		c.g.effectDamage(s, n)
	}
	c.g.checkState()
}

// yourField returns the field "your field" means for a card an effect puts on the field: in a tag
// duel the effect's controller chooses its own field or its partner's (seed 002: "自己场上" is one
// of the two, chosen) — `option 1` is its own, `option 2` the partner's. Elsewhere, and for any
// other seat, s itself.
func (c *Ctx) yourField(s Seat, id CardID) Seat {
	g := c.g
	if !g.tag || s != c.player || !g.inDuel(s.Partner()) || g.freeZone(s.Partner(), MZone) < 0 ||
		!c.CanSpecialSummon(id, s.Partner()) {
		return s
	}
	if g.freeZone(s, MZone) < 0 || c.ChooseOption(s, 2) == 2 {
		return s.Partner()
	}
	return s
}
