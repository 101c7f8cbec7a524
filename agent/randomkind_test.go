package agent_test

import (
	"testing"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/engine"
)

// TestRandomKindWeighsKindsAlike: at a prompt offering five Sets, one Summon and one "end the
// turn", the kind-first agent ends the turn about a third of the time, where the uniform agent
// ends it about a seventh of the time (seeded, so the counts are exact; the bounds are wide).
func TestRandomKindWeighsKindsAlike(t *testing.T) {
	p := &engine.Prompt{Kind: engine.PromptIdle}
	for i := 0; i < 5; i++ {
		p.Add(engine.OptSet, engine.CardID(i+1))
	}
	p.Add(engine.OptSummon, 1)
	p.Add(engine.OptEnd, engine.NoCard)
	const n = 30000
	count := func(a agent.Agent) (ends, sets int) {
		for i := 0; i < n; i++ {
			o := a.Choose(nil, p)
			switch o.Kind {
			case engine.OptEnd:
				ends++
			case engine.OptSet:
				sets++
			}
		}
		return
	}
	ends, sets := count(agent.NewRandomKind(7))
	if ends < n*30/100 || ends > n*36/100 {
		t.Errorf("kind-first: ended the turn %d times in %d, want about a third", ends, n)
	}
	if sets < n*30/100 || sets > n*36/100 {
		t.Errorf("kind-first: set %d times in %d, want about a third", sets, n)
	}
	ends, _ = count(agent.NewRandom(7))
	if ends < n*12/100 || ends > n*17/100 {
		t.Errorf("uniform: ended the turn %d times in %d, want about a seventh", ends, n)
	}
}

// TestRandomKindPlaysLegalDuels: kind-first agents play whole duels to an end (every answer is
// one the engine offered, or Answer would fail).
func TestRandomKindPlaysLegalDuels(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		d := duel(t, "yugi-40", "kaiba-40", seed)
		if _, err := agent.Play(d, []agent.Agent{agent.NewRandomKind(2 * seed), agent.NewRandomKind(2*seed + 1)}, 0); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if _, ok, draw := d.Result(); !ok && !draw {
			t.Fatalf("seed %d: the duel did not end", seed)
		}
	}
}
