package agent

import (
	"math/rand/v2"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Easy is the "Easy" level: a rule-based policy that fixes the greedy agent's mistakes with
// general rules, not per card (issue 30). It Sets a monster that would lose a battle and
// summons face-up only what stands up to the strongest monster it can see; it changes battle
// positions; it attacks only what it beats, weighing every opponent's monsters in a tag duel;
// it uses Main Phase 2 to Set its Spells and Traps; it uses a Trap when it pays (a pump when its
// monster would lose the battle, a Trap of no known category when an attack would cost it); it
// never aims removal at its own cards while an opponent has cards; under kouhu it keeps its summonable creatures and picks resources and
// blocks by value. Like Greedy it looks only at what its seat may see and breaks ties from its
// own PRNG. It is also the playout policy of the search agents, so it allocates nothing on the
// common paths.
type Easy struct {
	g      *Greedy // the rules Easy keeps from Greedy (tributes, the kinds it has no rule for)
	rng    *rand.Rand
	looked []look // what aimsAtOpponents found lately
}

// NewEasy returns an Easy agent with a seed for its tie-breaks.
func NewEasy(seed uint64) *Easy {
	return &Easy{g: NewGreedy(seed*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019), rng: rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, seed)),
		looked: make([]look, 0, 8)}
}

// Choose answers a prompt with one of its options.
func (e *Easy) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	switch p.Kind {
	case engine.PromptIdle:
		return e.idle(d, p)
	case engine.PromptBattle:
		return e.battle(d, p)
	case engine.PromptTarget:
		return e.target(d, p)
	case engine.PromptSelect:
		if p.Purpose == engine.ForTarget || p.Purpose == engine.ForNothing {
			return e.selectTarget(d, p)
		}
		if p.Purpose == engine.ForTribute {
			return e.selectTribute(d, p)
		}
	case engine.PromptChain:
		return e.chain(d, p)
	case engine.PromptPosition:
		return e.position(d, p)
	case engine.PromptBlock:
		return e.block(d, p)
	}
	return e.g.Choose(d, p)
}

// idle is the Main Phase: activations worth making, the summon, positions, the Battle Phase
// when an attack pays, then (Main Phase 2, or Main Phase 1 with no attack to make) Spells and
// Traps Set for the opponent's turn.
func (e *Easy) idle(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	opts := p.Options()
	if o, ok := e.activation(d, p, true); ok {
		return o
	}
	if d.Rules().Name == "kouhu" {
		if o, ok := e.kouhuIdle(d, p); ok {
			return o
		}
	} else if o, ok := e.summon(d, p); ok {
		return o
	}
	if o, ok := e.positionChange(d, p); ok {
		return o
	}
	for _, o := range opts {
		if o.Kind == engine.OptBattle && e.canAttackProfitably(d, me) {
			return o
		}
	}
	for _, o := range opts {
		if o.Kind == engine.OptSet && isSettableBackrow(d.Card(o.Card).Data) {
			return o
		}
	}
	return find(opts, engine.OptEnd)
}

// isSettableBackrow reports whether a card is worth Setting for the opponent's turn: a Trap or a
// Quick-Play Spell, which can be used then.
func isSettableBackrow(c *card.Data) bool {
	return !c.IsMonster() && (c.IsTrap() || c.Kind.Has(card.QuickPlay))
}

// summon picks the monster to put on the field this turn: face-up in Attack Position when it
// stands up to the strongest monster the opponents show, otherwise Set when its DEF does better.
// A Tribute Summon is made only when the new monster is worth more than what it costs.
func (e *Easy) summon(d *engine.Duel, p *engine.Prompt) (engine.Option, bool) {
	me := p.Seat
	threat := e.threat(d, me)
	best, bestScore := -1, 0
	for i, o := range p.Options() {
		if o.Kind != engine.OptSummon && o.Kind != engine.OptSet {
			continue
		}
		c := d.Card(o.Card)
		if !c.Data.IsMonster() {
			continue
		}
		if c.Level >= 5 && max(c.ATK, c.DEF) <= e.g.weakestOwn(d, me)+300 {
			continue // a tribute that gains nothing
		}
		score := 0
		switch {
		case o.Kind == engine.OptSummon && c.ATK >= threat:
			score = 2000 + c.ATK // it beats (or trades with) everything we can see
		case o.Kind == engine.OptSet && c.ATK < threat:
			score = 1000 + c.DEF // a wall while the opponent is stronger
		default:
			continue
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return engine.Option{}, false
	}
	return p.Options()[best], true
}

// positionChange turns a monster to Defense Position when it would lose a battle in Attack
// Position (in Main Phase 1 only when it has no attack to make), and to Attack Position when it
// beats every monster the opponents show; it flips a Set monster that does.
func (e *Easy) positionChange(d *engine.Duel, p *engine.Prompt) (engine.Option, bool) {
	me := p.Seat
	threat := e.threat(d, me)
	main1 := p.Phase == engine.Main1
	for _, o := range p.Options() {
		switch o.Kind {
		case engine.OptPosition:
			c := d.Card(o.Card)
			if c.Pos == engine.FaceUpAtk && c.ATK < threat && (!main1 || !e.hasTarget(d, me, c.ATK)) {
				return o, true
			}
			if c.Pos == engine.FaceUpDef && c.ATK >= threat && main1 && e.hasTarget(d, me, c.ATK) && c.ATK >= c.DEF {
				return o, true
			}
		case engine.OptFlip:
			if c := d.Card(o.Card); c.ATK >= threat && main1 {
				return o, true
			}
		}
	}
	return engine.Option{}, false
}

// position answers a monster's position as it is placed: Attack when it stands up to every
// monster the opponents show, Defense otherwise.
func (e *Easy) position(d *engine.Duel, p *engine.Prompt) engine.Option {
	c := d.Card(p.Subject)
	if c.ATK >= e.threat(d, p.Seat) {
		return find(p.Options(), engine.OptAtk)
	}
	for _, k := range []engine.OptionKind{engine.OptSetPos, engine.OptDef} {
		for _, o := range p.Options() {
			if o.Kind == k {
				return o
			}
		}
	}
	return p.Options()[0]
}

// selectTribute picks the tributes worth least to us: first the monsters we control but do not
// own (they go back at the End Phase), then the weakest.
func (e *Easy) selectTribute(d *engine.Duel, p *engine.Prompt) engine.Option {
	best, bestCost := 0, 1<<30
	for i, o := range p.Options() {
		cost := 0
		for _, id := range p.Selected(o) {
			c := d.Card(id)
			if c.Owner.Team() != p.Seat.Team() {
				continue
			}
			cost += 1000 + c.ATK + c.Level*100
		}
		if cost < bestCost {
			best, bestCost = i, cost
		}
	}
	return p.Options()[best]
}
