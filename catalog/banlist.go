package catalog

import "github.com/duelistgame/duelist/deck"

// NoBanlist is the name that chooses no banlist: every card allowed three times.
const NoBanlist = "none"

// List is a banlist the server knows, with the date it takes effect.
type List struct {
	deck.Banlist
	// Date is the list's date, "2008-09-01" (from its "#date" line or a "2008.09" name), or "".
	Date string
}

// Lists wraps deck banlists, keeping their order (the first is the default).
func Lists(lists []deck.Banlist) []List {
	out := make([]List, len(lists))
	for i, l := range lists {
		out[i] = List{Banlist: l, Date: l.Date}
	}
	return out
}

// LimitName is the word for a limit: "forbidden", "limited", "semi-limited" or "unlimited".
func LimitName(n int) string {
	switch n {
	case 0:
		return "forbidden"
	case 1:
		return "limited"
	case 2:
		return "semi-limited"
	}
	return "unlimited"
}
