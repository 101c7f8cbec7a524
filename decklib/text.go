package decklib

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// The formats a deck is imported from and exported to.
const (
	FormatYDK  = "ydk"  // a .ydk file (deck.ParseYDK)
	FormatYDKE = "ydke" // a ydke:// URL (deck.ParseYDKE)
	FormatText = "text" // a plain text list (ParseText)
)

// Formats lists the formats, for messages.
var Formats = []string{FormatYDK, FormatYDKE, FormatText}

// Import reads a deck in any of the formats, telling them apart: a ydke:// URL, a .ydk file
// (it has a "#main", "#extra" or "!side" line), or else a plain text list. Cards are checked
// against db. It returns the format it read.
func Import(src string, db *card.DB) (deck.Deck, string, error) {
	src = strings.TrimPrefix(src, "\uFEFF")
	if strings.TrimSpace(src) == "" {
		return deck.Deck{}, "", fmt.Errorf("%w: the deck list is empty", ErrInvalid)
	}
	if deck.IsYDKE(src) {
		d, err := deck.ParseYDKE(strings.TrimSpace(src), db)
		if err != nil {
			return deck.Deck{}, FormatYDKE, fmt.Errorf("%w: %v", ErrInvalid, err)
		}
		return d, FormatYDKE, nil
	}
	for _, line := range strings.Split(src, "\n") {
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "#main", "#extra", "!side":
			d, err := deck.ParseYDK(strings.NewReader(src), db)
			if err != nil {
				return deck.Deck{}, FormatYDK, fmt.Errorf("%w: %v", ErrInvalid, err)
			}
			return d, FormatYDK, nil
		}
	}
	d, err := ParseText(src, db)
	if err != nil {
		return deck.Deck{}, FormatText, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return d, FormatText, nil
}

// Export writes d in a format (FormatYDK, FormatYDKE, FormatText); db names the cards of a text
// list.
func Export(d deck.Deck, format string, db *card.DB) (string, error) {
	switch format {
	case FormatYDK:
		return d.YDK(), nil
	case FormatYDKE:
		return d.YDKE(), nil
	case FormatText:
		return Text(d, db), nil
	}
	return "", fmt.Errorf("%w: unknown format %q (the formats are %s)", ErrInvalid, format, strings.Join(Formats, ", "))
}

// Text writes d as a plain text list: a "Main Deck (40)" line, then one line per card name with
// its copies ("3 Dark Magician"), in the order each first appears; the same for the Extra and the
// Side Deck (an empty section is left out). ParseText reads it back to the same cards, grouped.
func Text(d deck.Deck, db *card.DB) string {
	var b strings.Builder
	for _, sec := range []struct {
		head  string
		cards []card.Passcode
	}{{"Main Deck", d.Main}, {"Extra Deck", d.Extra}, {"Side Deck", d.Side}} {
		if len(sec.cards) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s (%d)\n", sec.head, len(sec.cards))
		count := map[card.Passcode]int{}
		var order []card.Passcode
		for _, p := range sec.cards {
			if count[p] == 0 {
				order = append(order, p)
			}
			count[p]++
		}
		for _, p := range order {
			name := "#" + strconv.FormatUint(uint64(p), 10)
			if c, ok := db.ByPasscode(p); ok {
				name = c.Name
			}
			fmt.Fprintf(&b, "%d %s\n", count[p], name)
		}
	}
	return b.String()
}

// sectionOf reads a section heading: "Main", "Main Deck (40)", "#main", "Extra:", "Fusion Deck",
// "Side Deck", "主卡组", "额外卡组", "副卡组" ...; ok is false for any other line.
func sectionOf(line string) (int, bool) {
	l := strings.ToLower(strings.Trim(line, "#!:=-*[] \t"))
	if i := strings.IndexAny(l, "(（"); i >= 0 {
		l = strings.TrimSpace(l[:i])
	}
	l = strings.TrimSuffix(strings.TrimSuffix(l, ":"), "：")
	switch l {
	case "main", "main deck", "主卡组", "主卡組", "主牌组", "主牌組":
		return 0, true
	case "extra", "extra deck", "fusion", "fusion deck", "额外", "额外卡组", "額外", "額外卡組", "融合卡组":
		return 1, true
	case "side", "side deck", "副卡组", "副卡組", "备牌", "備牌":
		return 2, true
	}
	return 0, false
}

