package kouhu

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestSeedCards checks every card seed 000 names, with the stats the seed gives. Values the seed
// does not state (Gaia's stats, the Levels of spells and traps ...) are ours and not checked here.
func TestSeedCards(t *testing.T) {
	s := Cards()
	const none = -1
	tests := []struct {
		name, zh string
		kind     Kind
		level    int
		attr     Attribute // NoAttribute: not stated by the seed, not checked
		atk, def int
		speed    int
	}{
		// 召唤方式 examples: 青眼白龙 Lv8·光·3000/2500, 诅咒之龙 Lv5·火·2000/1500.
		{"Blue-Eyes White Dragon", "青眼白龙", Creature, 8, Light, 3000, 2500, 0},
		{"Curse of Dragon", "诅咒之龙", Creature, 5, Fire, 2000, 1500, 0},
		// 上级召唤 example: 鹰身女郎 Lv4·风·1300/1400, 风元素 Lv3·风·900/1100, 栗子球 Lv1·暗·100/100.
		{"Harpie Lady", "鹰身女郎", Creature, 4, Wind, 1300, 1400, 0},
		{"Wind Elemental", "风元素", Creature, 3, Wind, 900, 1100, 0},
		{"Kuriboh", "栗子球", Creature, 1, Dark, 100, 100, 0},
		// 融合召唤 example.
		{"Polymerization", "融合", NormalSpell, none, NoAttribute, none, none, 1},
		{"Blue-Eyes Ultimate Dragon", "青眼究极龙", FusionCreature, 0, NoAttribute, none, none, 0},
		// 仪式召唤 example: 神圣精灵 is discarded as the LIGHT creature (栗子球 as the DARK one).
		{"Black Luster Ritual", "混沌仪式", RitualSpell, none, NoAttribute, none, none, 1},
		{"Gaia the Fierce Knight", "暗黑骑士盖亚", Creature, none, NoAttribute, none, none, 0},
		{"Mystical Elf", "神圣精灵", Creature, none, Light, none, none, 0},
		{"Black Luster Soldier", "混沌战士", RitualCreature, 0, NoAttribute, none, none, 0},
		// 进化召唤 example.
		{"Baby Dragon", "宝贝龙", Creature, none, NoAttribute, none, none, 0},
		{"Thousand Dragon", "千年龙", EvolutionCreature, 0, NoAttribute, none, none, 0},
		// 连锁案例: 魔法除去 speed 2 (used from the hand, so a quick-play spell), 神之宣告 speed 3.
		{"De-Spell", "魔法除去", QuickPlaySpell, none, NoAttribute, none, none, 2},
		{"Solemn Judgment", "神之宣告", CounterTrap, none, NoAttribute, none, none, 3},
		// 胜利条件: 艾克佐迪亚, 通灵盘 win by their own condition.
		{"Exodia the Forbidden One", "被封印的艾克佐迪亚", Creature, none, NoAttribute, none, none, 0},
		{"Destiny Board", "通灵盘", ContinuousTrap, none, NoAttribute, none, none, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := s.ByName(tt.name)
			if !ok {
				t.Fatalf("%s is not in the set", tt.name)
			}
			if zh, _ := s.ByName(tt.zh); zh != c {
				t.Errorf("%s: Chinese name %q finds %v, want the same card", tt.name, tt.zh, zh)
			}
			if c.Kind != tt.kind {
				t.Errorf("kind %s, want %s", c.Kind, tt.kind)
			}
			if tt.level != none && c.Level != tt.level {
				t.Errorf("level %d, want %d", c.Level, tt.level)
			}
			if tt.attr != NoAttribute && c.Attribute != tt.attr {
				t.Errorf("attribute %s, want %s", c.Attribute, tt.attr)
			}
			if tt.atk != none && (c.ATK != tt.atk || c.DEF != tt.def) {
				t.Errorf("ATK/DEF %d/%d, want %d/%d", c.ATK, c.DEF, tt.atk, tt.def)
			}
			if c.Speed != tt.speed {
				t.Errorf("speed %d, want %d", c.Speed, tt.speed)
			}
		})
	}
}

