package cdb_test

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
)

// The schema of the 2015 database (cards-2015.cdb), trimmed of the unused string columns.
const schema = `
CREATE TABLE datas (id integer PRIMARY KEY, ot integer, alias integer, setcode integer,
	type integer, atk integer, def integer, level integer, race integer, attribute integer,
	category integer);
CREATE TABLE texts (id integer PRIMARY KEY, name varchar(128), desc varchar(1024), str1 varchar(256));
`

// tinyRows are a few real cards (and two made-up ones) covering every branch of the reader.
const tinyRows = `
INSERT INTO datas VALUES (89631139, 3, 0, 221, 17, 3000, 2500, 8, 8192, 16, 0);
INSERT INTO texts VALUES (89631139, 'Blue-Eyes White Dragon', 'This legendary dragon ...', '');
INSERT INTO datas VALUES (89631140, 3, 89631139, 221, 17, 3000, 2500, 8, 8192, 16, 0);
INSERT INTO texts VALUES (89631140, 'Blue-Eyes White Dragon', 'This legendary dragon ...', '');
INSERT INTO datas VALUES (55144522, 3, 0, 0, 2, 0, 0, 0, 0, 0, 65536);
INSERT INTO texts VALUES (55144522, 'Pot of Greed', 'Draw 2 cards.', '');
INSERT INTO datas VALUES (84013237, 3, 0, 127, 8388641, 2500, 2000, 4, 1, 16, 0);
INSERT INTO texts VALUES (84013237, 'Number 39: Utopia', '2 Level 4 monsters ...', '');
INSERT INTO datas VALUES (4239451, 3, 0, 0, 16777249, 0, 0, 50528258, 64, 2, 0);
INSERT INTO texts VALUES (4239451, 'Performapal Turn Toad', 'Pendulum Effect ...', '');
INSERT INTO datas VALUES (10000020, 3, 0, 0, 33554465, -2, -2, 10, 2097152, 64, 0);
INSERT INTO texts VALUES (10000020, 'Slifer the Sky Dragon', 'Requires 3 Tributes ...', '');
INSERT INTO datas VALUES (73915052, 3, 0, 0, 16401, 0, 0, 1, 16384, 1, 0);
INSERT INTO texts VALUES (73915052, 'Sheep Token', 'This card can be used as a "Sheep Token".', '');
INSERT INTO datas VALUES (99999999, 3, 0, 0, 33, 100, 100, 1, 8388608, 8, 0);
INSERT INTO datas VALUES (80100120, 3, 0, 0, 289, 0, 0, 4, 1, 1, 0);
INSERT INTO texts VALUES (80100120, 'A Trap Monster', 'Has no place in card data.', '');
INSERT INTO texts VALUES (12345678, 'Text Only', 'No datas row.', '');
INSERT INTO datas VALUES (91932350, 3, 76812113, 0, 17, 1300, 1400, 4, 512, 8, 0);
INSERT INTO texts VALUES (91932350, 'Harpie Lady 1', 'This card''s name is always treated as "Harpie Lady".', '');
`

// makeDB creates a database in a temporary directory from SQL statements and returns its path.
func makeDB(t *testing.T, stmts string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cards.cdb")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(stmts); err != nil {
		t.Fatalf("creating test database: %v", err)
	}
	return path
}

func openTiny(t *testing.T) *cdb.DB {
	t.Helper()
	db, err := cdb.Open(makeDB(t, schema+tinyRows))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.cdb")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("this is not sqlite\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.cdb")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, path, wantErr string }{
		{"missing file", filepath.Join(dir, "nope.cdb"), "no such file"},
		{"directory", dir, "is a directory, not a card database"},
		{"not sqlite", garbage, "not a SQLite database"},
		{"empty file", empty, `not a YGOPro card database: it has no table "datas"`},
		{"no texts table", makeDB(t, "CREATE TABLE datas (id integer PRIMARY KEY);"), `it has no table "texts"`},
		{"other tables", makeDB(t, "CREATE TABLE cards (id integer);"), `it has no table "datas"`},
	}
	for _, tt := range tests {
		db, err := cdb.Open(tt.path)
		if err == nil {
			db.Close()
			t.Errorf("%s: Open succeeded", tt.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "cdb: ") || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error = %v, want one containing %q", tt.name, err, tt.wantErr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "nope.cdb")); err == nil {
		t.Error("Open created the missing file")
	}
}

