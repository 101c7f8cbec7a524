package scenario

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Result is the outcome of one file.
type Result struct {
	Path  string
	Title string
	Err   error // nil = passed
}

// Collect expands files and directories into the sorted list of `.duel` files they hold.
func Collect(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".duel") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// RunFile reads and runs one file.
func RunFile(path string) Result {
	f, err := ReadFile(path)
	if err != nil {
		return Result{Path: path, Err: err}
	}
	d, err := f.Run()
	if d != nil {
		d.Close()
	}
	return Result{Path: path, Title: f.Title, Err: err}
}

// RunAll runs every `.duel` file under the paths, writes one line per file and a closing
// `N passed, N failed` line, and returns the counts.
func RunAll(paths []string, w io.Writer) (passed, failed int, err error) {
	files, err := Collect(paths)
	if err != nil {
		return 0, 0, err
	}
	for _, path := range files {
		r := RunFile(path)
		if r.Err != nil {
			failed++
			fmt.Fprintf(w, "FAIL %s: %v\n", path, r.Err)
			continue
		}
		passed++
		fmt.Fprintf(w, "ok   %s\n", path)
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	return passed, failed, nil
}
