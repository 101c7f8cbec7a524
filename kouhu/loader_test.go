package kouhu

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// A small valid card file; the cases below break one thing in it. Line numbers: the comment is
// line 1, the header line 2, and the cards are lines 3-8 in this order.
var goodRows = [][]string{
	{"900000001", "Blue-Eyes White Dragon", "青眼白龙", "creature", "8", "LIGHT", "Dragon", "", "3000", "2500", "0", "", "", "", "", "No effect.", "没有效果。"},
	{"900000008", "Baby Dragon", "宝贝龙", "creature", "3", "WIND", "Dragon", "", "1200", "700", "0", "", "", "", "", "[Trait] x", "【特性】x"},
	{"900000016", "Thousand Dragon", "千年龙", "evolution creature", "", "WIND", "Dragon", "", "2400", "2000", "0", "", "Baby Dragon", "Baby Dragon", "counters=growth:2", "[Trait] x", "【特性】x"},
	{"900000014", "Blue-Eyes Ultimate Dragon", "青眼究极龙", "fusion creature", "", "LIGHT", "Dragon", "", "4500", "3800", "0", "pierce", "Blue-Eyes White Dragon + Blue-Eyes White Dragon", "Polymerization", "", "[Trait] Pierce.", "【特性】穿透。"},
	{"900000017", "Polymerization", "融合", "normal spell", "2", "", "", "", "", "", "1", "", "", "", "", "[Use, speed 1, your Main Phase] x", "【使用·速度1·自己主要阶段】x"},
	{"900000511", "Knight's Lance", "骑士长枪", "equip artifact", "2", "", "", "", "", "", "0", "equip=Warrior", "", "", "", "[Equip: Warrior] x", "【装备:战士】x"},
}

