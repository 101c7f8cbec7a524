package agent

import (
	"math/rand/v2"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Easy is the "Easy" level: a rule-based policy that fixes the greedy agent's mistakes with
// general rules, not per card (issue 30). It Sets a monster that would lose a battle and
// summons face-up only what stands up to the strongest monster it can see; it changes battle
// positions (flipping a Set monster that has an attack to make); it attacks only what it beats
// or trades with, weighing every opponent's monsters in a tag duel; it uses Main Phase 2 to Set
// its Spells and Traps (the Spells it has no use for yet too); it uses a Trap when it pays (a pump when its
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
// when an attack pays, then (Main Phase 2, or Main Phase 1 with no attack to make) Traps and
// Quick-Play Spells Set for the opponent's turn, then (outside kouhu) the other Spells.
func (e *Easy) idle(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	opts := p.Options()
	kouhu := d.Rules().Name == "kouhu"
	if !kouhu {
		// Removal first (it may clear the way for a face-up summon), then the summon, then the
		// other activations: an effect that discards or shuffles the hand, equips a monster or
		// pumps one finds the new monster on the field, not in the hand.
		if o, ok := e.activationOf(d, p, removal); ok {
			return o
		}
		if o, ok := e.summon(d, p); ok {
			return o
		}
	}
	if o, ok := e.activation(d, p, true); ok {
		return o
	}
	if kouhu {
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
	if d.Rules().Name != "kouhu" {
		// The Spells it has no use for now are Set too: a Set Spell can still be activated in a
		// later Main Phase, a face-down card is one the opponents must guess at (and may spend a
		// removal on), and a Set card is no longer in the hand for a discard to take.
		for _, o := range opts {
			if o.Kind == engine.OptSet && !d.Card(o.Card).Data.IsMonster() {
				return o
			}
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
// stands up to the strongest monster the opponents show, or falls short of it by little and has a
// monster to destroy now (pressOn), otherwise Set when its DEF does better; a monster less than
// nearlyThreat short of the threat whose DEF would not stop the opponents' strongest attacker
// either is not Set while a monster of ours already stands on the field: it stays in the hand.
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
		case o.Kind == engine.OptSummon && e.pressOn(d, p, c.ATK, threat):
			score = 1500 + c.ATK // weaker than the threat, but it has a monster to destroy now
		case o.Kind == engine.OptSet && c.ATK < threat && threat-c.ATK < nearlyThreat && c.DEF < e.attacker(d, me) && ownsMonster(d, me):
			continue // a Set would not save it, and it nearly stands up to the threat: kept for later
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

// nearlyThreat is how far below the threat a monster's ATK may be for Easy to keep it in hand
// rather than Set it where a Set would not save it (summon): the arena found the bound (Easy
// against greedy, ocg, 20,000 duels on each of two seed sets, docs/ai.md).
const nearlyThreat = 500

// pressOn reports whether a monster with ATK atk, weaker than the threat, is worth summoning
// face-up all the same: in Main Phase 1 of a turn with a Battle Phase, it beats a monster an
// opponent controls, the threat is less than 300 ATK above it and we have 4000 LP or more. The
// attack takes a monster and deals damage now, which the arena found worth more than a wall
// (Easy against greedy, 2,000 duels each: ocg +0.6 to +0.8 points, tag +3.6 to +3.8), at a
// summon-into-stronger rate still more than 10 times below greedy's.
func (e *Easy) pressOn(d *engine.Duel, p *engine.Prompt, atk, threat int) bool {
	me := p.Seat
	if p.Phase != engine.Main1 || d.Turn() <= 1 || threat-atk >= 300 || d.LP(me) < 4000 || !opponentsHaveMonsters(d, me) {
		return false
	}
	_, v := e.bestTarget(d, me, atk)
	return v > 0
}

// positionChange turns a monster to Defense Position when it would lose a battle in Attack
// Position (in Main Phase 1 only when it has no attack to make), and to Attack Position when it
// beats every monster the opponents show; it flips a Set monster that does, or that has an attack
// to make in this turn's Battle Phase.
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
			// Flipped when it stands up to the threat, or when it has an attack to make now: the
			// damage and the monster it destroys are worth the risk of the opponents' turn.
			if c := d.Card(o.Card); main1 && (c.ATK >= threat || e.hasTarget(d, me, c.ATK)) {
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

// ownsMonster reports whether the seat controls a monster.
func ownsMonster(d *engine.Duel, me engine.Seat) bool {
	for _, id := range d.Pile(me, engine.MZone) {
		if id != engine.NoCard {
			return true
		}
	}
	return false
}
