package catalog_test

import (
	"slices"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/kouhu"
)

// TestIndexTexts checks the index gives every card of the pool and of kouhu's set the names
// and texts of its card data, in every language it has them.
func TestIndexTexts(t *testing.T) {
	n := 0
	for _, db := range []*card.DB{card.Pool(), kouhu.CardDB()} {
		for _, d := range db.All() {
			c, ok := index(t).Card(d.Passcode)
			if !ok {
				t.Fatalf("%s is not in the index", d.Name)
			}
			want := map[string]string{catalog.EN: d.Text.EN, catalog.ZHCN: d.Text.ZHCN, catalog.ZHTW: d.Text.ZHTW}
			names := map[string]string{catalog.EN: d.Name, catalog.ZHCN: d.NameZH, catalog.ZHTW: d.NameTW}
			for _, l := range catalog.Languages {
				if c.Texts[l] != want[l] || c.Names[l] != names[l] {
					t.Errorf("%s %s: index text %q, name %q; card data %q, %q", d.Name, l, c.Texts[l], c.Names[l], want[l], names[l])
				}
			}
			if !d.Text.IsZero() {
				n++
			}
		}
	}
	if n < 150 {
		t.Errorf("only %d cards with a text", n)
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
