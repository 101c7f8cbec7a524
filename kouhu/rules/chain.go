package rules

import (
	"slices"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// kouhu's chain rules (RULES.md "kouhu"): Speed 1 starts chains only in its user's own Main Phase
// (a Set Normal Spell from the turn after it was Set, in either player's Main Phase); a link joins
// only a chain whose last link is of the same or a lower speed, never at Speed 0; in the Battle
// Phase only Speed 2 or more; a player uses one card of each name per chain; using a Spell or Trap
// costs its Level.

// kouhu's kinds of window (engine.ActWindow): its user's idle prompt, a window with no chain yet,
// a window of a chain.
const (
	idleWindow engine.ActWindow = iota
	openWindow
	chainWindow
	numWindows
)

// ActivationWindow is the kind of window now: an idle prompt, an open window or a chain's.
func (*procedures) ActivationWindow(k *engine.Kernel, idle bool) engine.ActWindow {
	switch {
	case idle:
		return idleWindow
	case k.ChainLen() == 0:
		return openWindow
	}
	return chainWindow
}

// ActivationRanges is where a kouhu effect may be used in each kind of window (activationRange).
func (*procedures) ActivationRanges(k *engine.Kernel, id engine.CardID, e *engine.Effect) [engine.NumActWindows]engine.LocMask {
	var out [engine.NumActWindows]engine.LocMask
	for w := range numWindows {
		out[w] = activationRange(k, id, e, w)
	}
	return out
}

// CardActivatable: CanActivate checks a kouhu card's own activation with its other rules.
func (*procedures) CardActivatable(*engine.Kernel, engine.CardID, engine.Seat, bool) bool {
	return true
}

// activationRange is where a kouhu effect may be used in a kind of window: where it works
// (effectRange), less the places where CanActivate refuses it there by the effect's kind, the
// card's kind and speed alone. A Trap is never used from the hand, nor a Spell other than a
// Quick-Play outside its user's idle prompt; outside an idle prompt, a chain starts only at Speed
// 2 or with a Set Spell, so a creature's or an artifact's Speed 1 effect (Ignition) may be used
// there only to join a chain. Nothing for a card with no kouhu data or an effect CanActivate
// never allows.
func activationRange(k *engine.Kernel, id engine.CardID, e *engine.Effect, w engine.ActWindow) engine.LocMask {
	c := kc(k, id)
	if c == nil {
		return 0
	}
	r := effectRange(k, id, c, e)
	hand := engine.Locs(engine.Hand)
	switch e.Kind {
	case engine.Activate:
		switch {
		case c.Kind == kouhu.QuickPlaySpell: // from the hand in any window
		case c.Kind.IsSpell():
			if w != idleWindow {
				r &^= hand
			}
		case c.Kind.IsTrap():
			r &^= hand
		default:
			return 0
		}
	case engine.Ignition:
		if w == openWindow {
			return 0
		}
	case engine.Quick: // wherever it works
	default:
		return 0
	}
	if w == openWindow && k.Speed(id, e) < 2 {
		if e.Kind != engine.Activate {
			return 0
		}
		r &^= hand // only a Set Spell starts a chain at Speed 1 outside an idle prompt
	}
	return r
}

// effectRange is where an effect of a kouhu card (its data c) works.
func effectRange(k *engine.Kernel, id engine.CardID, c *kouhu.Card, e *engine.Effect) engine.LocMask {
	if e.Range != 0 {
		return e.Range
	}
	if c.Kind.IsArtifact() && e.Kind != engine.Activate {
		return engine.Locs(engine.MZone)
	}
	return k.DefaultRange(id, e)
}

// ActivationCost: using a Spell or Trap costs its Level (a Set one when turned face-up).
func (*procedures) ActivationCost(k *engine.Kernel, id engine.CardID) int { return kc(k, id).Level }

// CanActivate checks kouhu's own rules of using an effect now. Every rule is a refusal, so their
// order does not change the answer: those that read only the effect's kind, the card's kind and
// place and the moment (idle, the chain's length, the phase) come first, as they refuse most of
// the cards a window looks at (a creature's Speed 1 effect outside its user's idle prompt, a Spell
// in the hand outside it, a Set card on the turn it was Set); what reads the chain's links and
// counts the cost cards comes last.
func (*procedures) CanActivate(k *engine.Kernel, id engine.CardID, e *engine.Effect, s engine.Seat, idle bool) bool {
	c := kc(k, id)
	if c == nil {
		return false
	}
	pl := k.Place(id)
	loc := pl.Loc
	chain := k.ChainLen()
	phase := k.Phase()
	main := phase == engine.Main1 || phase == engine.Main2
	switch e.Kind {
	case engine.Activate:
		if loc.OnField() && (k.Pos(id).IsFaceUp() || k.SetTurn(id) == k.Turn()) {
			return false // a card already active, or Set this turn
		}
		switch {
		case c.Kind == kouhu.QuickPlaySpell:
			if !main && phase != engine.Battle {
				return false
			}
		case c.Kind.IsSpell():
			if loc == engine.Hand && !(idle && k.TurnPlayer() == s) || loc != engine.Hand && !main {
				return false
			}
		case c.Kind.IsTrap():
			if loc == engine.Hand {
				return false
			}
		default:
			return false
		}
	case engine.Ignition:
		// Creature and artifact effects are Speed 1, in their controller's Main Phase: from its
		// idle prompt, or joining a chain whose last link is Speed 1 (seed 000 连锁速度).
		if !idle && (chain == 0 || !main || k.TurnPlayer() != s) {
			return false
		}
	case engine.Quick:
	default:
		return false
	}
	if !effectRange(k, id, c, e).Has(loc) {
		return false
	}
	if loc.OnField() && k.Controller(id) != s || !loc.OnField() && k.Owner(id) != s {
		return false
	}
	speed := k.Speed(id, e)
	if phase == engine.Battle && speed < 2 {
		return false
	}
	if chain == 0 && !idle && speed < 2 && !(e.Kind == engine.Activate && loc != engine.Hand && main) {
		return false // outside its user's idle prompt, a chain starts at Speed 2 (or with a Set Spell)
	}
	faceUp := k.Pos(id).IsFaceUp()
	switch e.Kind {
	case engine.Activate:
		if k.CannotActivate(id) {
			return false
		}
		if loc != engine.Hand && k.SetTurn(id) == k.Turn() {
			return false // a Set card is not used on the turn it was Set
		}
	case engine.Ignition:
		if !faceUp || c.IsCreature() && k.Sick(id) {
			return false
		}
	case engine.Quick:
		if loc.OnField() && !faceUp {
			return false
		}
	}
	if chain > 0 {
		if _, _, last := k.Link(chain - 1); speed < 1 || speed < last {
			return false
		}
		for i := range chain {
			if card, seat, _ := k.Link(i); seat == s && k.Data(card) == k.Data(id) {
				return false // one card of each name per player per chain
			}
		}
	}
	if e.Kind == engine.Activate {
		if c.Kind == kouhu.NormalSpell && loc != engine.Hand && leavingByEffect(k, id) {
			return false // seed 000 普通魔法卡: a Set Normal Spell leaving by an effect cannot be used
		}
		if !k.CanPay(s, c.Level) { // last: it counts the cost cards
			return false
		}
	}
	return true
}

// leavingByEffect reports whether a card is a target of a link of the chain: the effect that
// would make it leave the field is waiting to resolve, so a Set Normal Spell cannot answer it
// (unlike a Set Quick-Play Spell or Trap, which may be used first).
func leavingByEffect(k *engine.Kernel, id engine.CardID) bool {
	for i := range k.ChainLen() {
		if slices.Contains(k.LinkTargets(i), id) {
			return true
		}
	}
	return false
}
