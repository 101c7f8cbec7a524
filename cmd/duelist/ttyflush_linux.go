package main

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// ttyTypedAhead returns a function that takes the input a terminal holds that has not been read
// yet (the lines typed before a prompt appeared) and returns it, so that the client decides what
// to do with it instead of a prompt that opened meanwhile taking it. For an input that is not a
// terminal (a pipe, a file, a test's reader) it takes nothing: scripted input is meant to be read
// ahead.
func ttyTypedAhead(in io.Reader) func() string {
	f, ok := in.(*os.File)
	if !ok {
		return func() string { return "" }
	}
	fd := int(f.Fd())
	if _, err := unix.IoctlGetTermios(fd, unix.TCGETS); err != nil {
		return func() string { return "" }
	}
	return func() string {
		// In canonical mode TIOCINQ counts whole lines only: reading them does not block.
		n, err := unix.IoctlGetInt(fd, unix.TIOCINQ)
		if err != nil || n <= 0 {
			return ""
		}
		buf := make([]byte, n)
		got := 0
		for got < n {
			k, err := unix.Read(fd, buf[got:])
			if err != nil || k <= 0 {
				break
			}
			got += k
		}
		return string(buf[:got])
	}
}
