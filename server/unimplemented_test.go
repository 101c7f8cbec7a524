package server

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/ruleset"
)

// TestLobbyRefusesUnimplementedCard: a pasted deck holding a card the engine does not play yet
// is refused in the lobby with the card's name and passcode; with every card implemented the same
// deck is accepted.
func TestLobbyRefusesUnimplementedCard(t *testing.T) {
	rs, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	yugi, err := decks.Get("yugi-40")
	if err != nil {
		t.Fatal(err)
	}
	dc := &DeckChoice{YDKE: yugi.YDKE()}
	const dm card.Passcode = 46986414 // Dark Magician, in Starter Deck Yugi
	_, err = loadDeckPlayed(dc, rs, "yugi", nil, func(p card.Passcode) bool { return p != dm })
	if err == nil || !strings.Contains(err.Error(), `"Dark Magician" (46986414) is not implemented by the engine yet`) {
		t.Errorf("a deck with an unimplemented card: %v", err)
	}
	if _, err := loadDeckPlayed(dc, rs, "yugi", nil, func(card.Passcode) bool { return true }); err != nil {
		t.Errorf("the same deck, every card implemented: %v", err)
	}
	if _, err := loadFullDeck(dc, rs, "yugi", nil); err != nil {
		t.Errorf("Starter Deck Yugi with the real registry: %v", err)
	}
}
