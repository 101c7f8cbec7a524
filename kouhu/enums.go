package kouhu

import (
	"fmt"
	"strings"
)

// Kind is what a kouhu card is (seed 000 卡牌种类): one of five creature kinds, five spell kinds,
// three trap kinds or two artifact kinds. The zero Kind is invalid.
type Kind uint8

// The kinds of seed 000, in the seed's order.
const (
	Creature          Kind = iota + 1 // 普通生物: no summoning limit
	LegendaryCreature                 // 传奇生物: one of a name on each player's field
	FusionCreature                    // 融合生物: Extra Deck, no Level, summoned by a fusion spell
	RitualCreature                    // 仪式生物: Extra Deck, no Level, summoned by its ritual spell
	EvolutionCreature                 // 进化生物: Extra Deck, no Level, evolved from a named creature
	NormalSpell                       // 普通魔法: speed 1
	QuickPlaySpell                    // 速攻魔法: speed 2
	ContinuousSpell                   // 永续魔法: speed 1, stays on the field
	FieldSpell                        // 场地魔法: speed 1, one per player
	RitualSpell                       // 仪式魔法: speed 1, summons a ritual creature
	NormalTrap                        // 普通陷阱: speed 2
	ContinuousTrap                    // 永续陷阱: speed 2, stays on the field
	CounterTrap                       // 反击陷阱: speed 3
	Artifact                          // 神器: placed face-up in the creature & artifact zone
	EquipArtifact                     // 装备神器: attached to a creature, leaves with it
)

var kindNames = [...]struct {
	en, zh string
	speed  int
}{
	Creature:          {"creature", "生物", 0},
	LegendaryCreature: {"legendary creature", "传奇生物", 0},
	FusionCreature:    {"fusion creature", "融合生物", 0},
	RitualCreature:    {"ritual creature", "仪式生物", 0},
	EvolutionCreature: {"evolution creature", "进化生物", 0},
	NormalSpell:       {"normal spell", "普通魔法", 1},
	QuickPlaySpell:    {"quick-play spell", "速攻魔法", 2},
	ContinuousSpell:   {"continuous spell", "永续魔法", 1},
	FieldSpell:        {"field spell", "场地魔法", 1},
	RitualSpell:       {"ritual spell", "仪式魔法", 1},
	NormalTrap:        {"normal trap", "普通陷阱", 2},
	ContinuousTrap:    {"continuous trap", "永续陷阱", 2},
	CounterTrap:       {"counter trap", "反击陷阱", 3},
	Artifact:          {"artifact", "神器", 0},
	EquipArtifact:     {"equip artifact", "装备神器", 0},
}

// Valid reports whether k is one of the fifteen kinds.
func (k Kind) Valid() bool { return k >= Creature && k <= EquipArtifact }

