package collection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/fairplay"
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
	// once a day (UTC) for the first win against another account; a duel the player surrendered
	// (conceded, left, ran out of time) earns nothing, nor does a duel short of Real, one against
	// the player's own account or a guest (who may be the player's own second tab).
	DuelGems     int64
	WinGems      int64
	DailyWinGems int64
	// Real is the minimum of a duel that earns (fairplay.Real, the ladder's too).
	Real fairplay.Minimum
	// Repeats is how duels against one opponent (the AI is one) pay less as they repeat.
	Repeats fairplay.Repeats
	// DailyCap bounds what an account earns from duels in a UTC day (the daily bonus included);
	// AIDailyCap bounds the part of it earned against the AI.
	DailyCap   int64
	AIDailyCap int64
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
	Real:          fairplay.Real,
	Repeats:       fairplay.DefaultRepeats,
	DailyCap:      500,
	AIDailyCap:    100,
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
