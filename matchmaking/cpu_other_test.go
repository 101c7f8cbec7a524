//go:build !unix

package matchmaking

import "time"

// cpuTime cannot be read here: the benchmarks report 0.
func cpuTime() time.Duration { return 0 }
