package agent

import "github.com/duelistgame/duelist/engine"

// hiddenDEF is what Easy assumes of a face-down monster it cannot see.
const hiddenDEF = 1500

// opponents returns the seats still in the duel on the other team (one, or two in a tag duel).
func opponents(d *engine.Duel, me engine.Seat) (out [2]engine.Seat, n int) {
	for _, s := range d.Seats() {
		if s.Team() != me.Team() && d.InDuel(s) && n < len(out) {
			out[n] = s
			n++
		}
	}
	return out, n
}

// threat is the highest ATK among the face-up monsters of every opponent: what a monster of ours
// in Attack Position must stand up to.
func (e *Easy) threat(d *engine.Duel, me engine.Seat) int {
	opp, n := opponents(d, me)
	t := 0
	for _, s := range opp[:n] {
		for _, id := range d.Pile(s, engine.MZone) {
			if id == engine.NoCard || !d.Visible(id, me) {
				continue
			}
			if c := d.Card(id); c.Data.IsMonster() && c.Pos.IsFaceUp() {
				t = max(t, c.ATK)
			}
		}
	}
	return t
}

// attacker is the highest ATK among the opponents' face-up Attack Position monsters: what a monster
// of ours in Defense Position must stand up to.
func (e *Easy) attacker(d *engine.Duel, me engine.Seat) int {
	opp, n := opponents(d, me)
	t := 0
	for _, s := range opp[:n] {
		for _, id := range d.Pile(s, engine.MZone) {
			if id == engine.NoCard || !d.Visible(id, me) {
				continue
			}
			if c := d.Card(id); c.Data.IsMonster() && c.Pos == engine.FaceUpAtk {
				t = max(t, c.ATK)
			}
		}
	}
	return t
}

// opponentsHaveMonsters reports whether any opponent controls a monster (face-up or not).
func opponentsHaveMonsters(d *engine.Duel, me engine.Seat) bool {
	opp, n := opponents(d, me)
	for _, s := range opp[:n] {
		for _, id := range d.Pile(s, engine.MZone) {
			if id != engine.NoCard {
				return true
			}
		}
	}
	return false
}

// beats reports whether an attack with ATK atk destroys the target and loses nothing more than
// it takes (a trade with a face-up Attack Position monster of equal ATK counts, at a lower worth),
// and what destroying it is worth, judged from what me can see (a face-down monster is taken to have
// hiddenDEF).
func beats(d *engine.Duel, me engine.Seat, atk int, target engine.CardID) (bool, int) {
	if !d.Visible(target, me) {
		return atk > hiddenDEF, 800
	}
	c := d.Card(target)
	if !c.Data.IsMonster() {
		return false, 0
	}
	if c.Pos == engine.FaceUpAtk {
		if atk == c.ATK && atk > 0 {
			return true, c.ATK / 2 // a trade: both monsters destroyed, worth less than a win
		}
		return atk > c.ATK, 2*c.ATK + (atk - c.ATK) // the monster and the damage
	}
	return atk > c.DEF, c.ATK
}

// hasTarget reports whether a monster with ATK atk has an attack that pays: a monster of an
// opponent it beats, or a direct attack when no opponent has a monster.
func (e *Easy) hasTarget(d *engine.Duel, me engine.Seat, atk int) bool {
	if atk <= 0 {
		return false
	}
	if !opponentsHaveMonsters(d, me) {
		return true
	}
	_, v := e.bestTarget(d, me, atk)
	return v > 0
}

// bestTarget returns the opposing monster an attack with ATK atk beats that is worth most, and
// its worth (0: none).
func (e *Easy) bestTarget(d *engine.Duel, me engine.Seat, atk int) (engine.CardID, int) {
	opp, n := opponents(d, me)
	best, bestV := engine.NoCard, 0
	for _, s := range opp[:n] {
		for _, id := range d.Pile(s, engine.MZone) {
			if id == engine.NoCard {
				continue
			}
			if ok, v := beats(d, me, atk, id); ok && v+1 > bestV {
				best, bestV = id, v+1
			}
		}
	}
	return best, bestV
}

// canAttackProfitably reports whether a monster of ours in Attack Position has an attack that
// pays.
func (e *Easy) canAttackProfitably(d *engine.Duel, me engine.Seat) bool {
	for _, id := range d.Pile(me, engine.MZone) {
		if id == engine.NoCard {
			continue
		}
		if c := d.Card(id); c.Pos == engine.FaceUpAtk && e.hasTarget(d, me, c.ATK) {
			return true
		}
	}
	return false
}

// battle declares the attack worth most (a direct attack is worth the attacker's ATK); with none
// it goes on to Main Phase 2.
func (e *Easy) battle(d *engine.Duel, p *engine.Prompt) engine.Option {
	if o, ok := e.activation(d, p, false); ok {
		return o
	}
	if d.Rules().Name == "kouhu" {
		if o, ok := e.kouhuAttack(d, p); ok {
			return o
		}
	} else {
		if o, ok := e.planAttack(d, p); ok {
			return o
		}
	}
	for _, o := range p.Options() {
		if o.Kind == engine.OptMain2 {
			return o
		}
	}
	return find(p.Options(), engine.OptEnd)
}

