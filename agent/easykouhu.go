package agent

import "github.com/duelistgame/duelist/engine"

// Easy's play of the kouhu ruleset (docs/kouhu.md): a cost card a turn chosen by value, keeping
// the creatures it can summon soon; the strongest creature it can pay for; artifacts; attacks
// that the race favours; blocks chosen by what they win and what the attack would cost.

// summonableSoon reports whether a creature of Level lv can be paid with the seat's cost cards
// plus one more (this turn's or the next turn's cost card).
func summonableSoon(d *engine.Duel, me engine.Seat, lv int) bool {
	return lv <= len(d.Pile(me, engine.Resource))+1
}

// keepValue is what a hand card is worth kept rather than made a cost card: a Spell or Trap
// nothing (they pay first: creatures on the field win kouhu duels), a creature its stats, less
// when it cannot be summoned soon, and the only creature we could summon soon everything.
func keepValue(d *engine.Duel, me engine.Seat, id engine.CardID, summonable int) int {
	c := d.Card(id)
	if !c.Data.IsMonster() {
		return 0
	}
	v := c.ATK + c.DEF/2
	if summonableSoon(d, me, c.Level) {
		if summonable == 1 {
			return 1 << 20 // the only creature we can summon soon
		}
		v += 500
	} else {
		v -= 1500
	}
	return v
}

// kouhuIdle is the Main Phase choice of a kouhu idle prompt; ok=false leaves the choice to the
// general rules.
func (e *Easy) kouhuIdle(d *engine.Duel, p *engine.Prompt) (engine.Option, bool) {
	me := p.Seat
	opts := p.Options()
	summonable := 0
	for _, id := range d.Pile(me, engine.Hand) {
		if c := d.Card(id); c.Data.IsMonster() && summonableSoon(d, me, c.Level) {
			summonable++
		}
	}
	pick, pickValue := -1, 0
	for i, o := range opts {
		if o.Kind != engine.OptResource {
			continue
		}
		if v := keepValue(d, me, o.Card, summonable); pick < 0 || v < pickValue {
			pick, pickValue = i, v
		}
	}
	if pick >= 0 && pickValue < 1<<20 {
		return opts[pick], true
	}
	// The strongest creature summoned (Advanced Summons only when they gain ATK), then artifacts.
	best, bestATK := -1, -1
	for i, o := range opts {
		switch o.Kind {
		case engine.OptSummon, engine.OptAdvance, engine.OptSpecial:
			c := d.Card(o.Card)
			if o.Kind == engine.OptAdvance && c.ATK <= e.g.weakestOwn(d, me)*2 {
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
	for _, o := range opts {
		if o.Kind == engine.OptBattle {
			return o, true
		}
	}
	return engine.Option{}, false
}

// block answers an attack with the single blocker worth most: one that destroys the attacker and
// survives, else one that survives, else one that trades with a stronger attacker; the weakest
// creature chump-blocks an attack that would take a third of our LP or more. Otherwise the attack
// comes through.
func (e *Easy) block(d *engine.Duel, p *engine.Prompt) engine.Option {
	att := d.Card(p.Subject)
	lp := d.LP(p.Seat)
	var noBlock engine.Option
	best, bestRank, chump, chumpV := -1, 0, -1, 0
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
			rank = 4000 + b.ATK
		case survives:
			rank = 3000 - b.ATK
		case kills && att.ATK+att.DEF > b.ATK+b.DEF:
			rank = 1000 + att.ATK - b.ATK
		}
		if rank > bestRank {
			best, bestRank = i, rank
		}
		if v := b.ATK + b.DEF; chump < 0 || v < chumpV {
			chump, chumpV = i, v
		}
	}
	switch {
	case best >= 0:
		return p.Options()[best]
	case chump >= 0 && att.ATK*3 >= lp:
		return p.Options()[chump]
	}
	if noBlock.Kind == engine.OptNoBlock {
		return noBlock
	}
	return p.Options()[0]
}

// kouhuAttack attacks with the creature worth sending: one no untapped opposing creature blocks
// profitably, while the race favours us (we take the opponent's LP first at this rate) or the
// opponent's creatures, all swinging back at us past the blockers we keep, leave us most of our
// LP (an attacker stays tapped through the opponent's turn and cannot block).
func (e *Easy) kouhuAttack(d *engine.Duel, p *engine.Prompt) (engine.Option, bool) {
	me, opp := p.Seat, p.Seat.Other()
	wallDEF, wallATK, theirPower := 0, 0, 0
	for _, id := range d.Pile(opp, engine.MZone) {
		if id == engine.NoCard || !d.Visible(id, me) {
			continue
		}
		if c := d.Card(id); c.Data.IsMonster() && c.Pos.IsFaceUp() {
			theirPower += c.ATK
			if !c.Tapped {
				wallDEF, wallATK = max(wallDEF, c.DEF), max(wallATK, c.ATK)
			}
		}
	}
	ourPower := 0
	for _, o := range p.Options() {
		if o.Kind == engine.OptAttack {
			ourPower += d.Card(o.Card).ATK
		}
	}
	myLP, oppLP := d.LP(me), d.LP(opp)
	ahead := theirPower == 0 || ourPower > 0 && (oppLP+ourPower-1)/ourPower <= (myLP+theirPower-1)/theirPower
	lethal := wallATK == 0 && wallDEF == 0 && ourPower >= oppLP
	best, bestATK := -1, -1
	for i, o := range p.Options() {
		if o.Kind != engine.OptAttack {
			continue
		}
		c := d.Card(o.Card)
		safe := c.ATK > 0 && (c.ATK >= wallDEF || c.DEF > wallATK)
		cheap := theirPower*3 < myLP // swinging back they cannot hurt us much
		if (lethal || safe && (ahead || cheap)) && c.ATK > bestATK {
			best, bestATK = i, c.ATK
		}
	}
	if best < 0 {
		return engine.Option{}, false
	}
	return p.Options()[best], true
}
