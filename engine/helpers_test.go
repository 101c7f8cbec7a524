package engine

import (
	"math/rand/v2"

	"github.com/duelistgame/duelist/card"
)

// normalDeck builds a legal 40-card deck of the pool's Normal Monsters (no Tuners), varied by seed:
// up to 3 copies of each, Levels 1-8.
func normalDeck(seed uint64) []card.Passcode {
	var mons []card.Passcode
	for _, d := range card.Pool().All() {
		if d.IsNormalMonster() && !d.Kind.Has(card.Tuner) {
			mons = append(mons, d.Passcode)
		}
	}
	r := rand.New(rand.NewPCG(seed, 7))
	r.Shuffle(len(mons), func(i, j int) { mons[i], mons[j] = mons[j], mons[i] })
	var out []card.Passcode
	for _, m := range mons {
		for k := 0; k < 1+r.IntN(3) && len(out) < 40; k++ {
			out = append(out, m)
		}
	}
	return out
}
