package agent

import (
	"math/rand/v2"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Greedy is a simple fair agent: it summons its strongest monster (tributing its weakest), attacks
// when the battle is won by what it can see, and otherwise plays safe. It looks only at what its
// seat may see; where it has no rule it answers at random from its own PRNG.
type Greedy struct {
	rng *rand.Rand
}

// NewGreedy returns a greedy agent with a seed for its tie-breaks.
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{rng: rand.New(rand.NewPCG(seed, seed^0xda3e39cb94b95bdb))}
}

// Choose answers a prompt.
func (g *Greedy) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	opts := p.Options()
	switch p.Kind {
	case engine.PromptIdle:
		return g.idle(d, p)
	case engine.PromptBattle:
		return g.battle(d, p)
	case engine.PromptTarget:
		return g.target(d, p)
	case engine.PromptSelect:
		if p.Purpose == engine.ForTarget || p.Purpose == engine.ForNothing {
			return g.selectTarget(d, p)
		}
		return g.selectWeakest(d, p)
	case engine.PromptFirst:
		return find(opts, engine.OptFirst)
	case engine.PromptChain:
		return g.chain(d, p)
	case engine.PromptPosition:
		if c := d.Card(p.Subject); c.DEF > c.ATK {
			return find(opts, engine.OptDef)
		}
		return find(opts, engine.OptAtk)
	case engine.PromptYesNo:
		return find(opts, engine.OptYes)
	case engine.PromptBlock:
		return g.block(d, p)
	}
	return opts[g.rng.IntN(len(opts))]
}

// find returns the first option of a kind, or the first option.
func find(opts []engine.Option, k engine.OptionKind) engine.Option {
	for _, o := range opts {
		if o.Kind == k {
			return o
		}
	}
	return opts[0]
}

// strength is what a seat knows of a monster's battle value: its ATK when face-up or its own,
// otherwise a guess.
func strength(d *engine.Duel, id engine.CardID, viewer engine.Seat) (atk, def int, known bool) {
	if !d.Visible(id, viewer) {
		return 0, 1500, false
	}
	c := d.Card(id)
	return c.ATK, c.DEF, true
}

func (g *Greedy) idle(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	if o, ok := g.usefulActivation(d, p, true); ok {
		return o
	}
	if o, ok := g.kouhuIdle(d, p); ok {
		return o
	}
	best, bestATK := -1, -1
	for i, o := range p.Options() {
		if o.Kind == engine.OptSummon {
			if a := d.Card(o.Card).ATK; a > bestATK {
				best, bestATK = i, a
			}
		}
	}
	// Only tribute when the new monster is stronger than what it costs.
	if best >= 0 {
		c := d.Card(p.Options()[best].Card)
		if c.Level < 5 || bestATK > g.weakestOwn(d, me) {
			return p.Options()[best]
		}
	}
	// Flip face-down monsters that would be better attacking; turn strong defenders to attack.
	for _, o := range p.Options() {
		if o.Kind == engine.OptFlip {
			return o
		}
		if o.Kind == engine.OptPosition {
			c := d.Card(o.Card)
			if c.Pos == engine.FaceUpDef && c.ATK >= c.DEF {
				return o
			}
		}
	}
	for _, o := range p.Options() {
		if o.Kind == engine.OptBattle && g.hasAttacker(d, me) {
			return o
		}
	}
	// Before ending the turn, Set Traps (and Quick-Play Spells) for the opponent's turn, and a
	// monster to defend if none was summoned.
	for _, o := range p.Options() {
		if o.Kind == engine.OptSet {
			if c := d.Card(o.Card); !c.Data.IsMonster() && (c.Data.IsTrap() || c.Data.Kind.Has(card.QuickPlay)) {
				return o
			}
		}
	}
	for _, o := range p.Options() {
		if o.Kind == engine.OptSet && d.Card(o.Card).Data.IsMonster() && d.Card(o.Card).Level <= 4 {
			return o
		}
	}
	return find(p.Options(), engine.OptEnd)
}

// weakestOwn returns the lowest ATK among the seat's monsters (0 if none).
func (g *Greedy) weakestOwn(d *engine.Duel, me engine.Seat) int {
	low := -1
	for _, id := range d.Pile(me, engine.MZone) {
		if id != engine.NoCard {
			if a := d.Card(id).ATK; low < 0 || a < low {
				low = a
			}
		}
	}
	if low < 0 {
		return 0
	}
	return low
}

func (g *Greedy) hasAttacker(d *engine.Duel, me engine.Seat) bool {
	for _, id := range d.Pile(me, engine.MZone) {
		if id != engine.NoCard && d.Card(id).Pos == engine.FaceUpAtk {
			return true
		}
	}
	return false
}

// battle attacks with the strongest monster that wins a battle (or attacks directly).
func (g *Greedy) battle(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	if d.Rules().Name == "kouhu" {
		if o, ok := g.kouhuAttack(d, p); ok {
			return o
		}
		return find(p.Options(), engine.OptEnd)
	}
	for _, o := range p.Options() {
		if o.Kind != engine.OptAttack {
			continue
		}
		a := d.Card(o.Card).ATK
		opp := d.Pile(me.Other(), engine.MZone)
		empty := true
		for _, id := range opp {
			if id == engine.NoCard {
				continue
			}
			empty = false
			if g.wins(d, a, id, me) {
				return o
			}
		}
		if empty && a > 0 {
			return o
		}
	}
	return find(p.Options(), engine.OptEnd)
}

// wins reports whether an attack with ATK a beats the target without losing the attacker.
func (g *Greedy) wins(d *engine.Duel, a int, target engine.CardID, me engine.Seat) bool {
	atk, def, _ := strength(d, target, me)
	if d.Card(target).Pos == engine.FaceUpAtk {
		return a > atk
	}
	return a > def
}

// target picks the strongest monster the attack destroys, else attacks directly or stops.
func (g *Greedy) target(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	a := d.Card(p.Subject).ATK
	best, bestVal := -1, -1
	for i, o := range p.Options() {
		switch o.Kind {
		case engine.OptDirect:
			return o
		case engine.OptSelect:
			id := p.Selected(o)[0]
			if g.wins(d, a, id, me) {
				v, _, _ := strength(d, id, me)
				if v > bestVal {
					best, bestVal = i, v
				}
			}
		}
	}
	if best >= 0 {
		return p.Options()[best]
	}
	for _, o := range p.Options() {
		if o.Kind == engine.OptCancel {
			return o
		}
	}
	return p.Options()[0]
}

// selectWeakest picks the selection whose cards have the lowest total ATK (tributes, discards).
func (g *Greedy) selectWeakest(d *engine.Duel, p *engine.Prompt) engine.Option {
	best, bestSum := 0, -1
	for i, o := range p.Options() {
		sum := 0
		for _, id := range p.Selected(o) {
			c := d.Card(id)
			sum += c.ATK + c.Level*100
		}
		if bestSum < 0 || sum < bestSum {
			best, bestSum = i, sum
		}
	}
	return p.Options()[best]
}
