package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPty opens a pseudo-terminal: the master (what a terminal emulator writes keys to) and the
// slave (the program's input).
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open the pty's slave: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

// TestTTYTypedAhead: what was typed before a prompt is taken from a terminal (for the client to
// set aside), and what is typed after it is read; a reader that is no terminal keeps its input.
func TestTTYTypedAhead(t *testing.T) {
	master, slave := openPty(t)
	flush := ttyTypedAhead(slave)
	if _, err := master.WriteString("activate \"Mirror Force\"\n"); err != nil {
		t.Fatal(err)
	}
	// The line discipline hands the bytes over asynchronously: wait until they are queued.
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(time.Millisecond) {
		if n, _ := unix.IoctlGetInt(int(slave.Fd()), unix.TIOCINQ); n >= len("activate \"Mirror Force\"\n") {
			break
		}
	}
	if s := flush(); s != "activate \"Mirror Force\"\n" {
		t.Fatalf("took %q, want the line typed ahead", s)
	}
	if s := flush(); s != "" {
		t.Fatalf("a second take took %q", s)
	}
	if _, err := master.WriteString("pass\n"); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	n, err := slave.Read(buf)
	if err != nil || string(buf[:n]) != "pass\n" {
		t.Fatalf("read %q, %v after the flush; want \"pass\\n\"", buf[:n], err)
	}
	if s := ttyTypedAhead(strings.NewReader("end\n"))(); s != "" {
		t.Fatalf("a reader that is no terminal lost %q", s)
	}
	f, err := os.CreateTemp(t.TempDir(), "in")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if s := ttyTypedAhead(f)(); s != "" {
		t.Fatalf("a file lost %q", s)
	}
}
