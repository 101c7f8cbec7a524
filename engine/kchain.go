package engine

import (
	"slices"

	"github.com/duelistgame/duelist/kouhu"
)

// kouhu's chain rules (RULES.md "kouhu"): Speed 1 starts chains only in its user's own Main Phase
// (a Set Normal Spell from the turn after it was Set, in either player's Main Phase); a link joins
// only a chain whose last link is of the same or a lower speed, never at Speed 0; in the Battle
// Phase only Speed 2 or more; a player uses one card of each name per chain; using a Spell or Trap
// costs its Level.

// kRange is where a kouhu effect works when its Range is 0: artifacts' effects on the field (the
// creature & artifact zone), otherwise the default of the card's kind.
func (g *game) kRange(e *Effect, id CardID) LocMask {
	if e.Range != 0 {
		return e.Range
	}
	if k := g.kc(id); k != nil && k.Kind.IsArtifact() && e.Kind != Activate {
		return Locs(MZone)
	}
	return defaultRange(e, g.c(id).data)
}

// kAllows checks kouhu's own rules of using an effect now.
func (g *game) kAllows(id CardID, e *Effect, s Seat, idle bool) bool {
	c := g.c(id)
	k := g.kc(id)
	loc := c.place.Loc
	if k == nil || !g.kRange(e, id).Has(loc) {
		return false
	}
	if loc.OnField() && c.ctrl != s || !loc.OnField() && c.owner != s {
		return false
	}
	speed := speedOf(e, c.data)
	if n := len(g.chain); n > 0 {
		if speed < 1 || speed < g.chain[n-1].speed {
			return false
		}
		for _, l := range g.chain {
			if l.seat == s && g.c(l.card).data == c.data {
				return false // one card of each name per player per chain
			}
		}
	}
	if g.phase == Battle && speed < 2 {
		return false
	}
	main := g.phase == Main1 || g.phase == Main2
	switch e.Kind {
	case Activate:
		if c.script.CannotActivate || loc.OnField() && c.pos.IsFaceUp() {
			return false
		}
		if !g.canPay(s, k.Level) {
			return false
		}
		switch {
		case k.Kind == kouhu.QuickPlaySpell:
			if loc != Hand && c.setTurn == g.turn || !main && g.phase != Battle {
				return false
			}
		case k.Kind.IsSpell():
			if loc == Hand && !(idle && g.turnPlayer == s) {
				return false
			}
			if loc != Hand && (c.setTurn == g.turn || !main) {
				return false
			}
			if k.Kind == kouhu.NormalSpell && loc != Hand && g.kLeavingByEffect(id) {
				return false // seed 000 普通魔法卡: a Set Normal Spell leaving by an effect cannot be used
			}
		case k.Kind.IsTrap():
			if loc == Hand || c.setTurn == g.turn {
				return false
			}
		default:
			return false
		}
	case Ignition:
		// Creature and artifact effects are Speed 1, in their controller's Main Phase: from its
		// idle prompt, or joining a chain whose last link is Speed 1 (seed 000 连锁速度).
		if !idle && (len(g.chain) == 0 || !main || g.turnPlayer != s) {
			return false
		}
		if !c.pos.IsFaceUp() || k.IsCreature() && g.kSick(id) {
			return false
		}
	case Quick:
		if loc.OnField() && !c.pos.IsFaceUp() {
			return false
		}
	default:
		return false
	}
	if len(g.chain) == 0 && !idle && speed < 2 && !(e.Kind == Activate && loc != Hand && main) {
		return false // outside its user's idle prompt, a chain starts at Speed 2 (or with a Set Spell)
	}
	return true
}

// kLeavingByEffect reports whether a card is a target of a link of the chain: the effect that
// would make it leave the field is waiting to resolve, so a Set Normal Spell cannot answer it
// (unlike a Set Quick-Play Spell or Trap, which may be used first).
func (g *game) kLeavingByEffect(id CardID) bool {
	for _, l := range g.chain {
		if slices.Contains(l.targets, id) {
			return true
		}
	}
	return false
}
