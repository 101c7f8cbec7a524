package collection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/pack"
)

// Economy is the game's numbers: what a new account gets and what playing earns. Pack prices are
// the products' (pack/products.json); crafting costs are pack.CraftPoints and pack.DismantlePoints.
type Economy struct {
	// StarterGems and StarterPoints are a new account's currency and crafting points.
	StarterGems   int64
	StarterPoints map[card.Rarity]int64
	// StarterDecks are the preconstructed decks whose cards a new account gets: decks of package
	// decks by name, and kouhu decks as "kouhu:<key>".
	StarterDecks []string
	// DuelGems is earned for a finished duel lost or drawn, WinGems for one won, and DailyWinGems
	// once a day (UTC) for the first win; a duel the player surrendered (conceded, left, ran out
	// of time) earns nothing, nor does a duel that ended before turn MinTurns.
	DuelGems     int64
	WinGems      int64
	DailyWinGems int64
	MinTurns     int
	// MaxCrafted is how many copies of a card crafting can bring an account to.
	MaxCrafted int
}

// DefaultEconomy is the project's economy (docs/collection.md): a pack costs 100 gems, so the
// starter gems buy one 10-pack, and a won duel pays half a pack.
var DefaultEconomy = Economy{
	StarterGems:   1000,
	StarterPoints: map[card.Rarity]int64{card.N: 90, card.R: 60, card.SR: 30, card.UR: 30},
	StarterDecks:  []string{"yugi", "kaiba", "kouhu:dragons", "kouhu:knights-and-mages"},
	DuelGems:      20,
	WinGems:       50,
	DailyWinGems:  100,
	MinTurns:      3,
	MaxCrafted:    pack.MaxUseful,
}

// starter returns the starter collection of the economy: its cards are the union of the
// starter decks, each card as many times as the deck that holds it most.
func (e *Economy) starter() (Starter, error) {
	st := Starter{Gems: e.StarterGems, Points: map[card.Rarity]int64{}, Cards: map[card.Passcode]int{},
		Decks: slices.Clone(e.StarterDecks)}
	for _, r := range card.Rarities {
		st.Points[r] = e.StarterPoints[r]
	}
	for _, name := range e.StarterDecks {
		count := map[card.Passcode]int{}
		if key, ok := strings.CutPrefix(name, "kouhu:"); ok {
			d, err := kouhu.LoadDeck(key)
			if err != nil {
				return Starter{}, fmt.Errorf("collection: starter deck %q: %w", name, err)
			}
			m, x := d.Codes()
			for _, p := range append(m, x...) {
				count[p]++
			}
		} else {
			d, err := decks.Get(name)
			if err != nil {
				return Starter{}, fmt.Errorf("collection: starter deck %q: %w", name, err)
			}
			for _, s := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
				for _, p := range s {
					count[p]++
				}
			}
		}
		for p, n := range count {
			st.Cards[p] = max(st.Cards[p], n)
		}
	}
	return st, nil
}

// sortedCodes returns the keys of m in increasing order.
func sortedCodes(m map[card.Passcode]int) []card.Passcode {
	out := make([]card.Passcode, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}
