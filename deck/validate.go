package deck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/ruleset"
)

// The rules a Violation can break.
const (
	RuleMainSize    = "main-size"     // the Main Deck's size
	RuleExtraSize   = "extra-size"    // the Extra (Fusion) Deck's size
	RuleSideSize    = "side-size"     // the Side Deck's size
	RuleUnknownCard = "unknown-card"  // a passcode the card data does not know
	RuleToken       = "token"         // Tokens are never in a deck
	RuleExtraInMain = "extra-in-main" // an Extra Deck monster in the Main Deck
	RuleMainInExtra = "main-in-extra" // a Main Deck card in the Extra Deck
	RuleKind        = "kind"          // a kind of card the ruleset does not allow (Synchro, Xyz)
	RuleCopies      = "copies"        // more copies than the ruleset allows
	RuleBanlist     = "banlist"       // more copies than the banlist allows
)

// Violation is one way a deck breaks a construction rule.
type Violation struct {
	// Passcode is the card the violation is about; 0 for a deck-wide one (a section's size).
	Passcode card.Passcode
	// Rule is one of the Rule constants.
	Rule string
	// Msg says what is wrong, naming the card and the rule.
	Msg string
}

// String returns the message, e.g. `Main Deck has 39 cards; ocg needs 40-60` or `"Pot of Greed"
// x2 exceeds its limit 1 in banlist duelist-2008`.
func (v Violation) String() string { return v.Msg }

// Validate checks a deck against a ruleset's construction rules and, if bl is not nil, a banlist,
// and returns every violation (none for a legal deck): first the sizes of the Main, Extra and Side
// Decks, then the cards in the order they first appear in Main, Extra, Side, each card with its
// violations in the order of the Rule constants. Copies are counted across Main+Extra+Side. Cards
// are looked up in db (nil means card.Pool()).
func Validate(d Deck, db *card.DB, rs ruleset.Ruleset, bl *Banlist) []Violation {
	db = orPool(db)
	lim := rs.Deck
	var out []Violation
	add := func(p card.Passcode, rule, format string, args ...any) {
		out = append(out, Violation{Passcode: p, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
	extraName := lim.ExtraDeckName
	if extraName == "" {
		extraName = "Extra Deck"
	}

	// Sizes.
	switch n := len(d.Main); {
	case lim.ExactMain && n != lim.MainMin:
		add(0, RuleMainSize, "Main Deck has %s; %s needs exactly %d", cards(n), rs.ID, lim.MainMin)
	case lim.ExactMain:
	case lim.MainMax > 0 && (n < lim.MainMin || n > lim.MainMax):
		add(0, RuleMainSize, "Main Deck has %s; %s needs %d-%d", cards(n), rs.ID, lim.MainMin, lim.MainMax)
	case n < lim.MainMin:
		add(0, RuleMainSize, "Main Deck has %s; %s needs %d or more", cards(n), rs.ID, lim.MainMin)
	}
	if n := len(d.Extra); lim.ExtraMax >= 0 && n > lim.ExtraMax {
		add(0, RuleExtraSize, "%s has %s; %s allows 0-%d", extraName, cards(n), rs.ID, lim.ExtraMax)
	}
	if n := len(d.Side); len(lim.SideSizes) > 0 {
		ok := false
		var sizes []string
		for _, s := range lim.SideSizes {
			ok = ok || n == s
			sizes = append(sizes, strconv.Itoa(s))
		}
		if !ok {
			add(0, RuleSideSize, "Side Deck has %s; %s needs exactly %s", cards(n), rs.ID, strings.Join(sizes, " or "))
		}
	} else if n > lim.SideMax {
		add(0, RuleSideSize, "Side Deck has %s; %s allows 0-%d", cards(n), rs.ID, lim.SideMax)
	}

	// Cards, in order of first appearance.
	var order []card.Passcode
	inMain, inExtra, total := map[card.Passcode]int{}, map[card.Passcode]int{}, map[card.Passcode]int{}
	for i, s := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
		for _, p := range s {
			if total[p] == 0 {
				order = append(order, p)
			}
			total[p]++
			switch i {
			case 0:
				inMain[p]++
			case 1:
				inExtra[p]++
			}
		}
	}
	maxCopies := lim.MaxCopies
	if maxCopies <= 0 {
		maxCopies = 3
	}
	for _, p := range order {
		c, ok := db.ByPasscode(p)
		if !ok {
			add(p, RuleUnknownCard, "passcode %d is not a card of the card pool", p)
			continue
		}
		q := strconv.Quote(c.Name)
		if c.Kind&card.Token != 0 {
			add(p, RuleToken, "%s is a Token; Tokens are never in a deck", q)
			continue
		}
		extra := belongsInExtra(c, lim)
		if n := inMain[p]; n > 0 && extra {
			add(p, RuleExtraInMain, "%s%s is in the Main Deck; %ss belong in the %s", q, times(n), kindName(c), extraName)
		}
		if n := inExtra[p]; n > 0 && !extra {
			add(p, RuleMainInExtra, "%s%s is in the %s, which holds only %s; it belongs in the Main Deck",
				q, times(n), extraName, extraKinds(lim))
		}
		if c.Kind&card.Synchro != 0 && !lim.AllowSynchro || c.Kind&card.Xyz != 0 && !lim.AllowXyz {
			add(p, RuleKind, "%s is a %s; %s does not allow %ss", q, kindName(c), rs.ID, kindName(c))
		}
		banned := maxCopies
		if bl != nil {
			banned = bl.Limit(p)
		}
		switch n := total[p]; {
		case banned < maxCopies && n > banned && banned == 0:
			add(p, RuleBanlist, "%s is forbidden in banlist %s", q, bl.Name)
		case banned < maxCopies && n > banned:
			add(p, RuleBanlist, "%s x%d exceeds its limit %d in banlist %s", q, n, banned, bl.Name)
		case n > maxCopies:
			add(p, RuleCopies, "%s x%d exceeds the limit of %d copies of a card in %s", q, n, maxCopies, rs.ID)
		}
	}
	return out
}

// belongsInExtra reports whether the ruleset puts the card in the Extra (Fusion) Deck.
func belongsInExtra(c *card.Data, lim ruleset.DeckLimits) bool {
	return c.Kind.IsExtra() || lim.RitualInExtra && c.Kind.Has(card.Monster|card.Ritual)
}

// kindName names the kind of an Extra Deck or Ritual monster for messages.
func kindName(c *card.Data) string {
	switch {
	case c.Kind&card.Fusion != 0:
		return "Fusion Monster"
	case c.Kind&card.Synchro != 0:
		return "Synchro Monster"
	case c.Kind&card.Xyz != 0:
		return "Xyz Monster"
	case c.Kind&card.Ritual != 0:
		return "Ritual Monster"
	}
	return "card"
}

// extraKinds lists what the ruleset's Extra Deck holds, e.g. "Fusion, Synchro and Xyz Monsters".
func extraKinds(lim ruleset.DeckLimits) string {
	kinds := []string{"Fusion"}
	if lim.AllowSynchro {
		kinds = append(kinds, "Synchro")
	}
	if lim.AllowXyz {
		kinds = append(kinds, "Xyz")
	}
	if lim.RitualInExtra {
		kinds = append(kinds, "Ritual")
	}
	if len(kinds) == 1 {
		return "Fusion Monsters"
	}
	return strings.Join(kinds[:len(kinds)-1], ", ") + " and " + kinds[len(kinds)-1] + " Monsters"
}

func cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return strconv.Itoa(n) + " cards"
}

func times(n int) string {
	if n == 1 {
		return ""
	}
	return " x" + strconv.Itoa(n)
}
