package scenario

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// Result is the outcome of one file.
type Result struct {
	Path  string
	Title string
	Err   error // nil = passed
	Wrote bool  // its golden was written (GoldenRewrite, GoldenCreate)
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

// RunFile reads and runs one file with the card scripts of lib, and checks its golden when it has
// one.
func RunFile(path string, lib engine.Library) Result { return RunFileGolden(path, GoldenCheck, lib) }

// RunFileGolden reads and runs one file with the card scripts of lib and checks, rewrites or
// creates its golden as mode says.
func RunFileGolden(path string, mode GoldenMode, lib engine.Library) Result {
	f, err := ReadFile(path)
	if err != nil {
		return Result{Path: path, Err: err}
	}
	f.Cards = lib
	wrote, err := runGolden(f, mode)
	return Result{Path: path, Title: f.Title, Err: err, Wrote: wrote}
}

// RunAll runs every `.duel` file under the paths, checking the goldens of those that have one,
// writes one line per file and a closing `N passed, N failed` line, and returns the counts. The
// duels play the card scripts of lib.
func RunAll(paths []string, w io.Writer, lib engine.Library) (passed, failed int, err error) {
	return runAll(paths, w, false, lib)
}

// RewriteAll is RunAll that rewrites goldens instead of checking them: the golden of every file
// under a directory that has one, and of every file named itself, which gets one if it had none.
// A file that fails keeps its golden.
func RewriteAll(paths []string, w io.Writer, lib engine.Library) (passed, failed int, err error) {
	return runAll(paths, w, true, lib)
}

func runAll(paths []string, w io.Writer, rewrite bool, lib engine.Library) (passed, failed int, err error) {
	files, err := Collect(paths)
	if err != nil {
		return 0, 0, err
	}
	named := map[string]bool{}
	for _, p := range paths {
		named[p] = true
	}
	for _, path := range files {
		mode := GoldenCheck
		switch {
		case rewrite && named[path]:
			mode = GoldenCreate
		case rewrite:
			mode = GoldenRewrite
		}
		r := RunFileGolden(path, mode, lib)
		if r.Err != nil {
			failed++
			fmt.Fprintf(w, "FAIL %s: %v\n", path, r.Err)
			continue
		}
		passed++
		if r.Wrote {
			fmt.Fprintf(w, "ok   %s (wrote %s)\n", path, GoldenPath(path))
			continue
		}
		fmt.Fprintf(w, "ok   %s\n", path)
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	return passed, failed, nil
}
