package engine

import (
	"errors"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestPositionTurnLimit: the cards' turn stamps are 32-bit, so a position past MaxTurn is
// refused (a monster summoned "this turn" would otherwise not be new), and one at MaxTurn keeps
// its new monster new.
func TestPositionTurnLimit(t *testing.T) {
	c := func(n string) card.Passcode { return code(t, n) }
	pos := func(turn int) Position {
		return Position{Rules: OCG(), Turn: turn, Player: A, Phase: Main1,
			Seats: [MaxSeats]SeatSetup{
				{Deck: []card.Passcode{c("Celtic Guardian")},
					Monsters: []MonsterSetup{{Code: c("Dark Magician"), Pos: FaceUpAtk, New: true}}},
				{Deck: []card.Passcode{c("Celtic Guardian")}},
			}}
	}
	for _, turn := range []int{MaxTurn + 1, 1<<32 + 3} {
		if d, err := NewFromPosition(pos(turn)); !errors.Is(err, ErrBadPosition) {
			if d != nil {
				p, _ := d.Position()
				d.Close()
				t.Logf("its monsters: %+v", p.Seats[A].Monsters)
			}
			t.Errorf("a position at turn %d: %v, want ErrBadPosition", turn, err)
		}
	}
	d, err := NewFromPosition(pos(MaxTurn))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	p, err := d.Position()
	if err != nil {
		t.Fatal(err)
	}
	if m := p.Seats[A].Monsters; len(m) != 1 || !m[0].New {
		t.Errorf("the monster summoned at turn MaxTurn is not new: %+v", m)
	}
}
