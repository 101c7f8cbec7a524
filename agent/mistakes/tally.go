package mistakes

import "github.com/duelistgame/duelist/engine"

// Tally counts one agent's decisions, its mistakes by class, and the chain windows it was offered
// an activation in and took one.
type Tally struct {
	Decisions int
	Mistakes  [NClasses]int
	// ChainOffered counts the chain windows that offered at least one activation; ChainTaken
	// those answered with one.
	ChainOffered, ChainTaken int
}

// Observe judges answer o to prompt p (the duel standing at p) and counts it.
func (t *Tally) Observe(d *engine.Duel, p *engine.Prompt, o engine.Option) {
	t.Decisions++
	s := Judge(d, p, o)
	for c := Class(0); c < NClasses; c++ {
		if s.Has(c) {
			t.Mistakes[c]++
		}
	}
	if p.Kind == engine.PromptChain && offered(p, engine.OptActivate, engine.NoCard) {
		t.ChainOffered++
		if o.Kind == engine.OptActivate {
			t.ChainTaken++
		}
	}
}

// Add adds another tally's counts to t.
func (t *Tally) Add(u Tally) {
	t.Decisions += u.Decisions
	for c := range t.Mistakes {
		t.Mistakes[c] += u.Mistakes[c]
	}
	t.ChainOffered += u.ChainOffered
	t.ChainTaken += u.ChainTaken
}
