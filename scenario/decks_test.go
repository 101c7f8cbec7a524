package scenario

import (
	"os"
	"strings"
	"testing"
)

// TestReplayDecksChecked: a whole duel's decks are checked against the ruleset's deck rules (a
// 39-card Main Deck, a fourth copy, a 61st card), unless the file says illegal_decks: true; the
// key belongs to replays only.
func TestReplayDecksChecked(t *testing.T) {
	b, err := os.ReadFile("../testdata/ocg/start/first-a-turn-1-and-turn-2.duel")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	if !strings.Contains(src, `  A: {main: ["Celtic Guardian", "Celtic Guardian", "Celtic Guardian", `) {
		t.Fatal("the replay's A deck line changed")
	}
	if _, err := Parse(b); err != nil {
		t.Fatalf("the legal replay: %v", err)
	}
	for name, c := range map[string]struct{ from, to, want string }{
		"39 cards":   {`"Celtic Guardian", "Celtic Guardian", "Celtic Guardian", `, `"Celtic Guardian", "Celtic Guardian", `, "A's deck: Main Deck has 39 cards"},
		"a 4th copy": {`"Celtic Guardian", "Celtic Guardian", "Celtic Guardian", "Feral Imp", `, `"Celtic Guardian", "Celtic Guardian", "Celtic Guardian", "Celtic Guardian", `, `"Celtic Guardian" x4`},
		"too many":   {`"Summoned Skull"], extra: []}`, `"Summoned Skull"` + strings.Repeat(`, "Summoned Skull"`, 2) + strings.Repeat(`, "Dark Magician"`, 3) + strings.Repeat(`, "Kuriboh"`, 3) + strings.Repeat(`, "Sangan"`, 3) + strings.Repeat(`, "Gaia The Fierce Knight"`, 3) + strings.Repeat(`, "Man-Eater Bug"`, 3) + strings.Repeat(`, "Mystical Space Typhoon"`, 3) + `, "Curse of Dragon"], extra: []}`, "Main Deck has 61 cards"},
	} {
		bad := strings.Replace(src, c.from, c.to, 1) // the first is A's deck
		if bad == src {
			t.Fatalf("%s: the change did not apply", name)
		}
		_, err := Parse([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, c.want)
		}
		ok := strings.Replace(bad, "decks:\n", "illegal_decks: true\ndecks:\n", 1)
		if _, err := Parse([]byte(ok)); err != nil {
			t.Errorf("%s with illegal_decks: true: %v", name, err)
		}
	}
	pos := "title: t\nturn: 3\nplayer: A\nphase: main1\nillegal_decks: true\nA:\n  deck: [\"Celtic Guardian\"]\nB:\n  deck: [\"Celtic Guardian\"]\n"
	if _, err := Parse([]byte(pos)); err == nil || !strings.Contains(err.Error(), "illegal_decks") {
		t.Errorf("illegal_decks in a position: %v, want an error naming it", err)
	}
}
