//go:build !refcore

package engine

// forcedRandom is the lockstep harness's hook (refcore.go, -tags refcore); normal builds draw
// every random outcome from the duel's PRNG.
func forcedRandom(*game, RandomDraw) (int, bool) { return 0, false }

// forcedShuffle is the lockstep harness's hook of Deck orders (refcore.go); normal builds keep
// the order their shuffle drew.
func forcedShuffle(*game, Seat) bool { return false }

// forcedShuffleSet is the lockstep harness's hook of the zones of face-down cards shuffled
// among themselves (refcore.go); normal builds keep the order their shuffle draws.
func forcedShuffleSet(*game, Seat, []CardID) bool { return false }
