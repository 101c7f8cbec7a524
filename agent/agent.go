// Package agent holds drivers that answer a duel's prompts: a uniform random agent and a simple
// greedy one. Agents are in-process and trusted; a fair agent looks only at what its seat may see.
package agent

import (
	"math/rand/v2"

	"github.com/duelistgame/duelist/engine"
)

// Agent chooses an answer to a prompt of its seat.
type Agent interface {
	Choose(d *engine.Duel, p *engine.Prompt) engine.Option
}

// Random answers uniformly at random over the prompt's options, from its own seeded PRNG.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random agent with a seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, seed*0x2545f4914f6cdd1d+1))}
}

// Choose picks one option uniformly.
func (r *Random) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	opts := p.Options()
	return opts[r.rng.IntN(len(opts))]
}

// Play runs a duel to its end with one agent per seat (indexed by Seat: two, or four for a tag
// duel) and returns the number of answers given. It stops after maxAnswers (0 = no limit). The
// duel's events are discarded as it goes.
func Play(d *engine.Duel, agents []Agent, maxAnswers int) (int, error) {
	n := 0
	for p := d.Prompt(); p != nil; p = d.Prompt() {
		if maxAnswers > 0 && n >= maxAnswers {
			break
		}
		d.TakeEvents()
		if err := d.Answer(agents[p.Seat].Choose(d, p)); err != nil {
			return n, err
		}
		n++
	}
	return n, d.Err()
}
