//go:build linux

package server

import (
	"runtime"
	"syscall"
)

// lowPriority gives the calling goroutine an OS thread of its own at the lowest priority (nice
// 19), for an AI decision: the rooms' actors, on other threads, then come first whenever they
// have work, even where the process's threads share one CPU share (Linux's autogroups). The
// goroutine must exit when done without unlocking the thread, which the runtime then ends, so
// that no other goroutine runs on it; and it must not resume nor end a coroutine made by a
// goroutine with no locked thread (a duel copied elsewhere: the runtime throws).
func lowPriority() {
	runtime.LockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19) // best effort
}
