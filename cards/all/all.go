// Package all gathers every card set of the project: importing it registers every card
// behaviour (each set's package under cards/, named after the set that first printed its cards;
// docs/cards.md). Library returns them for engine.Config.Cards.
package all

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"

	_ "github.com/duelistgame/duelist/cards/5ds1"  // Starter Deck: Yu-Gi-Oh! 5D's
	_ "github.com/duelistgame/duelist/cards/db1"   // Dark Beginning 1
	_ "github.com/duelistgame/duelist/cards/dcr"   // Dark Crisis
	_ "github.com/duelistgame/duelist/cards/fet"   // Flaming Eternity
	_ "github.com/duelistgame/duelist/cards/ioc"   // Invasion of Chaos
	_ "github.com/duelistgame/duelist/cards/kouhu" // kouhu (口胡游戏王)
	_ "github.com/duelistgame/duelist/cards/lob"   // Legend of Blue Eyes White Dragon
	_ "github.com/duelistgame/duelist/cards/lod"   // Legacy of Darkness
	_ "github.com/duelistgame/duelist/cards/lon"   // Labyrinth of Nightmare
	_ "github.com/duelistgame/duelist/cards/mfc"   // Magician's Force
	_ "github.com/duelistgame/duelist/cards/mrd"   // Metal Raiders
	_ "github.com/duelistgame/duelist/cards/mrl"   // Magic Ruler
	_ "github.com/duelistgame/duelist/cards/pgd"   // Pharaonic Guardian
	_ "github.com/duelistgame/duelist/cards/promo" // Promotional cards
	_ "github.com/duelistgame/duelist/cards/psv"   // Pharaoh's Servant
	_ "github.com/duelistgame/duelist/cards/rds"   // Rise of Destiny
	_ "github.com/duelistgame/duelist/cards/sdj"   // Starter Deck: Joey
	_ "github.com/duelistgame/duelist/cards/sdk"   // Starter Deck: Kaiba
	_ "github.com/duelistgame/duelist/cards/sdy"   // Starter Deck: Yugi
	_ "github.com/duelistgame/duelist/cards/ston"  // Strike of Neos
	_ "github.com/duelistgame/duelist/cards/sye"   // Starter Deck: Yugi Evolution
	_ "github.com/duelistgame/duelist/cards/taev"  // Tactical Evolution
	_ "github.com/duelistgame/duelist/cards/tp4"   // Tournament Pack: 4th Season
	_ "github.com/duelistgame/duelist/cards/ys11"  // Starter Deck: Dawn of the Xyz
)

// Library returns every registered card behaviour.
func Library() engine.Library { return cards.Library() }
