package cards

import (
	"runtime"
	"slices"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// testLib is the registered cards with one script replaced.
type testLib struct {
	code card.Passcode
	sc   *engine.Script
}

func (l testLib) Script(code card.Passcode) *engine.Script {
	if code == l.code {
		return l.sc
	}
	return Library().Script(code)
}

// TestBothAnySize: Both and OppPile join the lists of the seats of a tag duel, 120 and 80 cards
// here (more than the 64-card buffer they gathered them in), in seat order, and allocate nothing
// once the duel's list arena is made (the buffer outgrown, they allocated every time).
func TestBothAnySize(t *testing.T) {
	const reborn, darkMagician = 83764718, 46986414
	var big [engine.MaxSeats][]cardID
	for s := range big {
		for i := range 30 {
			big[s] = append(big[s], cardID(100*s+i))
		}
	}
	var allocs []uint64
	var both, opp [][]cardID
	sc := &engine.Script{Effects: []*engine.Effect{{
		Kind: engine.Activate,
		HasTargets: func(c *ctx) bool {
			// The arenas made, with room for what follows: a list of 2,000 fills a first arena of
			// its size, the next list starts one of twice that.
			c.List(make([]cardID, 2000))
			c.List([]cardID{1})
			c.Players()
			for range 5 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				before := ms.Mallocs
				b := Both(c, func(s engine.Seat) []cardID { return big[s] })
				o := OppPile(c, engine.GY)
				runtime.ReadMemStats(&ms)
				allocs = append(allocs, ms.Mallocs-before)
				both, opp = append(both, slices.Clone(b)), append(opp, slices.Clone(o))
			}
			return false
		},
	}}}
	sc.Prepare()
	pos := engine.Position{Rules: engine.OCG(), Turn: 1, Player: engine.A, Phase: engine.Main1, Idle: true,
		Tag: true, Cards: testLib{reborn, sc}}
	for s := range pos.Seats {
		for range 40 {
			pos.Seats[s].GY = append(pos.Seats[s].GY, darkMagician)
		}
		pos.Seats[s].Deck = []card.Passcode{darkMagician, darkMagician, darkMagician}
	}
	pos.Seats[engine.A].Hand = []card.Passcode{reborn}
	d, err := engine.NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if len(allocs) < 2 {
		t.Fatalf("the test card's check ran %d times", len(allocs)/2)
	}
	var want []cardID
	for _, s := range []engine.Seat{engine.A, engine.B, engine.A2, engine.B2} { // A's first, then in turn
		want = append(want, big[s]...)
	}
	for i := range both {
		if !slices.Equal(both[i], want) {
			t.Fatalf("Both gave %v, want %v", both[i], want)
		}
		if len(opp[i]) != 80 {
			t.Fatalf("OppPile gave %d cards, want the 80 of both opponents' Graveyards", len(opp[i]))
		}
	}
	// MemStats counts every goroutine's allocations (the runtime's own included, on a loaded
	// machine): the fewest over five calls is theirs. Outgrowing the buffer allocated on every call.
	if slices.Min(allocs) != 0 {
		t.Fatalf("allocations for Both and OppPile with the arena made: %v", allocs)
	}
}
