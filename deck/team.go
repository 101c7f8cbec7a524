package deck

import (
	"fmt"
	"strconv"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/ruleset"
)

// RuleTeamBanlist is the tag duel's rule that limited and semi-limited cards are counted per team
// (seed 002: one partner may not play a card the other plays at its limit).
const RuleTeamBanlist = "team-banlist"

// ValidateTeam checks the two decks of a tag duel team: each deck on its own (Validate; each
// violation says whose deck it is in), then the banlist's limits counted across both decks. Cards
// the banlist does not limit may be played up to the ruleset's copies by each partner.
func ValidateTeam(first, partner Deck, names [2]string, db *card.DB, rs ruleset.Ruleset, bl *Banlist) []Violation {
	db = orPool(db)
	var out []Violation
	for i, d := range []Deck{first, partner} {
		for _, v := range Validate(d, db, rs, bl) {
			v.Msg = names[i] + "'s deck: " + v.Msg
			out = append(out, v)
		}
	}
	if bl == nil {
		return out
	}
	maxCopies := rs.Deck.MaxCopies
	if maxCopies <= 0 {
		maxCopies = 3
	}
	var order []card.Passcode
	count := map[card.Passcode][2]int{}
	for i, d := range []Deck{first, partner} {
		for _, s := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
			for _, p := range s {
				n := count[p]
				if n[0]+n[1] == 0 {
					order = append(order, p)
				}
				n[i]++
				count[p] = n
			}
		}
	}
	for _, p := range order {
		lim := bl.Limit(p)
		n := count[p]
		if lim == 0 || lim >= maxCopies || n[0] == 0 || n[1] == 0 || n[0]+n[1] <= lim {
			continue // forbidden or not limited (Validate reports it), in one deck only, or within the limit
		}
		name := strconv.Itoa(int(p))
		if c, ok := db.ByPasscode(p); ok {
			name = strconv.Quote(c.Name)
		}
		out = append(out, Violation{Passcode: p, Rule: RuleTeamBanlist, Msg: fmt.Sprintf(
			"%s x%d in %s's deck and x%d in %s's exceeds its limit %d in banlist %s, counted per team",
			name, n[0], names[0], n[1], names[1], lim, bl.Name)})
	}
	return out
}
