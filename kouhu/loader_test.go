package kouhu

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// A small valid card file; the cases below break one thing in it. Each row holds the value of
// every key (columns), "" for a key the card leaves out.
var goodRows = [][]string{
	{"900000001", "Blue-Eyes White Dragon", "青眼白龙", "", "creature", "8", "LIGHT", "Dragon", "", "3000", "2500", "0", "", "", "", "", "UR", "No effect.", "没有效果。", ""},
	{"900000008", "Baby Dragon", "宝贝龙", "", "creature", "3", "WIND", "Dragon", "", "1200", "700", "0", "", "", "", "", "N", "[Trait] x", "【特性】x", ""},
	{"900000016", "Thousand Dragon", "千年龙", "", "evolution creature", "", "WIND", "Dragon", "", "2400", "2000", "0", "", "Baby Dragon", "Baby Dragon", "counters=growth:2", "SR", "[Trait] x", "【特性】x", ""},
	{"900000014", "Blue-Eyes Ultimate Dragon", "青眼究极龙", "青眼究極龍", "fusion creature", "", "LIGHT", "Dragon", "", "4500", "3800", "0", "pierce", "Blue-Eyes White Dragon + Blue-Eyes White Dragon", "Polymerization", "", "UR", "[Trait] Pierce.", "【特性】穿透。", "【特性】穿透。"},
	{"900000017", "Polymerization", "融合", "", "normal spell", "2", "", "", "", "", "", "1", "", "", "", "", "R", "[Use, speed 1, your Main Phase] x", "【使用·速度1·自己主要阶段】x", ""},
	{"900000511", "Knight's Lance", "骑士长枪", "", "equip artifact", "2", "", "", "", "", "", "0", "equip=Warrior", "", "", "", "R", "[Equip: Warrior] x", "【装备:战士】x", ""},
}

// testHeader is the set header of the test files.
const testHeader = "# test cards\nset TEST\nname Test\nproduct game\nreleased 2026-11\nsize 6\ngame kouhu\n"

// stanzas writes rows as a card file and returns it with the line of each row's keys.
func stanzas(rows [][]string) (string, [][numColumns]int) {
	var b strings.Builder
	b.WriteString(testHeader)
	line := strings.Count(testHeader, "\n")
	lines := make([][numColumns]int, len(rows))
	for i, r := range rows {
		b.WriteString("\n")
		line++
		for col, v := range r {
			if v != "" {
				b.WriteString(columns[col] + " " + v + "\n")
				line++
				lines[i][col] = line
			}
		}
	}
	return b.String(), lines
}

func file(rows [][]string) string {
	s, _ := stanzas(rows)
	return s
}

// edit returns a copy of goodRows with one field of one row (0-based) changed.
func edit(row int, col int, v string) [][]string {
	rows := make([][]string, len(goodRows))
	for i, r := range goodRows {
		rows[i] = append([]string(nil), r...)
	}
	rows[row][col] = v
	return rows
}

func TestParseGood(t *testing.T) {
	s, err := ParseCards("test.cards", file(goodRows))
	if err != nil {
		t.Fatal(err)
	}
	lance := s.Must("Knight's Lance")
	if lance.EquipClass != Warrior || lance.EquipType != NoType {
		t.Errorf("Knight's Lance equips %v/%v, want the Warrior class", lance.EquipClass, lance.EquipType)
	}
	if got := s.Must("Thousand Dragon").Condition; got.Counter != "growth" || got.Counters != 2 {
		t.Errorf("Thousand Dragon condition %+v", got)
	}
}

