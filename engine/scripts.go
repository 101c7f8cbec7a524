package engine

import (
	"fmt"
	"math"

	"github.com/duelistgame/duelist/card"
)

// Prepare numbers a script's effects (the N of `activate CARD N`, at most 255). A Library calls it
// once when a card registers, before any duel reads the script.
func (sc *Script) Prepare() {
	if len(sc.Effects) > math.MaxUint8 {
		panic(fmt.Sprintf("engine: a script of %d effects exceeds %d", len(sc.Effects), math.MaxUint8))
	}
	sc.activatable, sc.cardActsOnly = 0, true
	sc.hasAct, sc.gyAct, sc.hasTrig, sc.hasCont, sc.trigOn, sc.contFlags = false, false, false, false, 0, 0
	gate, bound := EventMask(0), true
	for i, e := range sc.Effects {
		if msg := e.misplaced(); msg != "" {
			panic(fmt.Sprintf("engine: effect %d (%s): %s", i+1, e.Kind, msg))
		}
		e.index = i + 1
		switch e.Kind {
		case Activate, Ignition, Quick:
			sc.activatable++
			sc.cardActsOnly = sc.cardActsOnly && e.Kind == Activate
			gate |= e.On
			bound = bound && e.On != 0
			sc.hasAct = true
			sc.gyAct = sc.gyAct || e.Range.Has(GY)
		case Trigger, Automatic:
			sc.hasTrig = true
			sc.trigOn |= e.On
		case Flip:
			sc.hasTrig = true
			sc.trigOn |= On(EvFlip, EvFlipSummon)
		case Continuous:
			sc.hasCont = true
			if e.Affects != nil {
				sc.contFlags |= e.Flags &^ FlagNegated
			}
		default:
			sc.hasAct = true // a kind watch lists with the activated effects
		}
	}
	sc.evGate = 0
	if bound {
		sc.evGate = gate
	}
	sc.contMask = scriptContMask(sc)
	sc.prepared = true
}

// misplaced names a field the effect's kind never reads, or returns "": Static is for Continuous
// effects and the activation fields for the others; Condition, TriggerIf and Answers each belong
// to some kinds of activated effect.
func (e *Effect) misplaced() string {
	trigger := e.Kind == Trigger || e.Kind == Flip || e.Kind == Automatic
	s := &e.Static
	static := s.Affects != nil || s.ATK != 0 || s.DEF != 0 || s.Level != 0 || s.ATKFunc != nil || s.DEFFunc != nil ||
		s.Flags != 0 || s.PlayerFlags != 0 || s.AffectsPlayer != nil || s.AttackCost != nil || s.HandCost != nil
	activates := e.On != 0 || e.Speed != 0 || e.Optional || e.When || e.OncePerTurn || e.OncePerName ||
		e.DamageStep || e.DamageCalc || e.YourPhases != 0 || e.OppPhases != 0 ||
		e.Category != 0 || e.CanPay != nil || e.Pay != nil ||
		e.HasTargets != nil || e.Target != nil || e.Resolve != nil
	switch {
	case e.Kind == Continuous && activates:
		return "a Continuous effect does not activate: it sets Static (and Desc, Range) only"
	case e.Kind == Automatic && (e.On == 0 || e.Speed != 0 || e.Optional || e.When || e.OncePerTurn ||
		e.OncePerName || e.DamageStep || e.DamageCalc || e.CanPay != nil || e.Pay != nil ||
		e.HasTargets != nil || e.Target != nil):
		return "an Automatic effect sets On, TriggerIf, Resolve (and Desc, Range, Category) only"
	case e.Kind != Continuous && static:
		return "Static is for Continuous effects"
	case (e.YourPhases != 0 || e.OppPhases != 0) && trigger:
		return "YourPhases and OppPhases are for effects a player activates"
	case e.TriggerIf != nil && !trigger:
		return "TriggerIf is for Trigger and Flip effects"
	case e.Answers != nil && (trigger || e.On == 0):
		return "Answers is for Activate and Quick effects bound to events (On)"
	case e.Condition != nil && (trigger || e.Kind == Continuous || e.On != 0):
		return "Condition is for effects activated without an event (use TriggerIf or Answers)"
	}
	return ""
}

// scriptFor looks up a card's script in the duel's library.
func (g *game) scriptFor(code card.Passcode) *Script {
	if g.lib == nil {
		return nil
	}
	sc := g.lib.Script(code)
	if sc == nil {
		return nil
	}
	if !sc.prepared && len(sc.Effects) > 0 {
		panic(fmt.Sprintf("engine: the script of card %d was not prepared (Script.Prepare)", code))
	}
	return sc
}

// attachScript gives a new card its script and lists it among the cards whose triggers,
// continuous effects or checks the kernel must watch.
func (g *game) attachScript(id CardID) {
	c := g.c(id)
	c.script = g.scriptFor(c.data.Passcode)
	c.equipTarget = NoCard
	g.watch(id)
}

