package card_test

import (
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
