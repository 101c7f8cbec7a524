package themes_test

import (
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
)

// fdsDeck is a 40-card deck built around the 5D's starter's effect cards (the starter deck holds
// one of each), so that random duels reach their effects often: Synchro Summons with every
// material count, revivals, equips, counters, discards.
var fdsDeck = []string{
	"Junk Synchron", "Junk Synchron", "Junk Synchron",
	"Speed Warrior", "Speed Warrior", "Sonic Chick", "Sonic Chick",
	"Magna Drago", "Magna Drago", "Frequency Magician", "Frequency Magician",
	"Copycat", "Copycat", "UFO Turtle", "UFO Turtle",
	"Marauding Captain", "Exiled Force", "Tune Warrior", "Water Spirit", "Axe Raider",
	"Atlantean Pikeman", "Mammoth Graveyard",
	"Synchro Boost", "Synchro Boost", "Synchro Blast Wave", "Synchro Blast Wave",
	"Synchronized Realm", "Synchronized Realm", "The Warrior Returning Alive",
	"Smashing Ground", "Monster Reincarnation", "Monster Reincarnation", "Lightning Vortex",
	"Twister", "Twister", "Double Summon", "Double Summon", "Symbols of Duty", "Symbols of Duty",
	"Monster Reborn",
}

var fdsExtra = []string{
	"Junk Warrior", "Junk Warrior", "Junk Warrior",
	"Gaia Knight, the Force of Earth", "Gaia Knight, the Force of Earth",
	"Colossal Fighter", "Colossal Fighter",
}

// TestFDSDuels plays random duels of the 5D's effect deck against itself and checks the
// invariants after every answer.
func TestFDSDuels(t *testing.T) {
	n := testsize.N(30, 60, 300)
	d := engine.DeckList{Main: duelcheck.Passcodes(t, fdsDeck), Extra: duelcheck.Passcodes(t, fdsExtra)}
	duelcheck.PlayMany(t, all.Library(), n, 5000, d, d)
}
