package deck_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// Passcodes of the pool used by the tests.
const (
	blueEyes      card.Passcode = 89631139 // Normal Monster, Level 8
	darkMagician  card.Passcode = 46986414 // Normal Monster, Level 7
	kuriboh       card.Passcode = 40640057
	potOfGreed    card.Passcode = 55144522 // forbidden in duelist-2008
	darkHole      card.Passcode = 53129443 // limited in duelist-2008
	swords        card.Passcode = 72302403 // semi-limited in duelist-2008
	junkWarrior   card.Passcode = 60800381 // Synchro, Level 5
	gaiaKnight    card.Passcode = 97204936 // Synchro, Level 6
	colossal      card.Passcode = 23693634 // Synchro, Level 8
	gaiaChampion  card.Passcode = 66889139 // Fusion, Level 7
	ultimate      card.Passcode = 23995346 // Fusion, Level 12
	thousandDrag  card.Passcode = 41462083 // Fusion, Level 7
	utopia        card.Passcode = 84013237 // Xyz, Rank 4
	blackLuster   card.Passcode = 5405694  // Ritual Monster
	spiritMessage card.Passcode = 31893528 // Spirit Message "I"
)

func TestYDKRoundTrip(t *testing.T) {
	decks := []deck.Deck{
		{},
		{Main: []card.Passcode{blueEyes}},
		{Main: []card.Passcode{kuriboh, blueEyes, kuriboh, potOfGreed}, Extra: []card.Passcode{utopia, junkWarrior, gaiaChampion},
			Side: []card.Passcode{darkHole, darkHole}},
		{Extra: []card.Passcode{colossal}, Side: []card.Passcode{blueEyes}},
	}
	for _, d := range decks {
		text := d.YDK()
		got, err := deck.ParseYDK(strings.NewReader(text), card.Pool())
		if err != nil {
			t.Errorf("ParseYDK(%q): %v", text, err)
			continue
		}
		if !got.Equal(d) {
			t.Errorf("round trip of %v gave %v", d, got)
		}
		if again := got.YDK(); again != text {
			t.Errorf("YDK() changed on the second round:\n%s\nthen\n%s", text, again)
		}
	}
}

func TestYDKFormat(t *testing.T) {
	d := deck.Deck{Main: []card.Passcode{blueEyes, kuriboh}, Extra: []card.Passcode{junkWarrior}, Side: []card.Passcode{potOfGreed}}
	want := "#created by duelist\n#main\n89631139\n40640057\n#extra\n60800381\n!side\n55144522\n"
	if got := d.YDK(); got != want {
		t.Errorf("YDK() =\n%s\nwant\n%s", got, want)
	}
}

func TestParseYDKTolerant(t *testing.T) {
	want := deck.Deck{Main: []card.Passcode{blueEyes, kuriboh}, Extra: []card.Passcode{junkWarrior}, Side: []card.Passcode{potOfGreed}}
	tests := []struct{ name, text string }{
		{"plain", "#main\n89631139\n40640057\n#extra\n60800381\n!side\n55144522\n"},
		{"CRLF", "#created by ygopro\r\n#main\r\n89631139\r\n40640057\r\n#extra\r\n60800381\r\n!side\r\n55144522\r\n"},
		{"BOM", "\uFEFF#created by someone\n#main\n89631139\n40640057\n#extra\n60800381\n!side\n55144522"},
		{"BOM before #main", "\uFEFF#main\n89631139\n40640057\n#extra\n60800381\n!side\n55144522"},
		{"comments and blanks", "# my deck\n\n#main\n\n# monsters\n89631139\n  40640057  \n\n#extra\n# synchro\n60800381\n\n!side\n55144522\n\n\n"},
		{"trailing comments", "#main\n89631139 # Blue-Eyes\n40640057\t--Kuriboh\n#extra\n60800381\n!side\n55144522\n"},
		{"header case", "#MAIN\n89631139\n40640057\n#Extra\n60800381\n!Side\n55144522\n"},
		{"section again", "#main\n89631139\n#extra\n60800381\n#main\n40640057\n!side\n55144522\n"},
		{"no final newline", "#main\n89631139\n40640057\n#extra\n60800381\n!side\n55144522"},
	}
	for _, tt := range tests {
		got, err := deck.ParseYDK(strings.NewReader(tt.text), card.Pool())
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !got.Equal(want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, want)
		}
	}
}

