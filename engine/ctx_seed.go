package engine

// Operations added for the seed cards (package cards/seed).

// EndInDraw ends the duel in a draw: both seats met an alternate win condition at the same time
// (two Exodias completed by one effect). RULES.md ocg "End of the duel": both at once is a draw.
func (c *Ctx) EndInDraw(reason string) {
	c.g.endDuel(2, reason)
	panic(stopSignal{})
}
