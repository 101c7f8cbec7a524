package mistakes

import (
	"slices"

	"github.com/duelistgame/duelist/engine"
)

// Tally counts one agent's decisions, its mistakes by class, and the chain windows it was offered
// an activation in and took one. Beyond Judge, which sees one answer, it remembers what the
// seat saw during its turn and the effect it is choosing cards for, to judge two more cases:
//   - NoPositionChange when the Battle Phase ends straight into the End Phase: a monster whose
//     position Main Phase 1 offered to change, that did not attack, still in Attack Position and
//     weaker than an opponent's face-up Attack Position monster;
//   - SelfRemoval when a targeting removal the seat has just activated hits only our own cards
//     on the field (every card its selections, which follow the activation at once, chose), an
//     opponent having a card on the field: the activation was the mistake. An effect that must
//     hit our cards too (Two-Pronged Attack) hits theirs as well; a mandatory effect (a Flip
//     effect set off meanwhile) is no choice of the seat.
//
// Call Finish when a duel ends, before the tally observes another.
type Tally struct {
	Decisions int
	Mistakes  [NClasses]int
	// ChainOffered counts the chain windows that offered at least one activation; ChainTaken
	// those answered with one.
	ChainOffered, ChainTaken int

	turn       int
	changeable []engine.CardID // the monsters Main Phase 1's last prompt offered a position change for
	attacked   []engine.CardID // the monsters that declared an attack this turn

	removal   removalChoice // the removal effect whose cards are being chosen
	activated bool          // the seat's last answer activated a removal that targets
}

// removalChoice is what a removal effect of ours chose so far.
type removalChoice struct {
	active            bool
	own, theirs       int  // our and the opponents' field cards chosen
	opponentsHadCards bool // an opponent had a card on the field when the choice began
	counted           bool // Judge already counted an avoidable self-removal
}

// Observe judges answer o to prompt p (the duel standing at p) and counts it.
func (t *Tally) Observe(d *engine.Duel, p *engine.Prompt, o engine.Option) {
	t.Decisions++
	s := Judge(d, p, o)
	for c := Class(0); c < NClasses; c++ {
		if s.Has(c) {
			t.Mistakes[c]++
		}
	}
	if p.Kind == engine.PromptChain && offered(p, engine.OptActivate, engine.NoCard) {
		t.ChainOffered++
		if o.Kind == engine.OptActivate {
			t.ChainTaken++
		}
	}
	if isRemovalSelect(p) && (t.activated || t.removal.active) {
		r := &t.removal
		if !r.active {
			*r = removalChoice{active: true, opponentsHadCards: opponentsHaveCards(d, p.Seat)}
		}
		r.own += ownHits(d, p, o)
		r.theirs += opponentHits(d, p, o)
		r.counted = r.counted || s.Has(SelfRemoval)
		t.activated = false
	} else {
		t.flushRemoval()
		t.activated = false
		if d != nil && o.Kind == engine.OptActivate && (p.Kind == engine.PromptIdle || p.Kind == engine.PromptBattle || p.Kind == engine.PromptChain) {
			eff := d.EffectOf(o)
			t.activated = eff != nil && eff.HasTargets != nil && eff.Category&removal != 0
		}
	}
	t.watchTurn(d, p, o)
}

// flushRemoval judges the removal effect whose cards were being chosen, if any.
func (t *Tally) flushRemoval() {
	if r := t.removal; r.active && !r.counted && r.opponentsHadCards && r.own > 0 && r.theirs == 0 {
		t.Mistakes[SelfRemoval]++
	}
	t.removal = removalChoice{}
}

// watchTurn remembers the position changes offered and the attacks declared this turn, and
// judges a Battle Phase ended straight into the End Phase.
func (t *Tally) watchTurn(d *engine.Duel, p *engine.Prompt, o engine.Option) {
	if p.Kind != engine.PromptIdle && p.Kind != engine.PromptBattle {
		return
	}
	if d.Rules().Name == "kouhu" {
		return
	}
	if d.Turn() != t.turn {
		t.turn, t.changeable, t.attacked = d.Turn(), t.changeable[:0], t.attacked[:0]
	}
	me := p.Seat
	switch {
	case p.Kind == engine.PromptIdle && p.Phase == engine.Main1:
		t.changeable = t.changeable[:0]
		for _, x := range p.Options() {
			if x.Kind == engine.OptPosition && d.Card(x.Card).Pos == engine.FaceUpAtk {
				t.changeable = append(t.changeable, x.Card)
			}
		}
	case p.Kind == engine.PromptBattle && o.Kind == engine.OptAttack:
		t.attacked = append(t.attacked, o.Card)
	case p.Kind == engine.PromptBattle && o.Kind == engine.OptEnd && offered(p, engine.OptMain2, engine.NoCard):
		attacker := strongestFaceUp(d, me, true)
		for _, id := range t.changeable {
			c := d.Card(id)
			if c.Place.Loc == engine.MZone && c.Controller == me && c.Pos == engine.FaceUpAtk &&
				c.ATK < attacker && !slices.Contains(t.attacked, id) {
				t.Mistakes[NoPositionChange]++
				break
			}
		}
	}
}

// Finish ends a duel: it judges what was pending and forgets the duel's turn.
func (t *Tally) Finish() {
	t.flushRemoval()
	t.activated = false
	t.turn, t.changeable, t.attacked = 0, t.changeable[:0], t.attacked[:0]
}