func TestParseYDKErrors(t *testing.T) {
	tests := []struct {
		name, text string
		wantErrs   []string
	}{
		{"unknown passcode", "#main\n89631139\n12345678\n", []string{"deck: line 3: unknown passcode 12345678"}},
		{"non-numeric", "#main\n89631139\nBlue-Eyes White Dragon\n", []string{`deck: line 3: "Blue-Eyes White Dragon" is not a passcode`}},
		{"number with junk", "#main\n89631139x\n", []string{`deck: line 2: "89631139x" is not a passcode`}},
		{"negative", "#main\n-5\n", []string{`deck: line 2: "-5" is not a passcode`}},
		{"zero", "#main\n0\n", []string{`deck: line 2: "0" is not a passcode`}},
		{"too big", "#main\n99999999999\n", []string{`deck: line 2: "99999999999" is not a passcode`}},
		{"text after passcode", "#main\n89631139 Blue-Eyes\n", []string{`deck: line 2: unexpected "Blue-Eyes" after passcode 89631139`}},
		{"before section", "#created by x\n89631139\n#main\n", []string{"deck: line 2: passcode 89631139 comes before any #main, #extra or !side line"}},
		{"unknown section", "#main\n!sides\n89631139\n", []string{`deck: line 2: unknown section "!sides"`}},
		{"every bad line", "#main\r\n1\r\nabc\r\n89631139\r\n2\r\n", []string{
			"deck: line 2: unknown passcode 1", `deck: line 3: "abc" is not a passcode`, "deck: line 5: unknown passcode 2"}},
	}
	for _, tt := range tests {
		_, err := deck.ParseYDK(strings.NewReader(tt.text), card.Pool())
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != len(tt.wantErrs) {
			t.Errorf("%s: error\n%v\nwant %d lines", tt.name, err, len(tt.wantErrs))
			continue
		}
		for i, w := range tt.wantErrs {
			if !strings.HasPrefix(lines[i], w) {
				t.Errorf("%s: error line %d = %q, want prefix %q", tt.name, i+1, lines[i], w)
			}
		}
	}
}

func TestParseYDKManyErrors(t *testing.T) {
	text := "#main\n" + strings.Repeat("x\n", 100)
	_, err := deck.ParseYDK(strings.NewReader(text), card.Pool())
	if err == nil || strings.Count(err.Error(), "\n") != 20 || !strings.HasSuffix(err.Error(), "too many errors; stopped") {
		t.Errorf("100 bad lines gave %v", err)
	}
}

func TestParseYDKNilDB(t *testing.T) {
	d, err := deck.ParseYDK(strings.NewReader("#main\n12345678\n"), nil)
	if err != nil || len(d.Main) != 1 || d.Main[0] != 12345678 {
		t.Errorf("with a nil db: %v, %v", d, err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.ydk")
	bad := filepath.Join(dir, "bad.ydk")
	want := deck.Deck{Main: []card.Passcode{blueEyes, kuriboh}, Extra: []card.Passcode{junkWarrior}}
	if err := os.WriteFile(good, []byte(want.YDK()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("#main\n89631139\n77777777\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := deck.Load(good, card.Pool()); err != nil || !got.Equal(want) {
		t.Errorf("Load(file) = %v, %v", got, err)
	}
	if got, err := deck.Load("  "+want.YDKE()+"\n", card.Pool()); err != nil || !got.Equal(want) {
		t.Errorf("Load(url) = %v, %v", got, err)
	}
	if _, err := deck.Load(bad, card.Pool()); err == nil || err.Error() != "deck: "+bad+": line 3: unknown passcode 77777777" {
		t.Errorf("Load(bad) error = %v", err)
	}
	if _, err := deck.Load(filepath.Join(dir, "none.ydk"), card.Pool()); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("Load(missing) error = %v", err)
	}
}

func TestSortExtra(t *testing.T) {
	d := deck.Deck{
		Main:  []card.Passcode{kuriboh},
		Extra: []card.Passcode{utopia, colossal, ultimate, junkWarrior, thousandDrag, gaiaKnight, gaiaChampion, 12345678},
	}
	orig := d.Clone()
	got := d.SortExtra(card.Pool())
	// Fusion by Level then name (Gaia the Dragon Champion < Thousand Dragon at Level 7), Synchro
	// by Level, Xyz, then the unknown card.
	want := []card.Passcode{gaiaChampion, thousandDrag, ultimate, junkWarrior, gaiaKnight, colossal, utopia, 12345678}
	if !got.Equal(deck.Deck{Main: d.Main, Extra: want}) {
		t.Errorf("SortExtra = %v, want %v", got.Extra, want)
	}
	if !d.Equal(orig) {
		t.Error("SortExtra changed the deck it was called on")
	}
}

func TestCount(t *testing.T) {
	d := deck.Deck{Main: []card.Passcode{kuriboh, blueEyes, kuriboh}, Side: []card.Passcode{kuriboh}}
	if got := d.Count(kuriboh); got != 3 {
		t.Errorf("Count(Kuriboh) = %d, want 3", got)
	}
	if got := d.Count(potOfGreed); got != 0 {
		t.Errorf("Count(Pot of Greed) = %d, want 0", got)
	}
}