func TestMalformedTables(t *testing.T) {
	path := makeDB(t, `CREATE TABLE datas (id integer PRIMARY KEY, type integer);
		CREATE TABLE texts (id integer PRIMARY KEY, title text);
		INSERT INTO datas VALUES (1, 17);`)
	db, err := cdb.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Cards(); err == nil || !strings.Contains(err.Error(), "reading datas") ||
		!strings.Contains(err.Error(), "no such column") {
		t.Errorf("Cards() error = %v, want reading datas: no such column", err)
	}
	if _, err := db.Texts(); err == nil || !strings.Contains(err.Error(), "reading texts") {
		t.Errorf("Texts() error = %v, want reading texts", err)
	}
}

func TestCards(t *testing.T) {
	cards, err := openTiny(t).Cards()
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 10 {
		t.Fatalf("got %d cards, want 10 (datas rows)", len(cards))
	}
	by := map[card.Passcode]cdb.Card{}
	for i, c := range cards {
		if i > 0 && cards[i-1].Passcode >= c.Passcode {
			t.Errorf("cards not ordered by passcode at %d", i)
		}
		by[c.Passcode] = c
	}
	want := cdb.Card{Passcode: 89631139, Name: "Blue-Eyes White Dragon", Desc: "This legendary dragon ...",
		Type: cdb.TypeMonster | cdb.TypeNormal, Level: 8, Attribute: cdb.AttrLight, Race: cdb.RaceDragon,
		ATK: 3000, DEF: 2500}
	if got := by[89631139]; !reflect.DeepEqual(got, want) {
		t.Errorf("Blue-Eyes = %+v\nwant       %+v", got, want)
	}
	if alt := by[89631140]; !alt.IsAltArt() || alt.Alias != 89631139 || by[89631139].IsAltArt() {
		t.Errorf("alternate artwork read as %+v", alt)
	}
	if harpie := by[91932350]; harpie.IsAltArt() || harpie.Alias != 76812113 {
		t.Errorf("a card treated as another's name read as an alternate artwork: %+v", harpie)
	}
	if toad := by[4239451]; toad.Level != 2 || toad.LeftScale != 3 || toad.RightScale != 3 {
		t.Errorf("Pendulum level/scales = %d %d/%d, want 2 3/3", toad.Level, toad.LeftScale, toad.RightScale)
	}
	if slifer := by[10000020]; slifer.ATK != -2 || slifer.DEF != -2 || slifer.Level != 10 {
		t.Errorf("Slifer = %+v", slifer)
	}
	if noText := by[99999999]; noText.Name != "" || noText.Desc != "" {
		t.Errorf("a card without texts row has name %q", noText.Name)
	}
	if _, ok := by[12345678]; ok {
		t.Error("a texts row without datas became a card")
	}
}

