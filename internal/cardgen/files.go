package cardgen

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// file is a card file on disk as lines, edited in place so that comments and layout stay.
type file struct {
	path  string
	lines []string
}

func readFile(path string) (*file, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &file{path: path, lines: strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")}, nil
}

func (f *file) write() error {
	return os.WriteFile(f.path, []byte(strings.Join(f.lines, "\n")+"\n"), 0o644)
}

// fieldLine formats one "key value" line as the card files write it.
func fieldLine(key, value string) string { return fmt.Sprintf("%-11s %s", key, value) }

// keyOf returns the key and value of a field line ("" for a blank or comment line).
func keyOf(line string) (key, value string) {
	if line == "" || line[0] == '#' || line[0] == ' ' || line[0] == '\t' {
		return "", ""
	}
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		return line[:i], strings.TrimSpace(line[i:])
	}
	return line, ""
}

// span is a stanza of a file: lines [start, end).
type span struct{ start, end int }

// stanzas returns the stanzas of the file (runs of lines between blank lines that hold a field).
func (f *file) stanzas() []span {
	var out []span
	start := -1
	for i := 0; i <= len(f.lines); i++ {
		blank := i == len(f.lines) || strings.TrimSpace(f.lines[i]) == ""
		switch {
		case !blank && start < 0:
			start = i
		case blank && start >= 0:
			has := false
			for _, l := range f.lines[start:i] {
				if k, _ := keyOf(l); k != "" {
					has = true
				}
			}
			if has {
				out = append(out, span{start, i})
			}
			start = -1
		}
	}
	return out
}

// find returns the line of key in the stanza, or -1.
func (f *file) find(s span, key string) int {
	for i := s.start; i < s.end; i++ {
		if k, _ := keyOf(f.lines[i]); k == key {
			return i
		}
	}
	return -1
}

// files lists the card files under root (cards/*/*.cards), sorted.
func files(root string) ([]string, error) {
	out, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(card.FilePattern)))
	sort.Strings(out)
	return out, err
}

// twPair is a Simplified field whose Traditional twin a card file should hold.
type twPair struct{ from, to string }

// twPairs are the Simplified keys and their Traditional twins; texts also take seed 004's terms.
var twPairs = []twPair{{"name.zh-CN", "name.zh-TW"}, {"text.zh-CN", "text.zh-TW"}}

// twEdit is one Traditional field as it is and as it should be.
type twEdit struct {
	stanza   span
	fromLine int    // the Simplified field's line
	toLine   int    // the Traditional field's line; -1 if missing
	key      string // the Traditional key
	have     string // its value now
	want     string // the conversion of the Simplified value
}

// traditional computes, for every Simplified name and text of f, the Traditional value it should
// have, with one run of conv for the whole file.
func (f *file) traditional(conv Converter) ([]twEdit, error) {
	var (
		edits []twEdit
		src   []string
	)
	for _, s := range f.stanzas() {
		for _, p := range twPairs {
			from := f.find(s, p.from)
			if from < 0 {
				continue
			}
			_, v := keyOf(f.lines[from])
			e := twEdit{stanza: s, fromLine: from, toLine: f.find(s, p.to), key: p.to}
			if e.toLine >= 0 {
				_, e.have = keyOf(f.lines[e.toLine])
			}
			edits = append(edits, e)
			src = append(src, v)
		}
	}
	got, err := conv(src)
	if err != nil {
		return nil, err
	}
	if len(got) != len(src) {
		return nil, fmt.Errorf("cardgen: the converter gave %d lines for %d", len(got), len(src))
	}
	for i := range edits {
		edits[i].want = got[i]
		if edits[i].key == "text.zh-TW" {
			edits[i].want = Terms(got[i])
		}
	}
	return edits, nil
}

// Sync fills in the Traditional Chinese name and text of every card (and set name) of the card
// files under root from its Simplified one (conv, then seed 004's terms for texts), adding a
// missing field after its Simplified twin and correcting a stale one. It returns the files it
// changed.
func Sync(root string, conv Converter) ([]string, error) {
	paths, err := files(root)
	if err != nil {
		return nil, err
	}
	var changed []string
	for _, p := range paths {
		f, err := readFile(p)
		if err != nil {
			return nil, err
		}
		edits, err := f.traditional(conv)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		dirty := false
		// From the last edit up, so that an inserted line moves no line still to be edited.
		for i := len(edits) - 1; i >= 0; i-- {
			e := edits[i]
			switch {
			case e.toLine >= 0 && e.have == e.want:
			case e.toLine >= 0:
				f.lines[e.toLine] = fieldLine(e.key, e.want)
				dirty = true
			default:
				f.lines = append(f.lines[:e.fromLine+1], append([]string{fieldLine(e.key, e.want)}, f.lines[e.fromLine+1:]...)...)
				dirty = true
			}
		}
		if dirty {
			if err := f.write(); err != nil {
				return nil, err
			}
			changed = append(changed, p)
		}
	}
	return changed, nil
}

// Stale lists the Traditional Chinese names and texts of the card files under root that are
// missing or are not the conversion of their Simplified twin ("file:line: ..."); Sync corrects
// them.
func Stale(root string, conv Converter) ([]string, error) {
	paths, err := files(root)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range paths {
		f, err := readFile(p)
		if err != nil {
			return nil, err
		}
		edits, err := f.traditional(conv)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for _, e := range edits {
			switch {
			case e.toLine < 0:
				out = append(out, fmt.Sprintf("%s:%d: no %s (want %q)", p, e.fromLine+1, e.key, e.want))
			case e.have != e.want:
				out = append(out, fmt.Sprintf("%s:%d: %s is %q, the conversion of its Simplified twin is %q", p, e.toLine+1, e.key, e.have, e.want))
			}
		}
	}
	return out, nil
}
