package engine

import (
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestAnimeGraveyardHidden: under anime rules a seat never sees the cards of the opponent's
// Graveyard or banished pile in its view, only their number; the owner sees them.
func TestAnimeGraveyardHidden(t *testing.T) {
	c := func(n string) card.Passcode { return code(t, n) }
	d, err := NewFromPosition(Position{Rules: Anime(), Turn: 3, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{c("Celtic Guardian")}, GY: []card.Passcode{c("Dark Magician")},
				Banished: []card.Passcode{c("Feral Imp")}},
			{Deck: []card.Passcode{c("Celtic Guardian")}, GY: []card.Passcode{c("Summoned Skull")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	v := d.View(B)
	if len(v.Seats[A].GY) != 1 || !v.Seats[A].GY[0].Hidden() {
		t.Errorf("B sees A's Graveyard: %+v", v.Seats[A].GY)
	}
	if len(v.Seats[A].Banished) != 1 || !v.Seats[A].Banished[0].Hidden() {
		t.Errorf("B sees A's banished cards: %+v", v.Seats[A].Banished)
	}
	if v.Seats[B].GY[0].Hidden() {
		t.Errorf("B does not see its own Graveyard")
	}
	if err := d.VerifyViews(); err != nil {
		t.Fatal(err)
	}
	// Under ocg the same Graveyard is public.
	d2, _ := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{{Deck: []card.Passcode{c("Celtic Guardian")}, GY: []card.Passcode{c("Dark Magician")}},
			{Deck: []card.Passcode{c("Celtic Guardian")}}}})
	defer d2.Close()
	if d2.View(B).Seats[A].GY[0].Hidden() {
		t.Errorf("under ocg the Graveyard is public")
	}
}

// TestAnimeFieldSpellCannotBeSet: a position with a Set Field Spell is refused under anime.
func TestAnimeFieldSpellCannotBeSet(t *testing.T) {
	y := code(t, "Yami")
	_, err := NewFromPosition(Position{Rules: Anime(), Turn: 3, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{{Field: &SpellSetup{Code: y}}, {}}})
	if err == nil {
		t.Fatal("a Set Field Spell was accepted under anime")
	}
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{{Deck: []card.Passcode{y}, Field: &SpellSetup{Code: y}}, {Deck: []card.Passcode{y}}}})
	if err != nil {
		t.Fatalf("a Set Field Spell is legal under ocg: %v", err)
	}
	d.Close()
}
