//go:build !linux

package main

import "io"

// ttyTypedAhead takes nothing on this system: typed-ahead input is set aside on Linux only.
func ttyTypedAhead(io.Reader) func() string { return func() string { return "" } }
