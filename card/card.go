// Package card holds the static data of cards: passcode, names, kind, level, attribute, type and
// ATK/DEF. It knows nothing of duels; the engine and the card behaviours read it.
package card

import (
	"fmt"
	"strings"
)

// Passcode is the 8-digit number printed on a card; it identifies a card across tools (YGOPro
// databases, .ydk decks).
type Passcode uint32

// Kind is a bit set of what a card is: Monster, Spell or Trap, and its sub-kinds.
type Kind uint32

// The bits of Kind. A card is exactly one of Monster, Spell, Trap.
const (
	Monster Kind = 1 << iota
	Spell
	Trap
	Normal // a Normal Monster, Normal Spell or Normal Trap
	Effect
	Fusion
	Ritual
	Synchro
	Xyz
	Tuner
	Flip
	Token
	QuickPlay
	Continuous
	Equip
	Field
	Counter
	// Spirit, Union, Gemini and Toon are the monster abilities printed beside the kind ("Toon
	// Effect Monster"); the rules they bring are card behaviour (the kit), not the data's.
	Spirit
	Union
	Gemini
	Toon
)

var kindNames = []struct {
	k    Kind
	name string
}{
	{Monster, "Monster"}, {Spell, "Spell"}, {Trap, "Trap"}, {Normal, "Normal"}, {Effect, "Effect"},
	{Fusion, "Fusion"}, {Ritual, "Ritual"}, {Synchro, "Synchro"}, {Xyz, "Xyz"}, {Tuner, "Tuner"},
	{Flip, "Flip"}, {Token, "Token"}, {QuickPlay, "Quick-Play"}, {Continuous, "Continuous"},
	{Equip, "Equip"}, {Field, "Field"}, {Counter, "Counter"}, {Spirit, "Spirit"}, {Union, "Union"},
	{Gemini, "Gemini"}, {Toon, "Toon"},
}

// Has reports whether every bit of x is set in k.
func (k Kind) Has(x Kind) bool { return k&x == x }

// IsExtra reports whether a monster of this kind lives in the Extra Deck.
func (k Kind) IsExtra() bool { return k&Monster != 0 && k&(Fusion|Synchro|Xyz) != 0 }

// String lists the kind's bits, e.g. "Monster|Tuner|Normal".
func (k Kind) String() string {
	var parts []string
	for _, kn := range kindNames {
		if k&kn.k != 0 {
			parts = append(parts, kn.name)
		}
	}
	return strings.Join(parts, "|")
}

// ParseKind reads a kind as the card pool writes it: "Monster Normal", "Monster Tuner/Effect",
// "Quick-Play Spell", "Counter Trap".
func ParseKind(s string) (Kind, error) {
	var k Kind
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '/' }) {
		found := false
		for _, kn := range kindNames {
			if strings.EqualFold(w, kn.name) {
				k |= kn.k
				found = true
				break
			}
		}
		if !found {
			return 0, fmt.Errorf("card: unknown kind word %q in %q", w, s)
		}
	}
	n := 0
	for _, b := range []Kind{Monster, Spell, Trap} {
		if k&b != 0 {
			n++
		}
	}
	if n != 1 {
		return 0, fmt.Errorf("card: kind %q is not exactly one of Monster, Spell, Trap", s)
	}
	if k&(Spell|Trap) != 0 && k&(QuickPlay|Continuous|Equip|Field|Counter|Ritual) == 0 {
		k |= Normal
	}
	return k, nil
}

// Attribute is a monster's attribute.
type Attribute uint8

// The attributes. NoAttribute is for Spells and Traps.
const (
	NoAttribute Attribute = iota
	Light
	Dark
	Earth
	Water
	Fire
	Wind
	Divine
)

