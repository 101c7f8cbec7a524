package engine

import "fmt"

// A count for MarkedBy and Marked, which card code calls after every action (a Check) to find the
// monsters a card marked with a modifier: most cards of a duel never are the source of a
// modifier, and a card that marked a monster once (Birthright, Symbols of Duty) has no mark left
// once that monster has left the field; for them both answer at once instead of looking through
// every monster's modifiers.
//
// modLive[i] is the number of modifiers on cards whose Source is card i, kept where modifiers are
// added (appendMods) and removed (clearMods, the expiries); a token's own flags have no source. It
// is derived from the cards' modifiers, so Hash leaves it out; a copy has its own (cloneInto), and
// Verify recounts it (verifyModSources).

// countModSource adds d to the count of the modifiers of a source.
func (g *game) countModSource(src CardID, d int32) {
	if src < 0 {
		return
	}
	if int(src) >= len(g.modLive) {
		g.modLive = append(g.modLive, make([]int32, max(int(src)+1, len(g.cards))-len(g.modLive))...)
	}
	g.modLive[src] += d
}

// countModSources adds d to the count of the source of each modifier.
func (g *game) countModSources(ms []Modifier, d int32) {
	for i := range ms {
		g.countModSource(ms[i].Source, d)
	}
}

// noModSource reports whether no modifier on any card has the source.
func (g *game) noModSource(src CardID) bool {
	if src < 0 {
		return false // NoCard: the source of a token's flags
	}
	return int(src) >= len(g.modLive) || g.modLive[src] == 0
}

// verifyModSources checks the counts against the state (Verify).
func (g *game) verifyModSources() error {
	want := make([]int32, len(g.cards))
	for i := range g.cards {
		mods := g.cards[i].mods()
		for j := range mods {
			if src := mods[j].Source; src >= 0 {
				if int(src) >= len(want) {
					return fmt.Errorf("%s has a modifier of card %d, which does not exist", g.cards[i].data.Name, src)
				}
				want[src]++
			}
		}
	}
	for i, n := range want {
		got := int32(0)
		if i < len(g.modLive) {
			got = g.modLive[i]
		}
		if got != n {
			return fmt.Errorf("%s is the source of %d modifiers, modLive counts %d", g.cards[i].data.Name, n, got)
		}
	}
	return nil
}