// TestSeedExamples replays the arithmetic of seed 000's examples on the card data.
func TestSeedExamples(t *testing.T) {
	s := Cards()
	must := s.Must
	// 普通召唤: with 10 cost, one Blue-Eyes (8) or two Curse of Dragon (5+5).
	if bewd, curse := must("Blue-Eyes White Dragon"), must("Curse of Dragon"); bewd.Level > 10 || 2*curse.Level != 10 {
		t.Errorf("10 cost should pay for one %s (Lv%d) or exactly two %s (Lv%d)", bewd.Name, bewd.Level, curse.Name, curse.Level)
	}
	// 上级召唤: tributing Wind Elemental and Kuriboh summons Harpie Lady: the Levels add up and
	// the highest-Level tribute shares Harpie Lady's attribute.
	harpie, elemental, kuriboh := must("Harpie Lady"), must("Wind Elemental"), must("Kuriboh")
	if elemental.Level+kuriboh.Level != harpie.Level || elemental.Level <= kuriboh.Level || elemental.Attribute != harpie.Attribute {
		t.Errorf("Wind Elemental + Kuriboh must advanced-summon Harpie Lady")
	}
	// 融合召唤: Blue-Eyes Ultimate Dragon = 3 × Blue-Eyes White Dragon with Polymerization.
	beud := must("Blue-Eyes Ultimate Dragon")
	bewd := must("Blue-Eyes White Dragon").ID
	if !slices.Equal(beud.Materials, []ID{bewd, bewd, bewd}) || beud.SummonBy != must("Polymerization").ID {
		t.Errorf("Blue-Eyes Ultimate Dragon: materials %v by %d, want 3 × Blue-Eyes by Polymerization", beud.Materials, beud.SummonBy)
	}
	// 仪式召唤: Black Luster Ritual tributes Gaia and discards a LIGHT and a DARK creature; the
	// seed discards Mystical Elf and Kuriboh.
	bls := must("Black Luster Soldier")
	if !slices.Equal(bls.Materials, []ID{must("Gaia the Fierce Knight").ID}) || bls.SummonBy != must("Black Luster Ritual").ID {
		t.Errorf("Black Luster Soldier: materials %v by %d, want Gaia by Black Luster Ritual", bls.Materials, bls.SummonBy)
	}
	if got := []Attribute{must("Mystical Elf").Attribute, kuriboh.Attribute}; !slices.Equal(bls.Condition.Discard, got) {
		t.Errorf("Black Luster Soldier discards %v; Mystical Elf and Kuriboh are %v", bls.Condition.Discard, got)
	}
	// 进化召唤: Baby Dragon with enough growth counters is tributed for Thousand Dragon.
	td, baby := must("Thousand Dragon"), must("Baby Dragon")
	want := Condition{Counter: "growth", Counters: 2}
	if !slices.Equal(td.Materials, []ID{baby.ID}) || td.SummonBy != baby.ID || td.Condition.String() != want.String() {
		t.Errorf("Thousand Dragon: materials %v by %d, condition %q; want Baby Dragon with %q", td.Materials, td.SummonBy, td.Condition, want)
	}
	if !strings.Contains(baby.Text, "growth counter") || !strings.Contains(baby.TextZH, "成长指示物") {
		t.Errorf("Baby Dragon's text must say how it gets growth counters")
	}
	// 连锁案例: a normal spell (1) is answered by De-Spell (2), De-Spell by De-Spell, De-Spell
	// by Solemn Judgment (3); nothing answers Solemn Judgment but another speed-3 card.
	if ds, sj := must("De-Spell"), must("Solemn Judgment"); !(NormalSpell.Speed() < ds.Speed && ds.Speed < sj.Speed) {
		t.Errorf("speeds normal spell %d, De-Spell %d, Solemn Judgment %d must rise", NormalSpell.Speed(), ds.Speed, sj.Speed)
	}
}