// watch lists a card among the cards whose triggers, continuous effects, activated effects or
// checks the kernel must watch, by its script.
func (g *game) watch(id CardID) {
	c := g.c(id)
	sc := c.script
	if sc == nil {
		return
	}
	if sc.SummonProc != nil {
		g.procCards++
	}
	if sc.ReplaceDestroy != nil {
		g.replacers++
	}
	if sc.hasAct {
		g.actCards = append(g.actCards, id)
		p := g.procs()
		for _, e := range sc.Effects {
			if e.Kind == Activate || e.Kind == Ignition || e.Kind == Quick {
				r := p.ActivationRanges(g.kernel(), id, e) // where CanActivate may allow it
				for w := range c.actLocs {
					c.actLocs[w] |= r[w]
				}
			}
		}
		if sc.gyAct {
			g.gyActs[c.owner]++ // this seat has an effect that works from the Graveyard
		}
	}
	if sc.hasTrig {
		trigBits(&g.trigBy, len(g.trigCards), sc)
		g.trigCards = append(g.trigCards, id)
		for _, e := range sc.Effects {
			if e.Kind == Trigger || e.Kind == Flip || e.Kind == Automatic {
				c.trigLocs |= defaultRange(e, c.data)
			}
		}
		g.trigOn |= sc.trigOn
	}
	if sc.hasCont {
		g.contCards = append(g.contCards, id)
		g.contFlagsAll |= sc.contFlags
		for k := range g.contBy {
			if sc.contMask&(1<<k) != 0 {
				g.contBy[k] = append(g.contBy[k], id)
			}
		}
		if sc.contMask&(1<<contNeg) != 0 {
			g.negSrcs = append(g.negSrcs, id)
		}
	}
	if sc.Check != nil {
		g.checkCards = append(g.checkCards, id)
	}
}

// watchLike lists a new card wherever watch listed like, the card made just before it with the
// same script and card data (deckCard): like, being the last card made, is the last of each list
// that holds it.
func (g *game) watchLike(id, like CardID) {
	last := func(l []CardID) bool { return len(l) > 0 && l[len(l)-1] == like }
	if sc := g.cards[id].script; sc != nil && sc.SummonProc != nil {
		g.procCards++
	}
	if sc := g.cards[id].script; sc != nil && sc.ReplaceDestroy != nil {
		g.replacers++
	}
	if last(g.actCards) {
		g.actCards = append(g.actCards, id)
		if g.cards[id].script.gyAct {
			g.gyActs[g.cards[id].owner]++
		}
	}
	if last(g.trigCards) {
		trigBits(&g.trigBy, len(g.trigCards), g.cards[id].script)
		g.trigCards = append(g.trigCards, id)
	}
	if last(g.contCards) {
		g.contCards = append(g.contCards, id)
		for k := range g.contBy {
			if last(g.contBy[k]) {
				g.contBy[k] = append(g.contBy[k], id)
			}
		}
		if last(g.negSrcs) {
			g.negSrcs = append(g.negSrcs, id)
		}
	}
	if last(g.checkCards) {
		g.checkCards = append(g.checkCards, id)
	}
}

// needsProperSummon reports whether a monster must be properly summoned before it can be Special
// Summoned from the Graveyard or banished (Fusion, Ritual, Synchro, Xyz and "cannot be Normal
// Summoned" monsters: the revive limit).
func (g *game) needsProperSummon(id CardID) bool {
	c := g.c(id)
	if c.data.Kind&(card.Fusion|card.Ritual|card.Synchro|card.Xyz) != 0 {
		return true
	}
	return c.script != nil && c.script.CannotNormalSummon
}

// nowhere is the place of a token that has left the field: it no longer exists.
var nowhere = Place{Loc: nLoc}

// newToken creates a token for a seat (not yet on the field).
func (g *game) newToken(d *card.Data, owner Seat) CardID {
	id := CardID(len(g.cards))
	g.cards = append(g.cards, cardState{data: d, owner: owner, ctrl: owner, place: nowhere,
		token: true, proper: true, equipTarget: NoCard})
	g.negCacheAt = -1
	return id
}

// removeToken takes a token off the field: it ceases to exist. battle: it was destroyed by battle
// (the event says so: "when this card destroys a monster by battle" answers a token too).
func (g *game) removeToken(id CardID, k EventKind, battle bool) {
	c := g.c(id)
	from, up, ctrl := c.place, c.pos.IsFaceUp(), c.ctrl
	g.remove(id)
	c.place = nowhere
	g.clearMods(c)
	c.gen++
	g.emit(Event{Kind: k, Seat: c.owner, Card: id, Code: c.data.Passcode, From: from, To: nowhere,
		FromUp: up, ToUp: true, FromCtrl: ctrl, ToCtrl: ctrl, Target: NoCard, Timing: g.timing, Battle: battle})
}
