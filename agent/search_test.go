package agent_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
	"github.com/duelistgame/duelist/scenario"
)

// small is a search agent with a budget small enough for tests.
func small(seed uint64) *agent.Search {
	s := agent.NewSearch(seed, 24)
	s.Worlds, s.Turns = 6, 2
	return s
}

// kouhuDuel starts a kouhu duel of the dragons deck against knights-and-mages.
func kouhuDuel(t *testing.T, seed uint64) *engine.Duel {
	t.Helper()
	var dl [2]engine.DeckList
	for i, key := range []string{"dragons", "knights-and-mages"} {
		d, err := kouhu.LoadDeck(key)
		if err != nil {
			t.Fatal(err)
		}
		dl[i].Main, dl[i].Extra = d.Codes()
	}
	d, err := engine.New(engine.Config{Rules: krules.Rules(), Seed: seed, Decks: dl, Cards: all.Library(), KeepOpenStates: true})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// tagDuel starts a tag duel of the starter decks.
func tagDuel(t *testing.T, seed uint64) *engine.Duel {
	t.Helper()
	da, err := decks.Get("yugi")
	if err != nil {
		t.Fatal(err)
	}
	db, err := decks.Get("kaiba")
	if err != nil {
		t.Fatal(err)
	}
	a, b := engine.DeckList{Main: da.Main}, engine.DeckList{Main: db.Main}
	d, err := engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: all.Library(), Tag: true,
		Decks: [2]engine.DeckList{a, b}, Partners: [2]engine.DeckList{b, a}, KeepOpenStates: true})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSearchAnswersOnlyListedOptions: the search agent plays the opening turns of ocg, kouhu and
// tag duels against the greedy agent answering every prompt (agent.Play fails on an answer the
// engine did not offer), and searches at prompts of every kind, not only open states.
func TestSearchAnswersOnlyListedOptions(t *testing.T) {
	kinds := map[engine.PromptKind]int{}
	for _, c := range []struct {
		name string
		make func(*testing.T, uint64) *engine.Duel
	}{
		{"ocg", func(t *testing.T, seed uint64) *engine.Duel { return duel(t, "yugi", "kaiba", seed) }},
		{"kouhu", kouhuDuel},
		{"tag", tagDuel},
	} {
		d := c.make(t, 3)
		s := small(5)
		agents := make([]agent.Agent, len(d.Seats()))
		for i := range agents {
			agents[i] = agent.NewGreedy(uint64(i))
		}
		agents[0] = &recorder{Agent: s, kinds: kinds}
		if _, err := agent.Play(d, agents, 150); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		st := s.Stats()
		t.Logf("%s: %+v", c.name, st)
		if st.Decisions == 0 || st.Playouts < st.Decisions {
			t.Errorf("%s: the search did not search: %+v", c.name, st)
		}
		d.Close()
	}
	t.Logf("searched prompt kinds: %v", kinds)
	for _, k := range []engine.PromptKind{engine.PromptIdle, engine.PromptBattle} {
		if kinds[k] == 0 {
			t.Errorf("no %s prompt searched", k)
		}
	}
	if len(kinds) < 3 {
		t.Errorf("only %d kinds of prompt searched, want open states and others", len(kinds))
	}
}

// recorder counts the kinds of the prompts with more than one option its agent answers.
type recorder struct {
	agent.Agent
	kinds map[engine.PromptKind]int
}

func (r *recorder) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	if len(p.Options()) > 1 {
		r.kinds[p.Kind]++
	}
	return r.Agent.Choose(d, p)
}

// TestSearchIgnoresHiddenCards: at prompts of a seat with several options, open states and
// others, the search's answer for a seed is the same in the duel and in a copy whose cards hidden
// from the seat are re-dealt (Determinize, another world of the same information set); and the
// same search again gives the same answer (a decision reproduces).
func TestSearchIgnoresHiddenCards(t *testing.T) {
	checked, open, differ := 0, 0, 0
	for seed := uint64(0); seed < 3; seed++ {
		d := duel(t, "yugi", "kaiba", seed)
		d.KeepOpenStates()
		r := rand.New(rand.NewPCG(seed, 3))
		for n := 0; d.Prompt() != nil && n < 400 && checked < 4*(int(seed)+1); n++ {
			p := d.Prompt()
			if len(p.Options()) > 1 && r.IntN(6) == 0 {
				me := p.Seat
				other, err := d.Determinize(me, rand.New(rand.NewPCG(seed, uint64(n))))
				if err == nil {
					if handOf(other, me.Other()) != handOf(d, me.Other()) {
						differ++
					}
					a := small(seed).Choose(d, p)
					b := small(seed).Choose(other, other.Prompt())
					again := small(seed).Choose(d, p)
					if a != b {
						t.Errorf("seed %d answer %d (%s prompt of %s): %v in the duel, %v in another world of the seat", seed, n, p.Kind, me, a, b)
					}
					if a != again {
						t.Errorf("seed %d answer %d: the same search answered %v then %v", seed, n, a, again)
					}
					checked++
					if d.Open() {
						open++
					}
					other.Close()
				}
			}
			if err := d.Answer(agent.NewGreedy(uint64(n)).Choose(d, p)); err != nil {
				t.Fatal(err)
			}
		}
		d.Close()
	}
	t.Logf("%d decisions compared (%d at open states), the opponent's hand differing in %d", checked, open, differ)
	if checked < 10 || open == checked || open == 0 || differ < checked/2 {
		t.Fatalf("too few decisions compared: %d (%d open, hands differing in %d)", checked, open, differ)
	}
}

