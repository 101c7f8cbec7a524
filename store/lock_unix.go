//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// fileLock is a flock(2) lock on a file, released by the OS when the process dies.
type fileLock struct{ f *os.File }

// lockFile takes the lock of the file at path (created if missing): exclusive, or shared with
// other shared holders. errLocked if another process holds it in a conflicting way. An exclusive
// holder writes holderLine into the file.
func lockFile(path string, shared bool) (holder, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_EX
	if shared {
		how = syscall.LOCK_SH
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, fmt.Errorf("flock %s: %w", path, err)
	}
	if !shared {
		_ = f.Truncate(0)
		_, _ = f.WriteAt([]byte(holderLine()+"\n"), 0)
	}
	return fileLock{f}, nil
}

func (l fileLock) release() error {
	// The lock file stays (removing it would race a server that opened it to lock it).
	return l.f.Close()
}
