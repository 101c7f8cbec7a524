package engine

import "github.com/duelistgame/duelist/card"

const (
	fieldKind      = card.Field
	continuousKind = card.Continuous
	equipKind      = card.Equip
)

// ctx returns a Ctx for card code from the game's small stack of contexts (no allocation).
func (g *game) ctx(id CardID, e *Effect, s Seat, ev *Event, l *chainLink) *Ctx {
	if g.ctxs == nil {
		g.ctxs = new([16]Ctx)
	}
	if g.ctxDepth >= len(g.ctxs) {
		panic("engine: card effects nested too deep")
	}
	c := &g.ctxs[g.ctxDepth]
	g.ctxDepth++
	// Field by field: the copy of the event (evv) is left as it was, for ctxEv to overwrite
	// when it is used (writing the whole struct costs more than the check it serves).
	c.g, c.eff, c.card, c.player, c.ev, c.link, c.capture, c.group = g, e, id, s, ev, l, nil, nil
	return c
}

// ctxEv is ctx with the event kept in the Ctx itself (no allocation).
func (g *game) ctxEv(id CardID, e *Effect, s Seat, ev *Event, has bool) *Ctx {
	c := g.ctx(id, e, s, nil, nil)
	if has {
		c.evv = *ev
		c.ev = &c.evv
	}
	return c
}

// release returns the last Ctx taken by ctx; after the outermost, the card lists of lists.go are
// dead and their arena is used again.
func (g *game) release() {
	g.ctxDepth--
	if g.ctxDepth == 0 {
		g.freeLists()
	}
}

// addActivations lists, as `activate` options, what seat s may activate now. In an idle prompt
// (the turn player's Main Phase with an empty chain) Spell Speed 1 is allowed; in a chain window a
// response needs Spell Speed 2 or more, and at least the speed of the link it answers.
func (g *game) addActivations(p *Prompt, s Seat, idle bool) {
	if len(g.actCards) == 0 {
		return
	}
	need := g.minSpeed(idle)
	if !g.anyCands(s, need) {
		return
	}
	// In the notation's order: hand, Monster Zones, Spell & Trap Zones, Field Zone, Graveyard;
	// only the places that hold candidates (actCands).
	pl := g.pl(s)
	if g.hasCands(s, need, Hand) {
		trapsOK := 0 // whether the seat may activate Traps from the hand: 0 not asked yet, 1 no, 2 yes
		for _, id := range pl.hand {
			if !g.actCandidate(id, need) {
				continue
			}
			// A Trap in the hand that only activates itself needs PFTrapsFromHand, under every
			// ruleset (the flag's meaning), asked once for the whole hand.
			if c := &g.cards[id]; c.script.cardActsOnly && c.data.IsTrap() {
				if trapsOK == 0 {
					trapsOK = 1
					if g.playerHas(s, PFTrapsFromHand) {
						trapsOK = 2
					}
				}
				if trapsOK == 1 {
					continue
				}
			}
			g.addCardActivations(p, id, s, idle)
		}
	}
	if g.hasCands(s, need, MZone) {
		for _, id := range pl.mzone {
			if g.actCandidate(id, need) {
				g.addCardActivations(p, id, s, idle)
			}
		}
	}
	if g.hasCands(s, need, SZone) {
		for _, id := range pl.szone {
			if g.actCandidate(id, need) {
				g.addCardActivations(p, id, s, idle)
			}
		}
	}
	if g.actCandidate(pl.fzone, need) {
		g.addCardActivations(p, pl.fzone, s, idle)
	}
	if g.gyActs[s] > 0 && g.hasCands(s, need, GY) {
		for _, id := range pl.gy {
			if g.actCandidate(id, need) {
				g.addCardActivations(p, id, s, idle)
			}
		}
	}
}

// actCandidate reports whether a card has an effect of Spell Speed need or more (minSpeed) that
// works where it is: the cheap test, inlined in the scan, before each effect's own.
func (g *game) actCandidate(id CardID, need int) bool {
	if id == NoCard {
		return false
	}
	c := &g.cards[id]
	return c.actLocs[need].Has(c.place.Loc)
}

// minSpeed is the kind of window now (Procedures.ActivationWindow), the index of
// cardState.actLocs that addActivations filters by.
func (g *game) minSpeed(idle bool) int { return int(g.procs().ActivationWindow(g.kernel(), idle)) }

// ActivationWindow is the least Spell Speed the Master Rule can allow now, its ActWindow: 1 in an
// idle prompt, 2 in a chain window, at least the speed of the last link, 3 while a summon may be
// negated; 0 in a Damage Step window that allows Speed 2 (the effects damageStepAllows may
// allow).
func (*masterRule) ActivationWindow(k *Kernel, idle bool) ActWindow {
	g := k.g()
	need := ActWindow(1)
	if n := len(g.chain); n > 0 {
		need = ActWindow(max(2, min(g.chain[n-1].speed, 3)))
	} else if !idle {
		need = 2
	}
	if g.summoning != NoCard {
		need = 3
	}
	if need == 2 && g.timing.InDamageStep() {
		need = 0 // Speed 2 or more, and allowed in the Damage Step
	}
	return need
}

