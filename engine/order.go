package engine

import "slices"

// Ordering cards: an effect has a seat put cards in an order ("look at the top 5 cards of your
// Deck and put them back in any order", "place cards from your hand at the bottom of your Deck
// in any order"), then puts them on the top or at the bottom of the Deck.

// maxOrdered is the most cards an order prompt lists (6! = 720 orders).
const maxOrdered = 6

// OrderCards asks seat s to put the cards (at most 6) in an order and returns them in it, the
// first chosen first. The prompt is PromptOrder: its options are the orders that differ in the
// cards' names; with look the seat is shown the cards (cards of its own Deck it looks at). One
// card, or cards of one name, are returned as they are without asking.
func (c *Ctx) OrderCards(s Seat, ids []CardID, look bool) []CardID {
	g := c.g
	if len(ids) > maxOrdered {
		ids = ids[:maxOrdered]
	}
	out := c.List(ids)
	if len(ids) < 2 {
		return out
	}
	p := g.newPrompt(PromptOrder, s)
	p.Candidates = append(p.Candidates, ids...)
	p.Subject, p.Look = c.card, look
	seen := map[string]bool{}
	for r := 0; r < factorial(len(ids)); r++ {
		key := ""
		for _, j := range nthPermutation(len(ids), r) {
			key += g.c(ids[j]).data.Name + "\x00"
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		p.opts = append(p.opts, Option{Kind: OptOrder, Card: NoCard, Rank: int32(r)})
	}
	if len(p.opts) == 1 {
		return out
	}
	o := g.ask()
	for i, j := range nthPermutation(len(ids), int(o.Rank)) {
		out[i] = ids[j]
	}
	return out
}

// PutOnDeck puts cards, in the order given, on the top of their owners' Decks (top: the first
// ends on top) or at the bottom (the first ends at the very bottom). Cards from elsewhere move
// there face-down (EvMove); cards already in the Deck only change places.
func (c *Ctx) PutOnDeck(ids []CardID, top bool) {
	c.step()
	g := c.g
	ids = c.affected(ids)
	for _, id := range ids {
		cs := g.c(id)
		if cs.place.Loc != Deck || cs.place.Seat != cs.owner {
			public := cs.pos.IsFaceUp() || cs.place.Loc == GY || cs.place.Loc == Banished
			g.moveEv(id, Place{Seat: cs.owner, Loc: Deck}, FaceDown, EvMove, false, public)
		}
	}
	for _, s := range g.seats() {
		deck := g.pl(s).deck // bottom first
		var mine []CardID
		for _, id := range ids {
			if g.c(id).owner == s {
				mine = append(mine, id)
			}
		}
		if len(mine) == 0 {
			continue
		}
		rest := slices.DeleteFunc(slices.Clone(deck), func(id CardID) bool { return slices.Contains(mine, id) })
		var order []CardID
		if top {
			order = append(rest, reversed(mine)...) // the first given last: on top
		} else {
			order = append(slices.Clone(mine), rest...)
		}
		copy(deck, order)
		for i, id := range deck {
			g.cards[id].place.Seq = i
		}
		g.changeSeq++
	}
}

// reversed returns the cards in the opposite order.
func reversed(ids []CardID) []CardID {
	out := slices.Clone(ids)
	slices.Reverse(out)
	return out
}
