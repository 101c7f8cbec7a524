package catalog

import (
	"strings"
	"testing"
)

// TestPoolTextsRegenerate shows the check that texts_tw.tsv was regenerated: a Simplified text
// changed in texts_zh.tsv (or added, or dropped) without a new texts_tw.tsv is an error.
func TestPoolTextsRegenerate(t *testing.T) {
	if _, err := poolTexts(textsZH, textsTW); err != nil {
		t.Fatalf("the committed files: %v", err)
	}
	zh, err := ParseTexts(textsZH, "texts_zh.tsv")
	if err != nil || zh[55144522].Text == "" {
		t.Fatalf("Pot of Greed's text: %v", err)
	}
	changed := strings.Replace(textsZH, zh[55144522].Text, "自己从卡组抽3张卡。", 1)
	if _, err := poolTexts(changed, textsTW); err == nil || !strings.Contains(err.Error(), "texts_tw.sh") {
		t.Errorf("a Simplified text changed without regenerating: %v", err)
	}
	added := textsZH + "46986414\tNo effect.\t没有效果。\n"
	if _, err := poolTexts(added, textsTW); err == nil || !strings.Contains(err.Error(), "no line for 46986414") {
		t.Errorf("a Simplified text added without regenerating: %v", err)
	}
	var kept []string
	for _, l := range strings.Split(textsZH, "\n") {
		if !strings.HasPrefix(l, "55144522\t") {
			kept = append(kept, l)
		}
	}
	if _, err := poolTexts(strings.Join(kept, "\n"), textsTW); err == nil || !strings.Contains(err.Error(), "55144522") {
		t.Errorf("a Simplified text dropped without regenerating: %v", err)
	}
}

// TestPoolTextsStaleEnglish leaves out a Chinese text written from an older English Desc.
func TestPoolTextsStaleEnglish(t *testing.T) {
	zh, _ := ParseTexts(textsZH, "texts_zh.tsv")
	tw, _ := ParseTexts(textsTW, "texts_tw.tsv")
	old := strings.Replace(textsZH, "55144522\t"+zh[55144522].From, "55144522\tDraw 3 cards.", 1)
	texts, err := poolTexts(old, textsTW)
	if err != nil {
		t.Fatal(err)
	}
	if m := texts[55144522]; m[EN] != zh[55144522].From || m[ZHCN] != "" || m[ZHTW] != "" {
		t.Errorf("Pot of Greed from a stale translation: %q", m)
	}
	if m := texts[5318639]; m[ZHCN] != zh[5318639].Text || m[ZHTW] != tw[5318639].Text {
		t.Errorf("Mystical Space Typhoon: %q", m)
	}
}

// TestParseTextsRejects turns down malformed lines.
func TestParseTextsRejects(t *testing.T) {
	for _, bad := range []string{"55144522\tDraw 2 cards.\n", "55144522\t\t抽2张。\n", "x\ta\tb\n", "0\ta\tb\n",
		"55144522\ta\tb\n55144522\ta\tc\n", "55144522\ta\tb\tc\n"} {
		if _, err := ParseTexts(bad, "t.tsv"); err == nil || !strings.Contains(err.Error(), "t.tsv line") {
			t.Errorf("ParseTexts(%q) = %v", bad, err)
		}
	}
	m, err := ParseTexts("# comment\n\n55144522\tDraw 2 cards.\t抽2张卡。\r\n", "t.tsv")
	if err != nil || m[55144522] != (Translation{From: "Draw 2 cards.", Text: "抽2张卡。"}) {
		t.Errorf("a good file: %v %v", m, err)
	}
}