// addCardActivations adds the activatable effects of one card (one that passed actCandidate),
// asking of each effect activationGate, the ruleset's CanActivate and effectReady.
func (g *game) addCardActivations(p *Prompt, id CardID, s Seat, idle bool) {
	sc := g.c(id).script
	if sc.evGate != 0 && sc.evGate&g.freshKinds == 0 {
		return // every effect answers an event, and the last action made none it answers
	}
	if sc.cardActsOnly && g.cardActsBlocked(id, s, idle) {
		return
	}
	procs, k := g.procs(), g.kernel()
	n := sc.activatable
	for _, e := range sc.Effects {
		if e.Kind != Activate && e.Kind != Ignition && e.Kind != Quick {
			continue
		}
		if !g.activationGate(e, s) || !procs.CanActivate(k, id, e, s, idle) || !g.effectReady(id, e, s) {
			continue
		}
		o := Option{Kind: OptActivate, Card: id}
		if n > 1 {
			o.Effect = uint8(e.index)
		}
		dup := false
		for _, x := range p.opts {
			if x.Kind == OptActivate && x.Effect == o.Effect && g.sameRef(x.Card, id) {
				dup = true
				break
			}
		}
		if !dup {
			p.opts = append(p.opts, o)
		}
	}
}

// activationGate is the first refusals of an activation, by the effect alone, before the
// ruleset's rules (Procedures.CanActivate) and what every ruleset asks of the effect
// (effectReady): the phases it names, and an effect that answers an event when none of its kinds
// just happened (effectReady would refuse it after the ruleset's checks: the Set Traps that wait
// for an attack or a summon, looked at in every window).
func (g *game) activationGate(e *Effect, s Seat) bool {
	if e.On != 0 && e.On&g.freshKinds == 0 {
		return false
	}
	return g.phaseAllows(e, s)
}

// CanActivate is the Master Rule's rules of activation: where the effect works, who may use it,
// its Spell Speed against the window (a chain, a summon that may be negated, the Damage Step), the
// rules of activating a Spell or Trap card (CardActivatable), and of Ignition and Quick Effects.
func (m *masterRule) CanActivate(k *Kernel, id CardID, e *Effect, s Seat, idle bool) bool {
	g := k.g()
	// The cheap refusals first, each one a few loads: an Effect.NoChain effect where none may
	// be used, the activation of a card that is already face-up on the field
	// (CardActivatable's first test, for the cards with other effects beside it:
	// addCardActivations skips the others).
	if e.NoChain && !g.noChainAllowed(idle) {
		return false
	}
	c := g.c(id)
	d := c.data
	loc := c.place.Loc
	if e.Kind == Activate && loc.OnField() && c.pos.IsFaceUp() {
		return false // already active
	}
	if !defaultRange(e, d).Has(loc) {
		return false
	}
	// Off the field, the player whose pile holds the card: its owner, or the player holding it in
	// their hand (a Spell Graverobber took from the opponent's Graveyard).
	if loc.OnField() && c.ctrl != s || !loc.OnField() && c.place.Seat != s {
		return false
	}
	speed := speedOf(e, d)
	if !g.speedAllowed(speed, idle) {
		return false
	}
	if g.summoning != NoCard && speed < 3 {
		return false
	}
	if g.timing.InDamageStep() && !g.damageStepAllows(e, speed) {
		return false
	}
	switch e.Kind {
	case Activate:
		if !m.CardActivatable(k, id, s, idle) {
			return false
		}
	case Ignition:
		if !idle || !c.pos.IsFaceUp() && loc.OnField() {
			return false
		}
	case Quick:
		if loc.OnField() && !c.pos.IsFaceUp() {
			return false
		}
	}
	return true
}

// noChainAllowed: an Effect.NoChain effect is offered only while no chain is open and no summon
// may be negated, outside the Damage Step, at an idle prompt or where game.freeActs says.
func (g *game) noChainAllowed(idle bool) bool {
	return len(g.chain) == 0 && g.summoning == NoCard && !g.timing.InDamageStep() && (idle || g.freeActs)
}

// effectReady checks what every ruleset asks of an activation: the card is not negated, a Trap
// Card's player is not under PFNoTrapActivation, its limits, the event it answers, its condition, cost and targets (activationGate has checked the
// phases the effect names, YourPhases and OppPhases).
func (g *game) effectReady(id CardID, e *Effect, s Seat) bool {
	if g.forbidden(id) {
		return false
	}
	if e.Kind != Activate && g.c(id).place.Loc.OnField() && g.negated(id) {
		return false
	}
	if g.c(id).data.IsTrap() && g.playerHas(s, PFNoTrapActivation) {
		return false
	}
	if !g.c(id).data.IsMonster() && g.playerHas(s, PFNoSpellTrapPlay) {
		return false
	}
	if !g.limitsAllow(id, e, s) || !g.fromHandPayable(id, s) {
		return false
	}
	ev, hasEv := g.eventFor(id, e, s)
	if e.On != 0 && !hasEv {
		return false
	}
	if e.Condition == nil && e.CanPay == nil && e.HasTargets == nil {
		return true // nothing of the card's own to ask (Waboku): no context to make
	}
	ctx := g.ctxEv(id, e, s, ev, hasEv)
	// Condition is only set on effects with no event (Script.Prepare refuses it elsewhere).
	ok := (e.Condition == nil || e.Condition(ctx)) &&
		(e.CanPay == nil || e.CanPay(ctx)) && (e.HasTargets == nil || e.HasTargets(ctx))
	g.release()
	return ok
}

