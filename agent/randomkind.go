package agent

import (
	"math/rand/v2"

	"github.com/duelistgame/duelist/engine"
)

// RandomKind answers at random the way ygopro-core's random test drivers do at
// MSG_SELECT_IDLECMD and MSG_SELECT_BATTLECMD: first a kind of answer uniformly among the kinds the
// prompt offers (summon, set, activate, go to the Battle Phase, end the turn ...), then one option
// of that kind uniformly. Where Random weighs every option alike, so that a hand of five cards to
// Set outvotes the single "end the turn", RandomKind gives each command the same chance. The two
// make different duels from the same seeds; both are legal play (docs/performance.md, "The random
// workload").
type RandomKind struct {
	rng   *rand.Rand
	kinds []engine.OptionKind // scratch: the distinct kinds of the current prompt
	of    []int               // scratch: indices of the options of the chosen kind
}

// NewRandomKind returns a kind-first random agent with a seed.
func NewRandomKind(seed uint64) *RandomKind {
	return &RandomKind{rng: rand.New(rand.NewPCG(seed, seed*0x2545f4914f6cdd1d+1))}
}

// Choose picks a kind of answer uniformly, then one option of that kind uniformly.
func (r *RandomKind) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	opts := p.Options()
	r.kinds = r.kinds[:0]
	for _, o := range opts {
		seen := false
		for _, k := range r.kinds {
			if k == o.Kind {
				seen = true
				break
			}
		}
		if !seen {
			r.kinds = append(r.kinds, o.Kind)
		}
	}
	k := r.kinds[r.rng.IntN(len(r.kinds))]
	r.of = r.of[:0]
	for i, o := range opts {
		if o.Kind == k {
			r.of = append(r.of, i)
		}
	}
	return opts[r.of[r.rng.IntN(len(r.of))]]
}
