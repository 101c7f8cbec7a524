package engine

// AskYesNo asks seat s a yes/no question of the effect ("pay 100 LP to keep this card?"): a
// PromptYesNo whose Subject is the effect's card. It reports yes.
func (c *Ctx) AskYesNo(s Seat) bool {
	p := c.g.newPrompt(PromptYesNo, s)
	p.Subject = c.card
	if c.eff != nil {
		p.Category = c.eff.Category
	}
	p.add(OptYes, NoCard)
	p.add(OptNo, NoCard)
	return c.g.ask().Kind == OptYes
}

// SelectGroup asks seat s to choose, among the candidates, a group of min to max cards that valid
// accepts ("1 monster of each name", "monsters whose Levels add up to 8"): every option is such a
// group, or, when the groups are too many to list, the group is picked one card at a time
// (selectgroup.go). It returns nil without asking when no group is valid. valid must not change
// the duel.
func (c *Ctx) SelectGroup(s Seat, cands []CardID, min, max int, why Purpose, valid func([]CardID) bool) []CardID {
	if len(cands) == 0 {
		return nil
	}
	g := c.g
	p := g.newPrompt(PromptSelect, s)
	p.Candidates = append(p.Candidates, cands...)
	p.Min, p.Max, p.Purpose, p.Subject = min, max, why, c.card
	if c.eff != nil {
		p.Category = c.eff.Category
	}
	var buf [scratchIDs]CardID
	got, ok := g.askWhere(buf[:0], valid, nil)
	if !ok {
		return nil
	}
	return g.outIDs(got)
}
