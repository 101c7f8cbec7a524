package agent

import (
	"fmt"
	"strings"
	"time"
)

// The levels of the AI opponent, by name (duelist play --ai, the arena, the server's rooms).
const (
	LevelEasy   = "easy"   // the Easy policy: a move in microseconds
	LevelNormal = "normal" // search: NormalPlayouts a decision, at most NormalTime
	LevelHard   = "hard"   // search: HardPlayouts a decision, at most HardTime
)

// Levels lists the level names, easiest first.
var Levels = []string{LevelEasy, LevelNormal, LevelHard}

// The levels' budgets. A decision stops at its playouts or its time, whichever comes first; the
// time bounds a decision on a slow or busy machine (≤ 0.3 s for Normal and ≤ 2 s for Hard on one
// core, issue 30), the playouts make a decision reproducible where the time is not reached. On one
// core Normal's 600 playouts take 39 ms of CPU at the median and 70 ms at p99, Hard's 3,000 285
// and 411 ms (docs/ai.md).
const (
	NormalPlayouts = 600
	NormalTime     = 300 * time.Millisecond
	HardPlayouts   = 3000
	HardTime       = 2 * time.Second
	// NormalMargin and HardMargin are the levels' Search.Margin: another answer than the Easy
	// policy's must beat it by this much (in wins). The margin stands for the noise of the
	// playouts' means, so it shrinks as the playouts grow, as 0.1·√(150/playouts): 0.1 was
	// chosen by the arena at 150 playouts (Normal against Easy in ocg, seeds 1-50: 54 % with no
	// margin, 60 % with 0.05, 67 % with 0.1, 61 % with 0.2); at 600 playouts an oracle that
	// replays each answer the search changes in 100 re-dealt worlds to the end found 0.05 worth
	// more than 0.1 (docs/ai.md, TestOracleGain).
	NormalMargin = 0.05
	HardMargin   = 0.025
)

// NewNormal returns the Normal level: a search of NormalPlayouts playouts a decision, over 12
// worlds, the playouts cut 4 turns ahead, at most NormalTime a decision, keeping Easy's answer
// unless another beats it by NormalMargin.
func NewNormal(seed uint64) *Search {
	s := NewSearch(seed, NormalPlayouts)
	s.Worlds, s.Turns, s.Time, s.Margin = 12, 4, NormalTime, NormalMargin
	return s
}

// NewHard returns the Hard level: a search of HardPlayouts playouts a decision, over 32 worlds,
// the playouts cut 8 turns ahead, at most HardTime a decision, keeping Easy's answer unless
// another beats it by HardMargin.
func NewHard(seed uint64) *Search {
	s := NewSearch(seed, HardPlayouts)
	s.Worlds, s.Turns, s.Time, s.Margin = 32, 8, HardTime, HardMargin
	return s
}

// NewLevel returns the agent of a level by name (Levels), with a seed. live=false drops the
// search levels' time limit, so that a decision depends only on the seed and the duel (arenas,
// tests); live play keeps it.
func NewLevel(name string, seed uint64, live bool) (Agent, error) {
	var s *Search
	switch strings.ToLower(name) {
	case LevelEasy:
		return NewEasy(seed), nil
	case LevelNormal:
		s = NewNormal(seed)
	case LevelHard:
		s = NewHard(seed)
	default:
		return nil, fmt.Errorf("agent: no AI level %q (the levels: %s)", name, strings.Join(Levels, ", "))
	}
	if !live {
		s.Time = 0
	}
	return s, nil
}
