//go:build refcore

// The hooks of the lockstep harness (cmd/ygodiff, built with -tags refcore): they let the harness
// keep a Duelist duel in step with ygopro-core's where the two engines cannot agree by themselves,
// the order of a Deck after a shuffle and the outcome of a coin toss, a die roll or a random
// pick. Normal builds do not have them (random_default.go answers "not forced").

package engine

import (
	"slices"
	"sync"

	"github.com/duelistgame/duelist/card"
)

// RefcoreReorderDeck puts seat s's Deck in the order of codes (bottom first), keeping its cards:
// ygopro-core runs with DUEL_PSEUDO_SHUFFLE and never shuffles, so after a Duelist shuffle the
// harness puts Duelist's Deck in ygopro's order. It reports false, changing nothing, when codes
// are not the Deck's cards.
func (d *Duel) RefcoreReorderDeck(s Seat, codes []card.Passcode) bool {
	return d.g.reorderDeck(s, codes)
}

// reorderDeck is RefcoreReorderDeck.
func (g *game) reorderDeck(s Seat, codes []card.Passcode) bool {
	deck := g.pl(s).deck
	if len(codes) != len(deck) {
		return false
	}
	used := make([]bool, len(deck))
	out := make([]CardID, 0, len(deck))
	for _, code := range codes {
		found := -1
		for i, id := range deck {
			if !used[i] && g.cards[id].data.Passcode == code {
				found = i
				break
			}
		}
		if found < 0 {
			return false
		}
		used[found] = true
		out = append(out, deck[found])
	}
	copy(deck, out)
	for i, id := range deck {
		g.cards[id].place.Seq = i
	}
	g.changeSeq++
	return true
}

// refcoreRandom holds the harness's source of random outcomes by duel (one hook a duel; the
// harness runs one duel at a time, the lock only keeps the map sound).
var refcoreRandom = struct {
	sync.Mutex
	m map[*game]func(RandomDraw) (int, bool)
}{m: map[*game]func(RandomDraw) (int, bool){}}

// RefcoreSetRandom makes f the source of the duel's random outcomes (coin tosses, die rolls,
// random picks): for each it is asked first, and its answer (ok) is taken instead of the duel's
// PRNG; nil removes the hook. The harness calls it with ygopro-core's outcomes.
func (d *Duel) RefcoreSetRandom(f func(RandomDraw) (int, bool)) {
	refcoreRandom.Lock()
	defer refcoreRandom.Unlock()
	if f == nil {
		delete(refcoreRandom.m, d.g)
		return
	}
	refcoreRandom.m[d.g] = f
}

// forcedRandom asks the duel's hook for a random outcome.
func forcedRandom(g *game, r RandomDraw) (int, bool) {
	refcoreRandom.Lock()
	f := refcoreRandom.m[g]
	refcoreRandom.Unlock()
	if f == nil {
		return 0, false
	}
	v, ok := f(r)
	if ok && (v < 0 || v >= r.N) {
		return 0, false
	}
	return v, ok
}

// refcoreShuffle holds the harness's source of Deck orders after a shuffle, by duel (as
// refcoreRandom).
var refcoreShuffle = struct {
	sync.Mutex
	m map[*game]func(Seat, []card.Passcode) ([]card.Passcode, bool)
}{m: map[*game]func(Seat, []card.Passcode) ([]card.Passcode, bool){}}

// RefcoreSetShuffle makes f the source of the order of a seat's Deck after each shuffle: it is
// given the Deck's cards (bottom first) and returns ygopro-core's order of them, or false to
// keep the duel's own (the harness then puts the Deck in ygopro's order at its next comparison,
// too late when the same effect draws after its shuffle: Monster Recovery); nil removes it.
func (d *Duel) RefcoreSetShuffle(f func(Seat, []card.Passcode) ([]card.Passcode, bool)) {
	refcoreShuffle.Lock()
	defer refcoreShuffle.Unlock()
	if f == nil {
		delete(refcoreShuffle.m, d.g)
		return
	}
	refcoreShuffle.m[d.g] = f
}

// forcedShuffle puts a seat's Deck, just shuffled, in the order the duel's hook gives, and
// reports whether it did.
func forcedShuffle(g *game, s Seat) bool {
	refcoreShuffle.Lock()
	f := refcoreShuffle.m[g]
	refcoreShuffle.Unlock()
	if f == nil {
		return false
	}
	var codes []card.Passcode
	for _, id := range g.pl(s).deck {
		codes = append(codes, g.cards[id].data.Passcode)
	}
	want, ok := f(s, codes)
	return ok && g.reorderDeck(s, want)
}

// RefcoreChainDone returns the cards of resolved chain links that wait on the field for the end
// of the chain to go to the Graveyard (Normal and Quick-Play Spells, Normal and Counter Traps:
// RULES.md). ygopro-core sends them there before a summon that the chain's last link performs
// (its summon runs after the link), so the harness may find them in ygopro's Graveyard while
// Duelist's chain is still resolving.
func (d *Duel) RefcoreChainDone() []CardID {
	return append([]CardID(nil), d.g.chainDone...)
}

// RefcoreForcedDefense reports whether a Continuous effect forces a monster into Defense Position
// (Dragon Capture Jar's FlagForceDefense). Duelist turns it at once; ygopro-core turns it at its
// next adjustment (the end of a chain link, a phase), so the harness may find it still in Attack
// Position there.
func (d *Duel) RefcoreForcedDefense(id CardID) bool {
	return d.g.hasFlag(id, FlagForceDefense)
}

// refcoreShuffleSet holds the harness's source of the zones of face-down monsters shuffled among
// themselves (Ctx.ShuffleSetMonsters), by duel (as refcoreRandom).
var refcoreShuffleSet = struct {
	sync.Mutex
	m map[*game]func(Seat, []CardID) ([]CardID, bool)
}{m: map[*game]func(Seat, []CardID) ([]CardID, bool){}}

// RefcoreSetShuffleSet makes f the source of the order of face-down monsters of a seat shuffled
// among their zones: it is given the cards in the order of their zones and returns them in the
// order ygopro-core's shuffle left in those zones, or false to keep the duel's own; nil removes
// it.
func (d *Duel) RefcoreSetShuffleSet(f func(Seat, []CardID) ([]CardID, bool)) {
	refcoreShuffleSet.Lock()
	defer refcoreShuffleSet.Unlock()
	if f == nil {
		delete(refcoreShuffleSet.m, d.g)
		return
	}
	refcoreShuffleSet.m[d.g] = f
}

// forcedShuffleSet puts order (the cards shuffled, in the order of their zones) in the order the
// duel's hook gives, and reports whether it did.
func forcedShuffleSet(g *game, s Seat, order []CardID) bool {
	refcoreShuffleSet.Lock()
	f := refcoreShuffleSet.m[g]
	refcoreShuffleSet.Unlock()
	if f == nil {
		return false
	}
	want, ok := f(s, append([]CardID(nil), order...))
	if !ok || len(want) != len(order) {
		return false
	}
	seen := map[CardID]bool{}
	for _, id := range want {
		if !slices.Contains(order, id) || seen[id] {
			return false
		}
		seen[id] = true
	}
	copy(order, want)
	return true
}
