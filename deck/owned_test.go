package deck_test

import (
	"slices"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/ruleset"
)

func TestCheckOwned(t *testing.T) {
	rs, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	yugi, err := decks.Get("yugi-40")
	if err != nil {
		t.Fatal(err)
	}
	pool := card.Pool()
	pot, _ := pool.ByName("Pot of Greed")
	elf, _ := pool.ByName("Mystical Elf")
	owned := map[card.Passcode]int{}
	for _, p := range yugi.Main {
		owned[p]++
	}
	ruleOf := func(l deck.Legality) []string {
		var out []string
		for _, v := range l.Violations {
			out = append(out, v.Rule)
		}
		return out
	}
	base := deck.CheckOwned(yugi, nil, rs, nil, owned)
	if len(base.Missing) != 0 || slices.Contains(ruleOf(base), deck.RuleNotOwned) {
		t.Fatalf("the owned Yugi deck: %v", base.Violations)
	}

	// Three Pot of Greed, not owned, forbidden by the default banlist.
	d := yugi.Clone()
	d.Main = append(d.Main, pot.Passcode, pot.Passcode, pot.Passcode)
	l := deck.CheckOwned(d, nil, rs, deck.DefaultBanlist(), owned)
	if l.Legal() || !slices.Contains(ruleOf(l), deck.RuleBanlist) || !slices.Contains(ruleOf(l), deck.RuleNotOwned) {
		t.Errorf("3 Pot of Greed: %v", l.Violations)
	}
	if len(l.Missing) != 1 || l.Missing[0] != (deck.Missing{Passcode: pot.Passcode, Name: "Pot of Greed", Need: 3, Owned: 0}) {
		t.Errorf("missing %v", l.Missing)
	}
	// Free cards: nothing is missing.
	if l := deck.CheckOwned(d, nil, rs, nil, nil); len(l.Missing) != 0 || slices.Contains(ruleOf(l), deck.RuleNotOwned) {
		t.Errorf("free cards: %v", l.Violations)
	}
	// A 4th copy and a short deck break the ruleset's rules.
	d = deck.Deck{Main: []card.Passcode{elf.Passcode, elf.Passcode, elf.Passcode, elf.Passcode}}
	l = deck.CheckOwned(d, nil, rs, nil, map[card.Passcode]int{elf.Passcode: 4})
	if got := ruleOf(l); !slices.Equal(got, []string{deck.RuleMainSize, deck.RuleCopies}) {
		t.Errorf("4 Mystical Elf: rules %v", got)
	}
	// One copy short.
	owned2 := map[card.Passcode]int{elf.Passcode: 2}
	l = deck.CheckOwned(deck.Deck{Main: []card.Passcode{elf.Passcode, elf.Passcode, elf.Passcode}}, nil, rs, nil, owned2)
	if len(l.Missing) != 1 || l.Missing[0].Need != 3 || l.Missing[0].Owned != 2 {
		t.Errorf("one short: %v", l.Missing)
	}
}
