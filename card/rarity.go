package card

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

// Rarity is how rare a card is as a collectible, in Master Duel's scheme: N, R, SR, UR. It has no
// effect in a duel; packs, crafting and the card centre read it.
type Rarity uint8

// The rarities, from the most common. NoRarity is for cards without one (an imported database).
const (
	NoRarity Rarity = iota
	N
	R
	SR
	UR
)

// Rarities lists the rarities from the most common to the rarest.
var Rarities = []Rarity{N, R, SR, UR}

var rarityNames = [...]string{"", "N", "R", "SR", "UR"}

// String returns "N", "R", "SR" or "UR" ("" for NoRarity).
func (r Rarity) String() string {
	if int(r) < len(rarityNames) {
		return rarityNames[r]
	}
	return fmt.Sprintf("Rarity(%d)", r)
}

// ParseRarity reads "N", "R", "SR" or "UR" (any case).
func ParseRarity(s string) (Rarity, error) {
	for i, n := range rarityNames[1:] {
		if strings.EqualFold(s, n) {
			return Rarity(i + 1), nil
		}
	}
	return 0, fmt.Errorf("card: unknown rarity %q (want N, R, SR or UR)", s)
}

// MarshalText writes the rarity as String does.
func (r Rarity) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a rarity as ParseRarity does.
func (r *Rarity) UnmarshalText(b []byte) error {
	v, err := ParseRarity(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

//go:embed rarity.tsv
var poolRarityTSV string

// ParseRarities reads a rarity file (rarity.tsv beside cards.tsv): lines "passcode<TAB>name<TAB>
// rarity", '#' comment lines. The name is there for readers and must match the card's name in
// db; every card of db must be listed exactly once and nothing else.
func ParseRarities(text string, db *DB) (map[Passcode]Rarity, error) {
	out := map[Passcode]Rarity{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("rarity line %d: want 3 tab-separated fields, got %d", i+1, len(f))
		}
		code, err := strconv.ParseUint(f[0], 10, 32)
		if err != nil {
			return nil, fmt.Errorf("rarity line %d: passcode %q is not a number", i+1, f[0])
		}
		p := Passcode(code)
		c, ok := db.ByPasscode(p)
		if !ok {
			return nil, fmt.Errorf("rarity line %d: passcode %d is not a card", i+1, p)
		}
		if c.Name != f[1] {
			return nil, fmt.Errorf("rarity line %d: passcode %d is %q, not %q", i+1, p, c.Name, f[1])
		}
		if _, dup := out[p]; dup {
			return nil, fmt.Errorf("rarity line %d: %q is listed twice", i+1, c.Name)
		}
		if out[p], err = ParseRarity(f[2]); err != nil {
			return nil, fmt.Errorf("rarity line %d: %w", i+1, err)
		}
	}
	for _, c := range db.All() {
		if _, ok := out[c.Passcode]; !ok {
			return nil, fmt.Errorf("card: %q (%d) has no rarity in the rarity file", c.Name, c.Passcode)
		}
	}
	return out, nil
}

// SetRarities gives each card of db its rarity from m (cards m does not list keep theirs). It is
// meant for building a DB, before it is shared.
func (db *DB) SetRarities(m map[Passcode]Rarity) {
	for _, c := range db.all {
		if r, ok := m[c.Passcode]; ok {
			c.Rarity = r
		}
	}
}
