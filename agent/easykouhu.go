package agent

import (
	"math"

	"github.com/duelistgame/duelist/engine"
)

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

// block answers an attack with the blockers worth most, one or several (kouhu lets creatures
// block together): each answer's engagements are played out on the values the seat sees
// (engagement), and the answer scored by the attacker it destroys, the blockers it loses and
// the damage it lets through, weighed more as our LP run low. No block is an answer like the
// others.
func (e *Easy) block(d *engine.Duel, p *engine.Prompt) engine.Option {
	att := d.Card(p.Subject)
	lp := max(d.LP(p.Seat), 1)
	attValue := att.ATK + att.DEF
	pierce := false // the seat is not told which attackers pierce
	// LP lost count as the square of the share of our LP they are: little while we have many
	// (creatures win kouhu duels: a blocker kept attacks next turn), all at the lethal one.
	hurt := func(dmg int) int {
		if dmg >= lp {
			return 1 << 30
		}
		return dmg * dmg / lp
	}
	best, bestScore := 0, math.MinInt
	for i, o := range p.Options() {
		score := 0
		if o.Kind == engine.OptNoBlock {
			score = -hurt(att.ATK)
		} else {
			var buf [8]engine.CardID
			order := p.AppendBlockOrder(buf[:0], o)
			killed, lost, through := engagement(d, att.ATK, att.DEF, pierce, order)
			if killed {
				score += attValue
			}
			score -= lost + hurt(through)
			score -= len(order) // the fewer blockers, the fewer surprises
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return p.Options()[best]
}

// engagement plays out the kouhu battle of an attacker (ATK atk, DEF def) against blockers in
// order (docs/kouhu.md "Battle"): each engagement takes from each creature's DEF the other's ATK
// and from its ATK the DEF it took away, a creature at 0 DEF is destroyed, and the blockers engage
// until the attacker is destroyed or every blocker has engaged. It returns whether the attacker is destroyed,
// the value (ATK+DEF) of the blockers lost and the damage let through (a pierce attacker's ATK
// left when every blocker is destroyed).
func engagement(d *engine.Duel, atk, def int, pierce bool, blockers []engine.CardID) (killed bool, lost, through int) {
	for _, id := range blockers {
		b := d.Card(id)
		bATK, bDEF := b.ATK, b.DEF
		toB, toA := min(atk, bDEF), min(bATK, def)
		atk, def = atk-toB, def-toA
		if bDEF-toB <= 0 {
			lost += bATK + bDEF
		} else {
			pierce = false // a blocker stands: nothing comes through
		}
		if def <= 0 {
			return true, lost, 0
		}
	}
	if pierce {
		through = atk
	}
	return false, lost, through
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