// TestEveryCardComplete checks names, texts and the labels that make the texts readable as rules.
func TestEveryCardComplete(t *testing.T) {
	s := Cards()
	if n := s.Len(); n < 40 || n > 60 {
		t.Errorf("the set has %d cards; the plan is about 40-55", n)
	}
	quoted := regexp.MustCompile(`「(.+?)」`)
	for _, c := range s.All() {
		if c.Name == "" || c.NameZH == "" || c.Text == "" || c.TextZH == "" {
			t.Errorf("%d: needs both names and both texts: %+v", c.ID, c)
			continue
		}
		plain := strings.HasPrefix(c.Text, "No effect.")
		if plain != strings.HasPrefix(c.TextZH, "没有效果。") || (plain && !c.IsCreature()) ||
			(!plain && (!strings.HasPrefix(c.Text, "[") || !strings.HasPrefix(c.TextZH, "【"))) {
			t.Errorf("%s: texts must open with a label, or both with No effect. / 没有效果。", c)
		}
		if strings.Count(c.Text, "[") != strings.Count(c.Text, "]") || strings.Count(c.TextZH, "【") != strings.Count(c.TextZH, "】") {
			t.Errorf("%s: unbalanced labels", c)
		}
		if c.Kind.IsSpell() || c.Kind.IsTrap() {
			en := "[Use, speed " + strconv.Itoa(c.Speed) + ", "
			zh := "【使用·速度" + strconv.Itoa(c.Speed) + "·"
			if !strings.HasPrefix(c.Text, en) || !strings.HasPrefix(c.TextZH, zh) {
				t.Errorf("%s: a %s's text opens with %q / %q", c, c.Kind, en, zh)
			}
		}
		if c.Kind == EquipArtifact {
			en, zh := "any creature", "任意生物"
			if c.EquipClass != NoClass {
				en, zh = c.EquipClass.String(), c.EquipClass.ZH()
			} else if c.EquipType != NoType {
				en, zh = c.EquipType.String(), c.EquipType.ZH()
			}
			if !strings.HasPrefix(c.Text, "[Equip: "+en+"]") || !strings.HasPrefix(c.TextZH, "【装备:"+zh+"】") {
				t.Errorf("%s: an equip artifact's text opens with its restriction [Equip: %s] / 【装备:%s】", c, en, zh)
			}
		}
		for _, kw := range []struct {
			k      Keywords
			en, zh string
		}{
			{Ambush, "[Ambush, speed 1]", "【伏击·速度1】"},
			{SpecialWin, "[Special victory]", "【特殊胜利】"},
		} {
			if c.Keywords.Has(kw.k) != strings.Contains(c.Text, kw.en) || c.Keywords.Has(kw.k) != strings.Contains(c.TextZH, kw.zh) {
				t.Errorf("%s: keyword %s and the labels %s / %s must go together", c, kw.k, kw.en, kw.zh)
			}
		}
		if c.IsCreature() && (c.Keywords.Has(Pierce) != strings.Contains(c.Text, "[Trait] Pierce.") ||
			c.Keywords.Has(Pierce) != strings.Contains(c.TextZH, "【特性】穿透。")) {
			t.Errorf("%s: keyword pierce and the trait [Trait] Pierce. / 【特性】穿透。 must go together", c)
		}
		for _, m := range quoted.FindAllStringSubmatch(c.TextZH, -1) {
			if _, ok := s.ByName(m[1]); !ok {
				t.Errorf("%s: the Chinese text names 「%s」, which is not in the set", c, m[1])
			}
		}
	}
}

// TestEveryKind checks the set has every kind of seed 000, and the keywords the brief asks for.
func TestEveryKind(t *testing.T) {
	count := map[Kind]int{}
	var pierce, legendary, ambush int
	for _, c := range Cards().All() {
		count[c.Kind]++
		if c.Keywords.Has(Pierce) {
			pierce++
		}
		if c.Keywords.Has(Legendary) {
			legendary++
		}
		if c.Keywords.Has(Ambush) {
			ambush++
		}
	}
	for k := Creature; k <= EquipArtifact; k++ {
		if count[k] == 0 {
			t.Errorf("no %s in the set", k)
		}
	}
	if pierce < 3 || legendary < 2 || ambush < 2 {
		t.Errorf("pierce %d, legendary %d, ambush %d creatures; want several of each", pierce, legendary, ambush)
	}
}