// String returns the kind as the card file writes it, e.g. "quick-play spell".
func (k Kind) String() string {
	if k.Valid() {
		return kindNames[k].en
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// ZH returns the kind's Chinese name, e.g. "速攻魔法".
func (k Kind) ZH() string {
	if k.Valid() {
		return kindNames[k].zh
	}
	return k.String()
}

// IsCreature reports whether k is one of the five creature kinds.
func (k Kind) IsCreature() bool { return k >= Creature && k <= EvolutionCreature }

// IsExtra reports whether k lives in the Extra Deck: fusion, ritual and evolution creatures.
func (k Kind) IsExtra() bool { return k >= FusionCreature && k <= EvolutionCreature }

// IsSpell reports whether k is one of the five spell kinds.
func (k Kind) IsSpell() bool { return k >= NormalSpell && k <= RitualSpell }

// IsTrap reports whether k is one of the three trap kinds.
func (k Kind) IsTrap() bool { return k >= NormalTrap && k <= CounterTrap }

// IsArtifact reports whether k is an artifact or an equip artifact.
func (k Kind) IsArtifact() bool { return k == Artifact || k == EquipArtifact }

// HasLevel reports whether cards of kind k have a Level (which is also their cost). Seed 000:
// fusion, ritual and evolution creatures are "higher creatures" without one.
func (k Kind) HasLevel() bool { return k.Valid() && !k.IsExtra() }

// Speed returns the chain speed of using a card of kind k (seed 000 连锁速度): 0 for summoning a
// creature and using an artifact (they may start a chain but never join one), 1 for normal,
// continuous, field and ritual spells, 2 for quick-play spells and normal and continuous traps,
// 3 for counter traps.
func (k Kind) Speed() int {
	if k.Valid() {
		return kindNames[k].speed
	}
	return -1
}

// ParseKind reads a kind as the card file writes it ("counter trap") or by its Chinese name ("反击陷阱").
func ParseKind(s string) (Kind, error) {
	for k := Creature; k <= EquipArtifact; k++ {
		if s == kindNames[k].en || s == kindNames[k].zh {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown kind %q", s)
}

// Attribute is a creature's attribute (属性). Seed 000 has six and no attribute advantage; an
// advanced summon needs the highest-Level tribute to share the summoned creature's Attribute.
type Attribute uint8

// The six attributes. NoAttribute is for spells, traps and artifacts.
const (
	NoAttribute Attribute = iota
	Light
	Dark
	Water
	Fire
	Wind
	Earth
)

var attributeNames = [...][2]string{{"", ""}, {"LIGHT", "光"}, {"DARK", "暗"}, {"WATER", "水"},
	{"FIRE", "火"}, {"WIND", "风"}, {"EARTH", "地"}}

// String returns the attribute as the card file writes it, e.g. "LIGHT"; "" for NoAttribute.
func (a Attribute) String() string {
	if int(a) < len(attributeNames) {
		return attributeNames[a][0]
	}
	return fmt.Sprintf("Attribute(%d)", a)
}

// ZH returns the attribute's Chinese name, e.g. "光".
func (a Attribute) ZH() string {
	if int(a) < len(attributeNames) {
		return attributeNames[a][1]
	}
	return a.String()
}

// ParseAttribute reads "LIGHT" or "光"; the empty string is NoAttribute.
func ParseAttribute(s string) (Attribute, error) {
	for i, n := range attributeNames {
		if s == n[0] || s == n[1] {
			return Attribute(i), nil
		}
	}
	return 0, fmt.Errorf("unknown attribute %q (want one of LIGHT, DARK, WATER, FIRE, WIND, EARTH)", s)
}

// Type is a creature's type (生物类别): what it is, from seed 000's list.
type Type uint8

// The creature types of seed 000, in its order. NoType is for non-creatures.
const (
	NoType       Type = iota
	Human             // 人类
	Elf               // 精灵
	Fiendkin          // 魔人
	Orc               // 兽人
	Dwarf             // 矮人
	Angel             // 天使
	Demon             // 恶魔
	Beast             // 野兽
	MagicalBeast      // 魔兽
	HolyBeast         // 圣兽
	Dragon            // 龙
	Reptile           // 爬虫
	Elemental         // 元素
	Golem             // 魔像
	Insect            // 昆虫
	Machine           // 机器
	Bird              // 鸟
	Fish              // 鱼
	SeaBeast          // 水兽
)

var typeNames = [...][2]string{{"", ""}, {"Human", "人类"}, {"Elf", "精灵"}, {"Fiendkin", "魔人"},
	{"Orc", "兽人"}, {"Dwarf", "矮人"}, {"Angel", "天使"}, {"Demon", "恶魔"}, {"Beast", "野兽"},
	{"Magical Beast", "魔兽"}, {"Holy Beast", "圣兽"}, {"Dragon", "龙"}, {"Reptile", "爬虫"},
	{"Elemental", "元素"}, {"Golem", "魔像"}, {"Insect", "昆虫"}, {"Machine", "机器"}, {"Bird", "鸟"},
	{"Fish", "鱼"}, {"Sea Beast", "水兽"}}

// String returns the type as the card file writes it, e.g. "Magical Beast"; "" for NoType.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t][0]
	}
	return fmt.Sprintf("Type(%d)", t)
}

// ZH returns the type's Chinese name, e.g. "魔兽".
func (t Type) ZH() string {
	if int(t) < len(typeNames) {
		return typeNames[t][1]
	}
	return t.String()
}

// ParseType reads "Dragon" or "龙"; the empty string is NoType.
func ParseType(s string) (Type, error) {
	for i, n := range typeNames {
		if s == n[0] || s == n[1] {
			return Type(i), nil
		}
	}
	return 0, fmt.Errorf("unknown creature type %q", s)
}

// Class is a creature's class (生物职业): what it does. Some equip artifacts may only be equipped
// to a class (seed 000). A creature may have no class.
type Class uint8

// The classes of seed 000, in its order. NoClass is a creature without one, or a non-creature.
const (
	NoClass Class = iota
	Warrior       // 战士
	Mage          // 法师
	Rogue         // 盗贼
	Ninja         // 忍者
	Priest        // 牧师
	Fighter       // 格斗家
)

var classNames = [...][2]string{{"", ""}, {"Warrior", "战士"}, {"Mage", "法师"}, {"Rogue", "盗贼"},
	{"Ninja", "忍者"}, {"Priest", "牧师"}, {"Fighter", "格斗家"}}

// String returns the class as the card file writes it, e.g. "Warrior"; "" for NoClass.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c][0]
	}
	return fmt.Sprintf("Class(%d)", c)
}

