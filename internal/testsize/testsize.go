// Package testsize says how long the module's long-running tests (random duels, fuzzed
// positions) run, so that the README's plain `go test ./...` stays a few minutes on a busy
// two-core machine while CI still plays the long runs:
//
//	go test -short ./...                  the smallest runs (a quick check while editing)
//	go test ./...                         the default: every test, the random-duel runs cut down
//	DUELIST_LONG_TESTS=1 go test ./...    the long runs (.ci/run sets it)
package testsize

import (
	"os"
	"testing"
)

// Env is the environment variable that asks for the long runs when it is "1".
const Env = "DUELIST_LONG_TESTS"

// Long reports whether the long runs were asked for (DUELIST_LONG_TESTS=1) and -short was not
// given.
func Long() bool { return os.Getenv(Env) == "1" && !testing.Short() }

// N returns short under `go test -short`, long when the long runs were asked for, and normal
// otherwise: how many duels (or positions, or seeds) a test plays.
func N(short, normal, long int) int {
	switch {
	case testing.Short():
		return short
	case Long():
		return long
	}
	return normal
}
