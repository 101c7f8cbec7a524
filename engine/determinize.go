package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/duelistgame/duelist/card"
)

// Determinize returns a copy of the duel (as Clone) in which every card hidden from seat s is
// re-dealt at random, with rng, among the cards s cannot tell apart, consistently with what s
// sees: one of the possible worlds of s's information set, for search (determinized or
// information-set Monte Carlo tree search). The copy's PRNG is also drawn from rng, since s cannot
// know the coins and shuffles to come.
//
// The hidden cards are those the seat's View does not show (Duel.View): the opponents' (and a
// tag partner's) hands, every Deck's order, face-down cards the seat does not control, and the
// opponent's Extra Deck. A card's identity (its data, behaviour and once-per-turn uses) moves to another card of
// the same owner, which keeps its place and everything that belongs to the place (position,
// turns, counters of moves). Each hidden place takes only a card that fits it, as the seat would
// know:
//   - a hand or Deck takes a Main Deck card, an Extra Deck an Extra Deck monster;
//   - a face-down monster takes a monster of the same Deck (Main or Extra) that needs as many
//     tributes to Normal Set (Levels 1-4, 5-6, 7 and more; the same Level under kouhu, where the
//     Level is the cost paid);
//   - a face-down Spell or Trap takes a Spell or Trap, a Field Zone card a Field Spell.
//
// Graveyard and banished cards keep their identity even where the rules hide them (anime): what
// they are shows through public values (Colossal Fighter's ATK counts the Warriors in every
// Graveyard), so a re-deal would not be consistent with the view. Cards the state still refers to by their effects (a pending trigger, a chain link, an equip
// or Xyz material, a card with counters or modifiers) keep their identity, as do kouhu cost cards
// (anonymous by rule). What the seat learned from past events and no longer sees (a card revealed
// by a search, a face-up card that went back to the hand) is not remembered: the engine does not
// track it, so such a card is re-dealt like any hidden card.
//
// The duel must stand at an open state (Open) with a prompt pending. The copy's procedure is
// restarted at once, so its prompt is computed again from the new identities: when an opponent is
// to move its options may differ; when s is, its options stay as they are.
func (d *Duel) Determinize(s Seat, rng *rand.Rand) (*Duel, error) {
	if int(s) >= d.g.seatCount() {
		return nil, fmt.Errorf("engine: determinize: seat %s is not in this duel", s)
	}
	if !d.pending || !d.Open() {
		return nil, fmt.Errorf("%w: determinize needs an idle or Battle Step prompt, not a finished duel or a prompt inside a procedure", ErrNotOpen)
	}
	c, err := d.Clone()
	if err != nil {
		return nil, err
	}
	c.g.redeal(s, rng)
	c.g.pcg.Seed(rng.Uint64(), rng.Uint64())
	c.startProcedure()
	c.resume()
	if c.err != nil {
		return nil, fmt.Errorf("engine: determinize: the re-dealt duel failed: %w", c.err)
	}
	return c, nil
}

// identity is what makes a card the card it is: moved between hidden cards by Determinize.
type identity struct {
	data   *card.Data
	script *Script
	rd     any
	effAt  int32 // its once-per-turn record (game.effTurns)
	effN   uint16
}