// TestByIDDenseAndWide: ByID finds every card and nothing else, whether the ids are close enough
// together to be indexed (dense) or not (the map).
func TestByIDDenseAndWide(t *testing.T) {
	for _, rows := range [][][]string{goodRows, edit(0, 0, "999999999")} {
		s, err := ParseCards("test.cards", file(rows))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			id, _ := strconv.Atoi(r[0])
			if c, ok := s.ByID(ID(id)); !ok || c.Name != r[1] {
				t.Errorf("ByID(%d) = %v, %v; want %s", id, c, ok, r[1])
			}
		}
		for _, id := range []ID{MinID, 900000002, 900000512, 900000514, MaxID - 1, 0} {
			if c, ok := s.ByID(id); ok || c != nil {
				t.Errorf("ByID(%d) = %v, %v; want none", id, c, ok)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name     string
		rows     [][]string
		row, col int    // the field at fault
		want     string // what the error says of it
	}{
		{"id not a number", edit(0, colID, "x1"), 0, colID, "\"x1\" is not a kouhu id"},
		{"passcode-sized id", edit(0, colID, "89631139"), 0, colID, "\"89631139\" is not a kouhu id"},
		{"duplicate id", edit(1, colID, "900000001"), 1, colID, "id 900000001 is used twice"},
		{"duplicate name", edit(1, colName, "blue-eyes white dragon"), 1, colName, "name \"blue-eyes white dragon\" is already used"},
		{"duplicate Chinese name", edit(1, colNameZH, "青眼白龙"), 1, colNameZH, "name \"青眼白龙\" is already used"},
		{"no Chinese text", edit(0, colTextZH, ""), 0, colTextZH, "is required"},
		{"unknown kind", edit(0, colKind, "monster"), 0, colKind, "unknown kind \"monster\""},
		{"creature without level", edit(0, colLevel, ""), 0, colLevel, "is required for a creature"},
		{"level too high", edit(0, colLevel, "13"), 0, colLevel, "13 is not in 1-12"},
		{"fusion with a level", edit(3, colLevel, "12"), 3, colLevel, "must be empty for a fusion creature"},
		{"spell with an attribute", edit(4, colAttribute, "LIGHT"), 4, colAttribute, "must be empty for a normal spell"},
		{"unknown attribute", edit(0, colAttribute, "DIVINE"), 0, colAttribute, "unknown attribute \"DIVINE\""},
		{"unknown type", edit(0, colType, "Wyrm"), 0, colType, "unknown creature type \"Wyrm\""},
		{"unknown class", edit(0, colClass, "Bard"), 0, colClass, "unknown creature class \"Bard\""},
		{"bad ATK", edit(0, colATK, "3000x"), 0, colATK, "\"3000x\" is not a whole number"},
		{"wrong speed", edit(4, colSpeed, "2"), 4, colSpeed, "2, but a normal spell is used at speed 1"},
		{"unknown keyword", edit(0, colKeywords, "flying"), 0, colKeywords, "unknown keyword \"flying\""},
		{"pierce on a spell", edit(4, colKeywords, "pierce"), 4, colKeywords, "pierce is a creature trait"},
		{"legendary on a creature", edit(0, colKeywords, "legendary"), 0, colKeywords, "legendary is only for the legendary creature kind"},
		{"legendary kind without keyword", edit(0, colKind, "legendary creature"), 0, colKeywords, "a legendary creature must carry"},
		{"ambush on an extra creature", edit(3, colKeywords, "ambush"), 3, colKeywords, "ambush is only for creatures summoned from the hand"},
		{"equip on a creature", edit(0, colKeywords, "equip=Warrior"), 0, colKeywords, "equip= is only for equip artifacts"},
		{"equip unknown", edit(5, colKeywords, "equip=Bard"), 5, colKeywords, "equip=\"Bard\" names no creature class or type"},
		{"materials on a creature", edit(0, colMaterials, "Baby Dragon"), 0, colMaterials, "must be empty for a creature"},
		{"unknown material", edit(3, colMaterials, "Blue-Eyes White Dragon + Blue Eyes"), 3, colMaterials, "no card is named \"Blue Eyes\""},
		{"bad separator", edit(3, colMaterials, "Blue-Eyes White Dragon+Baby Dragon"), 3, colMaterials, "\"Blue-Eyes White Dragon+Baby Dragon\" is not a list"},
		{"extra material", edit(3, colMaterials, "Blue-Eyes White Dragon + Thousand Dragon"), 3, colMaterials, "\"Thousand Dragon\" is an evolution creature"},
		{"one fusion material", edit(3, colMaterials, "Blue-Eyes White Dragon"), 3, colMaterials, "a fusion creature needs at least 2"},
		{"fusion by a creature", edit(3, colSummonBy, "Baby Dragon"), 3, colSummonBy, "\"Baby Dragon\" is a creature; a fusion creature is summoned by a spell"},
		{"unknown summoner", edit(3, colSummonBy, "Fusion"), 3, colSummonBy, "no card is named \"Fusion\""},
		{"evolution by another", edit(2, colSummonBy, "Polymerization"), 2, colSummonBy, "\"Polymerization\", but an evolution is performed by its source"},
		{"evolution without counters", edit(2, colCondition, ""), 2, colCondition, "an evolution creature needs exactly a counters= condition"},
		{"bad condition", edit(2, colCondition, "counters=growth"), 2, colCondition, "counters \"growth\" is not <counter>:<n>"},
		{"unknown clause", edit(2, colCondition, "tribute=2"), 2, colCondition, "unknown clause \"tribute\""},
		{"fusion condition", edit(3, colCondition, "discard=LIGHT"), 3, colCondition, "a fusion creature has no condition"},
		{"unknown rarity", edit(1, colRarity, "XR"), 1, colRarity, `card: unknown rarity "XR"`},
		{"no rarity", edit(1, colRarity, ""), 1, colRarity, "is required for every card"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, lines := stanzas(tt.rows)
			line := lines[tt.row][tt.col]
			if line == 0 { // a key left out: the card's first line
				line = lines[tt.row][colID]
			}
			want := fmt.Sprintf("kouhu: test.cards line %d, field %s: %s", line, columns[tt.col], tt.want)
			_, err := ParseCards("test.cards", src)
			if err == nil {
				t.Fatalf("no error, want %q", want)
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q\nwant it to contain %q", err, want)
			}
			if !errors.Is(err, ErrBadCardData) {
				t.Errorf("error %q does not wrap ErrBadCardData", err)
			}
		})
	}
	for _, tt := range []struct{ name, src, want string }{
		{"no header", "card 900000001\n", "kouhu: test.cards line 1: a card file starts with its set's header"},
		{"not kouhu", strings.Replace(testHeader, "game kouhu\n", "", 1), "kouhu: test.cards line 2: set TEST is not of game kouhu"},
		{"no cards", testHeader, "kouhu: test.cards line 2: no cards"},
		{"indented", file(goodRows) + "  x\n", "kouhu: test.cards line 91: a line starts with its key"},
		{"unknown key", file(goodRows) + "\ncard 900000002\ncolour red\n", "kouhu: test.cards line 93, field colour: not a key of a kouhu card"},
		{"not a card", file(goodRows) + "\nname X\n", "kouhu: test.cards line 92: a card starts with card ID, not name"},
		{"empty", "", "kouhu: test.cards line 1: no set header"},
	} {
		_, err := ParseCards("test.cards", tt.src)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrBadCardData) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestConditionRoundTrip(t *testing.T) {
	for _, s := range []string{"", "discard=LIGHT,DARK", "counters=growth:2", "discard=FIRE;counters=spirit:4"} {
		c, err := ParseCondition(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if c.String() != s {
			t.Errorf("ParseCondition(%q).String() = %q", s, c.String())
		}
	}
}

func TestEnumNames(t *testing.T) {
	for k := Creature; k <= EquipArtifact; k++ {
		for _, name := range []string{k.String(), k.ZH()} {
			if got, err := ParseKind(name); err != nil || got != k {
				t.Errorf("ParseKind(%q) = %v, %v; want %v", name, got, err, k)
			}
		}
	}
	for a := Light; a <= Earth; a++ {
		if got, err := ParseAttribute(a.ZH()); err != nil || got != a {
			t.Errorf("ParseAttribute(%q) = %v, %v", a.ZH(), got, err)
		}
	}
	for ty := Human; ty <= SeaBeast; ty++ {
		if got, err := ParseType(ty.String()); err != nil || got != ty || ty.ZH() == "" {
			t.Errorf("ParseType(%q) = %v, %v", ty.String(), got, err)
		}
	}
	for c := Warrior; c <= Fighter; c++ {
		if got, err := ParseClass(c.ZH()); err != nil || got != c {
			t.Errorf("ParseClass(%q) = %v, %v", c.ZH(), got, err)
		}
	}
	if got := (Pierce | Legendary).String(); got != "pierce,legendary" {
		t.Errorf("keywords %q", got)
	}
}
