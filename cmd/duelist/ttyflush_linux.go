package main

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// ttyFlusher returns a function that drops the input a terminal holds that has not been read
// yet (what was typed before a prompt appeared) and says how many bytes it dropped. For an input
// that is not a terminal (a pipe, a file, a test's reader) it drops nothing: scripted input is
// meant to be read ahead.
func ttyFlusher(in io.Reader) func() int {
	f, ok := in.(*os.File)
	if !ok {
		return func() int { return 0 }
	}
	fd := int(f.Fd())
	if _, err := unix.IoctlGetTermios(fd, unix.TCGETS); err != nil {
		return func() int { return 0 }
	}
	return func() int {
		n, err := unix.IoctlGetInt(fd, unix.TIOCINQ)
		if err != nil || n <= 0 {
			return 0
		}
		if err := unix.IoctlSetInt(fd, unix.TCFLSH, unix.TCIFLUSH); err != nil {
			return 0
		}
		return n
	}
}
