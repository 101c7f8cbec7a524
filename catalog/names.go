package catalog

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
)

//go:embed names_tw.tsv
var namesTW string

// ParseNames reads a names file such as names_tw.tsv: lines "code<TAB>Simplified name<TAB>name",
// '#' comment lines. The Simplified name must be the card's NameZH in one of dbs, so that a
// renamed card is not left with an old translation; every card of dbs must be listed once.
func ParseNames(text string, dbs ...*card.DB) (map[card.Passcode]string, error) {
	out := map[card.Passcode]string{}
	find := func(p card.Passcode) (*card.Data, bool) {
		for _, db := range dbs {
			if d, ok := db.ByPasscode(p); ok {
				return d, true
			}
		}
		return nil, false
	}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[2] == "" {
			return nil, fmt.Errorf("catalog: names line %d: want code, Simplified name and name, tab-separated", i+1)
		}
		n, err := strconv.ParseUint(f[0], 10, 32)
		if err != nil {
			return nil, fmt.Errorf("catalog: names line %d: %q is not a passcode", i+1, f[0])
		}
		p := card.Passcode(n)
		d, ok := find(p)
		switch {
		case !ok:
			return nil, fmt.Errorf("catalog: names line %d: %d is not a card", i+1, p)
		case d.NameZH != f[1]:
			return nil, fmt.Errorf("catalog: names line %d: %d is now %q, not %q: translate it again", i+1, p, d.NameZH, f[1])
		}
		if _, dup := out[p]; dup {
			return nil, fmt.Errorf("catalog: names line %d: %d is listed twice", i+1, p)
		}
		out[p] = f[2]
	}
	for _, db := range dbs {
		for _, d := range db.All() {
			if _, ok := out[d.Passcode]; !ok && d.NameZH != "" {
				return nil, fmt.Errorf("catalog: %q (%d) has no name in the names file", d.Name, d.Passcode)
			}
		}
	}
	return out, nil
}

// traditional gives Source.Names for the Traditional Chinese names of names_tw.tsv.
func traditional(m map[card.Passcode]string) func(card.Passcode) map[string]string {
	return func(p card.Passcode) map[string]string {
		if n, ok := m[p]; ok {
			return map[string]string{ZHTW: n}
		}
		return nil
	}
}
