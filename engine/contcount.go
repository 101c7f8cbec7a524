package engine

import "fmt"

// Counts of the continuous effects on the field, kept up to date as cards move.
//
// activeContinuous walks the cards of contBy[kind] (every card of the duel with a Continuous
// effect of that kind, wherever it is) and asks each whether it applies; negated recomputes its
// cache by walking negSrcs. Most of the time none of those cards is on the field, and a query
// (the flags of a card, its ATK, whether it is negated) then costs a walk that finds nothing.
// contOn counts, per kind (and, at index nContKinds, the negating sources of negSrcs), the cards
// on the field whose scripts have such an effect, changed where a card's place changes (put and
// remove, beside candAdd); a query of a kind whose count is zero returns at once with what the
// walk would have found: nothing. A card on the field that does not apply (face-down, a Spell not
// yet resolved) is counted: the walk then runs and skips it as before.
//
// The counts are derived from the cards' places and scripts: a deep copy carries the array,
// Determinize (which changes scripts) recounts, Hash leaves them out, and Verify compares them
// with a full recount (countCont) after every answer.

// contCounts is contOn's type: per kind of Continuous effect (contStat ...), then the negating
// sources, the number of cards on the field with one.
type contCounts [nContKinds + 1]int16

// contNeg is contCounts' index of the negating sources (negSrcs).
const contNeg = nContKinds

// contAdd adds (delta 1) or takes away (delta -1) a card, at the place it records, from the
// counts: nothing unless it is on the field and its script has Continuous effects.
func (g *game) contAdd(c *cardState, delta int16) {
	if c.script == nil || c.script.contMask == 0 || !c.place.Loc.OnField() {
		return
	}
	for k := range g.contOn {
		if c.script.contMask&(1<<k) != 0 {
			g.contOn[k] += delta
		}
	}
}

// countCont counts the continuous effects on the field afresh from the cards.
func (g *game) countCont() contCounts {
	var n contCounts
	for i := range g.cards {
		c := &g.cards[i]
		if c.script == nil || !c.place.Loc.OnField() {
			continue
		}
		m := scriptContMask(c.script)
		for k := range n {
			if m&(1<<k) != 0 {
				n[k]++
			}
		}
	}
	return n
}

// scriptContMask is the mask Prepare keeps in Script.contMask: bit k for a Continuous effect of
// kind k (contKinds), bit contNeg for one that negates (a negSrcs card).
func scriptContMask(sc *Script) uint16 {
	var m uint16
	for _, e := range sc.Effects {
		if e.Kind != Continuous {
			continue
		}
		m |= uint16(contKinds(e))
		if e.Flags&FlagNegated != 0 && e.Affects != nil {
			m |= 1 << contNeg
		}
	}
	return m
}

// verifyCont reports an error when the kept counts differ from a full recount, or a script's
// kept mask from its effects.
func (g *game) verifyCont() error {
	for i := range g.cards {
		if sc := g.cards[i].script; sc != nil && sc.contMask != scriptContMask(sc) {
			return fmt.Errorf("the script of %s has continuous-effect mask %#x, its effects %#x",
				g.cards[i].data.Name, sc.contMask, scriptContMask(sc))
		}
		if sc := g.cards[i].script; sc != nil && sc.contFlags&^g.contFlagsAll != 0 {
			return fmt.Errorf("the flags continuous effects give (%#x) miss %#x of %s",
				g.contFlagsAll, sc.contFlags&^g.contFlagsAll, g.cards[i].data.Name)
		}
	}
	if want := g.countCont(); want != g.contOn {
		return fmt.Errorf("continuous effects on the field by kind (the last: negating): kept %v, counted %v", g.contOn, want)
	}
	return nil
}