func TestData(t *testing.T) {
	cards, err := openTiny(t).Cards()
	if err != nil {
		t.Fatal(err)
	}
	by := map[card.Passcode]cdb.Card{}
	for _, c := range cards {
		by[c.Passcode] = c
	}
	ok := []struct {
		code card.Passcode
		want card.Data
	}{
		{89631139, card.Data{Passcode: 89631139, Name: "Blue-Eyes White Dragon", Kind: card.Monster | card.Normal,
			Level: 8, Attribute: card.Light, Race: card.Dragon, ATK: 3000, DEF: 2500}},
		{55144522, card.Data{Passcode: 55144522, Name: "Pot of Greed", Kind: card.Spell | card.Normal}},
		{84013237, card.Data{Passcode: 84013237, Name: "Number 39: Utopia", Kind: card.Monster | card.Xyz | card.Effect,
			Rank: 4, Attribute: card.Light, Race: card.Warrior, ATK: 2500, DEF: 2000}},
		{73915052, card.Data{Passcode: 73915052, Name: "Sheep Token", Kind: card.Monster | card.Normal | card.Token,
			Level: 1, Attribute: card.Earth, Race: card.Beast}},
	}
	for _, tt := range ok {
		got, err := by[tt.code].Data()
		if err != nil {
			t.Errorf("%d: %v", tt.code, err)
			continue
		}
		if !reflect.DeepEqual(*got, tt.want) {
			t.Errorf("%d: Data() = %+v\nwant %+v", tt.code, *got, tt.want)
		}
	}
	bad := []struct {
		code    card.Passcode
		wantErr string
	}{
		{4239451, `cdb: 4239451 "Performapal Turn Toad": not expressible in the project's card data: type 0x1000021 has Pendulum`},
		{10000020, "type 0x2000021 has special-summon-only"},
		{80100120, "type 0x121 has Trap Monster"},
		{99999999, "race 0x800000"},
	}
	for _, tt := range bad {
		_, err := by[tt.code].Data()
		if !errors.Is(err, cdb.ErrNotExpressible) || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%d: Data() error = %v, want ErrNotExpressible containing %q", tt.code, err, tt.wantErr)
		}
	}
	slifer := by[10000020]
	slifer.Type = cdb.TypeMonster | cdb.TypeEffect
	if _, err := slifer.Data(); err == nil || !strings.Contains(err.Error(), "ATK/DEF ?/?") {
		t.Errorf("a ? ATK monster: error = %v", err)
	}
}

func TestKindOf(t *testing.T) {
	for _, d := range card.Pool().All() {
		typ := cdb.TypeOf(d.Kind)
		k, err := cdb.KindOf(typ)
		if err != nil || k != d.Kind {
			t.Errorf("%s: KindOf(TypeOf(%v)) = %v, %v", d.Name, d.Kind, k, err)
		}
	}
	if got := cdb.TypeOf(card.Spell | card.Normal); got != cdb.TypeSpell {
		t.Errorf("TypeOf(Normal Spell) = 0x%x, want 0x2", got)
	}
	for typ, want := range map[uint32]card.Kind{0x221: card.Spirit, 0x421: card.Union, 0x821: card.Gemini, 0x400021: card.Toon} {
		if k, err := cdb.KindOf(typ); err != nil || k != card.Monster|card.Effect|want {
			t.Errorf("KindOf(0x%x) = %v, %v; want Monster|Effect|%v", typ, k, err, want)
		}
	}
	if got := cdb.TypeOf(card.Monster | card.Tuner | card.Effect); got != 0x1021 {
		t.Errorf("TypeOf(Tuner Effect) = 0x%x, want 0x1021", got)
	}
	for _, tt := range []struct {
		typ     uint32
		wantErr string
	}{
		{0, "not exactly one of monster, spell, trap"},
		{cdb.TypeMonster | cdb.TypeSpell, "not exactly one of monster, spell, trap"},
		{0x4000021, "has Link"},
		{0x8000001, "has 0x8000000"},
	} {
		if _, err := cdb.KindOf(tt.typ); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("KindOf(0x%x) error = %v, want %q", tt.typ, err, tt.wantErr)
		}
	}
	if _, err := cdb.AttributeOf(0x30); !errors.Is(err, cdb.ErrNotExpressible) {
		t.Errorf("AttributeOf(0x30) error = %v", err)
	}
	if r, err := cdb.RaceOf(cdb.RaceBeastWarrior); err != nil || r != card.BeastWarrior {
		t.Errorf("RaceOf(Beast-Warrior) = %v, %v", r, err)
	}
}

func TestTexts(t *testing.T) {
	texts, err := openTiny(t).Texts()
	if err != nil {
		t.Fatal(err)
	}
	if len(texts) != 10 {
		t.Errorf("got %d texts, want 10", len(texts))
	}
	if got := texts.Name(12345678, "x"); got != "Text Only" {
		t.Errorf("Name of a texts-only row = %q", got)
	}
	if got := texts.Name(1, "fallback"); got != "fallback" {
		t.Errorf("Name of an absent card = %q, want the fallback", got)
	}
	if desc, ok := texts.Desc(55144522); !ok || desc != "Draw 2 cards." {
		t.Errorf("Desc(Pot of Greed) = %q, %v", desc, ok)
	}
	if _, ok := texts.Desc(1); ok {
		t.Error("Desc of an absent card reported ok")
	}
}

