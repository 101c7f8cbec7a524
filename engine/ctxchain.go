package engine

// The chain as an effect sees it (Ctx): its links, negating an activation or a summon, and the
// summon in progress.

// ChainLen returns the number of links on the chain.
func (c *Ctx) ChainLen() int { return len(c.g.chain) }

// LinkInfo describes a chain link for effects that answer it (Counter Traps).
type LinkInfo struct {
	Card     CardID
	Player   Seat
	Kind     EffectKind
	Category Category
	IsSpell  bool // the activation of a Spell Card
	IsTrap   bool // the activation of a Trap Card
	Monster  bool // a monster's effect
	// Negated: its activation or its effect has been negated (it resolves doing nothing).
	Negated bool
	// ActivationNegated: its activation has been negated (ygopro-core's chain link that is never
	// "solved"; an effect negated only still resolves, doing nothing).
	ActivationNegated bool
	// Destroys are the cards its resolution would destroy as its activation declared them
	// (Effect.Destroys, else its targets if it destroys), as they stand now.
	Destroys []CardID
}

// Link returns chain link n (1-based) or the last link for n = 0.
func (c *Ctx) Link(n int) LinkInfo {
	g := c.g
	if n == 0 {
		n = len(g.chain)
	}
	if n < 1 || n > len(g.chain) {
		return LinkInfo{Card: NoCard}
	}
	l := &g.chain[n-1]
	d := g.c(l.card).data
	info := LinkInfo{Card: l.card, Player: l.seat, Kind: l.eff.Kind, Category: l.eff.Category,
		IsSpell: l.eff.Kind == Activate && d.IsSpell(), IsTrap: l.eff.Kind == Activate && d.IsTrap(),
		Monster: d.IsMonster(), Negated: l.negAct || l.negEff, ActivationNegated: l.negAct}
	switch {
	case l.eff.Destroys != nil:
		var ev *Event
		if l.hasEv {
			ev = &l.ev
		}
		lc := g.ctx(l.card, l.eff, l.seat, ev, l)
		info.Destroys = c.List(l.eff.Destroys(lc))
		g.release()
	case l.eff.Category&CatDestroy != 0:
		info.Destroys = c.List(l.targets)
	}
	return info
}

// PrevLink returns the number of the link this effect's link answers (the one below it), or 0.
func (c *Ctx) PrevLink() int {
	if c.link == nil {
		return len(c.g.chain)
	}
	for i := range c.g.chain {
		if &c.g.chain[i] == c.link {
			return i
		}
	}
	return len(c.g.chain)
}

// NegateActivation negates the activation of chain link n; it reports whether it did.
func (c *Ctx) NegateActivation(n int) bool {
	if n < 1 || n > len(c.g.chain) {
		return false
	}
	l := &c.g.chain[n-1]
	if l.negAct {
		return false
	}
	l.negAct = true
	c.g.emitCard(EvNegated, l.card, NoCard)
	return true
}

// RedirectDamage makes the effect damage of chain link n go to the other seat (Barrel Behind the
// Door).
func (c *Ctx) RedirectDamage(n int, from Seat) {
	if n >= 1 && n <= len(c.g.chain) {
		c.g.chain[n-1].redirect |= 1 << from
	}
}

// NegateSummon negates the summon in progress (Solemn Judgment on a summon): the monster is
// destroyed.
func (c *Ctx) NegateSummon() bool {
	g := c.g
	if g.summoning == NoCard {
		return false
	}
	g.summonNegated = true
	return true
}

// Summoning returns the monster whose summon is in progress ("would be summoned"), or NoCard.
func (c *Ctx) Summoning() CardID { return c.g.summoning }

// Arriving reports whether a monster is being Normal or Special Summoned and not there yet (the
// summon can still be negated): it cannot be tributed or chosen as on the field. A monster being
// Flip Summoned was on the field already, and is not arriving.
func (c *Ctx) Arriving(id CardID) bool { return c.g.arriving(id) }
