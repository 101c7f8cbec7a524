package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/ruleset"
)

// defaultDeck is the deck of play and sim when none is given.
const defaultDeck = "normal-monsters"

// loadDeck reads a deck given as a preconstructed deck name, a .ydk file or a ydke:// URL and
// checks it against the ruleset's deck rules.
func loadDeck(spec string, rs ruleset.Ruleset) (engine.DeckList, error) {
	if rs.Kouhu() {
		return loadKouhuDeck(spec)
	}
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
	if vs := append(deck.Validate(dk, card.Pool(), rs, nil), deck.Unimplemented(dk, card.Pool(), implemented)...); len(vs) > 0 {
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

// kouhuDecks are the decks of a kouhu duel when the flags name the ocg defaults.
var kouhuDecks = [2]string{"dragons", "knights-and-mages"}

// loadKouhuDeck reads a kouhu deck: a preconstructed deck key (dragons, knights-and-mages) or a
// deck list file in the kouhu format (kouhu/README.md), checked against the kouhu deck rules.
func loadKouhuDeck(spec string) (engine.DeckList, error) {
	var d *kouhu.Deck
	var err error
	if slices.Contains(kouhu.DeckKeys(), spec) {
		d, err = kouhu.LoadDeck(spec)
	} else {
		src, rerr := os.ReadFile(spec)
		if rerr != nil {
			return engine.DeckList{}, fmt.Errorf("%q is neither a kouhu deck file nor a preconstructed kouhu deck (%s): %v",
				spec, strings.Join(kouhu.DeckKeys(), ", "), rerr)
		}
		if d, err = kouhu.Cards().ParseDeck(spec, string(src)); err == nil {
			err = kouhu.Cards().Validate(d)
		}
	}
	if err != nil {
		return engine.DeckList{}, err
	}
	var dl engine.DeckList
	dl.Main, dl.Extra = d.Codes()
	return dl, nil
}
