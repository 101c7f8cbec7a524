package catalog

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
)

// Imported is a set of cards read from a YGOPro database for the index.
type Imported struct {
	// Source is the set, ready for New.
	Source Source
	// Skipped counts the rows left out: alternate artworks, cards the project's card data cannot
	// express (Pendulum, Link, "?" ATK ...), rows without a name, and later rows repeating a name.
	Skipped int
}

// FromCDB reads the YGOPro database at path as a Source of the given game: its names (as
// English names) and texts in the language lang (EN, ZHCN, ZHTW: the database's language). The
// cards have no rarity and no set but the game's name.
func FromCDB(path, game, lang string) (Imported, error) {
	rows, err := cdb.ReadCards(path)
	if err != nil {
		return Imported{}, err
	}
	return FromCDBCards(rows, game, lang)
}

// FromCDBCards is FromCDB on rows already read.
func FromCDBCards(rows []cdb.Card, game, lang string) (Imported, error) {
	var out Imported
	var data []*card.Data
	texts := map[card.Passcode]string{}
	names := map[string]bool{}
	for _, r := range rows {
		if r.IsAltArt() || r.Name == "" || names[r.Name] {
			out.Skipped++
			continue
		}
		d, err := r.Data()
		if err != nil {
			out.Skipped++
			continue
		}
		names[r.Name] = true
		d.Sets = []string{game}
		data = append(data, d)
		if r.Desc != "" {
			texts[d.Passcode] = r.Desc
		}
	}
	db, err := card.NewDB(data)
	if err != nil {
		return Imported{}, fmt.Errorf("catalog: importing %s: %w", game, err)
	}
	out.Source = Source{Game: game, DB: db,
		Texts: func(p card.Passcode) map[string]string {
			if t, ok := texts[p]; ok {
				return map[string]string{lang: t}
			}
			return nil
		},
		Names: func(p card.Passcode) map[string]string {
			if d, ok := db.ByPasscode(p); ok && lang != EN {
				return map[string]string{lang: d.Name}
			}
			return nil
		}}
	return out, nil
}
