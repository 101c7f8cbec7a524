package card_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/duelistgame/duelist/card"
)

// The languages of the texts, as the catalog names them.
const (
	en   = "en"
	zhCN = "zh-CN"
	zhTW = "zh-TW"
)

var (
	longNumber = regexp.MustCompile(`[0-9]{5,}`)  // a passcode, not an amount of ATK or LP
	quoted     = regexp.MustCompile(`「([^「」]*)」`) // a card name in a Chinese text
)

// TestPoolTextsClean checks the pool's texts carry no passcodes or format junk: no long numbers, tabs,
// markup, stray spaces or escapes; the Chinese ones are Chinese (no Latin words outside a
// quoted name), and the Traditional ones are converted, with seed 004's terms.
func TestPoolTextsClean(t *testing.T) {
	namesZH, namesTW := map[string]bool{}, map[string]bool{}
	texts := map[card.Passcode]map[string]string{}
	for _, d := range card.Pool().All() {
		namesZH[d.NameZH] = true
		namesTW[d.NameTW] = true
		if !d.Text.IsZero() {
			texts[d.Passcode] = map[string]string{en: d.Text.EN, zhCN: d.Text.ZHCN, zhTW: d.Text.ZHTW}
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
			if l == en {
				continue
			}
			names := namesZH
			if l == zhTW {
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
		tw := m[zhTW]
		// A quoted card name keeps its own conversion (「怪獸蛋」): the terms are checked outside it.
		twBare := quoted.ReplaceAllString(tw, "")
		for _, w := range []string{"怪獸", "蓋放", "表側", "裡側", "这", "张", "从", "对", "发动", "场"} {
			if strings.Contains(twBare, w) {
				t.Errorf("%d zh-TW: %q in %q (run duelist cards tw)", p, w, tw)
			}
		}
		for _, w := range []string{"怪兽", "这", "张", "发动"} {
			if strings.Contains(m[zhCN], w) && !strings.Contains(tw, map[string]string{"怪兽": "怪物", "这": "這", "张": "張", "发动": "發動"}[w]) {
				t.Errorf("%d zh-TW: %q of the Simplified text is not converted in %q", p, w, tw)
			}
		}
	}
}
