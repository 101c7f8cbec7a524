// Package kouhu holds the card data of the kouhu ruleset (口胡游戏王, seed 000; RULES.md "kouhu"):
// its own card set in cards/kouhu/kouhu.cards, the strict loader of that file, lookups by id and name, and the
// two preconstructed 60-card decks with their validation. It knows nothing of duels; a kouhu
// engine reads it. README.md beside this file describes the set and the formats.
package kouhu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// ID is our own number for a kouhu card, 900000001-999999999. Real Yu-Gi-Oh! passcodes have at
// most 8 digits, so the two never collide (a test checks against card.Pool()).
type ID uint32

// The range of kouhu ids.
const (
	MinID ID = 900000000
	MaxID ID = 999999999
)

// MaxLevel is the highest Level (and so the highest cost) a kouhu card may have.
const MaxLevel = 12

// Card is the static data of one kouhu card: one stanza of its card file.
type Card struct {
	// ID is the card's kouhu id.
	ID ID
	// Name is the English name, unique in the set.
	Name string
	// NameZH is the Simplified Chinese name, unique in the set.
	NameZH string
	// NameTW is the Traditional Chinese name (NameZH converted by OpenCC).
	NameTW string
	// Kind is what the card is.
	Kind Kind
	// Level is the card's Level, which is also its cost: the number of cost cards tapped to
	// summon or use it (1-MaxLevel). It is 0 for fusion, ritual and evolution creatures, which
	// have no Level (effects that name a Level do not apply to them).
	Level int
	// Attribute is the creature's attribute; NoAttribute for non-creatures.
	Attribute Attribute
	// Type is the creature's type (人类, 龙 ...); NoType for non-creatures.
	Type Type
	// Class is the creature's class (战士, 法师 ...); NoClass when it has none.
	Class Class
	// ATK and DEF are the creature's printed values; 0 for non-creatures.
	ATK, DEF int
	// Speed is the chain speed of using the card; it always equals Kind.Speed().
	Speed int
	// Keywords are the card's rules keywords.
	Keywords Keywords
	// EquipClass and EquipType restrict what an equip artifact may be equipped to (at most one
	// is set); both zero means any creature.
	EquipClass Class
	EquipType  Type
	// Materials are, for an extra creature: the fusion materials (one entry per copy), the
	// creature its ritual tributes, or the creature it evolves from. Nil for other cards.
	Materials []ID
	// SummonBy is, for an extra creature, the card that performs its summon: the fusion spell,
	// the ritual spell, or the evolution source itself. 0 for other cards.
	SummonBy ID
	// Condition is the extra demand of a ritual or evolution summon; zero when there is none.
	Condition Condition
	// Text is our English effect text; every effect opens with a label such as
	// "[Trigger, speed 1]", and a creature without effects reads "No effect." first.
	Text string
	// TextZH is our Chinese effect text, with labels such as "【诱发·速度1】".
	TextZH string
	// TextTW is TextZH in Traditional Chinese (converted by OpenCC, then seed 004's terms).
	TextTW string
	// Rarity is the card's rarity as a collectible.
	Rarity card.Rarity
}

// String returns the card's names, e.g. "Kuriboh (栗子球)".
func (c *Card) String() string { return c.Name + " (" + c.NameZH + ")" }

// IsCreature reports whether the card is a creature of any of the five kinds.
func (c *Card) IsCreature() bool { return c.Kind.IsCreature() }

// IsExtra reports whether the card is a fusion, ritual or evolution creature (Extra Deck).
func (c *Card) IsExtra() bool { return c.Kind.IsExtra() }

// Condition is the extra demand of a ritual or evolution summon, as the card file writes it in its
// condition column: ';'-separated clauses "discard=LIGHT,DARK" and "counters=growth:2".
type Condition struct {
	// Discard lists attributes: the summoner discards one creature of each from the hand
	// (Black Luster Ritual: one LIGHT and one DARK creature).
	Discard []Attribute
	// Counter names the counter the evolution source must carry ("growth"); "" when none.
	Counter string
	// Counters is how many Counter counters the source needs at least.
	Counters int
}

// IsZero reports whether the condition demands nothing.
func (c Condition) IsZero() bool { return len(c.Discard) == 0 && c.Counter == "" }

// String writes the condition as the card file does; "" for the zero Condition.
func (c Condition) String() string {
	var parts []string
	if len(c.Discard) > 0 {
		attrs := make([]string, len(c.Discard))
		for i, a := range c.Discard {
			attrs[i] = a.String()
		}
		parts = append(parts, "discard="+strings.Join(attrs, ","))
	}
	if c.Counter != "" {
		parts = append(parts, fmt.Sprintf("counters=%s:%d", c.Counter, c.Counters))
	}
	return strings.Join(parts, ";")
}

// ParseCondition reads a condition column; the empty string is the zero Condition.
func ParseCondition(s string) (Condition, error) {
	var c Condition
	if s == "" {
		return c, nil
	}
	seen := map[string]bool{}
	for _, clause := range strings.Split(s, ";") {
		key, val, ok := strings.Cut(clause, "=")
		if !ok || val == "" {
			return Condition{}, fmt.Errorf("clause %q is not key=value", clause)
		}
		if seen[key] {
			return Condition{}, fmt.Errorf("clause %q given twice", key)
		}
		seen[key] = true
		switch key {
		case "discard":
			for _, w := range strings.Split(val, ",") {
				a, err := ParseAttribute(w)
				if err != nil || a == NoAttribute {
					return Condition{}, fmt.Errorf("discard: unknown attribute %q", w)
				}
				c.Discard = append(c.Discard, a)
			}
		case "counters":
			name, num, ok := strings.Cut(val, ":")
			n, err := strconv.Atoi(num)
			if !ok || name == "" || err != nil || n < 1 {
				return Condition{}, fmt.Errorf("counters %q is not <counter>:<n> with n >= 1", val)
			}
			c.Counter, c.Counters = name, n
		default:
			return Condition{}, fmt.Errorf("unknown clause %q (want discard or counters)", key)
		}
	}
	return c, nil
}