// ParseText reads a plain text deck list. Lines are section headings (see Text: "Main Deck",
// "Extra Deck", "Side Deck", with or without a count, '#', ':' or their Chinese names) or cards:
// "3 Dark Magician", "3x Dark Magician", "Dark Magician x3" or "Dark Magician" (one copy); a card
// is its English or Chinese name (case, spaces and '-' ignored) or "#passcode". Blank lines and
// lines starting with "//" are skipped. Before any heading cards go to the Main Deck, and Extra
// Deck monsters to the Extra Deck. Every line that names no card of db is reported.
func ParseText(src string, db *card.DB) (deck.Deck, error) {
	byName := map[string]card.Passcode{}
	for _, c := range db.All() {
		byName[foldName(c.Name)] = c.Passcode
		if c.NameZH != "" {
			if _, taken := byName[foldName(c.NameZH)]; !taken {
				byName[foldName(c.NameZH)] = c.Passcode
			}
		}
	}
	var d deck.Deck
	secs := [3]*[]card.Passcode{&d.Main, &d.Extra, &d.Side}
	section, headed := 0, false
	var errs []error
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		if s, ok := sectionOf(line); ok {
			section, headed = s, true
			continue
		}
		n, ref := splitCount(line)
		if _, whole := byName[foldName(line)]; whole {
			n, ref = 1, line // a name that starts with a number ("7 Colored Fish")
		}
		if n < 1 || n > 99 {
			errs = append(errs, fmt.Errorf("line %d: %q: a count is 1 to 99", i+1, line))
			continue
		}
		var p card.Passcode
		if strings.HasPrefix(ref, "#") || strings.TrimLeft(ref, "0123456789") == "" {
			v, err := strconv.ParseUint(strings.TrimPrefix(ref, "#"), 10, 32)
			if err == nil {
				p = card.Passcode(v)
			}
			if _, ok := db.ByPasscode(p); !ok {
				errs = append(errs, fmt.Errorf("line %d: %q is not a card's passcode", i+1, ref))
				continue
			}
		} else {
			var ok bool
			if p, ok = byName[foldName(ref)]; !ok {
				errs = append(errs, fmt.Errorf("line %d: no card is named %q", i+1, ref))
				continue
			}
		}
		to := secs[section]
		if c, _ := db.ByPasscode(p); !headed && c.Kind.IsExtra() {
			to = secs[1]
		}
		for range n {
			*to = append(*to, p)
		}
		if len(errs) >= 20 {
			break
		}
	}
	if len(errs) > 0 {
		return deck.Deck{}, errors.Join(errs...)
	}
	return d, nil
}

// splitCount reads the copies of a card line: "3 X", "3x X", "3 x X", "X x3", "X ×3"; 1 if none.
func splitCount(line string) (int, string) {
	f := strings.Fields(line)
	num := func(s string) (int, bool) {
		s = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(s), "x"), "×")
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	if len(f) >= 2 {
		if n, ok := num(f[0]); ok {
			rest := f[1:]
			if len(rest) > 1 && (rest[0] == "x" || rest[0] == "×") {
				rest = rest[1:]
			}
			return n, strings.Join(rest, " ")
		}
		last := strings.ToLower(f[len(f)-1])
		if strings.HasPrefix(last, "x") || strings.HasPrefix(last, "×") {
			if n, err := strconv.Atoi(strings.TrimLeft(last, "x×")); err == nil {
				return n, strings.Join(f[:len(f)-1], " ")
			}
		}
	}
	return 1, line
}

// foldName folds a card name for lookup: lower case, without spaces or punctuation.
func foldName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}
