//go:build refcore

package main

import (
	"fmt"

	"github.com/duelistgame/duelist/engine"
)

// isLongSelect reports whether Duelist's one-card select p is a pick of a long selection
// (engine/selectlong.go: several cards among more than 64 candidates, asked one card at a time)
// where ygopro asks the whole group in one SELECT_CARD.
func isLongSelect(p *engine.Prompt, s *coreSel) bool {
	return p.Kind == engine.PromptSelect && p.Max == 1 && s != nil && s.Type == msgSelectCard &&
		s.Max > 1 && len(s.Cards) > 64 && int(p.Seat) == s.Player
}

// longSelect plays a long selection: it compares the candidates of Duelist's first pick with
// ygopro's list, answers Duelist's picks at random until it stops (the empty select) or has
// ygopro's maximum, then gives ygopro the group, before Duelist's last answer (which resolves
// the effect and may draw what ygopro's answer draws). It returns a failure class and detail, or
// "" when both engines got the same group.
func (x *differ) longSelect(d *engine.Duel, answer func(*engine.Prompt, engine.Option) error) (string, string) {
	c := x.c
	p := d.Prompt()
	var dc, yc []string
	for _, id := range p.Candidates {
		dc = append(dc, "cand "+dKey(d, id))
	}
	for _, e := range c.sel.Cards {
		yc = append(yc, "cand "+yKey(e[0], e[1], e[2], e[3]))
	}
	dc, yc = dedupe(dc), dedupe(yc) // Duelist lists one copy of a card per pile (a one-card pick)
	if fmt.Sprint(dc) != fmt.Sprint(yc) {
		return "options", fmt.Sprintf("%s long select (turn %d %s):\n  duelist only: %v\n  ygopro only:  %v", p.Seat, d.Turn(), d.Phase(), minus(dc, yc), minus(yc, dc))
	}
	var picked []engine.CardID
	for {
		p = d.Prompt()
		if p == nil || p.Kind != engine.PromptSelect || p.Max != 1 {
			return "long-select", fmt.Sprintf("Duelist stopped asking after %d of ygopro's up to %d picks", len(picked), c.sel.Max)
		}
		opts := p.Options()
		o := opts[x.rng.IntN(len(opts))]
		sel := p.Selected(o)
		picked = append(picked, sel...)
		c.trace = append(c.trace, fmt.Sprintf("# %s: %s   [long select, pick %d]", p.Seat, d.OptionText(o), len(picked)))
		if len(sel) == 0 || len(picked) >= c.sel.Max {
			if len(picked) < c.sel.Min {
				return "long-select", fmt.Sprintf("Duelist stops after %d picks, ygopro needs %d", len(picked), c.sel.Min)
			}
			cmd, err := pickCards(d, picked, c.sel.Cards)
			if err != nil {
				return "translate", err.Error()
			}
			c.lastPass = -1
			if err := c.send(cmd, true); err != nil {
				return "core", err.Error()
			}
			if err := answer(p, o); err != nil {
				return "duelist-answer", err.Error()
			}
			return "", ""
		}
		if err := answer(p, o); err != nil {
			return "duelist-answer", err.Error()
		}
	}
}
