//go:build windows

package store

import (
	"errors"
	"syscall"
)

// fileLock is a file opened with no sharing, which no other process can open until this one
// closes it or dies.
type fileLock struct{ h syscall.Handle }

// lockFile opens the file at path for this process alone (Windows has no shared mode here: a
// shared hold is exclusive too). errLocked if another process has it open.
func lockFile(path string, _ bool) (holder, error) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, 0, nil,
		syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		if errors.Is(err, errSharingViolation) {
			return nil, errLocked
		}
		return nil, err
	}
	return fileLock{h}, nil
}

func (l fileLock) release() error { return syscall.CloseHandle(l.h) }

// errSharingViolation is ERROR_SHARING_VIOLATION (32), which package syscall does not name.
const errSharingViolation = syscall.Errno(32)