// phaseAllows checks an effect's YourPhases and OppPhases (none set: any phase) for seat s.
func (g *game) phaseAllows(e *Effect, s Seat) bool {
	if e.YourPhases|e.OppPhases == 0 {
		return true
	}
	if g.turnPlayer == s {
		return e.YourPhases.Has(g.phase)
	}
	return e.OppPhases.Has(g.phase)
}

// speedAllowed: an idle prompt allows any speed; a chain window needs Spell Speed 2 or more, at
// least the speed of the last link.
func (g *game) speedAllowed(speed int, idle bool) bool {
	if n := len(g.chain); n > 0 {
		return speed >= 2 && speed >= g.chain[n-1].speed
	}
	return idle || speed >= 2
}

// damageStepAllows: in the Damage Step only Counter Traps, effects that directly change ATK/DEF
// (until damage calculation), effects that say they work in the Damage Step, and, during damage
// calculation, only effects that say so (RULES.md ocg "Battle"). The candidate pre-filter reads
// the same rule through damageStepCandidate (TestDamageStepRuleInOnePlace).
func (g *game) damageStepAllows(e *Effect, speed int) bool {
	if !damageStepCandidate(e, speed) {
		return false
	}
	if g.timing == DuringCalc {
		return e.DamageCalc
	}
	if speed == 3 || e.DamageStep {
		return true
	}
	return e.Category&CatStatChange != 0 && (g.timing == DamageStart || g.timing == BeforeCalc)
}

// damageStepCandidate reports whether an effect of this Spell Speed may be activated at some
// timing of the Damage Step at all: Speed 2 or more, and a Counter Trap, an effect that says so or
// one that directly changes ATK/DEF. damageStepAllows and the candidate pre-filter both read it.
func damageStepCandidate(e *Effect, speed int) bool {
	return speed >= 2 && (speed >= 3 || e.DamageStep || e.DamageCalc || e.Category&CatStatChange != 0)
}

// CardActivatable is the Master Rule's rules of activating a Spell or Trap card (RULES.md ocg):
// Spells in their controller's turn (Speed 1 ones from an idle prompt only); a Set Quick-Play
// Spell or a Set Trap not on the turn it was Set; Traps from the hand only where a card allows
// it; a free zone for a card coming from the hand.
func (*masterRule) CardActivatable(k *Kernel, id CardID, s Seat, idle bool) bool {
	g := k.g()
	c := g.c(id)
	d := c.data
	if c.script.CannotActivate {
		return false
	}
	loc := c.place.Loc
	if loc.OnField() && c.pos.IsFaceUp() {
		return false // already active
	}
	if loc == Hand && !d.IsSpell() && !g.playerHas(s, PFTrapsFromHand) {
		return false // a Trap: asked before the free zone, as most hands hold one and few cards allow it
	}
	if loc == Hand && !d.Kind.Has(fieldKind) && g.freeZone(s, SZone) < 0 {
		return false
	}
	if d.IsSpell() {
		quick := d.Kind.Has(card.QuickPlay)
		if loc == Hand && g.turnPlayer != s {
			return false
		}
		if !quick && g.turnPlayer != s {
			return false
		}
		if quick && loc != Hand && int(c.setTurn) == g.turn {
			return false
		}
		return true
	}
	return loc == Hand || int(c.setTurn) != g.turn // a Trap in the hand has PFTrapsFromHand (above)
}

// limitsAllow checks once-per-turn limits.
func (g *game) limitsAllow(id CardID, e *Effect, s Seat) bool {
	c := g.c(id)
	if e.OncePerTurn && e.index-1 < int(c.effN) && int(g.effTurns[int(c.effAt)+e.index-1]) == g.turn {
		return false
	}
	for _, u := range g.names {
		if u.seat == s && u.code == c.data.Passcode && u.turn == g.turn &&
			(u.idx == -1 || e.OncePerName && u.idx == e.index) {
			return false
		}
	}
	return true
}

// eventFor finds the event an event-bound effect answers among the events of the last action:
// the first of its kind it answers (Effect.Answers).
func (g *game) eventFor(id CardID, e *Effect, s Seat) (*Event, bool) {
	if e.On == 0 {
		return nil, false
	}
	for i := range g.fresh {
		ev := &g.fresh[i]
		if !e.On.Matches(ev) {
			continue
		}
		if e.Answers == nil {
			return ev, true
		}
		ctx := g.ctx(id, e, s, ev, nil)
		ok := e.Answers(ctx)
		g.release()
		if ok {
			return ev, true
		}
	}
	return nil, false
}

// nameUse records a once-per-turn-by-name use.
type nameUse struct {
	seat Seat
	code card.Passcode
	idx  int
	turn int
}
