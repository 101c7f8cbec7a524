package match

import (
	"fmt"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// Outcome is how a duel or a match stands: not over, won by a seat, or drawn.
type Outcome uint8

// The outcomes.
const (
	Pending Outcome = iota // not over
	WinA                   // seat A won
	WinB                   // seat B won
	Draw                   // drawn
)

// String returns the outcome as a replay's `winner:` key writes it: none, A, B or draw.
func (o Outcome) String() string {
	switch o {
	case WinA:
		return "A"
	case WinB:
		return "B"
	case Draw:
		return "draw"
	}
	return "none"
}

// Won returns the outcome in which seat s won.
func Won(s engine.Seat) Outcome {
	if s == engine.A {
		return WinA
	}
	return WinB
}

// Winner returns the seat that won, and false for a draw or an unfinished duel or match.
func (o Outcome) Winner() (engine.Seat, bool) {
	switch o {
	case WinA:
		return engine.A, true
	case WinB:
		return engine.B, true
	}
	return 0, false
}

// parseOutcome reads none, A, B or draw.
func parseOutcome(s string) (Outcome, error) {
	switch s {
	case "none":
		return Pending, nil
	case "A":
		return WinA, nil
	case "B":
		return WinB, nil
	case "draw":
		return Draw, nil
	}
	return Pending, fmt.Errorf("winner %q is not A, B, draw or none", s)
}

// Score counts the duel wins of each seat and the drawn duels.
func Score(duels []Outcome) (wins [2]int, draws int) {
	for _, o := range duels {
		switch o {
		case WinA:
			wins[engine.A]++
		case WinB:
			wins[engine.B]++
		case Draw:
			draws++
		}
	}
	return wins, draws
}

// Decide applies a match rule to the outcomes of the duels played so far, in order, and returns
// the match's outcome (Pending while another duel must be played):
//   - a seat with rule.Wins wins has won the match;
//   - otherwise, after rule.Duels duels that count (wins and losses, and draws when
//     rule.DrawsCount) or after rule.MaxDuels duels in all, the seat with more wins wins the
//     match, and equal wins is a drawn match.
//
// Under classic (DrawsCount, 3 duels) 1 win + 2 draws wins and 1-1-1 is a draw (seed 002); under
// ocg (draws do not count, at most 5 duels) a drawn duel is replayed.
func Decide(rule ruleset.MatchRule, duels []Outcome) Outcome {
	wins, draws := Score(duels)
	for s := engine.A; s <= engine.B; s++ {
		if wins[s] >= rule.Wins {
			return Won(s)
		}
	}
	counted := wins[0] + wins[1]
	if rule.DrawsCount {
		counted += draws
	}
	maxDuels := rule.MaxDuels
	if maxDuels <= 0 {
		maxDuels = rule.Duels
	}
	if counted < rule.Duels && len(duels) < maxDuels {
		return Pending
	}
	switch {
	case wins[engine.A] > wins[engine.B]:
		return WinA
	case wins[engine.B] > wins[engine.A]:
		return WinB
	}
	return Draw
}

// checkRule refuses a match rule that cannot end or cannot be won.
func checkRule(r ruleset.MatchRule) error {
	if r.Wins < 1 || r.Duels < 2*r.Wins-1 || r.MaxDuels != 0 && r.MaxDuels < r.Duels {
		return fmt.Errorf("match: bad match rule %+v: needs Wins >= 1, Duels >= 2*Wins-1, MaxDuels 0 or >= Duels", r)
	}
	return nil
}

// DuelSeed returns the seed of duel n (counted from 1) of a match with the given seed: SplitMix64
// of seed + n × 0x9e3779b97f4a7c15. Every duel of a match is determined by the match's seed and
// the answers.
func DuelSeed(seed uint64, n int) uint64 {
	z := seed + uint64(n)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
