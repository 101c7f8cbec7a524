package agent_test

import (
	"testing"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// easyDuel starts a duel of one of the three kinds Easy must play: "ocg" (Yugi against Kaiba),
// "tag" (the same decks, a partner each) and "kouhu" (its two decks).
func easyDuel(t testing.TB, kind string, seed uint64) *engine.Duel {
	t.Helper()
	cfg := engine.Config{Rules: engine.OCG(), Seed: seed, Cards: all.Library()}
	switch kind {
	case "kouhu":
		cfg.Rules = krules.Rules()
		for i, key := range []string{"dragons", "knights-and-mages"} {
			dk, err := kouhu.LoadDeck(key)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Decks[i].Main, cfg.Decks[i].Extra = dk.Codes()
		}
	default:
		for i, name := range []string{"yugi", "kaiba"} {
			dk, err := decks.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Decks[i] = engine.DeckList{Main: dk.Main, Extra: dk.Extra}
		}
		if kind == "tag" {
			cfg.Tag, cfg.Partners = true, cfg.Decks
		}
	}
	d, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checked wraps an agent and fails the test when it answers an option the prompt did not list.
type checked struct {
	t *testing.T
	a agent.Agent
}

func (c checked) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	o := c.a.Choose(d, p)
	for _, x := range p.Options() {
		if x == o {
			return o
		}
	}
	c.t.Fatalf("answered %v, not one of the %d options of a %v prompt", o, len(p.Options()), p.Kind)
	return o
}

// TestEasyAnswersOnlyListedOptions: Easy plays whole duels of every kind (against greedy, in
// both seats) answering only options the prompt lists.
func TestEasyAnswersOnlyListedOptions(t *testing.T) {
	for _, kind := range []string{"ocg", "tag", "kouhu"} {
		for seed := uint64(1); seed <= 6; seed++ {
			d := easyDuel(t, kind, seed)
			agents := make([]agent.Agent, len(d.Seats()))
			for i := range agents {
				if i%2 == int(seed%2) {
					agents[i] = checked{t, agent.NewEasy(seed + uint64(i))}
				} else {
					agents[i] = agent.NewGreedy(seed + uint64(i))
				}
			}
			if _, err := agent.Play(d, agents, 20000); err != nil {
				t.Fatalf("%s seed %d: %v", kind, seed, err)
			}
			if !d.Over() {
				t.Fatalf("%s seed %d: the duel did not end", kind, seed)
			}
			d.Close()
		}
	}
}