// ZH returns the class's Chinese name, e.g. "战士".
func (c Class) ZH() string {
	if int(c) < len(classNames) {
		return classNames[c][1]
	}
	return c.String()
}

// ParseClass reads "Warrior" or "战士"; the empty string is NoClass.
func ParseClass(s string) (Class, error) {
	for i, n := range classNames {
		if s == n[0] || s == n[1] {
			return Class(i), nil
		}
	}
	return 0, fmt.Errorf("unknown creature class %q", s)
}

// Keywords is a set of the rules keywords a card carries. The equip restriction of an equip
// artifact is not a bit here but Card.EquipClass / Card.EquipType.
type Keywords uint8

// The keywords.
const (
	// Pierce (穿透): when every creature blocking this attacker is destroyed, the defending player
	// takes the attacker's ATK minus the sum of the blockers' DEF (seed 000 穿透伤害).
	Pierce Keywords = 1 << iota
	// Legendary (传奇): each player's field holds at most one creature of this name; summoning
	// another sends the old one to the Graveyard. Exactly the LegendaryCreature kind.
	Legendary
	// Ambush (伏击效果): the creature has an effect that triggers when it is turned face-up from
	// ambush (a face-down Normal or advanced summon).
	Ambush
	// SpecialWin (特殊胜利): the card can win the duel by its own condition (seed 000 规则胜利).
	SpecialWin
)

var keywordNames = [...][2]string{{"pierce", "穿透"}, {"legendary", "传奇"}, {"ambush", "伏击"},
	{"special-win", "特殊胜利"}}

// Has reports whether every keyword of x is in k.
func (k Keywords) Has(x Keywords) bool { return k&x == x }

// String lists the keywords as the card file writes them, e.g. "pierce,legendary".
func (k Keywords) String() string {
	var parts []string
	for i, n := range keywordNames {
		if k&(1<<i) != 0 {
			parts = append(parts, n[0])
		}
	}
	return strings.Join(parts, ",")
}

// parseKeyword reads one keyword word ("pierce"); equip=... is handled by the loader.
func parseKeyword(s string) (Keywords, error) {
	for i, n := range keywordNames {
		if s == n[0] {
			return 1 << i, nil
		}
	}
	return 0, fmt.Errorf("unknown keyword %q (want pierce, legendary, ambush, special-win or equip=...)", s)
}

// an returns the kind with its indefinite article, for messages: "an evolution creature".
func (k Kind) an() string {
	if s := k.String(); strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + k.String()
}
