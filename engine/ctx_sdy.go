package engine

// Operations that the Starter Deck: Yugi cards (cards/sdy) need and the rest of the Ctx API
// lacks.

// PFLastWill marks a seat that may still Special Summon once by the effect of a Last Will it
// resolved this turn. Each resolved Last Will adds one mark (two copies give two summons, as
// the card's rulings say); UsePlayerFlag spends one. No rule of the kernel reads it.
const PFLastWill PlayerFlag = 1 << 31

// Active reports whether a card's continuous effects apply now: it is face-up on the field, its
// activation has resolved (for a Spell or Trap), and its effects are not negated. A card's Check
// uses it to apply a rule only while the card really is in force (Dragon Capture Jar).
func (c *Ctx) Active(id CardID) bool {
	return c.g.applies(c.g.c(id)) && !c.g.negated(id)
}

// UsePlayerFlag removes one lasting rule change on a seat whose flags are exactly f (the oldest
// one) and reports whether there was one: a one-shot permission that a card grants and a later
// action spends (Last Will's summon).
func (c *Ctx) UsePlayerFlag(s Seat, f PlayerFlag) bool {
	for i, m := range c.g.pmods {
		if m.seat == s && m.flags == f {
			c.g.pmods = append(c.g.pmods[:i], c.g.pmods[i+1:]...)
			return true
		}
	}
	return false
}

// DrawBoth makes the effect's controller draw nYou cards and the other seat nOpp cards at the
// same time: the loss check comes after both draws, so two seats that both had to draw from an
// empty deck draw the duel (RULES.md ocg "End of the duel": both at once is a draw).
func (c *Ctx) DrawBoth(nYou, nOpp int) {
	for i := 0; i < nYou; i++ {
		c.g.draw(c.player)
	}
	for i := 0; i < nOpp; i++ {
		c.g.draw(c.player.Other())
	}
	c.g.checkState()
}

// CanNormalSummonNow reports whether NormalSummonNow would have a monster to offer a seat: a
// monster in its hand that it could Normal Summon or Set now (a free zone, or enough tributes).
func (c *Ctx) CanNormalSummonNow(s Seat) bool {
	for _, id := range c.g.pl(s).hand {
		if c.g.summonableBy(id, s) {
			return true
		}
	}
	return false
}

// DestroyedByBattle reports whether a monster was destroyed by battle in the battle in progress
// and waits for the end of the Damage Step to go to the Graveyard.
func (c *Ctx) DestroyedByBattle(id CardID) bool {
	cs := c.g.c(id)
	return cs.destroyed && cs.place.Loc == MZone
}