// planAttack declares the attack that begins the Battle Phase worth most: each attack that pays
// now (a direct attack is worth the attacker's ATK; an attack on a monster, what bestTarget says
// of the target it would choose) is followed, on the values the seat sees, by the rest of the
// Battle Phase played the simple way (the remaining attack worth most next, and every attacker
// left attacking directly once the opponents have no monster left), and the first attack of the
// best whole is declared. So of two monsters that both destroy the only monster the weaker
// attacks it and the stronger attacks directly (TestEasyAttacksWeakestFirst), while a stronger
// monster still takes the target only it beats.
func (e *Easy) planAttack(d *engine.Duel, p *engine.Prompt) (engine.Option, bool) {
	me := p.Seat
	var atk [8]int
	var opt [8]int
	n := 0
	for i, o := range p.Options() {
		if o.Kind == engine.OptAttack && n < len(atk) {
			atk[n], opt[n] = d.Card(o.Card).ATK, i
			n++
		}
	}
	var tgt [10]engine.CardID
	m := 0
	opp, no := opponents(d, me)
	for _, s := range opp[:no] {
		for _, id := range d.Pile(s, engine.MZone) {
			if id != engine.NoCard && m < len(tgt) {
				tgt[m] = id
				m++
			}
		}
	}
	all := uint(1)<<m - 1
	best, bestV, bestATK := -1, 0, 0
	for i := range n {
		v, alive := 0, all
		if m == 0 {
			v = atk[i]
		} else if j, w := e.bestTargetOf(d, me, atk[i], tgt[:m], all); j >= 0 {
			v, alive = w, all&^(1<<j)
		}
		if v <= 0 {
			continue
		}
		v += e.restOfBattle(d, me, atk[:n], uint(1)<<i, tgt[:m], alive)
		if v > bestV || v == bestV && atk[i] > bestATK {
			best, bestV, bestATK = opt[i], v, atk[i] // on a tie the stronger attacks first
		}
	}
	if best < 0 {
		return engine.Option{}, false
	}
	return p.Options()[best], true
}

// bestTargetOf is bestTarget among the targets in the set alive: the index of the one an attack
// with ATK atk beats that is worth most, and its worth (-1, 0: none).
func (e *Easy) bestTargetOf(d *engine.Duel, me engine.Seat, atk int, tgt []engine.CardID, alive uint) (int, int) {
	best, bestV := -1, 0
	for j, id := range tgt {
		if alive&(1<<j) == 0 {
			continue
		}
		if ok, v := beats(d, me, atk, id); ok && v+1 > bestV {
			best, bestV = j, v+1
		}
	}
	return best, bestV
}

// restOfBattle is the worth of the attacks left (the attackers not in used, against the targets
// in alive) played the simple way: the attack worth most next, and once no target is left every
// attacker attacking directly.
func (e *Easy) restOfBattle(d *engine.Duel, me engine.Seat, atk []int, used uint, tgt []engine.CardID, alive uint) int {
	total := 0
	for {
		if alive == 0 {
			for i, a := range atk {
				if used&(1<<i) == 0 {
					total += a
				}
			}
			return total
		}
		bi, bj, bv := -1, -1, 0
		for i, a := range atk {
			if used&(1<<i) != 0 {
				continue
			}
			if j, v := e.bestTargetOf(d, me, a, tgt, alive); j >= 0 && v > bv {
				bi, bj, bv = i, j, v
			}
		}
		if bi < 0 {
			return total
		}
		used |= 1 << bi
		alive &^= 1 << bj
		total += bv
	}
}

// target picks the attack's target: a direct attack on the opponent with the fewest LP, else the
// monster worth most that the attack beats, else the replay's cancel; forced to choose, the
// target that costs least.
func (e *Easy) target(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	atk := d.Card(p.Subject).ATK
	best, bestV := -1, 0
	direct, directLP := -1, 0
	for i, o := range p.Options() {
		switch o.Kind {
		case engine.OptDirect:
			s := me.Other()
			if o.Direct > 0 {
				s = engine.Seat(o.Direct - 1)
			}
			if lp := d.LP(s); direct < 0 || lp < directLP {
				direct, directLP = i, lp
			}
		case engine.OptSelect:
			if ok, v := beats(d, me, atk, p.Selected(o)[0]); ok && v+1 > bestV {
				best, bestV = i, v+1
			}
		}
	}
	switch {
	case direct >= 0:
		return p.Options()[direct]
	case best >= 0:
		return p.Options()[best]
	}
	for _, o := range p.Options() {
		if o.Kind == engine.OptCancel {
			return o
		}
	}
	// No good target and no way back: the one that hurts least (a monster we do not lose to).
	least, leastCost := 0, 1<<30
	for i, o := range p.Options() {
		if o.Kind != engine.OptSelect {
			continue
		}
		cost := hiddenDEF - atk
		if id := p.Selected(o)[0]; d.Visible(id, me) {
			c := d.Card(id)
			if c.Pos == engine.FaceUpAtk {
				cost = 10000 + c.ATK - atk // we lose the monster
			} else {
				cost = c.DEF - atk
			}
		}
		if cost < leastCost {
			least, leastCost = i, cost
		}
	}
	return p.Options()[least]
}
