package engine

import "slices"

// Coin tosses, die rolls and random picks of cards: every outcome comes from the duel's PRNG
// (game.random), so that a duel stays the function of its seed and answers, and each is an
// event both seats see.

// TossCoins tosses n coins for seat s, without a call, and returns their sides (true: heads).
// Each toss is an EvCoin event (Heads).
func (c *Ctx) TossCoins(s Seat, n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = c.g.random(RandomDraw{Kind: RandomCoin, N: 2, Seat: s}) == 0
		c.g.emit(Event{Kind: EvCoin, Seat: s, Heads: out[i], Card: NoCard, Target: NoCard})
	}
	return out
}

// RollDie rolls a six-sided die for seat s and returns the face, 1 to 6 (an EvDice event, Amount
// the face).
func (c *Ctx) RollDie(s Seat) int {
	face := 1 + c.g.random(RandomDraw{Kind: RandomDie, N: 6, Seat: s})
	c.g.emit(Event{Kind: EvDice, Seat: s, Amount: face, Card: NoCard, Target: NoCard})
	return face
}

// RandomCards picks n of ids at random for seat s ("discard 1 card at random", "look at 1
// random card"), one after another among those left; all of them when n reaches their number.
// The cards picked are not shown by the pick itself: the effect moves or reveals them.
func (c *Ctx) RandomCards(s Seat, ids []CardID, n int) []CardID {
	if n >= len(ids) {
		if len(ids) > 0 {
			forcedRandom(c.g, RandomDraw{Kind: RandomPick, N: len(ids), Seat: s, Cards: ids, All: true})
		}
		return c.List(ids)
	}
	left := c.List(ids)
	var buf [scratchIDs]CardID
	out := buf[:0]
	for k := 0; k < n; k++ {
		i := c.g.random(RandomDraw{Kind: RandomPick, N: len(left), Seat: s, Cards: left})
		out = append(out, left[i])
		left = slices.Delete(left, i, i+1) // left is the effect's own copy
	}
	return c.g.outIDs(out)
}
