package catalog

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/kouhu"
)

// PoolSource is the card pool (card.Pool()), with the names and the project's own texts in three
// languages its card files give.
func PoolSource() Source { return Source{Game: GamePool, DB: card.Pool()} }

// KouhuSource is the kouhu set, with its names and texts in three languages (its card file,
// cards/kouhu/kouhu.cards) and its own Extra Deck rule.
func KouhuSource() Source {
	set := kouhu.Cards()
	return Source{Game: GameKouhu, DB: kouhu.CardDB(),
		IsExtra: func(d *card.Data) bool {
			k, ok := set.ByID(kouhu.ID(d.Passcode))
			return ok && k.IsExtra()
		}}
}

// Default indexes the card pool and the kouhu set under the project's banlists
// (deck/lists/lflist.conf, the default duelist-2008 first).
func Default() (*Index, error) {
	return New(Lists(deck.DefaultBanlists()), PoolSource(), KouhuSource())
}
