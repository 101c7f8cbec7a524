package catalog

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
)

// The project's Chinese texts of the pool's scripted cards: texts_zh.tsv is written by hand from
// each card's English Desc, texts_tw.tsv is generated from it by texts_tw.sh.
var (
	//go:embed texts_zh.tsv
	textsZH string
	//go:embed texts_tw.tsv
	textsTW string
)

// PoolTexts gives the texts of the pool's scripted cards by passcode and language: EN, the
// card's Desc (cards.Script), and ZHCN and ZHTW from texts_zh.tsv and texts_tw.tsv. A Chinese
// text written from an English Desc that has changed since is left out (the card shows its new
// English text until it is translated again; TestPoolTextsCurrent fails meanwhile). The error
// says what is wrong with either file.
func PoolTexts() (map[card.Passcode]map[string]string, error) {
	return poolTexts(textsZH, textsTW)
}

// poolTexts is PoolTexts on the given contents of texts_zh.tsv and texts_tw.tsv.
func poolTexts(zhFile, twFile string) (map[card.Passcode]map[string]string, error) {
	zh, err := ParseTexts(zhFile, "texts_zh.tsv")
	if err != nil {
		return nil, err
	}
	tw, err := ParseTexts(twFile, "texts_tw.tsv")
	if err != nil {
		return nil, err
	}
	for p, t := range zh {
		u, ok := tw[p]
		switch {
		case !ok:
			return nil, fmt.Errorf("catalog: texts_tw.tsv has no line for %d: run catalog/texts_tw.sh", p)
		case u.From != t.Text:
			return nil, fmt.Errorf("catalog: texts_tw.tsv: the Simplified text of %d changed: run catalog/texts_tw.sh", p)
		}
	}
	for p := range tw {
		if _, ok := zh[p]; !ok {
			return nil, fmt.Errorf("catalog: texts_tw.tsv has %d, which texts_zh.tsv does not: run catalog/texts_tw.sh", p)
		}
	}
	out := map[card.Passcode]map[string]string{}
	for _, d := range card.Pool().All() {
		sc := cards.Script(d.Passcode)
		if sc == nil || sc.Desc == "" {
			continue
		}
		m := map[string]string{EN: sc.Desc}
		if t, ok := zh[d.Passcode]; ok && t.From == sc.Desc {
			m[ZHCN], m[ZHTW] = t.Text, tw[d.Passcode].Text
		}
		out[d.Passcode] = m
	}
	return out, nil
}

// StaleTexts lists the scripted pool cards whose Simplified text is missing from texts_zh.tsv or
// was written from an English Desc that has changed since, and the lines of texts_zh.tsv for
// cards that are no longer scripted cards of the pool.
func StaleTexts() ([]string, error) {
	zh, err := ParseTexts(textsZH, "texts_zh.tsv")
	if err != nil {
		return nil, err
	}
	var out []string
	seen := map[card.Passcode]bool{}
	for _, d := range card.Pool().All() {
		sc := cards.Script(d.Passcode)
		if sc == nil || sc.Desc == "" {
			continue
		}
		seen[d.Passcode] = true
		switch t, ok := zh[d.Passcode]; {
		case !ok:
			out = append(out, fmt.Sprintf("%s (%d) has no Simplified text", d.Name, d.Passcode))
		case t.From != sc.Desc:
			out = append(out, fmt.Sprintf("%s (%d): its Desc is now %q, the text was written from %q", d.Name, d.Passcode, sc.Desc, t.From))
		}
	}
	for p := range zh {
		if !seen[p] {
			out = append(out, fmt.Sprintf("%d has a text but is not a scripted card of the pool", p))
		}
	}
	return out, nil
}

// Translation is one line of a texts file: a text and the text it was made from (the English
// Desc for texts_zh.tsv, the Simplified text for texts_tw.tsv).
type Translation struct {
	From, Text string
}

// ParseTexts reads a texts file such as texts_zh.tsv: lines "code<TAB>source text<TAB>text",
// '#' comment lines and blank lines skipped; name is the file's name for errors. Each code is a
// passcode listed once, and both texts are non-empty.
func ParseTexts(text, name string) (map[card.Passcode]Translation, error) {
	out := map[card.Passcode]Translation{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[1] == "" || f[2] == "" {
			return nil, fmt.Errorf("catalog: %s line %d: want code, source text and text, tab-separated", name, i+1)
		}
		n, err := strconv.ParseUint(f[0], 10, 32)
		if err != nil || n == 0 {
			return nil, fmt.Errorf("catalog: %s line %d: %q is not a passcode", name, i+1, f[0])
		}
		p := card.Passcode(n)
		if _, dup := out[p]; dup {
			return nil, fmt.Errorf("catalog: %s line %d: %d is listed twice", name, i+1, p)
		}
		out[p] = Translation{From: f[1], Text: f[2]}
	}
	return out, nil
}
