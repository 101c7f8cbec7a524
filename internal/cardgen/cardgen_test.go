package cardgen

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// TestTraditionalCurrent fails when a card file's Traditional Chinese name or text is missing or
// is not the OpenCC conversion of its Simplified twin (run `duelist cards tw`). It needs opencc.
func TestTraditionalCurrent(t *testing.T) {
	stale, err := Stale("../..", OpenCC)
	if errors.Is(err, ErrNoOpenCC) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stale {
		t.Errorf("%s (run: go run ./cmd/duelist cards tw)", s)
	}
	paths, _ := files("../..")
	if len(paths) < 20 {
		t.Errorf("only %d card files found", len(paths))
	}
}

// fakeTW is a converter for tests: a few characters, as OpenCC would convert them.
func fakeTW(lines []string) ([]string, error) {
	r := strings.NewReplacer("强", "強", "欲", "欲", "壶", "壺", "张", "張", "怪兽", "怪獸", "只", "只")
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = r.Replace(l)
	}
	return out, nil
}

const header = "# test\n\nset TST\nname Test\nproduct booster\nreleased 2002-03-08\nsize 2\n"

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestSyncFillsAndCorrects: a missing Traditional name and text are added after their Simplified
// twins, a stale one is corrected (with seed 004's terms in texts), and Stale reports both before
// and nothing after.
func TestSyncFillsAndCorrects(t *testing.T) {
	pot := "card 55144522\nname Pot of Greed\nname.zh-CN 强欲之壶\nkind Normal Spell\nsets TST\nrarity UR\n" +
		"text Draw 2 cards.\ntext.zh-CN 抽2张卡，3只怪兽。\n# a comment stays\n"
	old := "card 1\nname Old\nname.zh-CN 张\nname.zh-TW 张\nkind Normal Spell\nsets TST\nrarity R\n"
	root := writeTree(t, map[string]string{"cards/tst/tst.cards": header + "\n" + pot + "\n" + old})
	stale, err := Stale(root, fakeTW)
	if err != nil || len(stale) != 3 {
		t.Fatalf("Stale = %v, %v; want 3 entries", stale, err)
	}
	changed, err := Sync(root, fakeTW)
	if err != nil || len(changed) != 1 {
		t.Fatalf("Sync = %v, %v", changed, err)
	}
	b, _ := os.ReadFile(filepath.Join(root, "cards/tst/tst.cards"))
	want := header + "\n" + strings.Replace(strings.Replace(pot,
		"name.zh-CN 强欲之壶\n", "name.zh-CN 强欲之壶\nname.zh-TW  強欲之壺\n", 1),
		"text.zh-CN 抽2张卡，3只怪兽。\n", "text.zh-CN 抽2张卡，3只怪兽。\ntext.zh-TW  抽2張卡，3隻怪物。\n", 1) +
		"\n" + strings.Replace(old, "name.zh-TW 张", "name.zh-TW  張", 1)
	if string(b) != want {
		t.Errorf("after Sync:\n%s\nwant:\n%s", b, want)
	}
	if stale, err := Stale(root, fakeTW); err != nil || len(stale) != 0 {
		t.Errorf("Stale after Sync = %v, %v", stale, err)
	}
	if changed, err := Sync(root, fakeTW); err != nil || len(changed) != 0 {
		t.Errorf("a second Sync changed %v, %v", changed, err)
	}
	if _, err := card.Load(os.DirFS(root)); err != nil {
		t.Errorf("the synced file does not load: %v", err)
	}
}

