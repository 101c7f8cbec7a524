package catalog

import (
	"github.com/duelistgame/duelist/card"
	_ "github.com/duelistgame/duelist/cards/all" // registers every card's script, with its description
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/kouhu"
)

// PoolSource is the card pool, with the project's own texts of the cards the engine plays: the
// English Desc of each card's script and its Simplified and Traditional Chinese texts
// (PoolTexts). The error says what is wrong with the texts files.
func PoolSource() (Source, error) {
	texts, err := PoolTexts()
	if err != nil {
		return Source{}, err
	}
	return Source{Game: GamePool, DB: card.Pool(), Texts: func(p card.Passcode) map[string]string {
		return texts[p]
	}}, nil
}

// KouhuSource is the kouhu set, with its texts in English and Simplified Chinese (kouhu/cards.tsv)
// and Traditional Chinese (KouhuTextsTW; none if kouhu_texts_tw.tsv is malformed, which
// catalog's tests catch).
func KouhuSource() Source {
	set := kouhu.Cards()
	tw, _ := KouhuTextsTW()
	return Source{Game: GameKouhu, DB: kouhu.CardDB(),
		Texts: func(p card.Passcode) map[string]string {
			if k, ok := set.ByID(kouhu.ID(p)); ok {
				m := map[string]string{EN: k.Text, ZHCN: k.TextZH}
				if t, ok := tw[p]; ok {
					m[ZHTW] = t
				}
				return m
			}
			return nil
		},
		IsExtra: func(d *card.Data) bool {
			k, ok := set.ByID(kouhu.ID(d.Passcode))
			return ok && k.IsExtra()
		}}
}

// Default indexes the card pool (with its texts in the three languages) and the kouhu set, with
// their Traditional Chinese names (names_tw.tsv), under the project's banlists
// (deck/lists/lflist.conf, the default duelist-2008 first).
func Default() (*Index, error) {
	pool, err := PoolSource()
	if err != nil {
		return nil, err
	}
	kh := KouhuSource()
	tw, err := ParseNames(namesTW, pool.DB, kh.DB)
	if err != nil {
		return nil, err
	}
	pool.Names, kh.Names = traditional(tw), traditional(tw)
	return New(Lists(deck.DefaultBanlists()), pool, kh)
}
