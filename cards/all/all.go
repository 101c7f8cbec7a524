// Package all gathers every card set of the project: importing it registers every card
// behaviour. Library returns them for engine.Config.Cards.
package all

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"

	_ "github.com/duelistgame/duelist/cards/extra" // Extra Deck, Ritual and control cards, the 5D's starter's Traps
	_ "github.com/duelistgame/duelist/cards/fds"   // Starter Deck: Yu-Gi-Oh! 5D's
	_ "github.com/duelistgame/duelist/cards/kouhu" // the kouhu set (seed 000)
	_ "github.com/duelistgame/duelist/cards/sdk"   // Starter Deck: Kaiba
	_ "github.com/duelistgame/duelist/cards/sdy"   // Starter Deck: Yugi
	_ "github.com/duelistgame/duelist/cards/seed"  // the seed cards
)

// Library returns every registered card behaviour.
func Library() engine.Library { return cards.Library() }