// TestExtraMaterials checks every extra creature names materials and a summoning card that exist.
func TestExtraMaterials(t *testing.T) {
	s := Cards()
	for _, c := range s.All() {
		if !c.IsExtra() {
			if c.Materials != nil || c.SummonBy != 0 || !c.Condition.IsZero() {
				t.Errorf("%s is not an extra creature but has materials or a summon", c)
			}
			continue
		}
		if len(c.Materials) == 0 {
			t.Errorf("%s has no materials", c)
		}
		for _, id := range c.Materials {
			if m, ok := s.ByID(id); !ok || !m.IsCreature() || m.IsExtra() {
				t.Errorf("%s: material %d is not a Main Deck creature of the set", c, id)
			}
		}
		if _, ok := s.ByID(c.SummonBy); !ok {
			t.Errorf("%s: summoned by %d, which is not in the set", c, c.SummonBy)
		}
		if c.Level != 0 {
			t.Errorf("%s: extra creatures have no Level, got %d", c, c.Level)
		}
	}
}

// TestNoPasscodeCollision checks no kouhu id is a passcode of the project's Yu-Gi-Oh! pool.
func TestNoPasscodeCollision(t *testing.T) {
	pool := card.Pool()
	if pool.Len() < 100 {
		t.Fatalf("the pool has only %d cards", pool.Len())
	}
	for _, c := range Cards().All() {
		if _, ok := pool.ByPasscode(card.Passcode(c.ID)); ok {
			t.Errorf("%s: id %d is a Yu-Gi-Oh! passcode", c, c.ID)
		}
	}
}

// TestReadmeListsEveryCard keeps README.md's card list in step with the card file.
func TestReadmeListsEveryCard(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, c := range Cards().All() {
		row := "| " + strconv.Itoa(int(c.ID)) + " | " + c.Name + " | " + c.NameZH + " |"
		if !strings.Contains(readme, row) {
			t.Errorf("README.md has no card list row starting %q", row)
		}
	}
}

// TestLookup checks lookups by id and by English (any case) and Chinese name.
func TestLookup(t *testing.T) {
	s := Cards()
	c := s.Must("Kuriboh")
	for _, name := range []string{"Kuriboh", "kuriboh", "栗子球"} {
		if got, ok := s.ByName(name); !ok || got != c {
			t.Errorf("ByName(%q) = %v, %v", name, got, ok)
		}
	}
	if got, ok := s.ByID(c.ID); !ok || got != c {
		t.Errorf("ByID(%d) = %v, %v", c.ID, got, ok)
	}
	if _, err := s.Lookup("Kurib0h"); err == nil || !strings.Contains(err.Error(), `"Kurib0h"`) {
		t.Errorf("Lookup of an unknown name: %v", err)
	}
	if s.Name(1) != "#1" {
		t.Errorf("Name of an unknown id: %q", s.Name(1))
	}
}

func TestCardDBMatchesTheSet(t *testing.T) {
	db := CardDB()
	if db.Len() != Cards().Len() {
		t.Fatalf("CardDB has %d cards, the set %d", db.Len(), Cards().Len())
	}
	for _, c := range Cards().All() {
		d, ok := db.ByPasscode(card.Passcode(c.ID))
		if !ok || d.Name != c.Name || d.NameZH != c.NameZH || d.Level != c.Level || d.ATK != c.ATK || d.DEF != c.DEF {
			t.Errorf("%s: card data %+v", c, d)
		}
		if c.IsCreature() != d.IsMonster() || d.Kind == 0 {
			t.Errorf("%s: kind %v", c, d.Kind)
		}
		if c.Attribute != NoAttribute && d.Attribute.String() != c.Attribute.String() {
			t.Errorf("%s: attribute %v", c, d.Attribute)
		}
	}
}

func TestEveryCardHasARarity(t *testing.T) {
	db := CardDB()
	if db.Len() != Cards().Len() {
		t.Fatalf("CardDB has %d cards, the set %d", db.Len(), Cards().Len())
	}
	seen := map[card.Rarity]bool{}
	for _, c := range db.All() {
		if c.Rarity == card.NoRarity {
			t.Errorf("%q has no rarity", c.Name)
		}
		seen[c.Rarity] = true
	}
	for _, r := range card.Rarities {
		if !seen[r] {
			t.Errorf("no kouhu card is %v", r)
		}
	}
}
