package deck

import (
	"fmt"
	"strconv"

	"github.com/duelistgame/duelist/card"
)

// RuleNotImplemented is the rule a Violation breaks when a deck holds a card the engine does not
// play yet: its data is in the card files, its behaviour is not written (docs/cards.md "How to add
// a card").
const RuleNotImplemented = "not-implemented"

// Unimplemented returns a violation for each card of d (Main, Extra, Side, in the order they
// first appear) that implemented says the engine does not play, naming the card and its passcode:
// `"Dark Energy" (4614116) is not implemented by the engine yet`. Cards db does not know are left
// to Validate. implemented is the card-behaviour registry's verdict (cards.Implemented: a Normal
// Monster, or a card with behaviour), given by the caller, for this package knows no behaviour.
func Unimplemented(d Deck, db *card.DB, implemented func(card.Passcode) bool) []Violation {
	db = orPool(db)
	var out []Violation
	seen := map[card.Passcode]bool{}
	for _, s := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
		for _, p := range s {
			if seen[p] {
				continue
			}
			seen[p] = true
			if c, ok := db.ByPasscode(p); ok && !implemented(p) {
				out = append(out, Violation{Passcode: p, Rule: RuleNotImplemented,
					Msg: fmt.Sprintf("%s (%d) is not implemented by the engine yet", strconv.Quote(c.Name), p)})
			}
		}
	}
	return out
}
