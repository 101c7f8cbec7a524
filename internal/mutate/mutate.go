// Package mutate is what the mutation tests share (engine's TestMutation, scenario's
// TestGoldensCatchEngineMutations): a copy of the module to mutate in, and one source line
// replaced there and put back.
package mutate

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CopyModule copies the module's regular files from src to dst: not .git, node_modules or test
// binaries (*.test).
func CopyModule(src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if e.IsDir() {
			if e.Name() == ".git" || e.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !e.Type().IsRegular() || strings.HasSuffix(p, ".test") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}

// Apply replaces the text old by new in the file (relative to dir), which must hold old exactly
// once, and returns the function that puts the file back as it was.
func Apply(dir, file, old, new string) (undo func() error, err error) {
	path := filepath.Join(dir, file)
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if n := strings.Count(string(src), old); n != 1 {
		return nil, fmt.Errorf("%s: the line to mutate occurs %d times, want once: %q", file, n, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
		return nil, err
	}
	return func() error { return os.WriteFile(path, src, 0o644) }, nil
}
