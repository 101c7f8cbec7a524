// Package all gathers every card set of the project: importing it registers every card
// behaviour. Library returns them for engine.Config.Cards.
package all

import (
	"duelist/cards"
	"duelist/engine"

	_ "duelist/cards/extra" // Extra Deck, Ritual and control cards, the 5D's starter's Traps
	_ "duelist/cards/fds"   // Starter Deck: Yu-Gi-Oh! 5D's
	_ "duelist/cards/kouhu" // the kouhu set (seed 000)
	_ "duelist/cards/sdk"   // Starter Deck: Kaiba
	_ "duelist/cards/sdy"   // Starter Deck: Yugi
	_ "duelist/cards/seed"  // the seed cards
)

// Library returns every registered card behaviour.
func Library() engine.Library { return cards.Library() }
