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
