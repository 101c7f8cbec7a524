//go:build refcore

package main

import (
	"fmt"
	"slices"
	"sort"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// posCode is a Duelist position as ygopro's POS_ bits.
func posCode(p engine.Pos) int {
	switch p {
	case engine.FaceUpAtk:
		return 1
	case engine.FaceUpDef:
		return 4
	case engine.FaceDownDef:
		return 8
	case engine.FaceUp:
		return 5
	}
	return 10
}

func sortedInts(a []int) string {
	b := append([]int(nil), a...)
	sort.Ints(b)
	return fmt.Sprint(b)
}

func dCodes(d *engine.Duel, ids []engine.CardID) []int {
	var out []int
	for _, id := range ids {
		out = append(out, int(d.Card(id).Data.Passcode))
	}
	return out
}

func yCodes(l [][]int) []int {
	var out []int
	for _, e := range l {
		if e != nil {
			out = append(out, e[0])
		}
	}
	return out
}

// compareState compares LP and every location of both seats; it returns the differences. A
// Deck Duelist shuffled since the last comparison is put in ygopro's order first.
//
// While Duelist's chain resolves, the resolved Normal Spells and Traps wait on the field for the
// chain's end (RULES.md "Where Duelist is right and the reference is not"); ygopro-core sends them
// to the Graveyard before a summon that the chain's last link performs (Ultimate Offering's, a
// Tribute Summon whose tributes are selected after the link). When the states differ, they are
// compared again with those cards in Duelist's Graveyard: no difference then is mapped (AUTO).
func (x *differ) compareState(d *engine.Duel) []string {
	diffs := x.compareStateWith(d, nil)
	if len(diffs) == 0 || !x.opt.lenient {
		return diffs
	}
	var done []engine.CardID
	for _, id := range d.RefcoreChainDone() {
		if d.Card(id).Place.Loc.OnField() {
			done = append(done, id)
		}
	}
	if len(done) > 0 && len(x.compareStateWith(d, done)) == 0 {
		x.autoNotes["chain-end-gy (a resolved Normal Spell/Trap that Duelist keeps on the field to the chain's end, RULES.md, is in ygopro's Graveyard before a summon of the last link)"]++
		return nil
	}
	// A monster that a Continuous effect forces into Defense Position (Dragon Capture Jar):
	// Duelist turns it as soon as it is there, ygopro-core at its next adjustment (after a chain
	// link, at a phase's start), not after a summon made in a chain link's resolution or by
	// Last Will's summon without a chain. The same state with that monster in Attack Position.
	x.lazyPos = true
	still := x.compareStateWith(d, done)
	x.lazyPos = false
	if len(still) == 0 {
		x.autoNotes["lazy-position (a monster forced into Defense Position by a Continuous effect, Dragon Capture Jar, that ygopro-core turns at its next adjustment)"]++
		return nil
	}
	// At Duelist's position prompt of a summon in progress, ygopro-core has not yet applied the
	// Continuous effects to the monsters that came to the field in it (its field effects reach
	// their targets at its next adjustment: Mystic Plasma Zone's +500/-400, LOB,MRD,MRL seeds 16,
	// 28): the same state without ATK and DEF; the next comparison has them again.
	if p := d.Prompt(); p != nil && p.Kind == engine.PromptPosition {
		x.lazyStats = true
		still = x.compareStateWith(d, done)
		x.lazyStats = false
		if len(still) == 0 {
			x.autoNotes["lazy-stats (ATK/DEF not compared at a summon's position prompt: ygopro applies Continuous effects to the new monsters at its next adjustment)"]++
			return nil
		}
	}
	return diffs
}

// compareStateWith is compareState with the cards gone (on Duelist's field) counted as the last
// cards of their owners' Graveyards and their zones as empty.
func (x *differ) compareStateWith(d *engine.Duel, gone []engine.CardID) []string {
	c := x.c
	var diffs []string
	for s := engine.A; s <= engine.B; s++ {
		y := &c.st.P[s]
		if d.LP(s) != max(c.st.LP[s], 0) { // ygopro's LP go below 0; Duelist's stop at 0
			diffs = append(diffs, fmt.Sprintf("%s.lp duelist=%d ygopro=%d", s, d.LP(s), c.st.LP[s]))
		}
		if a, b := sortedInts(dCodes(d, d.Pile(s, engine.Hand))), sortedInts(yCodes(y.Hand)); a != b {
			diffs = append(diffs, fmt.Sprintf("%s.hand duelist=%s ygopro=%s", s, a, b))
		}
		dgy := dCodes(d, d.Pile(s, engine.GY))
		for _, id := range gone {
			if ci := d.Card(id); ci.Owner == s {
				dgy = append(dgy, int(ci.Data.Passcode))
			}
		}
		if a, b := fmt.Sprint(dgy), fmt.Sprint(yCodes(y.GY)); a != b {
			if !x.opt.gyOrderStrict && sortedInts(dgy) == sortedInts(yCodes(y.GY)) {
				// the same cards in another order (cards sent at the same time): a note, once a duel
				if !c.gyOrderNoted {
					c.gyOrderNoted = true
					x.note("gy-order (the same Graveyard cards in another order; first in a duel)", fmt.Sprintf("%s duelist=%s ygopro=%s", s, a, b))
				}
			} else {
				diffs = append(diffs, fmt.Sprintf("%s.gy duelist=%s ygopro=%s", s, a, b))
			}
		}
		if a, b := sortedInts(dCodes(d, d.Pile(s, engine.Banished))), sortedInts(yCodes(y.RM)); a != b {
			diffs = append(diffs, fmt.Sprintf("%s.banished duelist=%s ygopro=%s", s, a, b))
		}
		diffs = append(diffs, x.compareDeck(d, s)...)
		if a, b := sortedInts(dCodes(d, d.Pile(s, engine.Extra))), sortedInts(yCodes(y.Extra)); a != b {
			diffs = append(diffs, fmt.Sprintf("%s.extra duelist=%s ygopro=%s", s, a, b))
		}
		diffs = append(diffs, x.compareZone(d, s, engine.MZone, y.M, 5, "M", gone)...)
		diffs = append(diffs, x.compareZone(d, s, engine.SZone, y.S, 5, "S", gone)...)
		var yf [][]int
		if len(y.S) > 5 {
			yf = y.S[5:6]
		}
		diffs = append(diffs, x.compareZone(d, s, engine.FZone, yf, 1, "F", gone)...)
	}
	return diffs
}

// compareDeck compares a seat's Deck in order. Duelist shuffled it (ygopro never does:
// DUEL_PSEUDO_SHUFFLE): it is put in ygopro's order when it holds the same cards.
func (x *differ) compareDeck(d *engine.Duel, s engine.Seat) []string {
	c := x.c
	y := &c.st.P[s]
	a, b := fmt.Sprint(dCodes(d, d.Pile(s, engine.Deck))), fmt.Sprint(yCodes(y.Deck))
	same := sortedInts(dCodes(d, d.Pile(s, engine.Deck))) == sortedInts(yCodes(y.Deck))
	if a != b && c.shuffled[s] && same {
		var want []card.Passcode
		for _, code := range yCodes(y.Deck) {
			want = append(want, card.Passcode(code))
		}
		if d.RefcoreReorderDeck(s, want) {
			x.autoNotes["deck-reorder (Duelist shuffled its Deck; put in ygopro's order)"]++
			c.trace = append(c.trace, fmt.Sprintf("# auto: %s's Deck put in ygopro's order after Duelist's shuffle", s))
			a = fmt.Sprint(dCodes(d, d.Pile(s, engine.Deck)))
		}
	}
	switch {
	case a == b:
		c.shuffled[s] = false
		return nil
	case same:
		return []string{fmt.Sprintf("%s.deck order differs (same cards)", s)}
	}
	return []string{fmt.Sprintf("%s.deck duelist=%s ygopro=%s", s, a, b)}
}

// compareZone compares n zones of a kind: code and position, and face-up monsters' ATK/DEF. The
// cards gone count as not there; with x.lazyPos, a monster in face-up Defense Position that a
// Continuous effect forces there counts as in Attack Position when ygopro has it so.
func (x *differ) compareZone(d *engine.Duel, s engine.Seat, l engine.Loc, yz [][]int, n int, name string, gone []engine.CardID) []string {
	var diffs []string
	dz := d.Pile(s, l)
	for i := 0; i < n; i++ {
		ds, ys := "-", "-"
		if i < len(dz) && dz[i] != engine.NoCard && !slices.Contains(gone, dz[i]) {
			ci := d.Card(dz[i])
			ds = fmt.Sprintf("%d/%d", ci.Data.Passcode, posCode(ci.Pos))
			if l == engine.MZone && ci.Pos.IsFaceUp() && !x.lazyStats {
				pos := posCode(ci.Pos)
				if x.lazyPos && ci.Pos == engine.FaceUpDef && d.RefcoreForcedDefense(dz[i]) && i < len(yz) && yz[i] != nil && yz[i][1] == 1 {
					pos = 1
				}
				ds = fmt.Sprintf("%d/%d/%d/%d", ci.Data.Passcode, pos, ci.ATK, ci.DEF)
			}
		}
		if i < len(yz) && yz[i] != nil {
			e := yz[i]
			pos := e[1]
			if l != engine.MZone {
				if pos&5 != 0 {
					pos = 5
				} else {
					pos = 10
				}
			}
			ys = fmt.Sprintf("%d/%d", e[0], pos)
			if l == engine.MZone && e[1]&5 != 0 && !x.lazyStats {
				ys += fmt.Sprintf("/%d/%d", e[2], e[3])
			}
		}
		if ds != ys {
			diffs = append(diffs, fmt.Sprintf("%s.%s%d duelist=%s ygopro=%s", s, name, i+1, ds, ys))
		}
	}
	return diffs
}
