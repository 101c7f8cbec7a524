package deck

// A deck against what a player owns: the legality of a saved or pasted deck for an account
// (moved here from collection, a service with tables, so that the duel server checks a deck
// without importing it).

import (
	"fmt"
	"strconv"

	"github.com/duelistgame/duelist/card"
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
	Violations []Violation
	// Missing lists the cards to craft, in the order they first appear in the deck.
	Missing []Missing
}

// Legal reports whether the deck breaks no rule.
func (l Legality) Legal() bool { return len(l.Violations) == 0 }

// CheckOwned checks d against the ruleset's deck rules, the banlist bl (nil for none) and the
// player's owned copies (owned nil means "free cards": every card is owned three times). db is
// the card data (nil means card.Pool()). It is pure: the saved decks (decklib) and the duel
// server's rooms and quick match call it with the counts the collection gives them.
func CheckOwned(d Deck, db *card.DB, rs ruleset.Ruleset, bl *Banlist, owned map[card.Passcode]int) Legality {
	db = orPool(db)
	l := Legality{Violations: Validate(d, db, rs, bl)}
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
			l.Violations = append(l.Violations, Violation{Passcode: p, Rule: RuleNotOwned,
				Msg: fmt.Sprintf("%q x%d is in the deck but you own %d", name, need, have)})
		}
	}
	return l
}
