package engine_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
)

// Example drives a duel from code: start it from two decks and a seed, answer its prompts (here
// the first option, or the option written in the notation), read what happened, copy it at an
// open state and look at a possible world of the hidden cards.
func Example() {
	yugi, _ := decks.Get("yugi-40")
	kaiba, _ := decks.Get("kaiba-40")
	d, err := engine.New(engine.Config{
		Rules: engine.OCG(), Seed: 42, First: engine.FirstA, Cards: all.Library(),
		Decks: [2]engine.DeckList{{Main: yugi.Main}, {Main: kaiba.Main}},
	})
	if err != nil {
		panic(err)
	}
	defer d.Close()

	// A's first prompt: the idle prompt of Main Phase 1 (no draw on the first turn).
	p := d.Prompt()
	fmt.Println(d.Turn(), d.Phase(), p.Kind, "for", p.Seat)
	if err := d.AnswerText("end"); err != nil { // an answer in the notation
		panic(err)
	}
	d.TakeEvents() // the events since the last answer, for a host (Duel.EventView per seat)

	// B's Main Phase 1: an open state, so a copy costs a few microseconds.
	fmt.Println(d.Turn(), d.Phase(), d.Prompt().Seat, "open:", d.Open())
	c, _ := d.Clone()
	if err := c.AnswerIndex(0); err != nil { // the copy goes on; the duel does not move
		panic(err)
	}
	fmt.Println("the copy moved:", c.Hash() != d.Hash())

	// A possible world for B: A's hand and both Decks re-dealt, B's view unchanged.
	w, _ := d.Determinize(engine.B, rand.New(rand.NewPCG(1, 2)))
	fmt.Println("B sees the same duel:", fmt.Sprint(w.View(engine.B)) == fmt.Sprint(d.View(engine.B)))
	// Output:
	// 1 main1 idle for A
	// 2 main1 B open: true
	// the copy moved: true
	// B sees the same duel: true
}
