package catalog

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	_ "github.com/duelistgame/duelist/cards/all" // registers every card's script, with its description
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/kouhu"
)

// PoolSource is the card pool, with the project's own descriptions of the cards the engine
// plays (the cards' scripts; English only for now).
func PoolSource() Source {
	return Source{Game: GamePool, DB: card.Pool(), Texts: func(p card.Passcode) map[string]string {
		if sc := cards.Script(p); sc != nil && sc.Desc != "" {
			return map[string]string{EN: sc.Desc}
		}
		return nil
	}}
}

// KouhuSource is the kouhu set, with its texts in English and Simplified Chinese (kouhu/cards.tsv).
func KouhuSource() Source {
	set := kouhu.Cards()
	return Source{Game: GameKouhu, DB: kouhu.CardDB(),
		Texts: func(p card.Passcode) map[string]string {
			if k, ok := set.ByID(kouhu.ID(p)); ok {
				return map[string]string{EN: k.Text, ZHCN: k.TextZH}
			}
			return nil
		},
		IsExtra: func(d *card.Data) bool {
			k, ok := set.ByID(kouhu.ID(d.Passcode))
			return ok && k.IsExtra()
		}}
}

// Default indexes the card pool and the kouhu set, with their Traditional Chinese names
// (names_tw.tsv), under the project's banlists (deck/lists/lflist.conf, the default duelist-2008
// first).
func Default() (*Index, error) {
	pool, kh := PoolSource(), KouhuSource()
	tw, err := ParseNames(namesTW, pool.DB, kh.DB)
	if err != nil {
		return nil, err
	}
	pool.Names, kh.Names = traditional(tw), traditional(tw)
	return New(Lists(deck.DefaultBanlists()), pool, kh)
}
