package engine

import (
	"cmp"
	"errors"
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
// (anonymous by rule). What the seat learned from past events stays as it learned it: a card an
// event showed it (a card revealed by a search, a face-up card that went back to the hand, a card
// turned face-down) keeps its identity where it is now, and a card it saw shuffled into a Deck
// stays somewhere in that Deck (cardState.known and knownDeck).
//
// At an open state (Open) the copy is the duel's state re-dealt, its procedure restarted at once
// so that its prompt is computed again from the new identities: when an opponent is to move its
// options may differ; when s is, its options stay as they are. At any other prompt the duel must
// keep its open states (KeepOpenStates): the last open state is re-dealt, with the cards s sees
// now kept as they are, and the answers given since are replayed on it. A re-deal in which the
// replay fails or comes to another prompt for s than the duel's (the answers since say something
// of the hidden cards) is drawn again, up to determinizeTries times, after which Determinize
// returns an error wrapping ErrNoWorld. The copy keeps its own open states.
//
// The re-deal depends only on what s knows and on rng, not on where the hidden cards really are:
// two duels that differ only in cards hidden from s give the same copies for the same rng.
func (d *Duel) Determinize(s Seat, rng *rand.Rand) (*Duel, error) {
	if int(s) >= d.g.seatCount() {
		return nil, fmt.Errorf("engine: determinize: seat %s is not in this duel", s)
	}
	if !d.pending {
		return nil, fmt.Errorf("%w: determinize needs a pending prompt, not a finished duel", ErrNotOpen)
	}
	if d.Open() {
		c, err := d.Clone()
		if err != nil {
			return nil, err
		}
		c.g.redeal(s, rng, nil)
		c.g.pcg.Seed(rng.Uint64(), rng.Uint64())
		c.startProcedure()
		c.resume()
		if c.err != nil {
			return nil, fmt.Errorf("engine: determinize: the re-dealt duel failed: %w", c.err)
		}
		return c, nil
	}
	t := d.track
	if t == nil || t.base == nil {
		return nil, fmt.Errorf("%w: determinize at a %s prompt in the %s needs the duel to keep its open states (KeepOpenStates)",
			ErrNotOpen, d.g.prompt.Kind, d.g.phase)
	}
	// The cards s sees now keep the identity they have in the last open state: the answers since
	// (an attacked monster flipped, a Set card activated) showed them.
	seen := make([]bool, len(d.g.cards))
	for i := range d.g.cards {
		c := &d.g.cards[i]
		seen[i] = d.g.shownTo(CardID(i), s) || (c.known|c.knownDeck)&(1<<s) != 0
	}
	want, seen0 := promptSum(&d.g.prompt), d.g.seenSum(s)
	var last error
	for try := 0; try < determinizeTries; try++ {
		base := t.base.clone()
		base.redeal(s, rng, seen)
		base.pcg.Seed(rng.Uint64(), rng.Uint64())
		c := &Duel{g: base.clone()}
		c.startProcedure()
		c.resume()
		err := c.err
		for i := 0; err == nil && i < len(t.answers); i++ {
			err = c.Answer(t.answers[i])
		}
		switch {
		case err != nil:
			last = err
		case !c.pending:
			last = fmt.Errorf("the duel ended in the replay")
		case c.g.prompt.Kind != d.g.prompt.Kind || c.g.prompt.Seat != d.g.prompt.Seat ||
			d.g.prompt.Seat == s && promptSum(&c.g.prompt) != want || c.g.seenSum(s) != seen0:
			last = fmt.Errorf("the replay came to another place (a %s prompt for %s in the %s)", c.g.prompt.Kind, c.g.prompt.Seat, c.g.phase)
		default:
			c.track = &openTrack{base: base, answers: slices.Clone(t.answers)}
			return c, nil
		}
		c.Close()
	}
	return nil, fmt.Errorf("%w: %d re-deals of the last open state for seat %s, the last: %v", ErrNoWorld, determinizeTries, s, last)
}

// seenSum sums up the duel as seat s sees it (the turn, phase and step, the prompt's kind and
// seat, the chain's length, Life Points, every card's place, position and tapping and the identity and
// values of those s sees): a re-dealt world replayed to the duel's prompt must give the same sum.
func (g *game) seenSum(s Seat) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	mix(uint64(g.turn))
	mix(uint64(g.phase)<<32 | uint64(g.timing))
	mix(uint64(g.prompt.Kind)<<32 | uint64(g.prompt.Seat))
	mix(uint64(len(g.chain)))
	for _, o := range g.seats() {
		mix(uint64(int64(g.pl(o).lp)))
	}
	for i := range g.cards {
		c := &g.cards[i]
		mix(uint64(c.place.Loc)<<48 | uint64(c.place.Seat)<<40 | uint64(uint32(c.place.Seq))<<16 | uint64(c.pos)<<1 | b2u(c.tapped))
		if g.shownTo(CardID(i), s) {
			mix(uint64(c.data.Passcode))
			mix(uint64(uint32(g.atk(CardID(i))))<<32 | uint64(uint32(g.def(CardID(i)))))
		}
	}
	return h
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// determinizeTries is how many re-deals Determinize tries away from an open state.
const determinizeTries = 24

// ErrNoWorld is wrapped by Determinize when no re-deal of the last open state replays the
// answers given since to the duel's prompt.
var ErrNoWorld = errors.New("engine: no consistent re-deal found")

// identity is what makes a card the card it is: moved between hidden cards by Determinize.
type identity struct {
	data   *card.Data
	script *Script
	rd     any
	effAt  int32 // its once-per-turn record (game.effTurns)
	effN   uint16
	inDeck bool // the seat re-dealing knows the card is in its Deck (cardState.knownDeck)
}

// redeal re-deals the identities of the cards hidden from seat s (Determinize), owner by owner,
// then lists the cards the kernel watches again from their new scripts. Cards marked in keep
// (by ID; nil for none) stay as they are.
func (g *game) redeal(s Seat, r *rand.Rand, keep []bool) {
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
			if c.owner != o || c.token || pinned[i] || g.shownTo(id, s) || c.known&(1<<s) != 0 || i < len(keep) && keep[i] {
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
			pool[i] = identity{c.data, c.script, g.ruleDataOf(id), c.effAt, c.effN, c.place.Loc == Deck && c.knownDeck&(1<<s) != 0}
			orig[id] = pool[i]
		}
		// The pool in an order of its own (by passcode, then by the once-per-turn record, which
		// moves with the identity), not the order of the hidden places: where the hidden cards
		// really are must not change the deal.
		slices.SortFunc(pool, func(a, b identity) int {
			if c := cmp.Compare(a.data.Passcode, b.data.Passcode); c != 0 {
				return c
			}
			return cmp.Compare(a.effAt, b.effAt)
		})
		// Choose first, apply after: a place no card fits (a mix of kinds the classes do not
		// foresee) leaves this owner's cards as they are.
		deal := make([]identity, len(ids))
		ok := true
		// The cards s knows to be in the Deck go to places of the Deck first.
		var deckAt []int
		for i, id := range ids {
			if g.c(id).place.Loc == Deck {
				deckAt = append(deckAt, i)
			}
		}
		dealt := make([]bool, len(ids))
		for j := 0; j < len(pool); {
			if !pool[j].inDeck {
				j++
				continue
			}
			k := r.IntN(len(deckAt)) // as many places as cards known to be there, at least
			i := deckAt[k]
			deckAt[k] = deckAt[len(deckAt)-1]
			deckAt = deckAt[:len(deckAt)-1]
			deal[i], dealt[i] = pool[j], true
			pool[j] = pool[len(pool)-1]
			pool = pool[:len(pool)-1]
		}
		var fit []int
		for i, id := range ids {
			if dealt[i] {
				continue
			}
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
		if c.equipTarget != NoCard || len(c.materials()) > 0 || len(c.mods()) > 0 || len(c.counters()) > 0 || c.asMonster ||
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
