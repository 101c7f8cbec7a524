package engine

import "github.com/duelistgame/duelist/card"

// anyProcMaterials reports whether some set of the seat's face-up monsters is a valid set of
// materials for a Synchro or Xyz Monster's procedure: procMaterials and anySubset, with the
// candidates and each subset on the stack and the validity tests called directly, since the
// idle prompt asks it for every such monster of the Extra Deck each time (the subsets are tried
// in anySubset's order, so the answer is the same).
func (g *game) anyProcMaterials(id CardID, s Seat) bool {
	d := g.c(id).data
	synchro, xyz := d.Kind.Has(card.Synchro), d.Kind.Has(card.Xyz)
	if !synchro && !xyz {
		return false
	}
	var buf [scratchIDs]CardID
	cands := buf[:0]
	for _, m := range g.pl(s).mzone {
		if m != NoCard && g.c(m).pos.IsFaceUp() {
			cands = append(cands, m)
		}
	}
	n := min(len(cands), 20)
	var sub [20]CardID
	for mask := uint64(0); mask < 1<<n; mask++ {
		if popcount(mask) < 2 {
			continue
		}
		ids := sub[:0]
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				ids = append(ids, cands[i])
			}
		}
		if synchro && g.synchroValid(id, s, ids) || !synchro && g.xyzValid(id, ids) {
			return true
		}
	}
	return false
}
