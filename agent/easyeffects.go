package agent

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// removal is what an effect does to the cards it hits that its user wants done to the opponents'
// cards only.
const removal = engine.CatDestroy | engine.CatRemove | engine.CatToHand | engine.CatControl |
	engine.CatToGrave | engine.CatPosition | engine.CatDisableAttack

// activation picks an activation worth making now, judged by what the effect does (its
// categories) and what the seat can see of the field.
func (e *Easy) activation(d *engine.Duel, p *engine.Prompt, idle bool) (engine.Option, bool) {
	for _, o := range p.Options() {
		if o.Kind != engine.OptActivate {
			continue
		}
		if eff := d.EffectOf(o); eff != nil && e.worth(d, p.Seat, o, eff, idle) {
			return o, true
		}
	}
	return engine.Option{}, false
}

// activationOf is activation (in a Main Phase) among the effects with one of the categories cats.
func (e *Easy) activationOf(d *engine.Duel, p *engine.Prompt, cats engine.Category) (engine.Option, bool) {
	for _, o := range p.Options() {
		if o.Kind != engine.OptActivate {
			continue
		}
		if eff := d.EffectOf(o); eff != nil && eff.Category&cats != 0 && e.worth(d, p.Seat, o, eff, true) {
			return o, true
		}
	}
	return engine.Option{}, false
}

// fieldValue is what a team shows on the field as seen by me: its monsters' ATK (a face-down
// monster counts 1000) and 500 for each card in its Spell & Trap Zones.
func fieldValue(d *engine.Duel, me engine.Seat, ours bool) (monsters, backrow int) {
	for _, s := range d.Seats() {
		if (s.Team() == me.Team()) != ours || !d.InDuel(s) {
			continue
		}
		for _, id := range d.Pile(s, engine.MZone) {
			if id == engine.NoCard {
				continue
			}
			if d.Visible(id, me) && d.Card(id).Pos.IsFaceUp() {
				monsters += max(d.Card(id).ATK, 100)
			} else {
				monsters += 1000
			}
		}
		for _, id := range d.Pile(s, engine.SZone) {
			if id != engine.NoCard {
				backrow += 500
			}
		}
	}
	return monsters, backrow
}

// worth is Easy's judgement of one activation.
func (e *Easy) worth(d *engine.Duel, me engine.Seat, o engine.Option, eff *engine.Effect, idle bool) bool {
	top, topSeat := d.ChainTop()
	cat := eff.Category
	att, _ := d.Attack()
	theirAttack := att != engine.NoCard && d.Card(att).Controller.Team() != me.Team()
	switch {
	case cat&engine.CatNegate != 0:
		// Negate only what an opponent does.
		if s := d.Summoning(); s != engine.NoCard {
			c := d.Card(s)
			return c.Controller.Team() != me.Team() && d.Visible(s, me) && c.ATK >= 1800
		}
		return top != engine.NoCard && topSeat.Team() != me.Team()
	case top != engine.NoCard && topSeat.Team() == me.Team():
		return false // do not chain to our own effects
	case eff.On != 0:
		return true // an answer to what just happened (Mirror Force, Trap Hole, Kuriboh ...)
	case cat&(engine.CatDraw|engine.CatSearch|engine.CatRecover|engine.CatSpecialSummon|engine.CatToken) != 0:
		return idle || cat&engine.CatToken != 0 && theirAttack
	case cat&engine.CatEquip != 0:
		mine, _ := fieldValue(d, me, true)
		return idle && mine > 0
	case cat&engine.CatStatChange != 0:
		// Pump during a battle our monster is in and does not win yet.
		return d.Timing().InDamageStep() && losingBattle(d, me)
	case cat == 0 && theirAttack && d.Card(o.Card).Data.IsTrap():
		// A Trap whose effect we cannot tell: used when an attack would cost us.
		return attackHurts(d, me)
	case cat&engine.CatDisableAttack != 0 && cat&engine.CatDestroy == 0:
		return theirAttack
	case cat&removal != 0 && eff.HasTargets != nil:
		if !e.removalPays(d, me, eff, idle || theirAttack || d.TurnPlayer().Team() != me.Team()) {
			return false
		}
		aims, ok := e.aimsAtOpponents(d, me, o)
		return aims || !ok // not when its only targets are ours
	case cat&removal != 0:
		return e.removalPays(d, me, eff, idle || theirAttack || d.TurnPlayer().Team() != me.Team())
	case cat&engine.CatDamage != 0:
		return true
	case eff.Kind == engine.Activate && (d.Card(o.Card).Data.Kind.Has(card.Field) || d.Card(o.Card).Data.Kind.Has(card.Continuous)):
		return idle // a Field Spell or a Continuous card, to work from now on
	}
	return false
}

// removalPays judges a removal effect: one that targets needs an opponent's card on the field to
// aim at; one that hits many cards at once must take more from the opponents than from us.
func (e *Easy) removalPays(d *engine.Duel, me engine.Seat, eff *engine.Effect, now bool) bool {
	if !now {
		return false
	}
	theirs, theirBack := fieldValue(d, me, false)
	if eff.HasTargets != nil {
		return theirs+theirBack > 0
	}
	ours, ourBack := fieldValue(d, me, true)
	switch {
	case theirs > 0:
		return theirs+theirBack > ours+ourBack
	case ours > 0:
		return false // it may well hit only our monsters
	}
	return theirBack > ourBack
}

