package main

import (
	"fmt"
	"strings"

	"duelist/card"
	"duelist/cards"
	"duelist/deck"
	"duelist/decks"
	"duelist/engine"
	"duelist/ruleset"
)

// defaultDeck is the deck of play and sim when none is given.
const defaultDeck = "normal-monsters"

// loadDeck reads a deck given as a preconstructed deck name, a .ydk file or a ydke:// URL and
// checks it against the ruleset's deck rules.
func loadDeck(spec string, rs ruleset.Ruleset) (engine.DeckList, error) {
	var dk deck.Deck
	var err error
	if isPrecon(spec) {
		dk, err = decks.Get(spec)
	} else {
		dk, err = deck.Load(spec, card.Pool())
	}
	if err != nil {
		return engine.DeckList{}, err
	}
	if vs := deck.Validate(dk, card.Pool(), rs, nil); len(vs) > 0 {
		var msgs []string
		for _, v := range vs {
			msgs = append(msgs, v.String())
		}
		return engine.DeckList{}, fmt.Errorf("%s is not a legal %s deck:\n  %s", spec, rs.ID,
			strings.Join(msgs, "\n  "))
	}
	return engine.DeckList{Main: dk.Main, Extra: dk.Extra}, nil
}

func isPrecon(name string) bool {
	for _, n := range decks.Names() {
		if n == name {
			return true
		}
	}
	return false
}

func init() { implemented = cards.Implemented }
