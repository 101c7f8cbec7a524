package card_test

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	_ "modernc.org/sqlite"

	"github.com/duelistgame/duelist/card"
)

func TestParseKind(t *testing.T) {
	tests := []struct {
		in   string
		want card.Kind
	}{
		{"Monster Normal", card.Monster | card.Normal},
		{"Monster Effect", card.Monster | card.Effect},
		{"Monster Flip/Effect", card.Monster | card.Flip | card.Effect},
		{"Monster Tuner/Normal", card.Monster | card.Tuner | card.Normal},
		{"Monster Tuner/Effect", card.Monster | card.Tuner | card.Effect},
		{"Monster Synchro", card.Monster | card.Synchro},
		{"Monster Synchro/Effect", card.Monster | card.Synchro | card.Effect},
		{"Monster Xyz/Effect", card.Monster | card.Xyz | card.Effect},
		{"Monster Fusion", card.Monster | card.Fusion},
		{"Monster Ritual", card.Monster | card.Ritual},
		{"monster normal", card.Monster | card.Normal},
		{"Normal Spell", card.Spell | card.Normal},
		{"Spell", card.Spell | card.Normal},
		{"Quick-Play Spell", card.Spell | card.QuickPlay},
		{"Equip Spell", card.Spell | card.Equip},
		{"Field Spell", card.Spell | card.Field},
		{"Continuous Spell", card.Spell | card.Continuous},
		{"Ritual Spell", card.Spell | card.Ritual},
		{"Normal Trap", card.Trap | card.Normal},
		{"Trap", card.Trap | card.Normal},
		{"Continuous Trap", card.Trap | card.Continuous},
		{"Counter Trap", card.Trap | card.Counter},
	}
	for _, tt := range tests {
		got, err := card.ParseKind(tt.in)
		if err != nil {
			t.Errorf("ParseKind(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseKind(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseKindErrors(t *testing.T) {
	tests := []struct{ in, wantErr string }{
		{"", "not exactly one of Monster, Spell, Trap"},
		{"Normal", "not exactly one of Monster, Spell, Trap"},
		{"Monster Spell", "not exactly one of Monster, Spell, Trap"},
		{"Spell Trap", "not exactly one of Monster, Spell, Trap"},
		{"Monster Pendulum", `unknown kind word "Pendulum"`},
		{"Quickplay Spell", `unknown kind word "Quickplay"`},
	}
	for _, tt := range tests {
		_, err := card.ParseKind(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "card: ") {
			t.Errorf("ParseKind(%q) error = %v, want one containing %q", tt.in, err, tt.wantErr)
		}
	}
}

func TestKindMethods(t *testing.T) {
	k := card.Monster | card.Tuner | card.Normal
	if got, want := k.String(), "Monster|Normal|Tuner"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if !k.Has(card.Monster|card.Tuner) || k.Has(card.Monster|card.Effect) {
		t.Errorf("Has is wrong for %v", k)
	}
	for _, tt := range []struct {
		k    card.Kind
		want bool
	}{
		{card.Monster | card.Fusion, true},
		{card.Monster | card.Synchro | card.Effect, true},
		{card.Monster | card.Xyz, true},
		{card.Monster | card.Ritual, false},
		{card.Monster | card.Normal, false},
		{card.Spell | card.Ritual, false},
	} {
		if got := tt.k.IsExtra(); got != tt.want {
			t.Errorf("(%v).IsExtra() = %v, want %v", tt.k, got, tt.want)
		}
	}
}

func TestParseAttribute(t *testing.T) {
	tests := []struct {
		in   string
		want card.Attribute
	}{
		{"", card.NoAttribute}, {"LIGHT", card.Light}, {"DARK", card.Dark}, {"EARTH", card.Earth},
		{"WATER", card.Water}, {"FIRE", card.Fire}, {"WIND", card.Wind}, {"DIVINE", card.Divine},
		{"light", card.Light}, {"Dark", card.Dark},
	}
	for _, tt := range tests {
		got, err := card.ParseAttribute(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseAttribute(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
		if tt.in != "" && got.String() != strings.ToUpper(tt.in) {
			t.Errorf("(%v).String() = %q, want %q", got, got.String(), strings.ToUpper(tt.in))
		}
	}
	for _, bad := range []string{"SHADOW", "LIGHT ", "0x10"} {
		if _, err := card.ParseAttribute(bad); err == nil || !strings.Contains(err.Error(), "card: unknown attribute") {
			t.Errorf("ParseAttribute(%q) error = %v, want unknown attribute", bad, err)
		}
	}
}

func TestParseRace(t *testing.T) {
	tests := []struct {
		in   string
		want card.Race
	}{
		{"", card.NoRace}, {"Warrior", card.Warrior}, {"Spellcaster", card.Spellcaster},
		{"Winged Beast", card.WingedBeast}, {"winged beast", card.WingedBeast},
		{"Beast-Warrior", card.BeastWarrior}, {"Sea Serpent", card.SeaSerpent},
		{"Divine-Beast", card.DivineBeast}, {"Psychic", card.Psychic}, {"Dinosaur", card.Dinosaur},
	}
	for _, tt := range tests {
		got, err := card.ParseRace(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseRace(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	if got := card.BeastWarrior.String(); got != "Beast-Warrior" {
		t.Errorf("BeastWarrior.String() = %q", got)
	}
	for _, bad := range []string{"Wyrm", "Beast Warrior", "WingedBeast"} {
		if _, err := card.ParseRace(bad); err == nil || !strings.Contains(err.Error(), "card: unknown monster type") {
			t.Errorf("ParseRace(%q) error = %v, want unknown monster type", bad, err)
		}
	}
}

// fileHeader is the header of a test card file of set TST.
const fileHeader = "# a test set\nset TST\nname Test Set\nproduct booster\nreleased 2002-03-08\nsize 2\n\n"

// An Xyz Monster's rank key is its Rank: it has no Level, so no rule that asks a Level (Xyz
// materials, Synchro totals, "Level 4 or lower") can read its Rank as one (issue 32).
func TestXyzMonsterHasARankAndNoLevel(t *testing.T) {
	utopia, ok := card.Pool().ByName("Number 39: Utopia")
	if !ok {
		t.Fatal("Number 39: Utopia is not in the pool")
	}
	if utopia.Level != 0 || utopia.Rank != 4 || utopia.HasLevel() || utopia.Stars() != 4 {
		t.Errorf("Utopia: Level %d, Rank %d, HasLevel %v, Stars %d; want 0, 4, false, 4",
			utopia.Level, utopia.Rank, utopia.HasLevel(), utopia.Stars())
	}
	for _, c := range card.Pool().All() {
		if xyz := c.Kind.Has(card.Monster | card.Xyz); xyz && (c.Level != 0 || c.Rank == 0) || !xyz && c.Rank != 0 {
			t.Errorf("%s: Level %d, Rank %d", c.Name, c.Level, c.Rank)
		}
	}
	xyz := "card 1\nname X\nname.zh-CN 甲\nkind Xyz Monster\nattribute LIGHT\ntype Warrior\natk 0\ndef 0\nsets TST\nrarity R\n"
	if _, err := card.ParseFile("tst.cards", fileHeader+xyz); err == nil {
		t.Error("an Xyz Monster with no Rank was accepted")
	}
}

func TestParseFile(t *testing.T) {
	f, err := card.ParseFile("tst.cards", fileHeader+
		"card 89631139\nname Blue-Eyes White Dragon\nname.zh-CN 青眼白龙\nname.zh-TW 青眼白龍\nkind Normal Monster\r\n"+
		"level 8\nattribute LIGHT\ntype Dragon\natk 3000\ndef\t2500\nsets TST SDK\nrarity UR\n\n\n"+
		"# a comment between cards\ncard 55144522\nname   Pot of Greed\nname.zh-CN 强欲之壶\nkind Normal Spell\nsets TST\nrarity R\n"+
		"text Draw 2 cards.\ntext.zh-CN 抽2张。\ntext.zh-TW 抽2張。\n")
	if err != nil {
		t.Fatal(err)
	}
	if s := f.Set; s.Code != "TST" || s.Name != "Test Set" || s.Product != "booster" || s.Size != 2 || s.Finished || s.Folder() != "tst" {
		t.Errorf("set read as %+v", *s)
	}
	db, err := card.NewDB(f.Cards)
	if err != nil {
		t.Fatal(err)
	}
	if db.Len() != 2 {
		t.Fatalf("Len() = %d, want 2", db.Len())
	}
	bewd, ok := db.ByPasscode(89631139)
	if !ok || bewd.Name != "Blue-Eyes White Dragon" || bewd.NameZH != "青眼白龙" || bewd.NameTW != "青眼白龍" || bewd.Level != 8 ||
		bewd.ATK != 3000 || bewd.DEF != 2500 || !bewd.IsNormalMonster() || bewd.Race != card.Dragon ||
		strings.Join(bewd.Sets, " ") != "TST SDK" || bewd.Rarity != card.UR || !bewd.Text.IsZero() {
		t.Errorf("Blue-Eyes read as %+v", bewd)
	}
	pog, err := db.Lookup("#55144522")
	if err != nil || !pog.IsSpell() || pog.Kind != card.Spell|card.Normal ||
		pog.Text != (card.Text{EN: "Draw 2 cards.", ZHCN: "抽2张。", ZHTW: "抽2張。"}) {
		t.Errorf("Lookup(#55144522) = %+v, %v", pog, err)
	}
	if _, err := db.Lookup("Pot of Greed"); err != nil {
		t.Errorf("Lookup by name: %v", err)
	}
	for _, ref := range []string{"#1", "#abc", "Pot Of Greed"} {
		if _, err := db.Lookup(ref); !errors.Is(err, card.ErrUnknownCard) {
			t.Errorf("Lookup(%q) error = %v, want ErrUnknownCard", ref, err)
		}
	}
	// A card writes back as it was read.
	for _, d := range f.Cards {
		g, err := card.ParseFile("tst.cards", fileHeader+d.Stanza())
		if err != nil || len(g.Cards) != 1 || g.Cards[0].Stanza() != d.Stanza() {
			t.Errorf("%s does not read back: %v\n%s", d.Name, err, d.Stanza())
		}
	}
}

func TestParseFileErrors(t *testing.T) {
	good := "card 89631139\nname Blue-Eyes White Dragon\nname.zh-CN 青眼白龙\nkind Normal Monster\nlevel 8\nattribute LIGHT\ntype Dragon\natk 3000\ndef 2500\nsets TST\nrarity UR\n"
	spell := "card 1\nname A\nname.zh-CN 甲\nkind Normal Spell\nsets TST\nrarity R\n"
	tests := []struct{ name, text, wantErr string }{
		{"no header", strings.TrimPrefix(good, ""), "line 1: a card file starts with its set's header"},
		{"indented", fileHeader + " card 1\n", "line 8: a line starts with its key"},
		{"no value", fileHeader + "card 1\nname\n", "line 9: name has no value"},
		{"key twice", fileHeader + spell + "name B\n", "line 14: name is given twice"},
		{"unknown key", fileHeader + spell + "colour red\n", `line 14: "colour" is not a key of a card`},
		{"not a card", fileHeader + "name A\n", "line 8: a card's stanza starts with card PASSCODE"},
		{"bad passcode", fileHeader + "card x1\nname A\n", `line 8: card "x1" is not a passcode`},
		{"no name", fileHeader + "card 1\nname.zh-CN 甲\nkind Normal Spell\nsets TST\nrarity R\n", "line 8: a card needs name"},
		{"bad kind", fileHeader + strings.Replace(spell, "Normal Spell", "Magic Spell", 1), `line 11: card: unknown kind word "Magic"`},
		{"bad level", fileHeader + strings.Replace(good, "level 8", "level four", 1), `line 12: level "four" is not a whole number`},
		{"level too high", fileHeader + strings.Replace(good, "level 8", "level 13", 1), "line 12: level 13 is not in 1-12"},
		{"bad attribute", fileHeader + strings.Replace(good, "LIGHT", "SHADOW", 1), `line 13: card: unknown attribute "SHADOW"`},
		{"bad type", fileHeader + strings.Replace(good, "type Dragon", "type Wyrm", 1), `line 14: card: unknown monster type "Wyrm"`},
		{"bad atk", fileHeader + strings.Replace(good, "atk 3000", "atk ?", 1), `line 15: atk "?" is not a whole number`},
		{"monster without level", fileHeader + strings.Replace(good, "level 8\n", "", 1), "a monster needs level"},
		{"spell with atk", fileHeader + spell + "atk 100\n", "line 14: atk: a Spell or Trap has no atk"},
		{"rank of a non-Xyz", fileHeader + strings.Replace(good, "level 8", "rank 8", 1), "rank: only an Xyz monster has a Rank"},
		{"other set first", fileHeader + strings.Replace(good, "sets TST", "sets SDK TST", 1), `line 17: sets "SDK TST": a card of TST's file lists TST first`},
		{"set twice", fileHeader + strings.Replace(good, "sets TST", "sets TST TST", 1), "line 17: sets lists TST twice"},
		{"bad rarity", fileHeader + strings.Replace(good, "rarity UR", "rarity XR", 1), `line 18: card: unknown rarity "XR"`},
		{"Chinese text only", fileHeader + spell + "text.zh-CN 抽\n", "a card with a Chinese text needs its English text"},
		{"bad product", strings.Replace(fileHeader, "booster", "box", 1), `line 4: product "box" is not one of`},
		{"bad date", strings.Replace(fileHeader, "2002-03-08", "March 2002", 1), `line 5: released "March 2002" is not a date`},
		{"bad code", strings.Replace(fileHeader, "set TST", "set tst", 1), `set code "tst" is not upper-case`},
		{"bad finished", fileHeader[:len(fileHeader)-1] + "finished maybe\n", "finished is yes or no"},
	}
	for _, tt := range tests {
		_, err := card.ParseFile("tst.cards", tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error = %v, want one containing %q", tt.name, err, tt.wantErr)
		}
	}
	f, err := card.ParseFile("tst.cards", fileHeader+good+"\n"+strings.Replace(good, "card 89631139", "card 2", 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := card.NewDB(f.Cards); err == nil || !strings.Contains(err.Error(), `name "Blue-Eyes White Dragon" listed twice`) {
		t.Errorf("NewDB with a name twice: %v", err)
	}
}

// testFS is a file system of card files for Load.
func testFS(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for name, text := range files {
		m[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return m
}

func TestLoad(t *testing.T) {
	set := func(code, product, date string) string {
		return "set " + code + "\nname " + code + "\nproduct " + product + "\nreleased " + date + "\nsize 1\n\n"
	}
	spell := func(code, sets string) string {
		return "card " + code + "\nname C" + code + "\nname.zh-CN 卡" + code + "\nkind Normal Spell\nsets " + sets + "\nrarity R\n\n"
	}
	lob := set("LOB", "booster", "2002-03-08") + spell("1", "LOB SDY")
	sdy := set("SDY", "starter", "2002-03-01") + spell("2", "SDY")
	mrd := set("MRD", "booster", "2002-06-26")
	db, err := card.Load(testFS(map[string]string{"cards/lob/lob.cards": lob, "cards/sdy/sdy.cards": sdy,
		"cards/mrd/mrd.cards": mrd, "cards/kh/kh.cards": "set KH\ngame kouhu\n\nid 900000001\n"}))
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, s := range db.Sets() {
		codes = append(codes, s.Code)
	}
	if strings.Join(codes, " ") != "SDY LOB MRD" || db.Len() != 2 {
		t.Errorf("sets %v, %d cards; want SDY LOB MRD (by release) and 2 cards, kouhu's file left out", codes, db.Len())
	}
	if in := db.InSet("SDY"); len(in) != 2 {
		t.Errorf("InSet(SDY) = %v, want both cards", in)
	}
	if got := db.FirstPrinting([]string{"SDY", "MRD", "LOB"}); got != "LOB" {
		t.Errorf("FirstPrinting = %s, want the earliest booster LOB", got)
	}
	if got := db.FirstPrinting([]string{"XX", "SDY"}); got != "SDY" {
		t.Errorf("FirstPrinting without a booster = %s, want SDY", got)
	}
	for name, files := range map[string]map[string]string{
		"misnamed file":  {"cards/lob/set.cards": lob},
		"wrong folder":   {"cards/sdy/sdy.cards": lob},
		"unknown set":    {"cards/lob/lob.cards": lob},
		"not its home":   {"cards/lob/lob.cards": set("LOB", "booster", "2002-03-08"), "cards/sdy/sdy.cards": sdy + spell("3", "SDY LOB")},
		"no files":       {},
		"malformed file": {"cards/lob/lob.cards": lob + "card x\n"},
	} {
		if _, err := card.Load(testFS(files)); err == nil {
			t.Errorf("%s: Load succeeded", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

func TestPool(t *testing.T) {
	pool := card.Pool()
	if pool.Len() < 168 {
		t.Errorf("the pool has %d cards; pool.md lists 168", pool.Len())
	}
	for _, d := range pool.All() {
		if d.NameZH == "" || d.NameTW == "" {
			t.Errorf("%d %q has no Chinese name", d.Passcode, d.Name)
		}
		if d.IsNormalMonster() && !d.Text.IsZero() {
			t.Errorf("%d %q is a Normal Monster with an effect text", d.Passcode, d.Name)
		}
	}
}

// TestPoolMatchesPoolMD checks the embedded card data against the table of pool.md, the card
// pool's first source: every card of the table is in the data, field for field, and in the
// starter decks its "in" column names.
func TestPoolMatchesPoolMD(t *testing.T) {
	md, err := os.ReadFile("../../shared/cards/pool.md")
	if err != nil {
		t.Skipf("no pool.md (the shared checkout is absent): %v", err)
	}
	n := 0
	for i, line := range strings.Split(string(md), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 12 || strings.TrimSpace(f[1]) == "passcode" || strings.HasPrefix(strings.TrimSpace(f[1]), "-") {
			continue
		}
		for j := range f {
			f[j] = strings.TrimSpace(f[j])
		}
		n++
		// pool.md spells the name as the data does, double space of "Master  Expert" included,
		// so compare the raw cell, not a trimmed one.
		raw := strings.Split(line, "|")[2]
		name := raw[1 : len(raw)-1]
		got, ok := card.Pool().ByName(name)
		if !ok {
			t.Errorf("pool.md line %d: %s %q is not in the card data", i+1, f[1], name)
			continue
		}
		kind, err := card.ParseKind(f[4])
		if err != nil {
			t.Errorf("pool.md line %d: %v", i+1, err)
			continue
		}
		level := strings.TrimPrefix(strings.TrimPrefix(f[5], "Lv "), "Rank ")
		stats := strings.Join([]string{level, f[6], f[7], f[8], f[9]}, " ")
		if !got.IsMonster() {
			stats = strings.Join([]string{f[6], f[7], f[8], f[9]}, "")
		}
		var have string
		if got.IsMonster() {
			have = strings.Join([]string{strconv.Itoa(got.Stars()), got.Attribute.String(), got.Race.String(),
				strconv.Itoa(got.ATK), strconv.Itoa(got.DEF)}, " ")
		}
		if f[1] != strconv.Itoa(int(got.Passcode)) || got.NameZH != f[3] || got.Kind != kind || have != stats {
			t.Errorf("pool.md line %d: %v\ncard data: %+v", i+1, f[1:11], *got)
		}
		for _, tag := range strings.Fields(f[10]) {
			if tag != "seed" && !slices.Contains(got.Sets, tag) {
				t.Errorf("pool.md line %d: %s is in %s, the card data says %v", i+1, name, tag, got.Sets)
			}
		}
	}
	if n != 168 {
		t.Errorf("read %d cards from pool.md, want 168", n)
	}
}

// The YGOPro type, attribute and race bits (ygopro-core's constant.lua, checked against the
// 2015 database: for example Junk Synchron is 0x1021, Gaia Knight 0x2001, Utopia 0x800021).
var (
	ygoType = []struct {
		bit  uint32
		kind card.Kind
	}{
		{0x1, card.Monster}, {0x2, card.Spell}, {0x4, card.Trap}, {0x10, card.Normal},
		{0x20, card.Effect}, {0x40, card.Fusion}, {0x80, card.Ritual}, {0x1000, card.Tuner},
		{0x2000, card.Synchro}, {0x4000, card.Token}, {0x10000, card.QuickPlay},
		{0x20000, card.Continuous}, {0x40000, card.Equip}, {0x80000, card.Field},
		{0x100000, card.Counter}, {0x200000, card.Flip}, {0x800000, card.Xyz},
		{0x200, card.Spirit}, {0x400, card.Union}, {0x800, card.Gemini}, {0x400000, card.Toon},
	}
	ygoAttribute = map[uint32]card.Attribute{
		0x1: card.Earth, 0x2: card.Water, 0x4: card.Fire, 0x8: card.Wind, 0x10: card.Light,
		0x20: card.Dark, 0x40: card.Divine,
	}
	ygoRace = map[uint32]card.Race{
		0x1: card.Warrior, 0x2: card.Spellcaster, 0x4: card.Fairy, 0x8: card.Fiend,
		0x10: card.Zombie, 0x20: card.Machine, 0x40: card.Aqua, 0x80: card.Pyro, 0x100: card.Rock,
		0x200: card.WingedBeast, 0x400: card.Plant, 0x800: card.Insect, 0x1000: card.Thunder,
		0x2000: card.Dragon, 0x4000: card.Beast, 0x8000: card.BeastWarrior, 0x10000: card.Dinosaur,
		0x20000: card.Fish, 0x40000: card.SeaSerpent, 0x80000: card.Reptile,
		0x100000: card.Psychic, 0x200000: card.DivineBeast,
	}
)

// kindOf converts YGOPro type bits to a Kind; rest holds the bits Kind has no place for (Pendulum,
// Link ...). YGOPro gives Normal Spells and Traps no sub-type bit; the
// pool marks them Normal.
func kindOf(typ uint32) (k card.Kind, rest uint32) {
	rest = typ
	for _, b := range ygoType {
		if typ&b.bit != 0 {
			k |= b.kind
			rest &^= b.bit
		}
	}
	if k&(card.Spell|card.Trap) != 0 &&
		k&(card.QuickPlay|card.Continuous|card.Equip|card.Field|card.Counter|card.Ritual) == 0 {
		k |= card.Normal
	}
	return k, rest
}

// openCDB opens a shared YGOPro database read-only, or skips the test if it is absent.
func openCDB(t *testing.T, rel string) *sql.DB {
	t.Helper()
	path, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no card database at %s (the shared checkout is absent): %v", path, err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// cdbNameDiffs lists pool cards whose English name intentionally differs from cards-2015.cdb
// (a rename after 2015, or an error in the database), with the database's name. Empty: every pool
// name equals the 2015 database's. Note that the database and the pool both spell passcode
// 75499502 "Master  Expert" (two spaces): the printed name is "Master & Expert", whose "&" the
// 2015 database lost.
var cdbNameDiffs = map[card.Passcode]string{}

// TestPoolAgainstCDB checks every card of the pool against the 2015 English YGOPro database
// (ARCHITECTURE.md "Card verification").
func TestPoolAgainstCDB(t *testing.T) {
	db := openCDB(t, "../../shared/cards/cards-2015.cdb")
	stmt, err := db.Prepare(`SELECT d.type, d.level, d.attribute, d.race, d.atk, d.def, t.name
		FROM datas d JOIN texts t ON t.id = d.id WHERE d.id = ?`)
	if err != nil {
		t.Fatalf("cards-2015.cdb: %v", err)
	}
	defer stmt.Close()
	var whitespaceOnly, known []string
	for _, c := range card.Pool().All() {
		var typ, level, attr, race uint32
		var atk, def int
		var name string
		err := stmt.QueryRow(c.Passcode).Scan(&typ, &level, &attr, &race, &atk, &def, &name)
		if errors.Is(err, sql.ErrNoRows) {
			t.Errorf("%d %q: not in cards-2015.cdb", c.Passcode, c.Name)
			continue
		} else if err != nil {
			t.Fatalf("%d: %v", c.Passcode, err)
		}
		switch {
		case name == c.Name:
		case strings.Join(strings.Fields(name), " ") == strings.Join(strings.Fields(c.Name), " "):
			whitespaceOnly = append(whitespaceOnly, c.Name)
		case cdbNameDiffs[c.Passcode] == name:
			known = append(known, c.Name+" (cdb: "+name+")")
		default:
			t.Errorf("%d: pool name %q, cdb name %q", c.Passcode, c.Name, name)
		}
		kind, rest := kindOf(typ)
		if rest != 0 {
			t.Errorf("%d %q: type 0x%x has bits 0x%x the pool cannot express", c.Passcode, c.Name, typ, rest)
		}
		if kind != c.Kind {
			t.Errorf("%d %q: pool kind %v, cdb type 0x%x = %v", c.Passcode, c.Name, c.Kind, typ, kind)
		}
		if got := int(level & 0xff); got != c.Stars() {
			t.Errorf("%d %q: pool level (rank) %d, cdb level %d", c.Passcode, c.Name, c.Stars(), got)
		}
		if c.IsMonster() {
			if a, ok := ygoAttribute[attr]; !ok || a != c.Attribute {
				t.Errorf("%d %q: pool attribute %v, cdb attribute 0x%x", c.Passcode, c.Name, c.Attribute, attr)
			}
			if r, ok := ygoRace[race]; !ok || r != c.Race {
				t.Errorf("%d %q: pool type %v, cdb race 0x%x", c.Passcode, c.Name, c.Race, race)
			}
			if atk != c.ATK || def != c.DEF {
				t.Errorf("%d %q: pool %d/%d, cdb %d/%d", c.Passcode, c.Name, c.ATK, c.DEF, atk, def)
			}
		} else if attr != 0 || race != 0 || atk != 0 || def != 0 || level != 0 {
			t.Errorf("%d %q: a Spell/Trap with stats in the cdb", c.Passcode, c.Name)
		}
	}
	if len(whitespaceOnly) > 0 {
		t.Logf("%d names differ from cards-2015.cdb only in white space: %s", len(whitespaceOnly), strings.Join(whitespaceOnly, "; "))
	}
	if len(known) > 0 {
		t.Logf("%d names differ from cards-2015.cdb on purpose: %s", len(known), strings.Join(known, "; "))
	}
}

// TestPoolChineseNames compares the pool's Chinese names with the 2016 Simplified Chinese
// database. A different translation is reported, not failed: names were retranslated over the
// years and the pool is free to choose.
func TestPoolChineseNames(t *testing.T) {
	db := openCDB(t, "../../shared/cards/cards-zh-CN-2016.cdb")
	stmt, err := db.Prepare(`SELECT name FROM texts WHERE id = ?`)
	if err != nil {
		t.Fatalf("cards-zh-CN-2016.cdb: %v", err)
	}
	defer stmt.Close()
	var differ, absent []string
	for _, c := range card.Pool().All() {
		var name string
		err := stmt.QueryRow(c.Passcode).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			absent = append(absent, c.Name)
			continue
		} else if err != nil {
			t.Fatalf("%d: %v", c.Passcode, err)
		}
		if name != c.NameZH {
			differ = append(differ, c.Name+": pool "+c.NameZH+", cdb "+name)
		}
	}
	t.Logf("Chinese names: %d of %d pool cards differ from cards-zh-CN-2016.cdb, %d absent from it",
		len(differ), card.Pool().Len(), len(absent))
	for _, d := range differ {
		t.Log("  " + d)
	}
	if len(absent) > 0 {
		t.Logf("absent: %s", strings.Join(absent, "; "))
	}
}
