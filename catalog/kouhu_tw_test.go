package catalog_test

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/kouhu"
)

// TestKouhuTextsTWCurrent fails when a kouhu card has no Traditional text, or its text_zh in
// kouhu/cards.tsv changed since catalog/texts_tw.sh wrote kouhu_texts_tw.tsv.
func TestKouhuTextsTWCurrent(t *testing.T) {
	tw, err := catalog.KouhuTextsTW()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kouhu.Cards().All() {
		s, ok := tw[card.Passcode(k.ID)]
		if !ok {
			t.Errorf("%s (%d) has no up-to-date Traditional text: run sh catalog/texts_tw.sh", k.Name, k.ID)
			continue
		}
		if s == "" || s == k.Text {
			t.Errorf("%s (%d): the Traditional text %q", k.Name, k.ID, s)
		}
	}
}

// TestKouhuTextsTWServed checks that the card index gives kouhu's cards their zh-TW texts, in
// Traditional characters (none of the Simplified ones these texts use).
func TestKouhuTextsTWServed(t *testing.T) {
	ix, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, k := range kouhu.Cards().All() {
		c, ok := ix.Card(card.Passcode(k.ID))
		if !ok {
			t.Fatalf("%d is not in the index", k.ID)
		}
		tw := c.Texts[catalog.ZHTW]
		if tw == "" {
			t.Errorf("%s (%d) has no zh-TW text in the index", k.Name, k.ID)
			continue
		}
		if strings.ContainsAny(tw, "没远龙风战斗击场时为") {
			t.Errorf("%s (%d): Simplified characters left in %q", k.Name, k.ID, tw)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no kouhu card checked")
	}
}