// handOf lists the passcodes of a seat's hand.
func handOf(d *engine.Duel, s engine.Seat) string {
	out := ""
	for _, id := range d.Pile(s, engine.Hand) {
		out += fmt.Sprint(d.Card(id).Data.Passcode, " ")
	}
	return out
}

// puzzle starts a position of agent/testdata.
func puzzle(t *testing.T, name string) *engine.Duel {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	f.Cards = all.Library()
	d, err := f.Start()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// playTurn plays the position's turn with a for A and the greedy agent for B and reports whether
// A won within it.
func playTurn(t *testing.T, d *engine.Duel, a agent.Agent) bool {
	t.Helper()
	turn := d.Turn()
	b := agent.NewGreedy(1)
	for p := d.Prompt(); p != nil && d.Turn() == turn; p = d.Prompt() {
		who := agent.Agent(b)
		if p.Seat == engine.A {
			who = a
		}
		if err := d.Answer(who.Choose(d, p)); err != nil {
			t.Fatal(err)
		}
	}
	w, ok, _ := d.Result()
	return ok && w == engine.A
}

// TestSearchFindsLethal: in puzzle positions with a forced win this turn that the greedy agent
// misses (destroying its own attacker with Dark Hole instead of the Set Mirror Force with
// Mystical Space Typhoon; attacking with the weaker kouhu creature first, so that the only blocker
// survives), the search finds the win with every seed tried.
func TestSearchFindsLethal(t *testing.T) {
	for _, name := range []string{"lethal-through-a-set-trap.duel", "kouhu-lethal-attack-order.duel"} {
		d := puzzle(t, name)
		if playTurn(t, d, agent.NewGreedy(1)) {
			t.Fatalf("%s: the greedy agent wins too: the puzzle shows nothing", name)
		}
		d.Close()
		for seed := uint64(1); seed <= 3; seed++ {
			d := puzzle(t, name)
			s := agent.NewSearch(seed, 48)
			s.Worlds, s.Turns = 8, 1
			won := playTurn(t, d, s)
			t.Logf("%s seed %d: %+v", name, seed, s.Stats())
			if !won {
				t.Errorf("%s seed %d: the search missed the win (B at %d LP)", name, seed, d.LP(engine.B))
			}
			d.Close()
		}
	}
}

// TestSearchMarginKeepsPolicy: with a margin no score can pass (1), the search answers what its
// policy answers at every prompt; with none it answers otherwise somewhere in the same duel.
func TestSearchMarginKeepsPolicy(t *testing.T) {
	d := easyDuel(t, "ocg", 5)
	defer d.Close()
	easy := agent.NewEasy(5)
	kept, plain := agent.NewSearch(1, 16), agent.NewSearch(1, 16)
	kept.Worlds, kept.Turns, kept.Margin = 4, 2, 1
	plain.Worlds, plain.Turns = 4, 2
	asked, differs := 0, 0
	for n := 0; n < 300 && d.Prompt() != nil; n++ {
		p := d.Prompt()
		o := easy.Choose(d, p)
		if k := p.Kind; p.Seat == engine.A && len(p.Options()) > 1 &&
			(k == engine.PromptIdle || k == engine.PromptBattle || k == engine.PromptChain) {
			asked++
			if got := kept.Choose(d, p); got != o {
				t.Fatalf("answer %d: with margin 1 the search answered %s, its policy %s", n, d.OptionText(got), d.OptionText(o))
			}
			if plain.Choose(d, p) != o {
				differs++
			}
		}
		if err := d.Answer(o); err != nil {
			t.Fatal(err)
		}
	}
	if asked == 0 || differs == 0 {
		t.Fatalf("%d decisions asked, the plain search differed from its policy in %d: the test shows nothing", asked, differs)
	}
	t.Logf("%d decisions; the plain search differed from Easy in %d", asked, differs)
}

// TestSearchReproducible: with a budget in playouts (no time limit) two search agents of the same
// seed give the same answers through the opening of a duel, and each searched decision's record
// (LastDecision) lists the answer with the playouts that tried it.
func TestSearchReproducible(t *testing.T) {
	d1, d2 := easyDuel(t, "ocg", 7), easyDuel(t, "ocg", 7)
	defer d1.Close()
	defer d2.Close()
	a1, a2 := small(3), small(3)
	opp := agent.NewEasy(7)
	searched := 0
	for n := 0; n < 200 && d1.Prompt() != nil; n++ {
		p1, p2 := d1.Prompt(), d2.Prompt()
		var o1, o2 engine.Option
		if p1.Seat == engine.A {
			o1, o2 = a1.Choose(d1, p1), a2.Choose(d2, p2)
			if o1 != o2 {
				t.Fatalf("answer %d: %s in one duel, %s in the other", n, d1.OptionText(o1), d2.OptionText(o2))
			}
			if rec := a1.LastDecision(); len(rec) > 0 {
				searched++
				found := false
				for _, st := range rec {
					if st.Option == o1 {
						found = st.N > 0
					}
				}
				if !found {
					t.Fatalf("answer %d: %s is not in the decision's record %+v", n, d1.OptionText(o1), rec)
				}
			}
		} else {
			o1 = opp.Choose(d1, p1)
			o2 = o1
		}
		if err := d1.Answer(o1); err != nil {
			t.Fatal(err)
		}
		if err := d2.Answer(o2); err != nil {
			t.Fatal(err)
		}
	}
	if searched == 0 {
		t.Fatal("no decision searched: the test shows nothing")
	}
	t.Logf("%d searched decisions alike", searched)
}
