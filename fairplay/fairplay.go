// Package fairplay says what counts as a real duel and how much a repeated result counts, for
// what a finished duel earns (package collection) and what it does to a rating (package ladder),
// so that neither a player alone (one account in both seats, a guest tab as the opponent) nor two
// accounts conceding to each other, nor losing to the AI on purpose, turns the game's currency or
// ladder into a farm (issue 35, docs/security.md "Fair play"). It is pure: the server measures a
// duel's Play, the collection and the ladder weigh it.
package fairplay

import (
	"math"
	"time"
)

// Play is how much of a duel was played, measured by the server from the duel's moves: the
// turn it ended on and each seat's decisions. A decision is an answer to a prompt that offered
// more than one option (passing a chain window where nothing else was possible is none), so it
// counts what the players did, not how long they took.
type Play struct {
	Turns     int    `json:"turns"`
	Decisions [2]int `json:"decisions"` // seats A and B
}

// Add returns the play of two duels together: a best-of-3 match is weighed by its duels' sum.
func (p Play) Add(q Play) Play {
	return Play{Turns: p.Turns + q.Turns, Decisions: [2]int{p.Decisions[0] + q.Decisions[0], p.Decisions[1] + q.Decisions[1]}}
}

// Surrender reports whether a duel that ended for reason ended by its loser's choice or absence
// (the server's reasons): conceding, leaving, running out of time, not coming back.
func Surrender(reason string) bool {
	switch reason {
	case "conceded", "left", "disconnected", "time":
		return true
	}
	return false
}

// Minimum is what a duel must reach to be a real one.
type Minimum struct {
	Turns     int // the duel lasted at least this many turns
	Decisions int // and each seat made at least this many decisions
}

// Real is the minimum of a real duel, for earnings and ratings alike: five turns (each player has
// had two turns of its own) and ten decisions by each seat. A surrender in a duel's first turns,
// which is how a concession farm plays, is never a real duel; neither is a rare win by the rules
// before turn 5, which is the price of the rule (docs/security.md).
var Real = Minimum{Turns: 5, Decisions: 10}

// Every is a minimum every duel meets (its zero value means "the default" to the services that
// take a Minimum): for tests of other things than fair play (`duelist serve --real-duel 0,0`).
var Every = Minimum{Turns: -1, Decisions: -1}

// Met reports whether p reaches the minimum.
func (m Minimum) Met(p Play) bool {
	return p.Turns >= m.Turns && p.Decisions[0] >= m.Decisions && p.Decisions[1] >= m.Decisions
}

// Repeats is how results against one opponent count less, as Lichess does not rate a pairing's
// games that look farmed: within Window, a pair's first Full results count fully, each later one
// half as much as the one before, and from the Max-th on nothing.
type Repeats struct {
	Window time.Duration
	Full   int
	Max    int
}

// DefaultRepeats: in 24 hours, two results against one opponent count fully, the third half, the
// fourth a quarter, the fifth an eighth, the sixth and later nothing.
var DefaultRepeats = Repeats{Window: 24 * time.Hour, Full: 2, Max: 5}

// Weight is how much a result counts when n results of the same pair came before it within the
// window: 1, then halving, then 0.
func (r Repeats) Weight(n int) float64 {
	switch {
	case n < r.Full:
		return 1
	case n >= r.Max:
		return 0
	}
	return math.Ldexp(1, -(n - r.Full + 1))
}
