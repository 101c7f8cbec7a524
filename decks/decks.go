// Package decks holds the preconstructed decks the project ships, as .ydk files embedded in the
// binary: the Yugi and Kaiba starter decks (whole, and cut to 40 cards), their 40-card cuts kept
// to the default banlist (yugi-legal, kaiba-legal: the decks of rated play, whose every deck keeps
// the banlist in force), the 5D's starter deck, and a deck of Normal Monsters that is the default
// deck of "duelist play".
package decks

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

//go:embed *.ydk
var files embed.FS

// Names lists the preconstructed decks by name (the file name without ".ydk"), sorted.
func Names() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err) // an embed.FS root always reads
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".ydk"); ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// Source returns the .ydk text of the named deck.
func Source(name string) (string, error) {
	b, err := files.ReadFile(name + ".ydk")
	if err != nil || strings.ContainsAny(name, `/\`) {
		return "", fmt.Errorf("decks: no preconstructed deck %q (the decks are %s)", name, strings.Join(Names(), ", "))
	}
	return string(b), nil
}

// Get returns the named preconstructed deck, its cards checked against card.Pool().
func Get(name string) (deck.Deck, error) {
	src, err := Source(name)
	if err != nil {
		return deck.Deck{}, err
	}
	d, err := deck.ParseYDK(strings.NewReader(src), card.Pool())
	if err != nil {
		return deck.Deck{}, fmt.Errorf("decks: %s.ydk: %w", name, err)
	}
	return d, nil
}
