package cdb

import "github.com/duelistgame/duelist/card"

// Coverage says which cards of a database the engine implements.
type Coverage struct {
	// Total is the number of cards (rows of datas) in the database, alternate artworks included.
	Total int
	// Implemented lists the database's cards that are implemented, in database order.
	Implemented []Card
	// AltArts lists the alternate artworks (Alias set) of implemented cards that are not
	// implemented under their own passcode. A deck must use the original passcode.
	AltArts []Card
}

// NotImplemented returns the number of the database's cards that are neither implemented nor an
// alternate artwork of an implemented card.
func (c Coverage) NotImplemented() int { return c.Total - len(c.Implemented) - len(c.AltArts) }

// Cover reports which of cards are implemented, as told by implemented (for the pool's data use
// InDB(card.Pool()); the CLI passes the engine's card-behaviour registry).
func Cover(cards []Card, implemented func(card.Passcode) bool) Coverage {
	cov := Coverage{Total: len(cards)}
	for _, c := range cards {
		switch {
		case implemented(c.Passcode):
			cov.Implemented = append(cov.Implemented, c)
		case c.IsAltArt() && implemented(c.Alias):
			cov.AltArts = append(cov.AltArts, c)
		}
	}
	return cov
}

// InDB returns a function reporting whether a passcode is in db.
func InDB(db *card.DB) func(card.Passcode) bool {
	return func(p card.Passcode) bool {
		_, ok := db.ByPasscode(p)
		return ok
	}
}

// Missing returns the cards of want whose passcode is not in cards, ordered by passcode: for
// want = card.Pool(), the pool cards a database lacks.
func Missing(cards []Card, want *card.DB) []*card.Data {
	have := make(map[card.Passcode]bool, len(cards))
	for _, c := range cards {
		have[c.Passcode] = true
	}
	var out []*card.Data
	for _, d := range want.All() {
		if !have[d.Passcode] {
			out = append(out, d)
		}
	}
	return out
}
