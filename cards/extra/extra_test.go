package extra_test

import (
	"testing"

	"duelist/card"
	"duelist/cards/all"
	"duelist/engine"
	"duelist/internal/duelcheck"
)

// extraDeck is a 40-card deck heavy with this package's cards, so that random duels reach them
// often: Fusion, Ritual and Xyz Summons, control changes, and the linked Continuous Traps.
var extraDeck = []string{
	"Polymerization", "Polymerization", "Polymerization",
	"Gaia The Fierce Knight", "Gaia The Fierce Knight", "Curse of Dragon", "Curse of Dragon",
	"Time Wizard", "Baby Dragon", "Baby Dragon",
	"Black Luster Ritual", "Black Luster Ritual", "Black Luster Soldier", "Black Luster Soldier",
	"Celtic Guardian", "Celtic Guardian", "Axe Raider", "Axe Raider", "Battle Ox", "Battle Ox",
	"The Wicked Worm Beast", "Kuriboh", "Sangan",
	"Change of Heart", "Soul Exchange", "Soul Exchange",
	"Threatening Roar", "Scrap-Iron Scarecrow", "Scrap-Iron Scarecrow",
	"Miniaturize", "Miniaturize", "Spellbinding Circle", "Spellbinding Circle",
	"Backup Soldier", "Sakuretsu Armor", "Divine Wrath", "Divine Wrath",
	"Birthright", "Birthright", "Mystical Space Typhoon",
}

var extraExtra = []string{
	"Gaia the Dragon Champion", "Gaia the Dragon Champion", "Thousand Dragon",
	"Number 39: Utopia", "Number 39: Utopia", "Number 39: Utopia",
}

func passcodes(t testing.TB, names []string) []card.Passcode {
	out := make([]card.Passcode, len(names))
	for i, n := range names {
		d, ok := card.Pool().ByName(n)
		if !ok {
			t.Fatalf("no card %q in the pool", n)
		}
		out[i] = d.Passcode
	}
	return out
}

// TestExtraDuels plays random duels of the deck above against itself and checks the invariants
// after every answer (materials under their Xyz Monster, stolen monsters back in their owner's
// piles, every card in one place ...).
func TestExtraDuels(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	main, extra := passcodes(t, extraDeck), passcodes(t, extraExtra)
	for i := 0; i < n; i++ {
		seed := uint64(2000 + i)
		duelcheck.Play(t, seed, func() (*engine.Duel, error) {
			return engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: all.Library(),
				Decks: [2]engine.DeckList{{Main: main, Extra: extra}, {Main: main, Extra: extra}}})
		}, duelcheck.Options{Deep: i%10 == 0})
	}
}
