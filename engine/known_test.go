package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestShuffledKnownCardStaysInTheDeck: a card of A's Deck that B knows (shown on top of it) and
// that is then shuffled is known to B to be in A's Deck, not where: in B's worlds it is always
// somewhere in A's Deck and at many places of it, never in A's hand.
func TestShuffledKnownCardStaysInTheDeck(t *testing.T) {
	pos := Position{Rules: OCG(), Seed: 5, Turn: 3, Player: A, Phase: Main1, Idle: true, Cards: testLib{}}
	pos.Seats[A].Deck = []card.Passcode{feral, feral, feral, feral, feral, feral, skullPas, feral}
	pos.Seats[B].Deck = []card.Passcode{feral, feral}
	pos.Seats[A].Hand = []card.Passcode{feral, celtic, feral}
	d, err := NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var skull CardID = NoCard
	for _, id := range d.g.pl(A).deck {
		if d.g.c(id).data.Passcode == skullPas {
			skull = id
		}
	}
	d.g.c(skull).known |= 1 << B
	d.g.shuffle(A)
	if c := d.g.c(skull); c.known&(1<<B) != 0 || c.knownDeck&(1<<B) == 0 {
		t.Fatalf("after the shuffle: known %b, knownDeck %b", c.known, c.knownDeck)
	}
	places := map[int]bool{}
	for i := 0; i < 100; i++ {
		w, err := d.Determinize(B, rand.New(rand.NewPCG(uint64(i), 7)))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, id := range w.g.pl(A).deck {
			if w.g.c(id).data.Passcode == skullPas {
				found = true
				places[w.g.c(id).place.Seq] = true
			}
		}
		if !found {
			t.Fatalf("world %d: the Summoned Skull B knows to be in A's Deck is not there", i)
		}
		w.Close()
	}
	if len(places) < 4 {
		t.Fatalf("the known card took %d places of the Deck in 100 worlds, want it anywhere", len(places))
	}
}
