package server

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/ruleset"
)

// TestPastedDeckKeepsTheBanlist: a pasted deck with three Pot of Greed is refused (the default
// banlist forbids it); the same deck without them, and the preconstructed decks, are accepted.
func TestPastedDeckKeepsTheBanlist(t *testing.T) {
	rs, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	d, err := decks.Get("5ds")
	if err != nil {
		t.Fatal(err)
	}
	ok := d.YDK()
	if _, err := loadDeck(&DeckChoice{YDK: ok}, rs, "yugi-40"); err != nil {
		t.Fatalf("the 5D's deck pasted: %v", err)
	}
	d.Main = append(d.Main[:37], 55144522, 55144522, 55144522) // Pot of Greed x3
	_, err = loadDeck(&DeckChoice{YDK: d.YDK()}, rs, "yugi-40")
	if err == nil || !strings.Contains(err.Error(), `"Pot of Greed" is forbidden in banlist duelist-2008`) {
		t.Errorf("3 Pot of Greed pasted: %v", err)
	}
	if _, err := loadDeck(&DeckChoice{Precon: "yugi-40"}, rs, "yugi-40"); err != nil {
		t.Errorf("the Yugi Starter Deck: %v", err)
	}
}
