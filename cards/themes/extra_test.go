package themes_test

import (
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
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

// TestExtraDuels plays random duels of the deck above against itself and checks the invariants
// after every answer (materials under their Xyz Monster, stolen monsters back in their owner's
// piles, every card in one place ...).
func TestExtraDuels(t *testing.T) {
	n := testsize.N(30, 60, 300)
	d := engine.DeckList{Main: duelcheck.Passcodes(t, extraDeck), Extra: duelcheck.Passcodes(t, extraExtra)}
	duelcheck.PlayMany(t, all.Library(), n, 2000, d, d)
}
