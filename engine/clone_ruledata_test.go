package engine

import (
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestCloneRuleDataOwnBacking: a copy's ruleset data must not share the original's spare
// capacity, or a card made later in one (a token) would write the other's next slot.
func TestCloneRuleDataOwnBacking(t *testing.T) {
	c := func(n string) card.Passcode { return code(t, n) }
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 1, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{{Deck: []card.Passcode{c("Celtic Guardian")}}, {Deck: []card.Passcode{c("Celtic Guardian")}}}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.g.ruleData = make([]any, 1, 4) // as a ruleset with procedures leaves it: room for more
	cp, err := d.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	d.g.ruleData = append(d.g.ruleData, "original's")
	cp.g.ruleData = append(cp.g.ruleData, "copy's")
	if got := d.g.ruleData[1]; got != "original's" {
		t.Fatalf("the original's new card's data is %v after the copy made a card", got)
	}
}
