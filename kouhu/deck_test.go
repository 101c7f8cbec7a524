package kouhu

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func count(ids []ID, id ID) int {
	n := 0
	for _, x := range ids {
		if x == id {
			n++
		}
	}
	return n
}

// TestPreconstructedDecks checks the two shipped decks are legal, varied, can summon every extra
// creature they carry, and have a playable curve (Level is cost, one resource a turn).
func TestPreconstructedDecks(t *testing.T) {
	s := Cards()
	if got, want := DeckKeys(), []string{"dragons", "knights-and-mages"}; !slices.Equal(got, want) {
		t.Fatalf("DeckKeys() = %v, want %v", got, want)
	}
	for _, key := range DeckKeys() {
		t.Run(key, func(t *testing.T) {
			d, err := LoadDeck(key)
			if err != nil {
				t.Fatal(err)
			}
			if d.Name == "" || d.NameZH == "" || d.Key != key {
				t.Errorf("deck names %q / %q, key %q", d.Name, d.NameZH, d.Key)
			}
			if len(d.Main) != MainSize || len(d.Extra) > ExtraMax || len(d.Extra) == 0 {
				t.Errorf("Main %d, Extra %d", len(d.Main), len(d.Extra))
			}
			if n := Distinct(d.Main); n < 25 {
				t.Errorf("%d distinct cards in the Main Deck, want at least 25", n)
			}
			for _, id := range slices.Compact(slices.Sorted(slices.Values(d.Extra))) {
				c, _ := s.ByID(id)
				if count(d.Main, c.SummonBy) == 0 {
					t.Errorf("%s: its summoner %s is not in the Main Deck", c.Name, s.Name(c.SummonBy))
				}
				for _, m := range c.Materials {
					if count(d.Main, m) < count(c.Materials, m) {
						t.Errorf("%s: the Main Deck has %d %s, it needs %d", c.Name, count(d.Main, m), s.Name(m), count(c.Materials, m))
					}
				}
				for _, a := range c.Condition.Discard {
					if !slices.ContainsFunc(d.Main, func(id ID) bool { m, _ := s.ByID(id); return m.IsCreature() && m.Attribute == a }) {
						t.Errorf("%s: the Main Deck has no %s creature to discard", c.Name, a)
					}
				}
			}
			var low, high, creatures, total int
			for _, id := range d.Main {
				c, _ := s.ByID(id)
				total += c.Level
				if c.Level <= 3 {
					low++
				}
				if c.Level >= 7 {
					high++
				}
				if c.IsCreature() {
					creatures++
				}
			}
			avg := float64(total) / float64(len(d.Main))
			t.Logf("%s: %d creatures, %d cards of Level 1-3, %d of Level 7+, average Level %.2f", d.Name, creatures, low, high, avg)
			if low < len(d.Main)*2/3 || high > len(d.Main)/10 || avg > 3.2 {
				t.Errorf("curve too high: %d of Level 1-3 (want 2/3), %d of Level 7+ (want at most 1/10), average %.2f", low, high, avg)
			}
			if creatures < 25 || creatures > 35 {
				t.Errorf("%d creatures; want 25-35 of 60", creatures)
			}
		})
	}
}

// TestEveryCardInADeck checks every card of the set is played by a preconstructed deck, so the
// decks exercise the whole set.
func TestEveryCardInADeck(t *testing.T) {
	used := map[ID]bool{}
	for _, key := range DeckKeys() {
		d, err := LoadDeck(key)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range slices.Concat(d.Main, d.Extra) {
			used[id] = true
		}
	}
	for _, c := range Cards().All() {
		if !used[c.ID] {
			t.Errorf("%s is in no preconstructed deck", c)
		}
	}
}

func TestParseDeck(t *testing.T) {
	s := Cards()
	d, err := s.ParseDeck("t.txt", "# c\nname: T\nname_zh: 测试\n[main]\n3 青眼白龙\n2 kuriboh\n[extra]\n1 Blue-Eyes Ultimate Dragon\n[side]\n")
	if err != nil {
		t.Fatal(err)
	}
	bewd, kuriboh, beud := s.Must("Blue-Eyes White Dragon").ID, s.Must("Kuriboh").ID, s.Must("Blue-Eyes Ultimate Dragon").ID
	if !slices.Equal(d.Main, []ID{bewd, bewd, bewd, kuriboh, kuriboh}) || !slices.Equal(d.Extra, []ID{beud}) || d.Side != nil {
		t.Errorf("parsed %+v", d)
	}
	if d.Key != "t" || d.Name != "T" || d.NameZH != "测试" {
		t.Errorf("key %q, names %q %q", d.Key, d.Name, d.NameZH)
	}
}

func TestParseDeckErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
		unknown         bool
	}{
		{"unknown card", "name: T\n[main]\n3 Blue Eyes White Dragon\n", `line 3: unknown card "Blue Eyes White Dragon"`, true},
		{"four in a line", "name: T\n[main]\n4 Kuriboh\n", `line 3: "4 Kuriboh" is not`, false},
		{"no count", "name: T\n[main]\nKuriboh\n", `line 3: "Kuriboh" is not`, false},
		{"before a section", "name: T\n3 Kuriboh\n", "line 2: card line", false},
		{"unknown section", "name: T\n[fusion]\n", "line 2: unknown section [fusion]", false},
		{"section twice", "name: T\n[main]\n[extra]\n[main]\n", "line 4: section [main] given twice", false},
		{"listed twice", "name: T\n[main]\n1 Kuriboh\n2 栗子球\n", "line 4: Kuriboh is listed twice", false},
		{"no name", "[main]\n1 Kuriboh\n", `no "name:" line`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Cards().ParseDeck("t.txt", tt.src)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "kouhu: deck t.txt line ") {
				t.Fatalf("error %v, want one naming t.txt and containing %q", err, tt.want)
			}
			if !errors.Is(err, ErrBadDeck) || errors.Is(err, ErrUnknownCard) != tt.unknown {
				t.Errorf("error %v: Is(ErrBadDeck) %v, Is(ErrUnknownCard) %v", err, errors.Is(err, ErrBadDeck), errors.Is(err, ErrUnknownCard))
			}
		})
	}
}

func TestValidate(t *testing.T) {
	s := Cards()
	good, err := LoadDeck("dragons")
	if err != nil {
		t.Fatal(err)
	}
	id := func(name string) ID { return s.Must(name).ID }
	rep := func(name string, n int) []ID { return slices.Repeat([]ID{id(name)}, n) }
	with := func(f func(d *Deck)) *Deck {
		d := &Deck{Name: "T", Main: slices.Clone(good.Main), Extra: slices.Clone(good.Extra)}
		f(d)
		return d
	}
	tests := []struct {
		name string
		deck *Deck
		want []string
	}{
		{"good", with(func(d *Deck) {}), nil},
		{"59", with(func(d *Deck) { d.Main = d.Main[1:] }), []string{"Main Deck has 59 cards; kouhu needs exactly 60"}},
		{"61", with(func(d *Deck) { d.Main = append(d.Main, id("Kuriboh")) }), []string{"Main Deck has 61 cards; kouhu needs exactly 60"}},
		{"4 copies across Main and Side", with(func(d *Deck) { d.Side = rep("Blue-Eyes White Dragon", 1) }),
			[]string{"Blue-Eyes White Dragon: 4 copies; at most 3"}},
		{"extra creature in Main", with(func(d *Deck) { d.Main[0] = id("Black Luster Soldier") }),
			[]string{"Black Luster Soldier is a ritual creature; it belongs in the Extra Deck"}},
		{"creature in Extra", with(func(d *Deck) { d.Extra = append(d.Extra, id("Kuriboh")) }),
			[]string{"Kuriboh is a creature; the Extra Deck holds only fusion, ritual and evolution creatures"}},
		{"a Main Deck creature also in the Extra Deck", with(func(d *Deck) { d.Extra = append(d.Extra, id("Harpie Lady")) }),
			[]string{"Harpie Lady is a creature; the Extra Deck holds only fusion, ritual and evolution creatures",
				"Harpie Lady: 4 copies; at most 3"}},
		{"16 Extra", with(func(d *Deck) {
			d.Extra = slices.Concat(rep("Blue-Eyes Ultimate Dragon", 3), rep("Thousand Dragon", 3), rep("Black Luster Soldier", 3),
				rep("Gaia the Dragon Champion", 3), rep("Blue-Eyes Ultimate Dragon", 4))
		}), []string{"Extra Deck has 16 cards; at most 15", "Blue-Eyes Ultimate Dragon: 7 copies; at most 3"}},
		{"16 Side", with(func(d *Deck) { d.Side = rep("Kuriboh", 16) }), []string{"Side Deck has 16 cards; at most 15", "Kuriboh: 16 copies; at most 3"}},
		{"unknown id", with(func(d *Deck) { d.Main[0] = 12345 }), []string{"unknown card id 12345"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.Validate(tt.deck)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("legal deck refused: %v", err)
				}
				return
			}
			var ide *IllegalDeckError
			if !errors.As(err, &ide) || !errors.Is(err, ErrIllegalDeck) {
				t.Fatalf("error %v, want an *IllegalDeckError", err)
			}
			if !slices.Equal(ide.Problems, tt.want) {
				t.Errorf("problems\n%q\nwant\n%q", ide.Problems, tt.want)
			}
		})
	}
	if _, err := LoadDeck("../cards"); err == nil {
		t.Errorf("LoadDeck outside decks/ must fail")
	}
}
