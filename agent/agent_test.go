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

func duel(t *testing.T, a, b string, seed uint64) *engine.Duel {
	t.Helper()
	da, err := decks.Get(a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := decks.Get(b)
	if err != nil {
		t.Fatal(err)
	}
	d, err := engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: all.Library(), First: engine.FirstA,
		Decks: [2]engine.DeckList{{Main: da.Main, Extra: da.Extra}, {Main: db.Main, Extra: db.Extra}}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestGreedyBeatsRandom: the greedy agent is a real opponent: it wins most duels against the
// random agent with the same decks, whichever seat it plays (seeded, so the count is exact).
func TestGreedyBeatsRandom(t *testing.T) {
	const n = 200
	wins := 0
	for i := 0; i < n; i++ {
		d := duel(t, "yugi", "kaiba", uint64(i))
		gSeat := engine.Seat(i % 2)
		var agents [2]agent.Agent
		agents[gSeat] = agent.NewGreedy(uint64(i))
		agents[gSeat.Other()] = agent.NewRandom(uint64(i))
		if _, err := agent.Play(d, agents[:], 20000); err != nil {
			t.Fatal(err)
		}
		if w, ok, _ := d.Result(); ok && w == gSeat {
			wins++
		}
		d.Close()
	}
	t.Logf("greedy won %d of %d duels against random", wins, n)
	if wins < n*3/4 {
		t.Errorf("greedy won only %d of %d duels against random", wins, n)
	}
}

// TestAgentsAnswerOnlyListedOptions: both agents always answer with a listed option.
func TestAgentsAnswerOnlyListedOptions(t *testing.T) {
	for i := 0; i < 50; i++ {
		d := duel(t, "kaiba", "yugi", uint64(i))
		agents := [2]agent.Agent{agent.NewGreedy(1), agent.NewRandom(2)}
		if _, err := agent.Play(d, agents[:], 20000); err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
		if !d.Over() {
			t.Fatalf("seed %d: the duel did not end", i)
		}
		d.Close()
	}
}

// TestGreedyBeatsRandomAtKouhu: the greedy agent plays kouhu (resources, summons it can pay for,
// attacks and blocks) well enough to beat random answers with either deck.
func TestGreedyBeatsRandomAtKouhu(t *testing.T) {
	var dl [2]engine.DeckList
	for i, key := range []string{"dragons", "knights-and-mages"} {
		d, err := kouhu.LoadDeck(key)
		if err != nil {
			t.Fatal(err)
		}
		dl[i].Main, dl[i].Extra = d.Codes()
	}
	n, wins := 60, 0
	for i := 0; i < n; i++ {
		decks := dl
		if i%2 == 1 {
			decks[0], decks[1] = dl[1], dl[0]
		}
		d, err := engine.New(engine.Config{Rules: krules.Rules(), Seed: uint64(i), Decks: decks, Cards: all.Library()})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := agent.Play(d, []agent.Agent{agent.NewGreedy(uint64(i)), agent.NewRandom(uint64(i) + 9)}, 20000); err != nil {
			t.Fatal(err)
		}
		if w, ok, _ := d.Result(); ok && w == engine.A {
			wins++
		}
		d.Close()
	}
	t.Logf("greedy won %d of %d kouhu duels against random", wins, n)
	if wins < n*3/4 {
		t.Errorf("greedy won only %d of %d kouhu duels against random", wins, n)
	}
}
