package rules

import (
	"slices"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// The card operations of the kouhu ruleset (RULES.md "kouhu"), for its card scripts (cards/kouhu):
// what its cards do that Yu-Gi-Oh! cards do not. Everything else (destroy, draw, counters,
// modifiers, targets, cost cards, tapping) is the common engine.Ctx.

// Card returns a card's kouhu data, or nil for a card outside the kouhu set.
func Card(c *engine.Ctx, id engine.CardID) *kouhu.Card {
	k, _ := c.RuleData(id).(*kouhu.Card)
	return k
}

// IsCreature reports whether a card on the field is a face-up kouhu creature (an ambush creature
// has no stats, type or effects).
func IsCreature(c *engine.Ctx, id engine.CardID) bool {
	k := Card(c, id)
	return k != nil && k.IsCreature() && c.Place(id).Loc == engine.MZone && c.FaceUp(id)
}

// Creatures returns a seat's face-up creatures (not artifacts, not ambush creatures), as a list
// of the Ctx's own (engine.Ctx.List: valid while the card code runs, no allocation).
func Creatures(c *engine.Ctx, s engine.Seat) []engine.CardID {
	var buf [scratch]engine.CardID
	return c.List(AppendCreatures(buf[:0], c, s))
}

// AppendCreatures appends a seat's face-up creatures (Creatures) to dst and returns it: with dst a
// buffer of the caller's, the creatures of several seats are gathered in one list.
func AppendCreatures(dst []engine.CardID, c *engine.Ctx, s engine.Seat) []engine.CardID {
	return appendCreatures(dst, c.Kernel(), s)
}

// scratch is the room of the buffers, on the caller's stack, that this package gathers cards in
// (a longer list moves to the heap on its own).
const scratch = 32

// appendCreatures appends a seat's face-up creatures to dst.
func appendCreatures(dst []engine.CardID, k *engine.Kernel, s engine.Seat) []engine.CardID {
	for _, id := range k.Zone(s, engine.MZone) {
		if id == engine.NoCard || !k.Pos(id).IsFaceUp() {
			continue
		}
		if c := kc(k, id); c != nil && c.IsCreature() {
			dst = append(dst, id)
		}
	}
	return dst
}

// DamageCreature deals effect damage to a creature: its DEF is lowered until the End Phase, and at
// 0 it is destroyed (not by battle).
func DamageCreature(c *engine.Ctx, id engine.CardID, n int) {
	c.Step()
	k := c.Kernel()
	if n <= 0 || !IsCreature(c, id) {
		return
	}
	cut := min(n, k.DEF(id))
	k.Modify(id, engine.Modifier{Kind: engine.ModDEF, Value: -cut, Source: c.Self(), Expiry: engine.EndOfTurn, Turn: k.Turn()})
	if k.DEF(id) <= 0 {
		k.Destroy(id, c.Self(), false)
	}
}

// Fusion fusion-summons an extra creature from the effect controller's Extra Deck (seed 000
// 融合召唤): one card per listed material goes from the hand and field to the Graveyard, at least
// one of them from the field. It reports whether the summon happened.
func Fusion(c *engine.Ctx, id engine.CardID, materials []engine.CardID) bool {
	c.Step()
	k := c.Kernel()
	for _, m := range materials {
		k.ToGY(m, engine.EvMove)
	}
	return summonExtra(c, id, engine.FusionSummoned)
}

// HasFusionMaterials reports whether the controller could fusion-summon a fusion creature of the
// Extra Deck now by its materials: candidates from the hand and the field, one per listed
// material, at least one on the field. The search runs on the stack and stops at the first
// choice.
func HasFusionMaterials(c *engine.Ctx, id engine.CardID) bool {
	k := c.Kernel()
	fk := Card(c, id)
	if fk == nil || fk.Kind != kouhu.FusionCreature {
		return false
	}
	var poolBuf [scratch]engine.CardID
	pool := appendCreatures(poolBuf[:0], k, c.You())
	for _, h := range k.Zone(c.You(), engine.Hand) {
		if hk := Card(c, h); hk != nil && hk.IsCreature() {
			pool = append(pool, h)
		}
	}
	// A quick refusal: each listed material needs as many cards of its name in the pool as it is
	// listed (fusionPick's search only finds sets that pass it).
	for i, m := range fk.Materials {
		if slices.Contains(fk.Materials[:i], m) {
			continue // counted with its first listing
		}
		need, have := 0, 0
		for _, n := range fk.Materials {
			if n == m {
				need++
			}
		}
		for _, p := range pool {
			if kouhu.ID(k.Data(p).Passcode) == m {
				have++
			}
		}
		if have < need {
			return false
		}
	}
	var usedBuf [scratch]bool
	var used []bool
	if len(pool) <= len(usedBuf) {
		used = usedBuf[:len(pool)]
	} else {
		used = make([]bool, len(pool))
	}
	var pickBuf [8]engine.CardID
	return fusionPick(k, fk.Materials, pool, used, pickBuf[:0])
}

// fusionPick reports whether pick, the materials chosen so far, can be completed from the pool's
// cards not used yet (one per material from len(pick) on) with at least one card on the field.
func fusionPick(k *engine.Kernel, mats []kouhu.ID, pool []engine.CardID, used []bool, pick []engine.CardID) bool {
	if len(pick) == len(mats) {
		for _, p := range pick {
			if k.Place(p).Loc == engine.MZone {
				return true
			}
		}
		return false
	}
	for j, p := range pool {
		if !used[j] && kouhu.ID(k.Data(p).Passcode) == mats[len(pick)] {
			used[j] = true
			found := fusionPick(k, mats, pool, used, append(pick, p))
			used[j] = false
			if found {
				return true
			}
		}
	}
	return false
}

// Ritual ritual-summons a ritual creature from the Extra Deck: the tributed creature and the
// discarded cards go to the Graveyard first.
func Ritual(c *engine.Ctx, id, tribute engine.CardID, discards []engine.CardID) bool {
	c.Step()
	k := c.Kernel()
	k.ToGY(tribute, engine.EvTribute)
	for _, d := range discards {
		k.ToGY(d, engine.EvDiscard)
	}
	return summonExtra(c, id, engine.RitualSummoned)
}

// summonExtra puts an extra creature face-up on the controller's field with no summoning
// sickness (a summon made while an effect resolves: it cannot be answered).
func summonExtra(c *engine.Ctx, id engine.CardID, st engine.SummonType) bool {
	k := c.Kernel()
	if k.Place(id).Loc != engine.Extra {
		return false
	}
	k.PlaceMonster(id, c.You(), engine.FaceUpAtk, engine.EvSpecialSummon, st)
	k.Summoned(id, c.You())
	legendary(k, id)
	return true
}

// Search looks through a seat's Deck for a card that fits (seed 000 检索, RULES.md "kouhu" deck
// rules): the seat chooses one, it is shown to the opponent and added to the hand, and the Deck is
// shuffled. With an empty Deck nothing happens. A search that finds nothing is a failed search:
// the searching card is negated and sent to the Graveyard, and the Deck is shuffled. It returns
// the card found, or NoCard.
func Search(c *engine.Ctx, s engine.Seat, fits func(engine.CardID) bool) engine.CardID {
	c.Step()
	k := c.Kernel()
	deck := k.Zone(s, engine.Deck)
	if len(deck) == 0 {
		return engine.NoCard
	}
	var cands []engine.CardID
	for i := len(deck) - 1; i >= 0; i-- {
		if fits(deck[i]) {
			cands = append(cands, deck[i])
		}
	}
	if len(cands) == 0 {
		if id, ok := k.NegateResolving(); ok {
			if k.Place(id).Loc.OnField() { // a creature too (seed 000)
				k.ToGY(id, engine.EvMove)
			}
		}
		k.Shuffle(s)
		return engine.NoCard
	}
	found := c.SearchCards(s, cands, 1, 1, engine.ForNothing)[0]
	k.MovePublic(found, engine.Place{Seat: k.Owner(found), Loc: engine.Hand}, engine.FaceDown, engine.EvMove)
	k.Shuffle(s)
	return found
}
