package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/duelistgame/duelist/kouhu"
)

// readKouhuDeck reads a kouhu deck: a preconstructed deck key or a deck list file in the kouhu
// format (kouhu/README.md "Deck lists"), without checking the deck rules.
func readKouhuDeck(spec string) (*kouhu.Deck, error) {
	if slices.Contains(kouhu.DeckKeys(), spec) {
		src, err := kouhu.DeckSource(spec)
		if err != nil {
			return nil, err
		}
		return kouhu.Cards().ParseDeck(spec, src)
	}
	src, err := os.ReadFile(spec)
	if err != nil {
		return nil, fmt.Errorf("%q is neither a kouhu deck file nor a preconstructed kouhu deck (%v): %v",
			spec, kouhu.DeckKeys(), err)
	}
	return kouhu.Cards().ParseDeck(spec, string(src))
}

// kouhuDeckCheck is `duelist deck check --ruleset kouhu`: every broken kouhu deck rule, one a
// line, and exit 1; or the deck's sizes.
func kouhuDeckCheck(spec string, stdout, stderr io.Writer) int {
	d, err := readKouhuDeck(spec)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var illegal *kouhu.IllegalDeckError
	switch err := kouhu.Cards().Validate(d); {
	case errors.As(err, &illegal):
		for _, p := range illegal.Problems {
			fmt.Fprintln(stdout, p)
		}
		fmt.Fprintf(stderr, "%s is not legal for kouhu: %d violation%s\n", spec, len(illegal.Problems), deckPlural(len(illegal.Problems)))
		return 1
	case err != nil:
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "ok: %s is legal for kouhu (Main %d, Extra %d, Side %d)\n", spec, len(d.Main), len(d.Extra), len(d.Side))
	return 0
}

// kouhuDeckShow prints a preconstructed kouhu deck with its cards' names in English or Chinese.
func kouhuDeckShow(key, lang string, stdout, stderr io.Writer) int {
	if lang != "en" && lang != "zh-CN" {
		fmt.Fprintf(stderr, "duelist deck show: unknown language %q (want en or zh-CN)\n", lang)
		return 2
	}
	d, err := readKouhuDeck(key)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	title := d.Name
	if lang == "zh-CN" {
		title = d.NameZH
	}
	fmt.Fprintf(stdout, "%s (kouhu)\n", title)
	for i, sec := range [][]kouhu.ID{d.Main, d.Extra, d.Side} {
		fmt.Fprintf(stdout, "%s (%d)\n", [...]string{"Main Deck", "Extra Deck", "Side Deck"}[i], len(sec))
		var order []kouhu.ID
		count := map[kouhu.ID]int{}
		for _, id := range sec {
			if count[id] == 0 {
				order = append(order, id)
			}
			count[id]++
		}
		for _, id := range order {
			c, _ := kouhu.Cards().ByID(id)
			n := c.Name
			if lang == "zh-CN" {
				n = c.NameZH
			}
			fmt.Fprintf(stdout, "  %dx %s [%d]\n", count[id], n, id)
		}
	}
	return 0
}
