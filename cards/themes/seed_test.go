package themes_test

import (
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
)

// seedDeck is a 40-card deck built around the seed cards with effects (the starter decks hold
// few of them), so that random duels reach their effects: alternate wins, tokens, coin tosses,
// Traps from the hand, turn counters.
var seedDeck = []string{
	"Swords of Revealing Light", "Swords of Revealing Light",
	"Crush Card Virus", "Crush Card Virus",
	"Mystic Tomato", "Mystic Tomato", "Mystic Tomato",
	"Makyura the Destructor", "Makyura the Destructor",
	"Dark Magician Girl", "Dark Magician", "Dark Magician",
	"Magician of Faith", "Magician of Faith",
	"Time Wizard", "Time Wizard",
	"Scapegoat", "Scapegoat",
	"Exodia the Forbidden One", "Left Arm of the Forbidden One", "Right Arm of the Forbidden One",
	"Left Leg of the Forbidden One", "Right Leg of the Forbidden One",
	"Destiny Board", "Destiny Board",
	`Spirit Message "I"`, `Spirit Message "N"`, `Spirit Message "A"`, `Spirit Message "L"`,
	"Pot of Greed", "Mirror Force", "Mystical Space Typhoon", "Ryu-Kishin", "Ryu-Kishin",
	"Kuriboh", "Sangan", "Harpie Lady", "Baby Dragon", "Summoned Skull", "Feral Imp",
}

// TestSeedDuels plays random duels of the seed deck against itself and checks the invariants
// after every answer (no token in a pile, every card in one place ...).
func TestSeedDuels(t *testing.T) {
	n := testsize.N(30, 60, 300)
	d := engine.DeckList{Main: duelcheck.Passcodes(t, seedDeck)}
	duelcheck.PlayMany(t, all.Library(), n, 1000, d, d)
}
