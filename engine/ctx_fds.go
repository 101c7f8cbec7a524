package engine

// Operations that the Starter Deck: Yu-Gi-Oh! 5D's cards (cards/fds) need and the rest of the Ctx
// API lacks.

// ArrivedThisTurn reports whether a monster came to the field this turn (summoned, Set or Special
// Summoned) and has stayed there since: with SummonType it tells "the turn this card was Normal
// Summoned" (Speed Warrior).
func (c *Ctx) ArrivedThisTurn(id CardID) bool {
	cs := c.g.c(id)
	return cs.place.Loc == MZone && cs.arrivedTurn == c.g.turn
}

// HasModFrom reports whether a card carries a lasting modifier whose source is src (active or
// not). A card leaves its modifiers behind when it leaves the field, so a modifier with no effect
// (ModFlags with no flags) marks "this monster was handled by src and has not left the field
// since": Symbols of Duty remembers the monster it revived this way, Speed Warrior that its
// effect resolved this turn.
func (c *Ctx) HasModFrom(id, src CardID) bool {
	for _, m := range c.g.c(id).mods {
		if m.Source == src {
			return true
		}
	}
	return false
}

// StatATK returns a monster's current ATK, as ATK does, but consults only the continuous effects
// that change ATK (ATK or ATKFunc set). A continuous effect that sets a flag according to another
// monster's ATK (Sonic Chick: "cannot be destroyed by battle with a monster that has 1900 or more
// ATK") reads it with StatATK: ATK would evaluate every continuous effect's Affects, its own
// included, and two such monsters battling each other would ask each other forever. The value is
// the same, since an effect with neither ATK nor ATKFunc adds nothing to ATK.
func (c *Ctx) StatATK(id CardID) int {
	g := c.g
	cs := g.c(id)
	v := cs.data.ATK
	if !cs.place.Loc.OnField() || cs.pos == FaceDownDef {
		return v
	}
	add := 0
	for i := range cs.mods {
		m := &cs.mods[i]
		if !g.modActive(m) {
			continue
		}
		switch m.Kind {
		case ModSetATK:
			v = m.Value
		case ModATK:
			add += m.Value
		}
	}
	g.activeContinuous(func(src CardID, e *Effect) bool {
		if e.Affects == nil || e.ATK == 0 && e.ATKFunc == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.Affects(ctx, id) {
			add += e.ATK
			if e.ATKFunc != nil {
				add += e.ATKFunc(ctx, id)
			}
		}
		g.release()
		return true
	})
	if g.reversed() {
		add = -add
	}
	v += add
	if v < 0 {
		v = 0
	}
	return v
}
