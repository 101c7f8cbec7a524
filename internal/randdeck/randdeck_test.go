package randdeck

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// testDB is a small card pool: 12 monsters (Levels 1-8), 8 Spells and Traps, a Ritual Monster and
// its Spell, a Fusion Monster of two of the monsters, and Polymerization.
func testDB(t *testing.T) *card.DB {
	t.Helper()
	var cards []*card.Data
	for i := 1; i <= 12; i++ {
		cards = append(cards, &card.Data{Passcode: card.Passcode(100 + i), Name: "Monster " + string(rune('A'+i-1)),
			Kind: card.Monster | card.Normal, Level: 1 + (i-1)%8, Attribute: card.Dark, Race: card.Warrior, ATK: 100 * i})
	}
	for i := 1; i <= 8; i++ {
		k := card.Spell
		if i > 4 {
			k = card.Trap
		}
		cards = append(cards, &card.Data{Passcode: card.Passcode(200 + i), Name: "Spell or Trap " + string(rune('A'+i-1)), Kind: k})
	}
	cards = append(cards,
		&card.Data{Passcode: 301, Name: "Ritual Monster", Kind: card.Monster | card.Ritual | card.Effect, Level: 6, Attribute: card.Light, Race: card.Warrior},
		&card.Data{Passcode: 302, Name: "Ritual Spell", Kind: card.Spell | card.Ritual},
		&card.Data{Passcode: 401, Name: "Fusion Monster", Kind: card.Monster | card.Fusion, Level: 7, Attribute: card.Light, Race: card.Dragon},
		&card.Data{Passcode: polymerization, Name: "Polymerization", Kind: card.Spell},
		&card.Data{Passcode: 501, Name: "Forbidden Spell", Kind: card.Spell},
		&card.Data{Passcode: 502, Name: "Unwritten Trap", Kind: card.Trap},
	)
	db, err := card.NewDB(cards)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func testPool(t *testing.T) *Pool {
	db := testDB(t)
	var codes []card.Passcode
	for _, d := range db.All() {
		codes = append(codes, d.Passcode)
	}
	codes = append(codes, 999, 101) // no data; a repeat
	bl := &deck.Banlist{Name: "test", Limits: map[card.Passcode]int{501: 0, 201: 1}}
	return NewPool(codes, Config{DB: db, Banlist: bl,
		Implemented: func(c card.Passcode) bool { return c != 502 },
		Materials: func(c card.Passcode) []card.Passcode {
			if c == 401 {
				return []card.Passcode{103, 103, 104}
			}
			return nil
		}})
}

// TestPoolSkips: a card without data, one not implemented and a forbidden one are left out, each
// with its reason; repeats count once; Extra Deck monsters are apart.
func TestPoolSkips(t *testing.T) {
	p := testPool(t)
	var got []string
	for _, s := range p.Skipped {
		got = append(got, s.Why)
	}
	if want := []string{"forbidden", "no card data", "not implemented"}; !slices.Equal(sorted(got), want) {
		t.Errorf("skipped %v, want %v", got, want)
	}
	if !slices.Equal(p.Extra, []card.Passcode{401}) {
		t.Errorf("extra %v, want [401]", p.Extra)
	}
	if len(p.Main) != 12+8+2+1 {
		t.Errorf("%d Main Deck cards, want 23", len(p.Main))
	}
	if n := p.Size(); n != 23*3-2 {
		t.Errorf("size %d, want %d (201 limited)", n, 23*3-2)
	}
}

func sorted(l []string) []string { slices.Sort(l); return l }

// TestDeckIsLegal: random decks hold 40 Main Deck cards of the pool within the banlist's limits,
// about half monsters, an Extra Deck of the pool's, and the same seed draws the same deck.
func TestDeckIsLegal(t *testing.T) {
	p := testPool(t)
	for seed := uint64(0); seed < 200; seed++ {
		d, err := p.Deck(rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Main) != MainSize {
			t.Fatalf("seed %d: %d Main Deck cards", seed, len(d.Main))
		}
		monsters := 0
		for _, c := range d.Main {
			if d.Count(c) > p.limit[c] || p.limit[c] == 0 {
				t.Fatalf("seed %d: %d copies of %d (limit %d)", seed, d.Count(c), c, p.limit[c])
			}
			if x, _ := p.cfg.DB.ByPasscode(c); x.IsMonster() {
				monsters++
			}
		}
		if monsters < wantMonsters-monsterSpread || monsters > wantMonsters+monsterSpread {
			t.Fatalf("seed %d: %d monsters", seed, monsters)
		}
		for _, c := range d.Extra {
			if c != 401 {
				t.Fatalf("seed %d: extra %v", seed, d.Extra)
			}
		}
		again, _ := p.Deck(rand.New(rand.NewPCG(seed, 1)))
		if !again.Equal(d) {
			t.Fatalf("seed %d: two decks from one seed differ", seed)
		}
	}
}

// TestDeckTooSmallPool: a pool that cannot fill 40 cards is an error saying so.
func TestDeckTooSmallPool(t *testing.T) {
	db := testDB(t)
	p := NewPool([]card.Passcode{101, 102, 103}, Config{DB: db})
	if _, err := p.Deck(rand.New(rand.NewPCG(1, 1))); err == nil || !strings.Contains(err.Error(), "holds 9") {
		t.Fatalf("err = %v, want the pool's size", err)
	}
}

// TestProbe: a probe deck holds three copies of its card and what it needs: a Fusion Monster in
// the Extra Deck with its materials and Polymerization in the Main Deck; a Ritual Monster with the
// Ritual Spell; a Level 8 monster with low-Level monsters to tribute.
func TestProbe(t *testing.T) {
	p := testPool(t)
	rng := rand.New(rand.NewPCG(7, 7))
	fus, err := p.Probe(401, rng)
	if err != nil {
		t.Fatal(err)
	}
	if fus.Count(401) != 3 || !slices.Contains(fus.Extra, 401) || fus.Count(103) < 2 || fus.Count(104) < 1 || fus.Count(polymerization) != 3 {
		t.Errorf("fusion probe: main %v extra %v", fus.Main, fus.Extra)
	}
	rit, err := p.Probe(301, rng)
	if err != nil {
		t.Fatal(err)
	}
	if rit.Count(301) != 3 || rit.Count(302) < 2 {
		t.Errorf("ritual probe: %v", rit.Main)
	}
	big, err := p.Probe(108, rng) // Level 8
	if err != nil {
		t.Fatal(err)
	}
	low := 0
	for _, c := range big.Main {
		if x, _ := p.cfg.DB.ByPasscode(c); x.IsMonster() && x.Level <= 4 {
			low++
		}
	}
	if big.Count(108) != 3 || len(big.Main) != MainSize || low < 10 {
		t.Errorf("high-Level probe: %d copies, %d cards, %d low-Level monsters", big.Count(108), len(big.Main), low)
	}
	if _, err := p.Probe(999, rng); err == nil {
		t.Error("a probe of a card without data was built")
	}
}

// TestReadSet reads a list with a comment and a blank line, and refuses a bad line.
func TestReadSet(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "AAA.txt"), []byte("# list\n101\n\n102\n101\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "BAD.txt"), []byte("101\nabc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSets(dir, []string{"AAA"})
	if err != nil || !slices.Equal(got, []card.Passcode{101, 102, 101}) {
		t.Fatalf("ReadSets = %v, %v", got, err)
	}
	if _, err := ReadSet(dir, "BAD"); err == nil || !strings.Contains(err.Error(), "BAD.txt:2") {
		t.Errorf("bad line: err = %v", err)
	}
	if _, err := ReadSet(dir, "NONE"); err == nil {
		t.Error("a missing set was read")
	}
	if got := NeedsBehaviour([]card.Passcode{101, 301, 301, 999, 201}, testDB(t)); !slices.Equal(got, []card.Passcode{301, 201}) {
		t.Errorf("NeedsBehaviour = %v", got)
	}
}

// TestWithPrinted: a card whose data names the set is added to the set's list once; one already
// listed, or of another set, is not.
func TestWithPrinted(t *testing.T) {
	db, err := card.NewDB([]*card.Data{
		{Passcode: 11, Name: "Listed", Kind: card.Spell, Sets: []string{"LOB"}},
		{Passcode: 12, Name: "Missing from the list", Kind: card.Spell, Sets: []string{"LOB", "SDY"}},
		{Passcode: 13, Name: "Reprinted in it", Kind: card.Spell, Sets: []string{"MRD", "LOB"}},
		{Passcode: 14, Name: "Another set's", Kind: card.Spell, Sets: []string{"MRD"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := WithPrinted([]card.Passcode{11, 99}, db, []string{"lob"})
	slices.Sort(got)
	if want := []card.Passcode{11, 12, 13, 99}; !slices.Equal(got, want) {
		t.Errorf("WithPrinted = %v, want %v", got, want)
	}
}
