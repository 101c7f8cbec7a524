//go:build !refcore

package engine

// forcedRandom is the lockstep harness's hook (refcore.go, -tags refcore); normal builds draw
// every random outcome from the duel's PRNG.
func forcedRandom(*game, RandomDraw) (int, bool) { return 0, false }
