package rules_test

import (
	"fmt"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/kouhu/rules"
)

// A kouhu duel is a kernel duel whose Rules carry the kouhu procedures: the kernel calls them for
// the turn, the idle prompt (here with its resource option), summons, attacks and costs.
func Example() {
	var decks [2]engine.DeckList
	for i, key := range []string{"dragons", "knights-and-mages"} {
		d, err := kouhu.LoadDeck(key)
		if err != nil {
			panic(err)
		}
		decks[i].Main, decks[i].Extra = d.Codes()
	}
	d, err := engine.New(engine.Config{Rules: rules.Rules(), Seed: 1, Cards: all.Library(), Decks: decks,
		First: engine.FirstA})
	if err != nil {
		panic(err)
	}
	p := d.Prompt()
	resource := false
	for _, o := range p.Options() {
		resource = resource || o.Kind == engine.OptResource
	}
	fmt.Println(d.Rules().Name, d.Phase(), p.Kind, "resource:", resource)
	// Output: kouhu main1 idle resource: true
}