func TestCover(t *testing.T) {
	cards, err := openTiny(t).Cards()
	if err != nil {
		t.Fatal(err)
	}
	cov := cdb.Cover(cards, cdb.InDB(card.Pool()))
	var got []card.Passcode
	for _, c := range cov.Implemented {
		got = append(got, c.Passcode)
	}
	if want := []card.Passcode{55144522, 84013237, 89631139}; !reflect.DeepEqual(got, want) {
		t.Errorf("Implemented = %v, want %v", got, want)
	}
	if len(cov.AltArts) != 1 || cov.AltArts[0].Passcode != 89631140 {
		t.Errorf("AltArts = %v, want the Blue-Eyes alternate artwork", cov.AltArts)
	}
	if cov.Total != 10 || cov.NotImplemented() != 6 {
		t.Errorf("Total %d, NotImplemented %d; want 10, 6", cov.Total, cov.NotImplemented())
	}
	only := cdb.Cover(cards, func(p card.Passcode) bool { return p == 55144522 })
	if len(only.Implemented) != 1 || len(only.AltArts) != 0 {
		t.Errorf("Cover with one implemented card = %+v", only)
	}
	missing := cdb.Missing(cards, card.Pool())
	if len(missing) != card.Pool().Len()-3 {
		t.Errorf("Missing = %d cards, want %d", len(missing), card.Pool().Len()-3)
	}
}

// sharedDB returns the path of a shared database, or skips the test if it is absent.
func sharedDB(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "cards", name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no shared card database %s: %v", path, err)
	}
	return path
}

func TestShared2015(t *testing.T) {
	cards, err := cdb.ReadCards(sharedDB(t, "cards-2015.cdb"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 7484 {
		t.Errorf("cards-2015.cdb has %d cards, want 7484", len(cards))
	}
	pool := card.Pool()
	cov := cdb.Cover(cards, cdb.InDB(pool))
	if len(cov.Implemented) != pool.Len() {
		t.Errorf("%d pool cards found in cards-2015.cdb, want all %d", len(cov.Implemented), pool.Len())
	}
	if m := cdb.Missing(cards, pool); len(m) != 0 {
		t.Errorf("pool cards missing from cards-2015.cdb: %v", m)
	}
	notExpressible := 0
	for _, c := range cov.Implemented {
		d, err := c.Data()
		if err != nil {
			t.Errorf("pool card: %v", err)
			continue
		}
		p, _ := pool.ByPasscode(c.Passcode)
		if d.Name != p.Name || d.Kind != p.Kind || d.Level != p.Level || d.Attribute != p.Attribute ||
			d.Race != p.Race || d.ATK != p.ATK || d.DEF != p.DEF {
			t.Errorf("%d: cdb %+v, pool %+v", c.Passcode, d, p)
		}
	}
	for _, c := range cards {
		if _, err := c.Data(); err != nil {
			notExpressible++
		}
	}
	t.Logf("cards-2015.cdb: %d cards, %d in the pool, %d alternate artworks of pool cards, %d not expressible as card data",
		cov.Total, len(cov.Implemented), len(cov.AltArts), notExpressible)
}

func TestSharedChinese(t *testing.T) {
	path := sharedDB(t, "cards-zh-CN-2016.cdb")
	texts, err := cdb.LoadTexts(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := texts.Name(89631139, ""); got != "青眼白龙" {
		t.Errorf("Blue-Eyes White Dragon in Chinese = %q, want 青眼白龙", got)
	}
	if desc, ok := texts.Desc(55144522); !ok || !strings.Contains(desc, "抽2张卡") {
		t.Errorf("Pot of Greed's Chinese text = %q", desc)
	}
	cards, err := cdb.ReadCards(path)
	if err != nil {
		t.Fatal(err)
	}
	cov := cdb.Cover(cards, cdb.InDB(card.Pool()))
	t.Logf("cards-zh-CN-2016.cdb: %d cards, %d texts, %d in the pool", cov.Total, len(texts), len(cov.Implemented))
	if len(cov.Implemented) != card.Pool().Len() {
		t.Errorf("%d pool cards in cards-zh-CN-2016.cdb, want %d", len(cov.Implemented), card.Pool().Len())
	}
}
