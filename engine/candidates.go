package engine

import "fmt"

// Activation candidates, kept up to date as cards move.
//
// addActivations used to look at every card of the seat's hand, zones and Graveyard at every
// prompt and chain window, to ask whether its place is in its actLocs for the least speed allowed
// now. actCands counts those candidates instead, per seat, speed index (actLocs' index) and place
// (hand, Monster Zones, Spell & Trap Zones, Field Zone, Graveyard), and the counts are changed in
// the two functions that change a card's place, remove and put; a window where no card of the
// seat could be activated at the speed it allows then costs one load, and a Main Phase prompt
// walks only the piles that hold candidates, in the same order as before (the options' order is
// the same, so are the duels).
//
// The counts are derived: actLocs never change once a card is made (Determinize, which re-deals
// cards and so remakes their actLocs, rebuilds them), a deep copy carries the array as it is, and
// Hash leaves them out. Verify compares them with a full rescan (countCands) after every answer,
// so that a place change that misses the hooks fails every random-duel test and fuzzer.

// nCandLocs is the number of places counted: Hand, MZone, SZone, FZone, GY, at index Loc-Hand.
const nCandLocs = int(GY-Hand) + 1

// candCounts is actCands' type: per seat, speed index and place, the number of cards there whose
// actLocs at that index hold the place.
type candCounts [MaxSeats][len(cardState{}.actLocs)][nCandLocs]int16

// candLoc returns the index of a place in candCounts, or -1 for a place that is not counted.
func candLoc(l Loc) int {
	if l < Hand || l > GY {
		return -1
	}
	return int(l - Hand)
}

// candAdd adds (delta 1) or takes away (delta -1) a card, at the place it records, from the
// counts.
func (g *game) candAdd(id CardID, delta int16) {
	c := &g.cards[id]
	i := candLoc(c.place.Loc)
	if i < 0 || c.actLocs == [len(c.actLocs)]LocMask{} {
		return
	}
	n := &g.actCands[c.place.Seat]
	for k := range c.actLocs {
		if c.actLocs[k].Has(c.place.Loc) {
			n[k][i] += delta
		}
	}
}

// hasCands reports whether seat s has a card in location l whose actLocs[need] holds l.
func (g *game) hasCands(s Seat, need int, l Loc) bool {
	return g.actCands[s][need][l-Hand] > 0
}

// anyCands reports whether seat s has any candidate at speed index need.
func (g *game) anyCands(s Seat, need int) bool {
	return g.actCands[s][need] != [nCandLocs]int16{}
}

// countCands counts the candidates afresh from the cards' places.
func (g *game) countCands() candCounts {
	var n candCounts
	for i := range g.cards {
		c := &g.cards[i]
		l := candLoc(c.place.Loc)
		if l < 0 {
			continue
		}
		for k := range c.actLocs {
			if c.actLocs[k].Has(c.place.Loc) {
				n[c.place.Seat][k][l]++
			}
		}
	}
	return n
}

// verifyCands reports an error when the kept counts differ from a full rescan.
func (g *game) verifyCands() error {
	want := g.countCands()
	if want == g.actCands {
		return nil
	}
	for s := range want {
		for k := range want[s] {
			for l := range want[s][k] {
				if want[s][k][l] != g.actCands[s][k][l] {
					return fmt.Errorf("activation candidates of seat %s, speed %d, %v: kept %d, counted %d",
						Seat(s), k, Hand+Loc(l), g.actCands[s][k][l], want[s][k][l])
				}
			}
		}
	}
	return nil
}

// cardActsBlocked reports, for a card whose activatable effects are all the activation of the
// card itself (Script.cardActsOnly), that none of them can be activated now because the card
// cannot be (Procedures.CardActivatable; the Master Rule's asks what each of them would ask
// before anything that could succeed: a face-up card already active, a Trap Set this turn or in
// the hand, a Spell in the opponent's turn ...), so that addCardActivations skips the card at
// once.
func (g *game) cardActsBlocked(id CardID, s Seat, idle bool) bool {
	return !g.procs().CardActivatable(g.kernel(), id, s, idle)
}
