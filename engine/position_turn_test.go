package engine

import (
	"errors"
	"strings"
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

// TestTagPositionTurnFitsTheRotation: a tag duel's turns go A1 → B1 → A2 → B2 (or B1 → A1 → B2 →
// A2 when team B goes first), so turn T belongs to the rotation's (T−1)-th seat from A1 or B1
// (docs/tag.md): turns 1, 2, 5, 6 … to A1 or B1, turns 3, 4, 7, 8 … to A2 or B2. A position that
// names another player is refused with an error saying so, instead of rotating on from a first
// player no duel can have (issue 32).
func TestTagPositionTurnFitsTheRotation(t *testing.T) {
	c := func(n string) card.Passcode { return code(t, n) }
	pos := func(turn int, player Seat) Position {
		p := Position{Rules: OCG(), Tag: true, Turn: turn, Player: player, Phase: Main1}
		for s := range MaxSeats {
			p.Seats[s] = SeatSetup{Deck: []card.Passcode{c("Celtic Guardian")}}
		}
		return p
	}
	for _, tc := range []struct {
		turn   int
		player Seat
		ok     bool
	}{
		{1, A, true}, {1, B, true}, {1, A2, false}, {1, B2, false},
		{2, A, true}, {2, B, true}, {3, A2, true}, {3, B2, true}, {3, A, false},
		{4, B2, true}, {4, A2, true}, {4, B, false}, {4, A, false},
		{5, A, true}, {7, B, false}, {8, B2, true},
	} {
		d, err := NewFromPosition(pos(tc.turn, tc.player))
		if d != nil {
			d.Close()
		}
		if tc.ok && err != nil {
			t.Errorf("turn %d, player %s: %v", tc.turn, SeatName(tc.player, true), err)
		}
		if !tc.ok && (!errors.Is(err, ErrBadPosition) || !strings.Contains(err.Error(), "rotation")) {
			t.Errorf("turn %d, player %s: error %v, want ErrBadPosition naming the rotation", tc.turn, SeatName(tc.player, true), err)
		}
	}
}
