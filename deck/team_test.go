package deck

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/ruleset"
)

func TestValidateTeamCountsLimitedCardsPerTeam(t *testing.T) {
	rs, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	pool := card.Pool()
	code := func(name string) card.Passcode {
		d, ok := pool.ByName(name)
		if !ok {
			t.Fatalf("no card %q", name)
		}
		return d.Passcode
	}
	filler := func(extra ...card.Passcode) Deck {
		var d Deck
		for _, n := range []string{"Axe Raider", "Celtic Guardian", "Feral Imp", "Summoned Skull",
			"Dark Magician", "Mystical Elf", "Giant Soldier of Stone", "Beaver Warrior", "Gaia The Fierce Knight",
			"Curse of Dragon", "Silver Fang", "Kuriboh", "Man-Eater Bug", "Battle Ox"} {
			for i := 0; i < 3 && len(d.Main) < 40-len(extra); i++ {
				d.Main = append(d.Main, code(n))
			}
		}
		d.Main = append(d.Main, extra...)
		return d
	}
	bl := &Banlist{Name: "test", Limits: map[card.Passcode]int{code("Raigeki"): 1, code("Dark Hole"): 2}}
	names := [2]string{"A1", "A2"}
	cases := []struct {
		name    string
		a, b    Deck
		wantMsg []string // substrings of the violations, in order; none = legal
	}{
		{"limited card in one deck only", filler(code("Raigeki")), filler(), nil},
		{"limited card in both decks", filler(code("Raigeki")), filler(code("Raigeki")),
			[]string{`"Raigeki" x1 in A1's deck and x1 in A2's exceeds its limit 1 in banlist test, counted per team`}},
		{"semi-limited split within the limit", filler(code("Dark Hole")), filler(code("Dark Hole")), nil},
		{"semi-limited split over the limit", filler(code("Dark Hole"), code("Dark Hole")), filler(code("Dark Hole")),
			[]string{`"Dark Hole" x2 in A1's deck and x1 in A2's exceeds its limit 2`}},
		{"unlimited cards are counted per deck", filler(), filler(), nil},
		{"a deck's own violation names its seat", filler(code("Raigeki"), code("Raigeki")), filler(),
			[]string{`A1's deck: "Raigeki" x2 exceeds its limit 1 in banlist test`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vs := ValidateTeam(c.a, c.b, names, pool, rs, bl)
			if len(vs) != len(c.wantMsg) {
				t.Fatalf("got %d violations %v, want %d", len(vs), vs, len(c.wantMsg))
			}
			for i, v := range vs {
				if !strings.Contains(v.Msg, c.wantMsg[i]) {
					t.Errorf("violation %d = %q, want it to contain %q", i, v.Msg, c.wantMsg[i])
				}
			}
		})
	}
}
