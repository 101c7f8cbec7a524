//go:build !linux

package server

// lowPriority does nothing where threads' priorities are not set (aiprio_linux.go).
func lowPriority() {}