// redeal re-deals the identities of the cards hidden from seat s (Determinize), owner by owner,
// then lists the cards the kernel watches again from their new scripts.
func (g *game) redeal(s Seat, r *rand.Rand) {
	pinned := g.pinnedCards()
	g.ruleData = slices.Clone(g.ruleData) // shared with the duel this one was copied from
	changed := false
	for _, o := range g.seats() {
		// The hidden places of o's cards, the most constrained first, so that a random choice
		// never leaves a place with no card that fits (every class of the field takes only its
		// own kind, the Extra Deck only Extra Deck monsters, a hand or Deck any other card).
		var slots [3][]CardID
		for i := range g.cards {
			id := CardID(i)
			c := &g.cards[i]
			if c.owner != o || c.token || pinned[i] || g.visibleTo(id, s) {
				continue
			}
			switch c.place.Loc {
			case MZone, SZone, FZone:
				slots[0] = append(slots[0], id)
			case Extra:
				slots[1] = append(slots[1], id)
			case Hand, Deck:
				slots[2] = append(slots[2], id)
			}
		}
		var ids []CardID
		for _, l := range slots {
			ids = append(ids, l...)
		}
		if len(ids) < 2 {
			continue
		}
		pool := make([]identity, len(ids))
		orig := make(map[CardID]identity, len(ids))
		for i, id := range ids {
			c := g.c(id)
			pool[i] = identity{c.data, c.script, g.ruleDataOf(id), c.effAt, c.effN}
			orig[id] = pool[i]
		}
		// Choose first, apply after: a place no card fits (a mix of kinds the classes do not
		// foresee) leaves this owner's cards as they are.
		deal := make([]identity, len(ids))
		ok := true
		var fit []int
		for i, id := range ids {
			fit = fit[:0]
			for j, idn := range pool {
				if g.fits(id, orig[id], idn) {
					fit = append(fit, j)
				}
			}
			if len(fit) == 0 {
				ok = false
				break
			}
			j := fit[r.IntN(len(fit))]
			deal[i] = pool[j]
			pool[j] = pool[len(pool)-1]
			pool = pool[:len(pool)-1]
		}
		if !ok {
			continue
		}
		for i, id := range ids {
			c, idn := g.c(id), deal[i]
			if c.data != idn.data {
				changed = true
			}
			c.data, c.script, c.effAt, c.effN = idn.data, idn.script, idn.effAt, idn.effN
			if int(id) < len(g.ruleData) {
				g.ruleData[id] = idn.rd
			}
		}
	}
	if !changed {
		return
	}
	g.changeSeq++ // cards changed identity: what the state-based rules and the caches read
	g.trigCards, g.contCards, g.actCards, g.checkCards = g.trigCards[:0], g.contCards[:0], g.actCards[:0], g.checkCards[:0]
	g.gyActs = [MaxSeats]int{}
	g.trigBy = [64]uint64{}
	for k := range g.contBy {
		g.contBy[k] = g.contBy[k][:0]
	}
	g.negSrcs = g.negSrcs[:0]
	for i := range g.cards {
		// watch ORs where each card's new script works into these: start them empty.
		g.cards[i].actLocs, g.cards[i].trigLocs = [NumActWindows]LocMask{}, 0
		g.watch(CardID(i))
	}
	g.actCands = g.countCands()
	g.contOn = g.countCont()
	for _, evs := range [][]Event{g.events, g.fresh} {
		for i := range evs {
			if e := &evs[i]; e.Card != NoCard && int(e.Card) < len(g.cards) && e.Code != 0 {
				e.Code = g.c(e.Card).data.Passcode
			}
		}
	}
	for i := range g.pending {
		if e := &g.pending[i].ev; e.Card != NoCard && int(e.Card) < len(g.cards) && e.Code != 0 {
			e.Code = g.c(e.Card).data.Passcode
		}
	}
	g.negCacheAt = -1
}

// pinnedCards marks the cards whose identity the state still refers to through their effects or
// their attachments: they are not re-dealt.
func (g *game) pinnedCards() []bool {
	pinned := make([]bool, len(g.cards))
	for _, pt := range g.pending {
		pinned[pt.card] = true
	}
	for _, l := range g.chain {
		pinned[l.card] = true
	}
	for i := range g.cards {
		c := &g.cards[i]
		if c.equipTarget != NoCard || len(c.materials()) > 0 || len(c.mods()) > 0 || len(c.counters()) > 0 ||
			c.place.Loc == Resource || c.place.Loc == Overlay {
			pinned[i] = true
		}
	}
	for _, id := range g.equips {
		pinned[id] = true
	}
	return pinned
}

// fits reports whether an identity may stand at the hidden place of card id, whose own identity
// is was (see Determinize).
func (g *game) fits(id CardID, was, idn identity) bool {
	extra := func(x identity) bool { return g.isExtraData(x.data, x.rd) }
	switch g.c(id).place.Loc {
	case Hand, Deck:
		return !extra(idn)
	case Extra:
		return extra(idn)
	case MZone:
		if !was.data.IsMonster() {
			return idn.data.Kind == was.data.Kind
		}
		if !idn.data.IsMonster() || extra(idn) != extra(was) {
			return false
		}
		p := g.procs()
		return p.TributeClass(idn.data.Level) == p.TributeClass(was.data.Level)
	case SZone, FZone:
		if was.data.IsMonster() {
			return idn.data.Kind == was.data.Kind
		}
		return !idn.data.IsMonster() && idn.data.Kind.Has(card.Field) == was.data.Kind.Has(card.Field)
	}
	return false
}

// tributeClass is how many tributes a monster of a Level needs to be Normal Summoned or Set.
func tributeClass(level int) int {
	switch {
	case level <= 4:
		return 0
	case level <= 6:
		return 1
	}
	return 2
}
