//go:build !unix && !windows

package store

// lockFile holds nothing where the OS offers no file lock the project can use (js, wasip1,
// plan9): there, one server per SQLite file is the operator's business.
func lockFile(string, bool) (holder, error) { return noHold{}, nil }
