// Package ruleset names the rulesets a duel can be played under: for each, the engine's Rules
// (parameters and hooks of the duel kernel) and the deck construction limits. Every place that
// lets a user choose a ruleset reads this registry.
package ruleset

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/duelistgame/duelist/engine"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// DeckLimits are the deck construction rules of a ruleset.
type DeckLimits struct {
	MainMin, MainMax   int    // MainMax 0 = no upper limit
	ExtraMax           int    // -1 = no upper limit
	SideSizes          []int  // if not empty, the only Side Deck sizes allowed (classic: 0 or 15)
	SideMax            int    // used when SideSizes is empty
	MaxCopies          int    // copies of one card across Main+Extra+Side
	AllowSynchro       bool   // Synchro monsters may be in the Extra Deck
	AllowXyz           bool   // Xyz monsters may be in the Extra Deck
	ExactMain          bool   // the Main Deck must be exactly MainMin cards
	ExtraDeckName      string // what the ruleset calls the Extra Deck ("Fusion Deck" in classic)
	RitualInExtra      bool   // Ritual monsters live in the Extra Deck (kouhu)
	ForbiddenKindsText string
}

// MatchRule is how a ruleset plays a match of duels (package match; RULES.md ocg "Start", classic).
// A match ends when a player has Wins duel wins, or after Duels duels that count, or after
// MaxDuels duels in all; then the player with more wins wins it, and equal wins is a drawn match.
type MatchRule struct {
	Wins       int  // duel wins that win the match at once (2: best of 3)
	Duels      int  // the match ends after this many duels that count (3)
	DrawsCount bool // a drawn duel counts toward Duels (classic); otherwise another duel is played
	MaxDuels   int  // the most duels of one match, draws included (0 = Duels)
}

// bestOf3 is the match of ocg, anime and kouhu: first to 2 wins; a drawn duel does not count and
// another is played (the official tournament rule), up to 5 duels in all (our stand-in for a
// round's time limit), after which more wins wins the match and equal wins draw it.
var bestOf3 = MatchRule{Wins: 2, Duels: 3, MaxDuels: 5}

// Ruleset is one named ruleset.
type Ruleset struct {
	ID          string
	Description string
	Rules       engine.Rules
	Deck        DeckLimits
	Match       MatchRule
	// Pending, when not empty, says why duels cannot be played under this ruleset yet (its deck
	// rules can still be checked).
	Pending string
}

// Kouhu reports whether this is the kouhu ruleset (seed 000), which plays its own card set (package
// kouhu) with its own procedures (package kouhu/rules).
func (r Ruleset) Kouhu() bool { return r.ID == "kouhu" }

// Playable returns an error when duels cannot be played under the ruleset yet.
func (r Ruleset) Playable() error {
	if r.Pending != "" {
		return fmt.Errorf("ruleset %s: %s", r.ID, r.Pending)
	}
	return nil
}

var registry = map[string]Ruleset{
	"ocg": {
		ID:          "ocg",
		Description: "Master Rule of 2008 (Synchro era): the default",
		Rules:       engine.OCG(),
		Deck: DeckLimits{MainMin: 40, MainMax: 60, ExtraMax: 15, SideMax: 15, MaxCopies: 3,
			AllowSynchro: true, AllowXyz: true, ExtraDeckName: "Extra Deck"},
		Match: bestOf3,
	},
	// RULES.md classic: Main 40 or more, Side exactly 15 or none, an unlimited "Fusion Deck",
	// no Synchro or Xyz monsters. The engine rules are ocg's until the engine has its own.
	"classic": {
		ID:          "classic",
		Description: "the pre-2008 rules: Fusion Deck, no Extra Deck limit",
		Rules:       engine.Classic(),
		Deck: DeckLimits{MainMin: 40, ExtraMax: -1, SideSizes: []int{0, 15}, MaxCopies: 3,
			ExtraDeckName: "Fusion Deck"},
		// Seed 002: 1 win + 2 draws wins the match; 1 win, 1 draw, 1 loss is a drawn match.
		Match: MatchRule{Wins: 2, Duels: 3, DrawsCount: true, MaxDuels: 3},
	},
	// RULES.md anime: the deck rules of ocg.
	"anime": {
		ID:          "anime",
		Description: "close to the anime: shared Field Zone, hidden Graveyards, Xyz",
		Rules:       engine.Anime(),
		Deck: DeckLimits{MainMin: 40, MainMax: 60, ExtraMax: 15, SideMax: 15, MaxCopies: 3,
			AllowSynchro: true, AllowXyz: true, ExtraDeckName: "Extra Deck"},
		Match: bestOf3,
	},
	// RULES.md kouhu: Main exactly 60; the Extra Deck holds fusion, ritual and evolution
	// creatures (so Ritual monsters go there, and there are no Synchro or Xyz monsters).
	"kouhu": {
		ID:          "kouhu",
		Description: "口胡游戏王: a Yu-Gi-Oh!/MTG/Duel Masters hybrid with a resource zone, Levels as costs and blocking, with its own card set",
		Rules:       krules.Rules(),
		Deck: DeckLimits{MainMin: 60, MainMax: 60, ExactMain: true, ExtraMax: 15, SideMax: 15,
			MaxCopies: 3, ExtraDeckName: "Extra Deck", RitualInExtra: true},
		Match: bestOf3, // seed 000 says nothing of matches
	},
}

// Get returns the ruleset with the given id, or an error listing the known ones.
func Get(id string) (Ruleset, error) {
	if r, ok := registry[id]; ok {
		r.Deck.SideSizes = slices.Clone(r.Deck.SideSizes) // callers must not reach the registry
		return r, nil
	}
	return Ruleset{}, fmt.Errorf("ruleset: unknown ruleset %q (known: %s)", id, strings.Join(IDs(), ", "))
}

// IDs lists the known ruleset ids in a stable order, "ocg" first.
func IDs() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		if (ids[i] == "ocg") != (ids[j] == "ocg") {
			return ids[i] == "ocg"
		}
		return ids[i] < ids[j]
	})
	return ids
}

// All returns every known ruleset, in the order of IDs.
func All() []Ruleset {
	var out []Ruleset
	for _, id := range IDs() {
		r, _ := Get(id)
		out = append(out, r)
	}
	return out
}