func tsv(rows [][]string) string {
	var b strings.Builder
	b.WriteString("# test cards\n" + strings.Join(columns[:], "\t") + "\n")
	for _, r := range rows {
		b.WriteString(strings.Join(r, "\t") + "\n")
	}
	return b.String()
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
	s, err := ParseCards("test.tsv", tsv(goodRows))
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
		s, err := ParseCards("test.tsv", tsv(rows))
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
		name string
		src  string
		want string // a substring of the error
	}{
		{"header", "# c\nid\tname\n", "test.tsv line 2: the first line"},
		{"no cards", "# c\n" + strings.Join(columns[:], "\t") + "\n", "no cards"},
		{"field count", tsv(goodRows) + "900000099\tx\n", "line 9: 2 tab-separated fields, want 17"},
		{"id not a number", tsv(edit(0, colID, "x1")), "line 3, field id: \"x1\" is not a kouhu id"},
		{"passcode-sized id", tsv(edit(0, colID, "89631139")), "line 3, field id: \"89631139\" is not a kouhu id"},
		{"duplicate id", tsv(edit(1, colID, "900000001")), "line 4, field id: id 900000001 is used twice"},
		{"duplicate name", tsv(edit(1, colName, "blue-eyes white dragon")), "line 4, field name: name \"blue-eyes white dragon\" is already used"},
		{"duplicate Chinese name", tsv(edit(1, colNameZH, "青眼白龙")), "line 4, field name_zh: name \"青眼白龙\" is already used"},
		{"no Chinese text", tsv(edit(0, colTextZH, "")), "line 3, field text_zh: is required"},
		{"spaces", tsv(edit(0, colName, " Blue-Eyes")), "line 3, field name: \" Blue-Eyes\" has leading or trailing spaces"},
		{"unknown kind", tsv(edit(0, colKind, "monster")), "line 3, field kind: unknown kind \"monster\""},
		{"creature without level", tsv(edit(0, colLevel, "")), "line 3, field level: is required for a creature"},
		{"level too high", tsv(edit(0, colLevel, "13")), "line 3, field level: 13 is not in 1-12"},
		{"fusion with a level", tsv(edit(3, colLevel, "12")), "line 6, field level: must be empty for a fusion creature"},
		{"spell with an attribute", tsv(edit(4, colAttribute, "LIGHT")), "line 7, field attribute: must be empty for a normal spell"},
		{"unknown attribute", tsv(edit(0, colAttribute, "DIVINE")), "line 3, field attribute: unknown attribute \"DIVINE\""},
		{"unknown type", tsv(edit(0, colType, "Wyrm")), "line 3, field type: unknown creature type \"Wyrm\""},
		{"unknown class", tsv(edit(0, colClass, "Bard")), "line 3, field class: unknown creature class \"Bard\""},
		{"bad ATK", tsv(edit(0, colATK, "3000x")), "line 3, field atk: \"3000x\" is not a whole number"},
		{"wrong speed", tsv(edit(4, colSpeed, "2")), "line 7, field speed: 2, but a normal spell is used at speed 1"},
		{"unknown keyword", tsv(edit(0, colKeywords, "flying")), "line 3, field keywords: unknown keyword \"flying\""},
		{"pierce on a spell", tsv(edit(4, colKeywords, "pierce")), "line 7, field keywords: pierce is a creature trait"},
		{"legendary on a creature", tsv(edit(0, colKeywords, "legendary")), "line 3, field keywords: legendary is only for the legendary creature kind"},
		{"legendary kind without keyword", tsv(edit(0, colKind, "legendary creature")), "line 3, field keywords: a legendary creature must carry"},
		{"ambush on an extra creature", tsv(edit(3, colKeywords, "ambush")), "line 6, field keywords: ambush is only for creatures summoned from the hand"},
		{"equip on a creature", tsv(edit(0, colKeywords, "equip=Warrior")), "line 3, field keywords: equip= is only for equip artifacts"},
		{"equip unknown", tsv(edit(5, colKeywords, "equip=Bard")), "line 8, field keywords: equip=\"Bard\" names no creature class or type"},
		{"materials on a creature", tsv(edit(0, colMaterials, "Baby Dragon")), "line 3, field materials: must be empty for a creature"},
		{"unknown material", tsv(edit(3, colMaterials, "Blue-Eyes White Dragon + Blue Eyes")), "line 6, field materials: no card is named \"Blue Eyes\""},
		{"bad separator", tsv(edit(3, colMaterials, "Blue-Eyes White Dragon+Baby Dragon")), "line 6, field materials: \"Blue-Eyes White Dragon+Baby Dragon\" is not a list"},
		{"extra material", tsv(edit(3, colMaterials, "Blue-Eyes White Dragon + Thousand Dragon")), "line 6, field materials: \"Thousand Dragon\" is an evolution creature"},
		{"one fusion material", tsv(edit(3, colMaterials, "Blue-Eyes White Dragon")), "line 6, field materials: a fusion creature needs at least 2"},
		{"fusion by a creature", tsv(edit(3, colSummonBy, "Baby Dragon")), "line 6, field summon_by: \"Baby Dragon\" is a creature; a fusion creature is summoned by a spell"},
		{"unknown summoner", tsv(edit(3, colSummonBy, "Fusion")), "line 6, field summon_by: no card is named \"Fusion\""},
		{"evolution by another", tsv(edit(2, colSummonBy, "Polymerization")), "line 5, field summon_by: \"Polymerization\", but an evolution is performed by its source"},
		{"evolution without counters", tsv(edit(2, colCondition, "")), "line 5, field condition: an evolution creature needs exactly a counters= condition"},
		{"bad condition", tsv(edit(2, colCondition, "counters=growth")), "line 5, field condition: counters \"growth\" is not <counter>:<n>"},
		{"unknown clause", tsv(edit(2, colCondition, "tribute=2")), "line 5, field condition: unknown clause \"tribute\""},
		{"fusion condition", tsv(edit(3, colCondition, "discard=LIGHT")), "line 6, field condition: a fusion creature has no condition"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseCards("test.tsv", tt.src)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q\nwant it to contain %q", err, tt.want)
			}
			if !errors.Is(err, ErrBadCardData) {
				t.Errorf("error %q does not wrap ErrBadCardData", err)
			}
			if !strings.HasPrefix(err.Error(), "kouhu: test.tsv line ") {
				t.Errorf("error %q does not name the file and the line", err)
			}
		})
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
