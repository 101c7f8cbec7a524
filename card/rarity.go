package card

import (
	"fmt"
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
