package deck_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

const twoLists = "\uFEFF#[2008.09 OCG][2008.09 TCG]\r\n" +
	"!2008.09 OCG\r\n" +
	"#forbidden\r\n" +
	"55144522 0 --Pot of Greed\r\n" +
	"#limited\r\n" +
	"53129443 1 --Dark Hole\r\n" +
	"\r\n" +
	"72302403 2 # Swords of Revealing Light\r\n" +
	"!2008.09 TCG\n" +
	"55144522 0\n" +
	"89631139   3\n" +
	"!whitelist\n" +
	"$whitelist\n" +
	"40640057 3 --Kuriboh\n"

func TestParseLFList(t *testing.T) {
	lists, err := deck.ParseLFList(strings.NewReader(twoLists))
	if err != nil {
		t.Fatal(err)
	}
	if len(lists) != 3 || lists[0].Name != "2008.09 OCG" || lists[1].Name != "2008.09 TCG" || lists[2].Name != "whitelist" {
		t.Fatalf("lists = %+v", lists)
	}
	ocg := &lists[0]
	for _, tt := range []struct {
		p    card.Passcode
		want int
	}{{potOfGreed, 0}, {darkHole, 1}, {swords, 2}, {kuriboh, 3}, {blueEyes, 3}} {
		if got := ocg.Limit(tt.p); got != tt.want {
			t.Errorf("OCG Limit(%d) = %d, want %d", tt.p, got, tt.want)
		}
	}
	if len(lists[1].Limits) != 2 || lists[1].Limit(potOfGreed) != 0 || lists[1].Limit(darkHole) != 3 {
		t.Errorf("TCG list = %+v", lists[1])
	}
	wl := &lists[2]
	if !wl.Whitelist || wl.Limit(kuriboh) != 3 || wl.Limit(blueEyes) != 0 {
		t.Errorf("whitelist = %+v", wl)
	}
	var none *deck.Banlist
	if none.Limit(potOfGreed) != 3 {
		t.Error("a nil banlist limits cards")
	}
	if b, err := deck.Pick(lists, "2008.09 TCG"); err != nil || b != &lists[1] {
		t.Errorf("Pick = %v, %v", b, err)
	}
	_, err = deck.Pick(lists, "2009.03")
	if want := `deck: no banlist named "2009.03" (the lists are "2008.09 OCG", "2008.09 TCG", "whitelist")`; err == nil || err.Error() != want {
		t.Errorf("Pick(absent) error = %v, want %s", err, want)
	}
}

func TestParseLFListErrors(t *testing.T) {
	tests := []struct{ name, text, wantErr string }{
		{"missing count", "!L\n55144522\n", `deck: line 2: card 55144522 has no count`},
		{"missing count before comment", "!L\n55144522 --Pot of Greed\n", `deck: line 2: card 55144522 has no count`},
		{"bad count", "!L\n55144522 x --Pot of Greed\n", `deck: line 2: card 55144522: count "x" is not 0, 1, 2 or 3`},
		{"count too big", "!L\n55144522 4\n", `deck: line 2: card 55144522: count "4" is not 0, 1, 2 or 3`},
		{"negative count", "!L\n55144522 -1\n", `deck: line 2: card 55144522: count "-1" is not 0, 1, 2 or 3`},
		{"bad passcode", "!L\nPot 0\n", `deck: line 2: "Pot 0" is not a passcode followed by a count`},
		{"text after count", "!L\n55144522 0 Pot of Greed\n", `deck: line 2: card 55144522: unexpected "Pot of Greed" after the count`},
		{"entry before list", "# c\n55144522 0\n!L\n", "deck: line 2: card 55144522 comes before any !list line"},
		{"no name", "!\n55144522 0\n", "deck: line 1: a list needs a name after '!'"},
		{"duplicate list", "!L\n!M\n! L\n", `deck: line 3: list "L" is already defined at line 1`},
		{"duplicate card", "!L\n55144522 0\n55144522 1\n", `deck: line 3: card 55144522 is listed twice in list "L"`},
		{"unknown directive", "!L\n$blacklist\n", `deck: line 2: unknown directive "$blacklist"`},
		{"directive before list", "$whitelist\n!L\n", `deck: line 1: "$whitelist" comes before any !list line`},
		{"no list", "# only a comment\n\n", "deck: the banlist file has no list"},
		{"empty", "", "deck: the banlist file has no list"},
	}
	for _, tt := range tests {
		_, err := deck.ParseLFList(strings.NewReader(tt.text))
		if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
			t.Errorf("%s: error = %v, want prefix %q", tt.name, err, tt.wantErr)
		}
	}
	_, err := deck.ParseLFList(strings.NewReader("!L\n1\n2 x\n3 0\n"))
	if err == nil || strings.Count(err.Error(), "\n") != 1 {
		t.Errorf("two bad lines gave %v", err)
	}
}

