package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// runDeckCmd runs a "deck" or "cards" command line and returns its exit code and output.
func runDeckCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	switch args[0] {
	case "deck":
		code = cmdDeck(args[1:], &out, &errb)
	case "cards":
		code = cmdCards(args[1:], &out, &errb)
	}
	return code, out.String(), errb.String()
}

func TestDeckCheckCmd(t *testing.T) {
	dir := t.TempDir()
	badYDK := filepath.Join(dir, "bad.ydk")
	if err := os.WriteFile(badYDK, []byte("#main\r\n89631139\r\nBlue-Eyes\r\n12345678\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An unknown passcode, a fourth copy and too few cards: every problem is listed.
	unknownYDK := filepath.Join(dir, "unknown.ydk")
	if err := os.WriteFile(unknownYDK, []byte("#main\n12345678\n89631139\n89631139\n89631139\n89631139\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badLF := filepath.Join(dir, "bad.conf")
	if err := os.WriteFile(badLF, []byte("!L\n55144522\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lflist := filepath.Join(dir, "lflist.conf")
	if err := os.WriteFile(lflist, []byte("!strict\n97590747 1 --La Jinn\n!lenient\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	kouhuBad := filepath.Join(dir, "kouhu.txt")
	if err := os.WriteFile(kouhuBad, []byte("name: Bad\n[main]\n3 Kuriboh\n3 Harpie Lady\n[extra]\n1 Harpie Lady\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args               []string
		code               int
		wantOut, wantErr   string
		outLines, errLines int
	}{
		{args: []string{"check", "normal-monsters"}, code: 0,
			wantOut: "ok: normal-monsters is legal for ocg with banlist duelist-2008 (Main 40, Extra 0, Side 0)\n"},
		{args: []string{"check", "yugi"}, code: 1, outLines: 2,
			wantOut: `"Monster Reborn" is forbidden in banlist duelist-2008`,
			wantErr: "yugi is not legal for ocg with banlist duelist-2008: 2 violations"},
		{args: []string{"check", "yugi", "--banlist", "none"}, code: 0, wantOut: "ok: yugi is legal for ocg (Main 50"},
		{args: []string{"check", "--ruleset", "classic", "5ds", "--banlist=none"}, code: 1, outLines: 3,
			wantOut: `"Junk Warrior" is a Synchro Monster; classic does not allow Synchro Monsters`},
		{args: []string{"check", "yugi", "--ruleset", "classic", "--banlist", "none"}, code: 0,
			wantOut: "ok: yugi is legal for classic (Main 50, Fusion 0, Side 0)"},
		{args: []string{"check", "normal-monsters", "--partner", "normal-monsters"}, code: 0,
			wantOut: "ok: the team of normal-monsters and normal-monsters is legal for ocg with banlist duelist-2008 (tag duel)"},
		{args: []string{"check", "yugi", "--partner", "kaiba", "--banlist", "none"}, code: 0},
		{args: []string{"check", "yugi", "--partner", "yugi", "--banlist", "duelist-2008"}, code: 1, outLines: 7,
			wantOut: `"Last Will" x1 in yugi's deck and x1 in yugi's exceeds its limit 1 in banlist duelist-2008, counted per team`},
		{args: []string{"check", "yugi", "--partner", "joey"}, code: 1, wantErr: `"joey" is neither`},
		{args: []string{"check", "normal-monsters", "--lflist", lflist}, code: 1,
			wantOut: `"La Jinn the Mystical Genie of the Lamp" x3 exceeds its limit 1 in banlist strict`},
		{args: []string{"check", "normal-monsters", "--lflist", lflist, "--banlist", "lenient"}, code: 0,
			wantOut: "ok: normal-monsters is legal for ocg with banlist lenient"},
		{args: []string{"check", "yugi", "--lflist", badLF}, code: 2, wantErr: "deck: " + badLF + ": line 2: card 55144522 has no count"},
		{args: []string{"check", "ydke://o6lXBaOpVwVKcEkD!fb2fAw==!!", "--banlist", "none"}, code: 1, outLines: 1,
			wantOut: "Main Deck has 3 cards; ocg needs 40-60"},
		{args: []string{"check", "ydke://o6lXBaOpVw!!!"}, code: 1, wantErr: "deck: ydke Main Deck part is not valid base64"},
		{args: []string{"check", badYDK}, code: 1, errLines: 2,
			wantErr: "deck: " + badYDK + ": line 3: \"Blue-Eyes\" is not a passcode\ndeck: " + badYDK + ": line 4: unknown passcode 12345678"},
		{args: []string{"check", unknownYDK, "--banlist", "none"}, code: 1, outLines: 3,
			wantOut: "Main Deck has 5 cards; ocg needs 40-60\npasscode 12345678 is not a card of the card pool\n\"Blue-Eyes White Dragon\" x4 exceeds the limit of 3 copies",
			wantErr: "3 violations"},
		{args: []string{"check", filepath.Join(dir, "none.ydk")}, code: 1, wantErr: "no such file"},
		{args: []string{"check", "joey"}, code: 1, wantErr: `"joey" is neither a file, a ydke:// URL nor a preconstructed deck`},
		{args: []string{"check"}, code: 2, wantErr: "usage: duelist deck check FILE|URL|NAME"},
		{args: []string{"check", "yugi", "kaiba"}, code: 2, wantErr: "usage: duelist deck check FILE|URL|NAME"},
		{args: []string{"check", "yugi", "--ruleset", "rush"}, code: 2, wantErr: `ruleset: unknown ruleset "rush"`},
		{args: []string{"check", "yugi", "--banlist", "2005"}, code: 2, wantErr: `deck: no banlist named "2005"`},
		{args: []string{"check", "yugi", "--bogus"}, code: 2, wantErr: "flag provided but not defined: -bogus"},
		{args: []string{"check", "dragons", "--ruleset", "kouhu"}, code: 0,
			wantOut: "ok: dragons is legal for kouhu (Main 60, Extra 4, Side 0)"},
		{args: []string{"check", kouhuBad, "--ruleset", "kouhu"}, code: 1, outLines: 3,
			wantOut: "Main Deck has 6 cards; kouhu needs exactly 60"},
		{args: []string{"check", "yugi", "--ruleset", "kouhu"}, code: 1, wantErr: `"yugi" is neither a kouhu deck file`},
		{args: []string{"show", "knights-and-mages", "--lang", "zh-CN"}, code: 0, wantOut: "骑士与魔导 (kouhu)"},
		{args: []string{"frobnicate"}, code: 2, wantErr: `unknown subcommand "frobnicate"`},
		{args: []string{}, code: 2, wantErr: "usage:"},
	}
	for _, tt := range tests {
		code, out, errs := runDeckCmd(append([]string{"deck"}, tt.args...)...)
		name := strings.Join(tt.args, " ")
		if code != tt.code {
			t.Errorf("deck %s: exit %d, want %d\nstdout: %s\nstderr: %s", name, code, tt.code, out, errs)
		}
		if !strings.Contains(out, tt.wantOut) {
			t.Errorf("deck %s: stdout %q, want it to contain %q", name, out, tt.wantOut)
		}
		if !strings.Contains(errs, tt.wantErr) {
			t.Errorf("deck %s: stderr %q, want it to contain %q", name, errs, tt.wantErr)
		}
		if tt.outLines > 0 && strings.Count(out, "\n") != tt.outLines {
			t.Errorf("deck %s: %d stdout lines, want %d:\n%s", name, strings.Count(out, "\n"), tt.outLines, out)
		}
		if tt.errLines > 0 && strings.Count(errs, "\n") != tt.errLines {
			t.Errorf("deck %s: %d stderr lines, want %d:\n%s", name, strings.Count(errs, "\n"), tt.errLines, errs)
		}
	}
}

// makeTinyCDB writes a YGOPro database with Chinese texts for two pool cards and one other card.
func makeTinyCDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "zh.cdb")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.Exec(`CREATE TABLE datas (id integer PRIMARY KEY, ot integer, alias integer,
			setcode integer, type integer, atk integer, def integer, level integer, race integer,
			attribute integer, category integer);
		CREATE TABLE texts (id integer PRIMARY KEY, name text, desc text);
		INSERT INTO datas VALUES (89631139, 3, 0, 0, 17, 3000, 2500, 8, 8192, 16, 0);
		INSERT INTO texts VALUES (89631139, '青眼白龙(测试)', '');
		INSERT INTO datas VALUES (89631140, 3, 89631139, 0, 17, 3000, 2500, 8, 8192, 16, 0);
		INSERT INTO texts VALUES (89631140, '青眼白龙(测试)', '');
		INSERT INTO datas VALUES (55144522, 3, 0, 0, 2, 0, 0, 0, 0, 0, 0);
		INSERT INTO texts VALUES (55144522, '强欲之壶(测试)', '');
		INSERT INTO datas VALUES (11111111, 3, 0, 0, 17, 100, 100, 1, 1, 1, 0);
		INSERT INTO texts VALUES (11111111, '不在卡池', '');`)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDeckShowCmd(t *testing.T) {
	cdbPath := makeTinyCDB(t)
	url := "ydke://o6lXBaOpVwVKcEkD!fb2fAw==!!" // 2 Blue-Eyes, Pot of Greed; Junk Warrior
	code, out, errs := runDeckCmd("deck", "show", url)
	want := "the ydke URL\nMain Deck (3)\n  2x Blue-Eyes White Dragon [89631139]\n  1x Pot of Greed [55144522]\n" +
		"Extra Deck (1)\n  1x Junk Warrior [60800381]\nSide Deck (0)\n"
	if code != 0 || out != want {
		t.Errorf("deck show: exit %d\n%s\nwant\n%s\nstderr: %s", code, out, want, errs)
	}
	code, out, _ = runDeckCmd("deck", "show", url, "--lang", "zh-CN")
	if code != 0 || !strings.Contains(out, "  2x 青眼白龙 [89631139]\n  1x 强欲之壶 [55144522]\n") || !strings.Contains(out, "1x 废品战士") {
		t.Errorf("deck show --lang zh-CN: exit %d\n%s", code, out)
	}
	// The database's names win; Junk Warrior, absent from it, keeps the pool's name.
	code, out, _ = runDeckCmd("deck", "show", "--cdb", cdbPath, url)
	if code != 0 || !strings.Contains(out, "2x 青眼白龙(测试) [89631139]") || !strings.Contains(out, "1x Junk Warrior [60800381]") {
		t.Errorf("deck show --cdb: exit %d\n%s", code, out)
	}
	// With a database, a deck may hold its cards even if the pool lacks them.
	other := "ydke://x4qpAA==!!!" // 11111111
	if code, out, errs := runDeckCmd("deck", "show", other, "--cdb", cdbPath); code != 0 || !strings.Contains(out, "1x 不在卡池 [11111111]") {
		t.Errorf("deck show --cdb with a non-pool card: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runDeckCmd("deck", "show", other); code != 1 || !strings.Contains(errs, "unknown passcode 11111111") {
		t.Errorf("deck show of a non-pool card without --cdb: exit %d, %s", code, errs)
	}
	if code, _, errs := runDeckCmd("deck", "show", "ydke://IiIiAA==!!!", "--cdb", cdbPath); code != 1 ||
		!strings.Contains(errs, "passcodes in neither the card pool nor "+cdbPath+": 2236962") {
		t.Errorf("deck show of an unknown card with --cdb: exit %d, %s", code, errs)
	}
	if code, _, errs := runDeckCmd("deck", "show", "yugi", "--lang", "fr"); code != 2 || !strings.Contains(errs, `unknown language "fr"`) {
		t.Errorf("deck show --lang fr: exit %d, %s", code, errs)
	}
	if code, _, errs := runDeckCmd("deck", "show", "yugi", "--cdb", filepath.Join(t.TempDir(), "x.cdb")); code != 1 || !strings.Contains(errs, "cdb: ") {
		t.Errorf("deck show --cdb missing: exit %d, %s", code, errs)
	}
}

// TestDeckCheckUnimplemented: deck check refuses a deck holding a card the engine does not play
// yet, naming it with its passcode.
func TestDeckCheckUnimplemented(t *testing.T) {
	saved := implemented
	defer func() { implemented = saved }()
	implemented = func(p card.Passcode) bool { return p != 46986414 }
	code, out, _ := runDeckCmd("deck", "check", "yugi-40", "--banlist", "none")
	if code != 1 || !strings.Contains(out, `"Dark Magician" (46986414) is not implemented by the engine yet`) {
		t.Errorf("deck check of a deck with an unimplemented card: exit %d\n%s", code, out)
	}
}

func TestCardsImportCmd(t *testing.T) {
	cdbPath := makeTinyCDB(t)
	code, out, errs := runDeckCmd("cards", "import", cdbPath)
	if code != 0 {
		t.Fatalf("cards import: exit %d: %s", code, errs)
	}
	pool := card.Pool().Len()
	for _, want := range []string{
		cdbPath + ": 4 cards\n",
		fmt.Sprintf("in the card pool: 2 of the pool's %d (and 1 alternate artworks of them)\n", pool),
		"implemented by the engine: 2 (and 1 alternate artworks of them)\n",
		fmt.Sprintf("pool cards missing from the database: %d\n", pool-2),
		"  60800381  Junk Warrior\n",
		"per set: cards in the card data",
		"  LOB    Legend of Blue Eyes White Dragon",
		"  5DS1   Starter Deck: Yu-Gi-Oh! 5D's               43 of 43      0 in the database   43 implemented\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("cards import output lacks %q:\n%s", want, out)
		}
	}
	saved := implemented
	defer func() { implemented = saved }()
	implemented = func(p card.Passcode) bool { return p == 55144522 }
	code, out, _ = runDeckCmd("cards", "import", "--list", cdbPath)
	if code != 0 || !strings.Contains(out, "implemented by the engine: 1 (and 0 alternate artworks of them)\n  55144522  强欲之壶(测试)\n") {
		t.Errorf("cards import --list with one implemented card: exit %d\n%s", code, out)
	}
	for _, tt := range []struct {
		args    []string
		code    int
		wantErr string
	}{
		{[]string{"import", filepath.Join(t.TempDir(), "none.cdb")}, 1, "no such file"},
		{[]string{"import"}, 2, "usage: duelist cards import FILE.cdb"},
		{[]string{"export", cdbPath}, 2, "usage:"},
	} {
		code, _, errs := runDeckCmd(append([]string{"cards"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.wantErr) {
			t.Errorf("cards %v: exit %d, stderr %q; want %d, %q", tt.args, code, errs, tt.code, tt.wantErr)
		}
	}
}
