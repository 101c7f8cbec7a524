package card_test

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

func TestEveryPoolCardHasARarity(t *testing.T) {
	count := map[card.Rarity]int{}
	for _, c := range card.Pool().All() {
		if c.Rarity == card.NoRarity {
			t.Errorf("%q has no rarity", c.Name)
		}
		count[c.Rarity]++
	}
	for _, r := range card.Rarities {
		if count[r] == 0 {
			t.Errorf("no card of the pool is %v", r)
		}
	}
}

func TestParseRaritiesErrors(t *testing.T) {
	db, err := card.ParseTSV("1\tA\tA\tNormal Spell\t\t\t\t\t\tX\n2\tB\tB\tNormal Trap\t\t\t\t\t\tX\n")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"1\tA\tN\n", `"B" (2) has no rarity`},
		{"1\tA\tN\n2\tB\tXR\n", `line 2: card: unknown rarity "XR"`},
		{"1\tA\tN\n2\tC\tR\n", `passcode 2 is "B", not "C"`},
		{"1\tA\tN\n1\tA\tR\n2\tB\tR\n", `"A" is listed twice`},
		{"1\tA\tN\n3\tB\tR\n", `passcode 3 is not a card`},
		{"1\tA\n", "want 3 tab-separated fields"},
	}
	for _, tt := range tests {
		if _, err := card.ParseRarities(tt.in, db); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseRarities(%q) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
	m, err := card.ParseRarities("# c\n1\tA\tur\n2\tB\tN\n", db)
	if err != nil || m[1] != card.UR || m[2] != card.N {
		t.Errorf("ParseRarities = %v, %v", m, err)
	}
}
