package agent_test

import (
	"errors"
	"math/rand/v2"
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
	cfg := engine.Config{Rules: engine.OCG(), Seed: seed, Cards: all.Library(), KeepOpenStates: true}
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

// TestEasyReadsNoHiddenCards: at every decision of one team's seats (in ocg, tag and kouhu duels
// of Easy against Easy), a copy of the duel with every card hidden from that seat re-dealt
// (Determinize: the opponents' hands, the Decks, face-down cards it does not control) gets the
// same answer from an Easy agent with the same seed: the policy reads only what its seat sees.
func TestEasyReadsNoHiddenCards(t *testing.T) {
	compared, differed, noWorld := 0, 0, 0
	for _, kind := range []string{"ocg", "tag", "kouhu"} {
		for seed := uint64(1); seed <= 5; seed++ {
			d := easyDuel(t, kind, seed)
			rng := rand.New(rand.NewPCG(seed, 99))
			agents := make([]agent.Agent, len(d.Seats()))
			for i := range agents {
				agents[i] = agent.NewEasy(seed*10 + uint64(i)) // Easy Sets monsters: face-down cards to read
			}
			for n, p := 0, d.Prompt(); p != nil && n < 3000; n, p = n+1, d.Prompt() {
				var o engine.Option
				if p.Seat.Team() == engine.Seat(seed%2) && len(p.Options()) > 1 && d.Turn() > 0 {
					o = agent.NewEasy(seed).Choose(d, p)
					w, err := d.Determinize(p.Seat, rng)
					if errors.Is(err, engine.ErrNoWorld) {
						noWorld++ // the answers since the last open state tell of the hidden cards
						if err := d.Answer(o); err != nil {
							t.Fatalf("%s seed %d: %v", kind, seed, err)
						}
						continue
					}
					if err != nil {
						t.Fatalf("%s seed %d answer %d: %v", kind, seed, n, err)
					}
					if wo := agent.NewEasy(seed).Choose(w, w.Prompt()); wo != o {
						differed++
						if differed <= 5 {
							t.Errorf("%s seed %d answer %d (%v prompt): %s in the duel, %s in a world re-dealt",
								kind, seed, n, p.Kind, d.OptionTextFor(p.Seat, o), w.OptionTextFor(p.Seat, wo))
						}
					}
					w.Close()
					compared++
				} else {
					o = agents[p.Seat].Choose(d, p)
				}
				if err := d.Answer(o); err != nil {
					t.Fatalf("%s seed %d: %v", kind, seed, err)
				}
			}
			d.Close()
		}
	}
	t.Logf("%d decisions compared, %d differed, %d with no other world", compared, differed, noWorld)
	if compared < 300 {
		t.Errorf("only %d decisions compared", compared)
	}
}

// TestEasyBlocksTogether: under kouhu Easy weighs every answer to an attack by playing out its
// engagements, several blockers in each of their orders included: against an attacker none of its
// creatures destroys alone it blocks with two, in the order that loses the less valuable one
// (Mystical Elf, then Harpie Lady), where the single-blocker rule let the attack through.
func TestEasyBlocksTogether(t *testing.T) {
	d := puzzle(t, "kouhu-block-together.duel")
	defer d.Close()
	b := agent.NewEasy(1)
	blocked := ""
	for p := d.Prompt(); p != nil && d.Turn() == 3; p = d.Prompt() {
		o := find(p, engine.OptAttack, engine.OptPass, engine.OptMain2, engine.OptEnd) // A attacks, then ends its turn
		if p.Seat == engine.B {
			o = b.Choose(d, p)
		}
		if p.Kind == engine.PromptBlock {
			blocked = d.OptionTextFor(engine.B, o)
		}
		if err := d.Answer(o); err != nil {
			t.Fatal(err)
		}
	}
	if want := `block "Mystical Elf"@B:M1 "Harpie Lady"@B:M2`; blocked != want {
		t.Fatalf("Easy answered the attack with %q, want %q", blocked, want)
	}
	if gy := names(d, d.Pile(engine.A, engine.GY)); gy != "Curse of Dragon" {
		t.Errorf("A's GY: %s", gy)
	}
	if gy := names(d, d.Pile(engine.B, engine.GY)); gy != "Mystical Elf" {
		t.Errorf("B's GY: %s", gy)
	}
}

// find returns the prompt's first option of the first kind listed that it has, else its first.
func find(p *engine.Prompt, kinds ...engine.OptionKind) engine.Option {
	for _, k := range kinds {
		for _, o := range p.Options() {
			if o.Kind == k {
				return o
			}
		}
	}
	return p.Options()[0]
}

// names lists the cards' names, comma-separated.
func names(d *engine.Duel, ids []engine.CardID) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += d.Card(id).Data.Name
	}
	return s
}