var attributeNames = [...]string{"", "LIGHT", "DARK", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"}

// String returns the attribute as printed on cards, e.g. "DARK".
func (a Attribute) String() string {
	if int(a) < len(attributeNames) {
		return attributeNames[a]
	}
	return fmt.Sprintf("Attribute(%d)", a)
}

// ParseAttribute reads "LIGHT", "dark" ...; the empty string is NoAttribute.
func ParseAttribute(s string) (Attribute, error) {
	for i, n := range attributeNames {
		if strings.EqualFold(s, n) {
			return Attribute(i), nil
		}
	}
	return 0, fmt.Errorf("card: unknown attribute %q", s)
}

// Race is a monster's Type (Dragon, Spellcaster ...). The rulebook calls it "Type"; Go code calls
// it Race, as YGOPro does, to keep it apart from Go's types.
type Race uint8

// The monster Types of the card pool's era.
const (
	NoRace Race = iota
	Warrior
	Spellcaster
	Fairy
	Fiend
	Zombie
	Machine
	Aqua
	Pyro
	Rock
	WingedBeast
	Plant
	Insect
	Thunder
	Dragon
	Beast
	BeastWarrior
	Dinosaur
	Fish
	SeaSerpent
	Reptile
	Psychic
	DivineBeast
)

var raceNames = [...]string{"", "Warrior", "Spellcaster", "Fairy", "Fiend", "Zombie", "Machine",
	"Aqua", "Pyro", "Rock", "Winged Beast", "Plant", "Insect", "Thunder", "Dragon", "Beast",
	"Beast-Warrior", "Dinosaur", "Fish", "Sea Serpent", "Reptile", "Psychic", "Divine-Beast"}

// String returns the Type as printed on cards, e.g. "Winged Beast".
func (r Race) String() string {
	if int(r) < len(raceNames) {
		return raceNames[r]
	}
	return fmt.Sprintf("Race(%d)", r)
}

// ParseRace reads a Type name such as "Beast-Warrior"; the empty string is NoRace.
func ParseRace(s string) (Race, error) {
	for i, n := range raceNames {
		if strings.EqualFold(s, n) {
			return Race(i), nil
		}
	}
	return 0, fmt.Errorf("card: unknown monster type %q", s)
}

// Data is the static data of one card.
type Data struct {
	Passcode Passcode
	Name     string // English name, as the card data (cards-2015.cdb) spells it
	NameZH   string // Simplified Chinese name
	NameTW   string // Traditional Chinese name: the Simplified one converted by OpenCC (s2tw)
	Kind     Kind
	// Level is a monster's Level; 0 for a card that has none: an Xyz Monster (it has a Rank
	// instead), a Spell or a Trap (kouhu: a spell's Level is its cost). Rules that ask a Level
	// (same-Level Xyz materials, Synchro totals, "Level 4 or lower") must see none for an Xyz
	// Monster, so its Rank is never kept here.
	Level int
	// Rank is an Xyz Monster's Rank; 0 for every other card.
	Rank      int
	Attribute Attribute
	Race      Race
	ATK, DEF  int
	// Sets lists the products that printed the card ("LOB", "SDY"), its home first: the set
	// whose folder (cards/lob/) holds the card, its first printing (DB.FirstPrinting).
	Sets   []string
	Rarity Rarity // the card's rarity as a collectible; NoRarity if none
	Text   Text   // the project's own effect text; zero for Normal Monsters
}

// IsMonster reports whether the card is a monster card.
func (d *Data) IsMonster() bool { return d.Kind&Monster != 0 }

// HasLevel reports whether the card has a Level (an Xyz Monster has a Rank and no Level).
func (d *Data) HasLevel() bool { return d.Level > 0 }

// Stars is the number printed under a monster's name: its Level, or an Xyz Monster's Rank. It
// is for showing and searching cards, never for a rule (use Level or Rank).
func (d *Data) Stars() int {
	if d.Kind&Xyz != 0 {
		return d.Rank
	}
	return d.Level
}

// IsSpell reports whether the card is a Spell card.
func (d *Data) IsSpell() bool { return d.Kind&Spell != 0 }

// IsTrap reports whether the card is a Trap card.
func (d *Data) IsTrap() bool { return d.Kind&Trap != 0 }

// IsNormalMonster reports whether the card is a Normal (vanilla) monster.
func (d *Data) IsNormalMonster() bool { return d.Kind.Has(Monster | Normal) }

// Pending reports a card whose data a set's import brought (`duelist cards new`) but that nobody
// has written yet: not a Normal Monster, with no text in any language. Its behaviour is not
// written either (cards/all's TestPoolImplemented holds a card with a text to having one), so it
// is sold in no pack and refused in decks until it is done.
func (d *Data) Pending() bool {
	return !d.IsNormalMonster() && d.Text.EN == "" && d.Text.ZHCN == "" && d.Text.ZHTW == ""
}

// String returns the card's English name.
func (d *Data) String() string { return d.Name }
