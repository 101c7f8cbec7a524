// Package duelist is the module's root. It holds no code but the card files of every set,
// cards/<set>/<set>.cards, embedded here because go:embed reaches only a package's own folder and
// those below it: package card reads the pool from them and package kouhu its own set. Nothing
// else reads them (internal/archtest checks it).
package duelist

import (
	"embed"
	"io/fs"
)

//go:embed cards/*/*.cards
var cardFiles embed.FS

// CardFiles returns the card files, cards/<set>/<set>.cards (docs/cards.md "The card files").
func CardFiles() fs.FS { return cardFiles }