func TestTerms(t *testing.T) {
	for in, want := range map[string]string{
		"1隻怪獸表側表示": "1隻怪物正面表示", "蓋放的裡側卡": "覆蓋的背面卡", "這只": "這隻", "只要": "只要", "3只": "3隻",
		"融合怪獸：「怪獸蛋」＋「史汀」。": "融合怪物：「怪獸蛋」＋「史汀」。", "「怪獸蛋」的怪獸": "「怪獸蛋」的怪物",
		"怪獸「未閉合": "怪物「未閉合",
	} {
		if got := Terms(in); got != want {
			t.Errorf("Terms(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSuggestRarity: the mechanical rule against the pool's rarities (chosen by hand for the first
// 168 cards, 120 of which it gives), and the cases it is made of.
func TestSuggestRarity(t *testing.T) {
	bl := deck.DefaultBanlists()[0]
	agree := 0
	for _, d := range card.Pool().All() {
		if SuggestRarity(d, bl.Limit) == d.Rarity {
			agree++
		}
	}
	t.Logf("SuggestRarity agrees with %d of the pool's %d rarities", agree, card.Pool().Len())
	// 120 of the 168 rarities chosen by hand for the first pool (its doc comment); the cards
	// added since took the rule's, or an author's edit of it.
	if agree*10 < card.Pool().Len()*7 {
		t.Errorf("SuggestRarity agrees with %d of the pool's %d rarities, under 70%%", agree, card.Pool().Len())
	}
	three := func(card.Passcode) int { return 3 }
	for _, tt := range []struct {
		d    card.Data
		lim  int
		want card.Rarity
	}{
		{card.Data{Kind: card.Spell | card.Normal}, 0, card.UR},
		{card.Data{Kind: card.Spell | card.Normal}, 1, card.UR},
		{card.Data{Kind: card.Trap | card.Normal}, 2, card.SR},
		{card.Data{Kind: card.Monster | card.Normal, Level: 8, ATK: 3000}, 3, card.UR},
		{card.Data{Kind: card.Monster | card.Normal, Level: 7, ATK: 2300}, 3, card.SR},
		{card.Data{Kind: card.Monster | card.Normal, Level: 4, ATK: 1800}, 3, card.N},
		{card.Data{Kind: card.Monster | card.Fusion, Level: 6}, 3, card.SR},
		{card.Data{Kind: card.Monster | card.Effect | card.Tuner, Level: 3}, 3, card.SR},
		{card.Data{Kind: card.Spell | card.Field}, 3, card.SR},
		{card.Data{Kind: card.Trap | card.Counter}, 3, card.SR},
		{card.Data{Kind: card.Monster | card.Effect, Level: 4}, 3, card.R},
	} {
		lim := func(card.Passcode) int { return tt.lim }
		if tt.lim == 3 {
			lim = three
		}
		if got := SuggestRarity(&tt.d, lim); got != tt.want {
			t.Errorf("SuggestRarity(%v, limit %d) = %v, want %v", tt.d.Kind, tt.lim, got, tt.want)
		}
	}
}

// testCDB writes a small YGOPro database: rows of id, type, level, race, attribute, atk, def, name.
func testCDB(t *testing.T, path string, rows [][]any) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE datas (id integer PRIMARY KEY, ot integer, alias integer,
		setcode integer, type integer, atk integer, def integer, level integer, race integer,
		attribute integer, category integer);
		CREATE TABLE texts (id integer PRIMARY KEY, name varchar(128), desc varchar(1024), str1 varchar(256));`); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if _, err := db.Exec(`INSERT INTO datas VALUES (?, 3, 0, 0, ?, ?, ?, ?, ?, ?, 0)`, r[0], r[1], r[5], r[6], r[2], r[3], r[4]); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO texts VALUES (?, ?, 'A card text that must never be copied.', '')`, r[0], r[7]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNewSet adds a set of four passcodes to a tree holding an earlier booster and a starter: a
// new Normal Monster and a new Spell get their data from the databases (no text), a card of the
// starter is extended with the set and, the set being a booster, moves to its file; a passcode
// missing from the database and a kind the data cannot express are skipped and reported.
func TestNewSet(t *testing.T) {
	sdy := "set SDY\nname Starter\nproduct starter\nreleased 2002-03-01\nsize 1\n\n" +
		"card 46986414\nname Dark Magician\nname.zh-CN 黑魔术师\nname.zh-TW 黑魔術師\nkind Normal Monster\nlevel 7\n" +
		"attribute DARK\ntype Spellcaster\natk 2500\ndef 2100\nsets SDY\nrarity UR\n"
	root := writeTree(t, map[string]string{"cards/sdy/sdy.cards": sdy})
	dir := t.TempDir()
	en, zh := filepath.Join(dir, "en.cdb"), filepath.Join(dir, "zh.cdb")
	testCDB(t, en, [][]any{
		{89631139, 0x11, 8, 0x2000, 0x10, 3000, 2500, "Blue-Eyes White Dragon"},
		{55144522, 0x2, 0, 0, 0, 0, 0, "Pot of Greed"},
		{46986414, 0x11, 7, 0x2, 0x20, 2500, 2100, "Dark Magician"},
		{15259703, 0x121, 4, 0x2, 0x20, 0, 0, "A Trap Monster"}, // a Trap Monster: no Kind for it
	})
	testCDB(t, zh, [][]any{{89631139, 0x11, 8, 0x2000, 0x10, 3000, 2500, "青眼白龙"}})
	if err := os.WriteFile(filepath.Join(dir, "SDY.txt"), []byte("46986414\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := Sources{Root: root, SetsDir: dir, CDB: en, CDBZH: zh, Convert: fakeTW, Limit: deck.DefaultBanlists()[0].Limit}
	list := []card.Passcode{89631139, 55144522, 46986414, 15259703, 99999999}
	if _, err := NewSet(src, "LOB", list, nil); err == nil {
		t.Fatal("a new set without a header was accepted")
	}
	rep, err := NewSet(src, "LOB", list, &Header{Name: "Legend", Product: "booster", Released: "2002-03-08"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Added) != 2 || len(rep.Extended) != 1 || len(rep.Moved) != 1 || len(rep.Skipped) != 2 || len(rep.NoNameZH) != 1 {
		t.Errorf("report: %d added, %d extended, %d moved, skipped %v, %d without a Chinese name",
			len(rep.Added), len(rep.Extended), len(rep.Moved), rep.Skipped, len(rep.NoNameZH))
	}
	db, err := card.Load(os.DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	bewd, _ := db.ByPasscode(89631139)
	if bewd == nil || bewd.NameZH != "青眼白龙" || bewd.Level != 8 || bewd.ATK != 3000 || bewd.Rarity != card.UR ||
		strings.Join(bewd.Sets, " ") != "LOB" || !bewd.Text.IsZero() {
		t.Errorf("Blue-Eyes: %+v", *bewd)
	}
	pog, _ := db.ByPasscode(55144522)
	if pog == nil || pog.NameZH != "Pot of Greed" || pog.Rarity != card.UR || !pog.Text.IsZero() {
		t.Errorf("Pot of Greed (forbidden, no Chinese name in the database): %+v", *pog)
	}
	dm, _ := db.ByPasscode(46986414)
	if dm == nil || strings.Join(dm.Sets, " ") != "LOB SDY" {
		t.Errorf("Dark Magician, now first printed in LOB: %+v", *dm)
	}
	b, _ := os.ReadFile(rep.File)
	if strings.Contains(string(b), "never be copied") {
		t.Error("a database's card text was copied")
	}
	if s, _ := os.ReadFile(filepath.Join(root, "cards/sdy/sdy.cards")); strings.Contains(string(s), "Dark Magician") {
		t.Error("Dark Magician is still in SDY's file")
	}
	// Adding the same set again changes nothing.
	if rep, err := NewSet(src, "LOB", list, nil); err != nil || len(rep.Added)+len(rep.Moved) != 0 {
		t.Errorf("a second NewSet: %+v, %v", rep, err)
	}
}
