// Package collection is a player's cards and currency: what they own, the append-only ledger of
// every change, packs bought and opened, crafting and dismantling, earning by playing, and the
// legality of their saved decks against what they own. This file is the pure part: deck legality.
package collection

import (
	"fmt"
	"strconv"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/ruleset"
)

// RuleNotOwned is the rule a Violation breaks when a deck holds more copies of a card than the
// player owns.
const RuleNotOwned = "not-owned"

// Missing is a card a deck needs more copies of than the player owns.
type Missing struct {
	Passcode card.Passcode
	Name     string
	Need     int // copies in the deck (Main+Extra+Side)
	Owned    int // copies the player owns
}

// Legality is the verdict on a deck for a player.
type Legality struct {
	// Violations lists every rule the deck breaks: the ruleset's construction rules (Main 40-60,
	// Extra 0-15, at most 3 of a name), the banlist's limits and, last, the copies not owned.
	Violations []deck.Violation
	// Missing lists the cards to craft, in the order they first appear in the deck.
	Missing []Missing
}

// Legal reports whether the deck breaks no rule.
func (l Legality) Legal() bool { return len(l.Violations) == 0 }

// Check checks d against the ruleset's deck rules, the banlist bl (nil for none) and the player's
// owned copies (owned nil means "free cards": every card is owned three times). db is the card
// data (nil means card.Pool()).
func Check(d deck.Deck, db *card.DB, rs ruleset.Ruleset, bl *deck.Banlist, owned map[card.Passcode]int) Legality {
	if db == nil {
		db = card.Pool()
	}
	l := Legality{Violations: deck.Validate(d, db, rs, bl)}
	if owned == nil {
		return l
	}
	seen := map[card.Passcode]bool{}
	for _, s := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
		for _, p := range s {
			if seen[p] {
				continue
			}
			seen[p] = true
			need, have := d.Count(p), owned[p]
			if need <= have {
				continue
			}
			name := "#" + strconv.Itoa(int(p))
			if c, ok := db.ByPasscode(p); ok {
				name = c.Name
			}
			l.Missing = append(l.Missing, Missing{Passcode: p, Name: name, Need: need, Owned: have})
			l.Violations = append(l.Violations, deck.Violation{Passcode: p, Rule: RuleNotOwned,
				Msg: fmt.Sprintf("%q x%d is in the deck but you own %d", name, need, have)})
		}
	}
	return l
}
