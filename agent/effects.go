package agent

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// usefulActivation picks an activation worth making now, judged by what the effect does
// (its categories) and what the seat can see of the field.
func (g *Greedy) usefulActivation(d *engine.Duel, p *engine.Prompt, idle bool) (engine.Option, bool) {
	me := p.Seat
	for _, o := range p.Options() {
		if o.Kind != engine.OptActivate {
			continue
		}
		e := d.EffectOf(o)
		if e == nil {
			continue
		}
		if g.worth(d, me, o, e, idle) {
			return o, true
		}
	}
	return engine.Option{}, false
}

// worth is the greedy agent's judgement of one activation.
func (g *Greedy) worth(d *engine.Duel, me engine.Seat, o engine.Option, e *engine.Effect, idle bool) bool {
	top, topSeat := d.ChainTop()
	cat := e.Category
	switch {
	case cat&engine.CatNegate != 0:
		// Negate only what the opponent does.
		if s := d.Summoning(); s != engine.NoCard {
			return d.Card(s).Controller != me && d.Card(s).ATK >= 1800
		}
		return top != engine.NoCard && topSeat != me
	case top != engine.NoCard && topSeat == me:
		return false // do not chain to our own effects
	case e.On != 0:
		return true // an answer to what just happened (Mirror Force, Trap Hole, Kuriboh ...)
	case cat&(engine.CatDraw|engine.CatSearch|engine.CatRecover|engine.CatSpecialSummon|engine.CatToken) != 0:
		return idle || cat&engine.CatToken != 0 && d.Timing() == engine.BattleStep
	case cat&engine.CatEquip != 0:
		return idle && monsterSum(d, me) > 0
	case cat&engine.CatStatChange != 0:
		// Pump during a battle our monster is in.
		att, tgt := d.Attack()
		return d.Timing().InDamageStep() && (att != engine.NoCard && d.Card(att).Controller == me ||
			tgt != engine.NoCard && d.Card(tgt).Controller == me)
	case cat&engine.CatDestroy != 0:
		return monsterSum(d, me.Other()) > monsterSum(d, me) || spellCount(d, me.Other()) > 0 && idle
	case cat&engine.CatDamage != 0:
		return true
	case e.Kind == engine.Activate && d.Card(o.Card).Data.Kind.Has(card.Field|card.Continuous):
		return idle
	}
	return false
}

// chain answers a chain window.
func (g *Greedy) chain(d *engine.Duel, p *engine.Prompt) engine.Option {
	if o, ok := g.usefulActivation(d, p, false); ok {
		return o
	}
	return find(p.Options(), engine.OptPass)
}

// monsterSum is the total ATK a seat shows on the field (face-down monsters count 1000).
func monsterSum(d *engine.Duel, s engine.Seat) int {
	sum := 0
	for _, id := range d.Pile(s, engine.MZone) {
		if id == engine.NoCard {
			continue
		}
		if d.Visible(id, s.Other()) {
			sum += d.Card(id).ATK
		} else {
			sum += 1000
		}
	}
	return sum
}

// spellCount is how many cards a seat has in its Spell & Trap Zones.
func spellCount(d *engine.Duel, s engine.Seat) int {
	n := 0
	for _, id := range d.Pile(s, engine.SZone) {
		if id != engine.NoCard {
			n++
		}
	}
	return n
}

// selectTarget chooses for an effect: the opponent's strongest cards for harmful effects, our own
// strongest otherwise.
func (g *Greedy) selectTarget(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	harmful := p.Category&(engine.CatDestroy|engine.CatToHand|engine.CatRemove|engine.CatControl|engine.CatDisableAttack) != 0
	best, bestScore := 0, -1<<30
	for i, o := range p.Options() {
		score := 0
		for _, id := range p.Selected(o) {
			c := d.Card(id)
			v := 500
			if d.Visible(id, me) {
				v = c.ATK + 100
			}
			mine := c.Controller == me
			if c.Place.Loc == engine.GY || c.Place.Loc == engine.Deck || c.Place.Loc == engine.Hand {
				mine = true // cards chosen from piles are taken for us
			}
			if harmful == mine {
				score -= v
			} else {
				score += v
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return p.Options()[best]
}
