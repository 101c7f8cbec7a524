package decks_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/ruleset"
)

func TestNames(t *testing.T) {
	want := []string{"5ds", "fusion", "kaiba", "kaiba-40", "kaiba-legal", "normal-monsters", "yugi", "yugi-40", "yugi-legal"}
	if got := decks.Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	if _, err := decks.Get("joey"); err == nil || !strings.Contains(err.Error(), `decks: no preconstructed deck "joey" (the decks are 5ds, fusion, kaiba, kaiba-40, kaiba-legal, normal-monsters, yugi, yugi-40, yugi-legal)`) {
		t.Errorf("Get(joey) error = %v", err)
	}
	if _, err := decks.Get("../deck/deck"); err == nil {
		t.Error("Get reached outside the embedded decks")
	}
}

// TestLegal checks each deck against ocg with the default banlist. The 2000-era starter decks
// hold cards the 2008 list forbids (Monster Reborn, Change of Heart), so they are checked without
// a banlist, and the test says which cards the list would reject; the decks of rated play
// (yugi-legal, kaiba-legal: the server's defaults there, issue 33) and the others keep it.
func TestLegal(t *testing.T) {
	ocg, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	bl := deck.DefaultBanlist()
	for _, name := range decks.Names() {
		d, err := decks.Get(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		vs := deck.Validate(d, card.Pool(), ocg, bl)
		if len(vs) == 0 {
			continue
		}
		if name == "normal-monsters" || name == "5ds" || strings.HasSuffix(name, "-legal") {
			t.Errorf("%s is not legal for ocg with banlist %s: %v", name, bl.Name, vs)
			continue
		}
		for _, v := range vs {
			if v.Rule != deck.RuleBanlist {
				t.Errorf("%s: %s", name, v)
			}
		}
		t.Logf("%s breaks banlist %s (a starter deck from before it), so it is checked without it: %v", name, bl.Name, vs)
		if vs := deck.Validate(d, card.Pool(), ocg, nil); len(vs) > 0 {
			t.Errorf("%s is not legal for ocg without a banlist: %v", name, vs)
		}
	}
}

// TestContents checks what each deck is made of (pool.md's set tags).
func TestContents(t *testing.T) {
	pool := card.Pool()
	for _, tt := range []struct {
		name, set         string
		main, extra, side int
	}{
		{"yugi", "SDY", 50, 0, 0},
		{"kaiba", "SDK", 50, 0, 0},
		{"5ds", "5DS1", 40, 3, 0},
	} {
		d, err := decks.Get(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Main) != tt.main || len(d.Extra) != tt.extra || len(d.Side) != tt.side {
			t.Errorf("%s: %d/%d/%d cards, want %d/%d/%d", tt.name, len(d.Main), len(d.Extra), len(d.Side), tt.main, tt.extra, tt.side)
		}
		// Exactly the cards tagged with the set, each at least once.
		inDeck := map[card.Passcode]bool{}
		for _, p := range slices.Concat(d.Main, d.Extra) {
			inDeck[p] = true
		}
		for _, c := range pool.All() {
			if tagged := slices.Contains(c.Sets, tt.set); tagged != inDeck[c.Passcode] {
				t.Errorf("%s: %q tagged %v, in deck %v", tt.name, c.Name, tagged, inDeck[c.Passcode])
			}
		}
		if tt.name != "5ds" {
			for p := range inDeck {
				if d.Count(p) != 1 {
					t.Errorf("%s: %d copies of %d, want 1", tt.name, d.Count(p), p)
				}
			}
		}
	}
}

func TestNormalMonsters(t *testing.T) {
	d, err := decks.Get("normal-monsters")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Main) != 40 || len(d.Extra) != 0 || len(d.Side) != 0 {
		t.Errorf("normal-monsters has %d/%d/%d cards, want 40/0/0", len(d.Main), len(d.Extra), len(d.Side))
	}
	high := 0
	for _, p := range d.Main {
		c, _ := card.Pool().ByPasscode(p)
		if !c.IsNormalMonster() || c.Kind&^card.Tuner != card.Monster|card.Normal {
			t.Errorf("%q is not a Normal Monster", c.Name)
		}
		if c.Level > 4 {
			high++
		}
	}
	if high == 0 || high > 8 {
		t.Errorf("normal-monsters has %d cards of Level 5-8; want a few", high)
	}
}

// TestRoundTrip checks that the shipped files are in the canonical form YDK writes, apart from
// their comment lines.
func TestRoundTrip(t *testing.T) {
	for _, name := range decks.Names() {
		src, err := decks.Source(name)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decks.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		var kept []string
		for _, line := range strings.SplitAfter(src, "\n") {
			if !strings.HasPrefix(line, "# ") {
				kept = append(kept, line)
			}
		}
		if got := strings.Join(kept, ""); got != d.YDK() {
			t.Errorf("%s.ydk is not in canonical form:\n%s\nwant\n%s", name, got, d.YDK())
		}
	}
}
