//go:build unix

package matchmaking

import (
	"syscall"
	"time"
)

// cpuTime is the process's CPU time so far (user + system, every thread: the GC's too), or 0
// where it cannot be read. On a shared machine a benchmark's wall time counts the others'
// load; its CPU time does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
