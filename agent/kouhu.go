package agent

import "github.com/duelistgame/duelist/engine"

// The greedy agent's play of the kouhu ruleset (docs/kouhu.md): grow the resource zone, summon
// the strongest creatures it can pay for, Advanced Summon when that gains ATK, place artifacts,
// attack with what the opponent cannot block profitably, and block when a blocker wins.

// kouhuIdle is the Main Phase choice of a kouhu idle prompt (one with kouhu options); ok=false
// leaves the choice to the general rules.
func (g *Greedy) kouhuIdle(d *engine.Duel, p *engine.Prompt) (engine.Option, bool) {
	opts := p.Options()
	// One cost card a turn: the hand card worth least in play (the weakest creature; a Spell or
	// Trap counts as a 1000-ATK creature).
	pick, pickValue := -1, 0
	for i, o := range opts {
		if o.Kind != engine.OptResource {
			continue
		}
		c := d.Card(o.Card)
		value := 1000
		if c.Data.IsMonster() {
			value = c.ATK
		}
		if pick < 0 || value < pickValue {
			pick, pickValue = i, value
		}
	}
	if pick >= 0 {
		return opts[pick], true
	}
	// The strongest creature summoned (Advanced Summons only when they gain ATK), then artifacts.
	best, bestATK := -1, -1
	for i, o := range opts {
		switch o.Kind {
		case engine.OptSummon, engine.OptAdvance, engine.OptSpecial:
			c := d.Card(o.Card)
			if o.Kind == engine.OptAdvance && c.ATK <= g.weakestOwn(d, p.Seat)*2 {
				continue
			}
			if c.ATK > bestATK {
				best, bestATK = i, c.ATK
			}
		}
	}
	if best >= 0 {
		return opts[best], true
	}
	for _, o := range opts {
		if o.Kind == engine.OptPlace {
			return o, true
		}
	}
	return engine.Option{}, false
}

// kouhuAttack attacks with a creature no untapped opposing creature can block profitably: one
// whose ATK reaches every possible blocker's DEF while no blocker's ATK reaches its DEF.
func (g *Greedy) kouhuAttack(d *engine.Duel, p *engine.Prompt) (engine.Option, bool) {
	wallDEF, wallATK := 0, 0
	for _, id := range d.Pile(p.Seat.Other(), engine.MZone) {
		if id == engine.NoCard {
			continue
		}
		if c := d.Card(id); c.Data.IsMonster() && c.Pos.IsFaceUp() && !c.Tapped {
			wallDEF, wallATK = max(wallDEF, c.DEF), max(wallATK, c.ATK)
		}
	}
	for _, o := range p.Options() {
		if o.Kind == engine.OptAttack {
			if c := d.Card(o.Card); c.ATK > 0 && (c.ATK >= wallDEF || c.DEF > wallATK) {
				return o, true
			}
		}
	}
	return engine.Option{}, false
}

// block answers an attack with the best single blocker: one that destroys the attacker and
// survives, else one that survives, else one that trades with it; a strong attacker is
// chump-blocked by the weakest creature. Otherwise the attack comes through.
func (g *Greedy) block(d *engine.Duel, p *engine.Prompt) engine.Option {
	att := d.Card(p.Subject)
	var noBlock engine.Option
	best, bestRank, chump, chumpATK := -1, 0, -1, -1
	for i, o := range p.Options() {
		if o.Kind == engine.OptNoBlock {
			noBlock = o
			continue
		}
		sel := p.Selected(o)
		if len(sel) != 1 {
			continue
		}
		b := d.Card(sel[0])
		kills, survives := b.ATK >= att.DEF, b.DEF > att.ATK
		rank := 0
		switch {
		case kills && survives:
			rank = 3
		case survives:
			rank = 2
		case kills:
			rank = 1
		}
		if rank > bestRank {
			best, bestRank = i, rank
		}
		if chump < 0 || b.ATK < chumpATK {
			chump, chumpATK = i, b.ATK
		}
	}
	switch {
	case best >= 0:
		return p.Options()[best]
	case chump >= 0 && att.ATK >= 2000:
		return p.Options()[chump]
	}
	return noBlock
}