func TestLoadLFList(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.conf"), filepath.Join(dir, "bad.conf")
	if err := os.WriteFile(good, []byte(twoLists), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("!L\n55144522\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if lists, err := deck.LoadLFList(good); err != nil || len(lists) != 3 {
		t.Errorf("LoadLFList(good) = %d lists, %v", len(lists), err)
	}
	if _, err := deck.LoadLFList(bad); err == nil || !strings.HasPrefix(err.Error(), "deck: "+bad+": line 2: card 55144522 has no count") {
		t.Errorf("LoadLFList(bad) error = %v", err)
	}
	if _, err := deck.LoadLFList(filepath.Join(dir, "none.conf")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("LoadLFList(missing) error = %v", err)
	}
}

// TestDefaultBanlists checks the shipped list: it parses, every card is in the pool, and each
// comment names its card.
func TestDefaultBanlists(t *testing.T) {
	lists := deck.DefaultBanlists()
	if len(lists) == 0 || lists[0].Name != deck.DefaultBanlistName {
		t.Fatalf("the first default list is not %s: %+v", deck.DefaultBanlistName, lists)
	}
	bl := deck.DefaultBanlist()
	for _, tt := range []struct {
		p    card.Passcode
		want int
	}{{potOfGreed, 0}, {12580477, 0}, {83764718, 0}, {4031928, 0}, {darkHole, 1}, {57728570, 1}, {swords, 2}, {kuriboh, 3}} {
		if got := bl.Limit(tt.p); got != tt.want {
			t.Errorf("duelist-2008 Limit(%d) = %d, want %d", tt.p, got, tt.want)
		}
	}
	text, err := os.ReadFile("lists/lflist.conf")
	if err != nil {
		t.Fatal(err)
	}
	entry := regexp.MustCompile(`^(\d+) (\d) --(.+)$`)
	n := 0
	for _, line := range strings.Split(string(text), "\n") {
		m := entry.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n++
		c, err := card.Pool().Lookup("#" + m[1])
		if err != nil {
			t.Errorf("lflist.conf: %v", err)
		} else if c.Name != m[3] {
			t.Errorf("lflist.conf: %s is %q, the comment says %q", m[1], c.Name, m[3])
		}
	}
	total := 0
	for _, l := range lists {
		total += len(l.Limits)
	}
	if n != total {
		t.Errorf("checked %d entries of %d", n, total)
	}
	// Each call returns fresh lists.
	lists[0].Limits[potOfGreed] = 3
	if deck.DefaultBanlist().Limit(potOfGreed) != 0 {
		t.Error("DefaultBanlists shares its maps between calls")
	}
}

func TestLFListDates(t *testing.T) {
	lists, err := deck.ParseLFList(strings.NewReader("!2008.09 OCG\n55144522 0\n!ours\n#date 2010-03-01\n55144522 1\n!2008.9x\n!2009.03\n"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"2008-09-01", "2010-03-01", "", "2009-03-01"} {
		if lists[i].Date != want {
			t.Errorf("list %q: Date = %q, want %q", lists[i].Name, lists[i].Date, want)
		}
	}
	_, err = deck.ParseLFList(strings.NewReader("!ours\n#date March 2010\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a bad #date line: err = %v", err)
	}
	if d := deck.DefaultBanlist().Date; d == "" {
		t.Error("the default banlist has no date")
	}
}
