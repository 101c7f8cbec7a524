package engine

// RandomKind says what a random outcome of a duel decides.
type RandomKind uint8

// The kinds of random outcome a card asks for.
const (
	// RandomCoin is a coin toss: 0 heads, 1 tails.
	RandomCoin RandomKind = iota
	// RandomDie is a die roll: 0 to 5 for the faces 1 to 6.
	RandomDie
	// RandomPick is a card picked at random: the index among Cards.
	RandomPick
	// RandomShuffleSet is a step of a shuffle of face-down cards among their zones
	// (Ctx.ShuffleSetMonsters): the index, among the first N of Cards, of the card swapped with
	// the N-th.
	RandomShuffleSet
)

// RandomDraw describes one random outcome a duel is about to draw from its PRNG: its kind, the
// number of outcomes N (the result lies in 0..N-1), the seat it is drawn for, and for a pick the
// cards picked from.
type RandomDraw struct {
	Kind  RandomKind
	N     int
	Seat  Seat
	Cards []CardID
	// All marks a pick that draws nothing: every card of Cards is taken (one card left to
	// discard "at random"). Only the lockstep harness's hook sees it (ygopro-core still reports
	// such a pick); the duel's PRNG is not used.
	All bool
}

// random draws a random outcome from the duel's PRNG (every random outcome of a card comes from
// here, so that a duel stays the function of its seed and answers). The lockstep harness's build
// may force the outcome instead (refcore.go); normal builds never do (random_default.go).
func (g *game) random(r RandomDraw) int {
	if v, ok := forcedRandom(g, r); ok {
		return v
	}
	return g.rng.IntN(r.N)
}
