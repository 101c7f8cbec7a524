package rules

import (
	"math/bits"
	"slices"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// IdlePrompt lists the kouhu Main Phase options: resource, summon, set (ambush or a Spell/Trap),
// advance, advance-set, flip, place, special (evolution), activate, battle, end.
//
// Every hand card is looked at once (its kouhu data, which of its options it has, whether an
// earlier copy of it already has them: the copies in the hand are one reference, one option),
// and the creature zone once (the tributes, the flips, whether any face-up creature could be
// evolved from); the options are then listed in their order, kind by kind. What the hand cards
// have is kept as a bit per card (by its index in the hand) for each kind of option, so that
// listing a kind costs a step per card that has it.
func (*procedures) IdlePrompt(k *engine.Kernel) {
	tp := k.TurnPlayer()
	p := k.NewPrompt(engine.PromptIdle, tp)
	hand := k.Zone(tp, engine.Hand)
	words := (len(hand) + 63) / 64
	var maskBuf [nHandOpts * 2]uint64
	masks := maskBuf[:nHandOpts*words]
	if nHandOpts*words > len(maskBuf) {
		masks = make([]uint64, nHandOpts*words)
	}
	res := k.Resources(tp)
	noSummon := k.PlayerHas(tp, engine.PFCannotSummon)
	var tribBuf [scratch]engine.CardID
	var tributes []engine.CardID
	tributesMade := false
	var seen [8]uint64 // a filter of the passcodes met so far (bit passcode % 512)
	for i, id := range hand {
		d := k.Data(id)
		f, bit := &seen[d.Passcode/64%8], uint64(1)<<(d.Passcode%64)
		if *f&bit != 0 && copyIn(k, hand[:i], d) {
			continue // an earlier copy: the same reference, listed once
		}
		*f |= bit
		w, b := i/64, uint64(1)<<(i%64)
		masks[hResource*words+w] |= b
		c := kc(k, id)
		summonable := false
		switch {
		case c == nil:
			continue
		case c.IsCreature():
			if !c.IsExtra() && c.Level > 0 && !noSummon {
				summonable = c.Level <= res
				if !tributesMade {
					tributes, tributesMade = appendTributable(tribBuf[:0], k, tp), true
				}
				if tributeSetExists(k, id, tributes) {
					masks[hAdvance*words+w] |= b
				}
			}
		case c.Kind.IsArtifact():
			if placeable(k, id, tp, res) {
				masks[hPlace*words+w] |= b
			}
		}
		if summonable {
			masks[hSummon*words+w] |= b
		}
		if summonable || !d.IsMonster() && (c.Kind.IsSpell() || c.Kind.IsTrap()) {
			masks[hSet*words+w] |= b
		}
	}
	if k.CanPlaceResource(tp) {
		addHandOpts(p, engine.OptResource, hand, masks[hResource*words:(hResource+1)*words])
	}
	addHandOpts(p, engine.OptSummon, hand, masks[hSummon*words:(hSummon+1)*words])
	addHandOpts(p, engine.OptSet, hand, masks[hSet*words:(hSet+1)*words])
	for w, m := range masks[hAdvance*words : (hAdvance+1)*words] {
		for ; m != 0; m &= m - 1 {
			id := hand[w*64+bits.TrailingZeros64(m)]
			p.Add(engine.OptAdvance, id)
			p.Add(engine.OptAdvanceSet, id)
		}
	}
	var srcBuf [scratch]kouhu.ID
	sources := srcBuf[:0] // the face-up cards of the seat's creature zone: evolution sources
	for _, id := range k.Zone(tp, engine.MZone) {
		if id == engine.NoCard {
			continue
		}
		if k.Pos(id).IsFaceUp() {
			sources = append(sources, kouhu.ID(k.Data(id).Passcode))
		} else if flippable(k, id) {
			p.Add(engine.OptFlip, id)
		}
	}
	addHandOpts(p, engine.OptPlace, hand, masks[hPlace*words:(hPlace+1)*words])
	k.AddActivations(p, tp, true)
	if len(sources) > 0 && !noSummon {
		extra := k.Zone(tp, engine.Extra)
	evolutions:
		for i, id := range extra {
			c := kc(k, id)
			if c == nil || c.Kind != kouhu.EvolutionCreature || len(c.Materials) == 0 ||
				!slices.Contains(sources, c.Materials[0]) {
				continue
			}
			for _, o := range extra[:i] {
				if k.Data(o) == k.Data(id) {
					continue evolutions // an earlier copy: the same reference, listed once
				}
			}
			if evolutionSource(k, id, tp) != engine.NoCard {
				p.Add(engine.OptSpecial, id)
			}
		}
	}
	if k.Phase() == engine.Main1 {
		p.Add(engine.OptBattle, engine.NoCard)
	}
	p.Add(engine.OptEnd, engine.NoCard)
}

// The kinds of option of a hand card that IdlePrompt keeps a bit mask of.
const (
	hResource = iota
	hSummon
	hSet
	hAdvance
	hPlace
	nHandOpts
)

// copyIn reports whether one of cards is a copy of the card data d.
func copyIn(k *engine.Kernel, cards []engine.CardID, d *card.Data) bool {
	for _, id := range cards {
		if k.Data(id) == d {
			return true
		}
	}
	return false
}

// addHandOpts adds an option of a kind for each hand card whose bit is set in has, in the hand's
// order.
func addHandOpts(p *engine.Prompt, kind engine.OptionKind, hand []engine.CardID, has []uint64) {
	for w, m := range has {
		for ; m != 0; m &= m - 1 {
			p.Add(kind, hand[w*64+bits.TrailingZeros64(m)])
		}
	}
}
