package archtest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// backticked matches a `code` span of Markdown.
var backticked = regexp.MustCompile("`([^`]+)`")

// Packages returns the folders under root (relative, "." for root) that hold a package: a
// non-test Go file, whatever its build tags. Hidden folders, testdata and node_modules are not
// read.
func Packages(root string) ([]string, error) {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			seen[filepath.ToSlash(filepath.Dir(rel))] = true
		}
		return nil
	})
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out, err
}

// MapMisses returns the packages under root (Packages) that the map of root's README.md (the
// table under "## The map") does not name. A row names the packages in its first cell, in code
// spans: a path ("deck"), a path ending in "/<set>" for every folder one level under it
// ("cards/<set>"), or "the module root" for the root package; the row of `internal/...` names
// the internal packages in code spans of its second cell.
func MapMisses(root string) ([]string, error) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		return nil, err
	}
	_, text, _ := strings.Cut(string(readme), "\n## The map\n")
	text, _, _ = strings.Cut(text, "\n## ")
	named := map[string]bool{}
	var under []string // "cards/": every folder one level under it
	for _, line := range strings.Split(text, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.HasPrefix(line, "|") {
			continue
		}
		first := cells[1]
		if strings.Contains(first, "the module root") {
			named["."] = true
		}
		for _, m := range backticked.FindAllStringSubmatch(first, -1) {
			switch p := m[1]; {
			case p == "internal/...":
				for _, n := range backticked.FindAllStringSubmatch(strings.Join(cells[2:], "|"), -1) {
					named["internal/"+n[1]] = true
				}
			case strings.HasSuffix(p, "/<set>"):
				under = append(under, strings.TrimSuffix(p, "<set>"))
			default:
				named[p] = true
			}
		}
	}
	pkgs, err := Packages(root)
	if err != nil {
		return nil, err
	}
	var miss []string
	for _, p := range pkgs {
		if named[p] {
			continue
		}
		if i := strings.LastIndex(p, "/"); i >= 0 && slices.Contains(under, p[:i+1]) {
			continue
		}
		miss = append(miss, p)
	}
	return miss, nil
}