// chain answers a chain window.
func (e *Easy) chain(d *engine.Duel, p *engine.Prompt) engine.Option {
	if o, ok := e.activation(d, p, false); ok {
		return o
	}
	return find(p.Options(), engine.OptPass)
}

// selectTarget chooses cards for an effect: for a removal the opponents' strongest cards and
// never our team's field cards while an opponent's may be chosen; for any other effect our
// strongest.
func (e *Easy) selectTarget(d *engine.Duel, p *engine.Prompt) engine.Option {
	me := p.Seat
	harmful := p.Category&removal != 0
	best, bestScore := 0, -1<<30
	for i, o := range p.Options() {
		score := 0
		for _, id := range p.Selected(o) {
			c := d.Card(id)
			v := 500
			if d.Visible(id, me) {
				v = c.ATK + 100
			}
			onField := c.Place.Loc == engine.MZone || c.Place.Loc == engine.SZone || c.Place.Loc == engine.FZone
			mine := !onField || c.Controller.Team() == me.Team() // cards chosen from piles are taken for us
			switch {
			case harmful && mine && onField:
				score -= 100000 + v
			case harmful == mine:
				score -= v
			default:
				score += v
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return p.Options()[best]
}

// losingBattle reports whether a battle our monster is in goes against it (lost or tied), as far
// as the seat can see.
func losingBattle(d *engine.Duel, me engine.Seat) bool {
	att, tgt := d.Attack()
	if att == engine.NoCard || tgt == engine.NoCard || !d.Visible(att, me) || !d.Visible(tgt, me) {
		return att != engine.NoCard && tgt != engine.NoCard // a battle we cannot read: help it
	}
	a, t := d.Card(att), d.Card(tgt)
	mineAttacks := a.Controller.Team() == me.Team()
	if !mineAttacks && (t.Controller.Team() != me.Team() || !t.Pos.IsFaceUp()) {
		return false // not our battle, or our monster is face-down: nothing of ours to pump
	}
	guard := t.ATK
	if t.Pos != engine.FaceUpAtk {
		guard = t.DEF
	}
	if mineAttacks {
		return a.ATK <= guard
	}
	if t.Pos == engine.FaceUpAtk {
		return a.ATK >= t.ATK
	}
	return a.ATK > t.DEF
}

// attackHurts reports whether the opponent's attack under way would destroy a monster of ours or
// deal us 1000 damage or more, as far as the seat can see.
func attackHurts(d *engine.Duel, me engine.Seat) bool {
	att, tgt := d.Attack()
	if att == engine.NoCard {
		return false
	}
	a := d.Card(att)
	if tgt == engine.NoCard {
		return a.ATK >= 1000
	}
	if !d.Visible(tgt, me) {
		return true
	}
	t := d.Card(tgt)
	if t.Pos == engine.FaceUpAtk {
		return a.ATK >= t.ATK
	}
	return a.ATK > t.DEF
}

// aimsAtOpponents looks at the targets a removal would be offered: on a copy of the duel (at an
// open state, or at any prompt of a duel that keeps its open states) it makes the activation and reports whether the first target selection offers an
// opponent's card on the field. It reads only that prompt's candidates by place and controller,
// which the seat is shown when it activates (a hidden candidate by its place only), so nothing
// hidden (TestEasyReadsNoHiddenCards); a Determinize would do the same at eight times the cost.
// ok=false when it cannot tell (no copy, or no target selection comes first). What it found at an
// open state is kept for the turn: the opponents' field rarely changes in our own Main Phase.
func (e *Easy) aimsAtOpponents(d *engine.Duel, me engine.Seat, o engine.Option) (aims, ok bool) {
	open := d.Open()
	for _, l := range e.looked {
		if open && l.turn == d.Turn() && l.card == o.Card && l.effect == o.Effect {
			return l.aims, l.ok
		}
	}
	defer func() {
		if !open {
			return
		}
		if len(e.looked) == cap(e.looked) {
			e.looked = e.looked[:0]
		}
		e.looked = append(e.looked, look{turn: d.Turn(), card: o.Card, effect: o.Effect, aims: aims, ok: ok})
	}()
	w, err := d.Clone()
	if err != nil {
		return false, false
	}
	defer w.Close()
	if w.Answer(o) != nil {
		return false, false
	}
	p := w.Prompt()
	if p == nil || p.Seat != me || p.Kind != engine.PromptSelect || p.Purpose != engine.ForTarget {
		return false, false
	}
	for _, id := range p.Candidates {
		c := w.Card(id)
		if l := c.Place.Loc; (l == engine.MZone || l == engine.SZone || l == engine.FZone) && c.Controller.Team() != me.Team() {
			return true, true
		}
	}
	return false, true
}

// look is what aimsAtOpponents found for an activation in a turn.
type look struct {
	turn     int
	card     engine.CardID
	effect   uint8
	aims, ok bool
}
