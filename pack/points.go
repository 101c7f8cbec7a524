package pack

import "github.com/duelistgame/duelist/card"

// Crafting points, Master Duel's: crafting a card costs CraftCost points of its rarity;
// dismantling one gives DismantleGain points of its rarity, a third of the cost.
const (
	CraftCost     = 30
	DismantleGain = CraftCost / 3
)

// CraftPoints returns the points of rarity r crafting a card of that rarity costs (0 for
// NoRarity: such a card cannot be crafted).
func CraftPoints(r card.Rarity) int {
	if r == card.NoRarity {
		return 0
	}
	return CraftCost
}

// DismantlePoints returns the points of rarity r dismantling a card of that rarity gives.
func DismantlePoints(r card.Rarity) int {
	if r == card.NoRarity {
		return 0
	}
	return DismantleGain
}
