package engine

import "fmt"

// A hint for MarkedBy and Marked, which card code calls after every action (a Check) to find the
// monsters a card marked with a modifier: most cards of a duel (those in the Deck, the hand ...)
// never were the source of any modifier, and for them both answer at once instead of looking
// through every monster's modifiers.
//
// modSrcs has bit i set, for good, once card i was the Source of a modifier put on a card
// (Ctx.AddMod, Kernel.Modify; a token's own flags have no source). A bit that is set says nothing
// (the modifier may be gone); a bit that is clear says no modifier of that source exists, which is
// all the hint is used for, so it never changes an answer. Like negMods it is left out of Hash; a
// copy has its own (cloneInto).

// noteModSource records that a card is the source of a modifier.
func (g *game) noteModSource(src CardID) {
	if src < 0 {
		return
	}
	w := int(src) / 64
	if w >= len(g.modSrcs) {
		g.modSrcs = append(g.modSrcs, make([]uint64, max(w+1, (len(g.cards)+63)/64)-len(g.modSrcs))...)
	}
	g.modSrcs[w] |= 1 << (uint(src) % 64)
}

// neverModSource reports whether a card certainly is the source of no modifier (false: it may be).
func (g *game) neverModSource(src CardID) bool {
	if src < 0 {
		return false // NoCard: the source of a token's flags
	}
	w := int(src) / 64
	return w >= len(g.modSrcs) || g.modSrcs[w]&(1<<(uint(src)%64)) == 0
}

// verifyModSources checks the hint against the state (Verify): every modifier's source (but
// NoCard) has its bit set.
func (g *game) verifyModSources() error {
	for i := range g.cards {
		c := &g.cards[i]
		mods := c.mods()
		for j := range mods {
			if src := mods[j].Source; g.neverModSource(src) {
				return fmt.Errorf("%s has a modifier of card %d, which modSrcs does not list", c.data.Name, src)
			}
		}
	}
	return nil
}
