package catalog_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/catalog"
)

// TestPoolTextsCurrent fails when a card's English Desc changed (or a scripted card was added)
// without its Simplified text in texts_zh.tsv being written again.
func TestPoolTextsCurrent(t *testing.T) {
	stale, err := catalog.StaleTexts()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stale {
		t.Errorf("texts_zh.tsv: %s", s)
	}
}

// TestPoolTextsEveryLanguage checks every scripted card of the pool has a text in English,
// Simplified and Traditional Chinese, in the index and in PoolTexts, and that texts_tw.tsv is
// texts_zh.tsv run through texts_tw.sh (PoolTexts fails otherwise).
func TestPoolTextsEveryLanguage(t *testing.T) {
	texts, err := catalog.PoolTexts()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range card.Pool().All() {
		if cards.Script(d.Passcode) == nil {
			continue
		}
		n++
		c, ok := index(t).Card(d.Passcode)
		if !ok {
			t.Fatalf("%s is not in the index", d.Name)
		}
		for _, l := range catalog.Languages {
			if texts[d.Passcode][l] == "" || c.Texts[l] != texts[d.Passcode][l] {
				t.Errorf("%s (%d) has no %s text (index: %q)", d.Name, d.Passcode, l, c.Texts[l])
			}
		}
	}
	if n < 100 || len(texts) != n {
		t.Errorf("%d scripted pool cards, %d with texts", n, len(texts))
	}
}

var (
	longNumber = regexp.MustCompile(`[0-9]{5,}`)  // a passcode, not an amount of ATK or LP
	quoted     = regexp.MustCompile(`「([^「」]*)」`) // a card name in a Chinese text
)

// TestPoolTextsClean checks the texts carry no passcodes or format junk: no long numbers, tabs,
// markup, stray spaces or escapes; the Chinese ones are Chinese (no Latin words outside a
// quoted name), and the Traditional ones are converted, with seed 004's terms.
func TestPoolTextsClean(t *testing.T) {
	texts, err := catalog.PoolTexts()
	if err != nil {
		t.Fatal(err)
	}
	namesZH, namesTW := map[string]bool{}, map[string]bool{}
	for _, d := range card.Pool().All() {
		namesZH[d.NameZH] = true
		if c, ok := index(t).Card(d.Passcode); ok {
			namesTW[c.Names[catalog.ZHTW]] = true
		}
	}
	// Not card names: the Spirit Messages' letters, the Spirit Messages as a group, Scapegoat's token.
	for _, s := range []string{"E", "A", "T", "H", "死之信息", "羊衍生物"} {
		namesZH[s] = true
	}
	for _, s := range []string{"E", "A", "T", "H", "死之信息", "羊衍生物"} {
		namesTW[s] = true
	}
	for p, m := range texts {
		for l, s := range m {
			if longNumber.MatchString(s) || strings.ContainsAny(s, "\t\n\r<>{}|\\") || strings.Contains(s, "  ") ||
				strings.TrimSpace(s) != s || strings.Contains(s, "Desc") {
				t.Errorf("%d %s: junk in %q", p, l, s)
			}
			if l == catalog.EN {
				continue
			}
			names := namesZH
			if l == catalog.ZHTW {
				names = namesTW
			}
			for _, q := range quoted.FindAllStringSubmatch(s, -1) {
				if !names[q[1]] {
					t.Errorf("%d %s: 「%s」 is not a card's %s name", p, l, q[1], l)
				}
			}
			bare := quoted.ReplaceAllString(s, "")
			if strings.IndexFunc(bare, func(r rune) bool { return r < unicode.MaxASCII && unicode.IsLetter(r) }) >= 0 {
				t.Errorf("%d %s: Latin letters in %q", p, l, s)
			}
			if !strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("%d %s: no Chinese in %q", p, l, s)
			}
		}
		tw := m[catalog.ZHTW]
		for _, w := range []string{"怪獸", "蓋放", "表側", "裡側", "这", "张", "从", "对", "发动", "场"} {
			if strings.Contains(tw, w) {
				t.Errorf("%d zh-TW: %q in %q (run catalog/texts_tw.sh)", p, w, tw)
			}
		}
		for _, w := range []string{"怪兽", "这", "张", "发动"} {
			if strings.Contains(m[catalog.ZHCN], w) && !strings.Contains(tw, map[string]string{"怪兽": "怪物", "这": "這", "张": "張", "发动": "發動"}[w]) {
				t.Errorf("%d zh-TW: %q of the Simplified text is not converted in %q", p, w, tw)
			}
		}
	}
}

// TestTextSearchChinese finds a card by its Chinese text in both scripts.
func TestTextSearchChinese(t *testing.T) {
	for _, q := range []string{"text:从卡组抽2张卡", "text:從卡組抽2張卡"} {
		if got := names(t, q, nil); !slices.Contains(got, "Pot of Greed") {
			t.Errorf("%s finds %v, not Pot of Greed", q, got)
		}
	}
}
