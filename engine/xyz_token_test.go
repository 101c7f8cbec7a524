package engine

import (
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestXyzTokenOfTheRightLevelIsNoMaterial: a Token is never an Xyz Material, even one of the
// Rank's Level (a Level 4 Token beside a Level 4 monster for Number 39: Utopia, Rank 4), while two
// Level 4 monsters are. No card of the pool makes a Level 4 Token, so the Token is made here from
// Celtic Guardian's data; the corpus's Sheep Tokens (Level 1) are refused by their Level first.
func TestXyzTokenOfTheRightLevelIsNoMaterial(t *testing.T) {
	c := func(n string) card.Passcode { return code(t, n) }
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{c("Celtic Guardian")}, Extra: []card.Passcode{c("Number 39: Utopia")},
				Monsters: []MonsterSetup{{Code: c("Celtic Guardian"), Pos: FaceUpAtk}, {Code: c("Celtic Guardian"), Pos: FaceUpAtk}}},
			{Deck: []card.Passcode{c("Celtic Guardian")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g := d.g
	utopia, m1, m2 := g.pl(A).extra[0], g.pl(A).mzone[0], g.pl(A).mzone[1]
	if g.c(utopia).data.Rank != 4 || g.level(m1) != 4 {
		t.Fatalf("Utopia's Rank %d, Celtic Guardian's Level %d: want 4 and 4", g.c(utopia).data.Rank, g.level(m1))
	}
	if !g.procValid(utopia, A, []CardID{m1, m2}) {
		t.Fatal("two Level 4 monsters are not Xyz Materials for a Rank 4")
	}
	tok := g.newToken(g.c(m2).data, A)
	if g.level(tok) != 4 {
		t.Fatalf("the Token's Level is %d, want 4", g.level(tok))
	}
	if g.procValid(utopia, A, []CardID{m1, tok}) {
		t.Error("a Level 4 Token was accepted as an Xyz Material")
	}
}
