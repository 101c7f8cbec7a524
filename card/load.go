package card

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/duelistgame/duelist"
)

// FilePattern is where the card files are, in the module and in the file systems Load reads.
const FilePattern = "cards/*/*.cards"

var (
	poolOnce sync.Once
	pool     *DB
	poolErr  error
)

// Pool returns the project's card pool, read once from the card files embedded in the binary
// (every cards/<set>/<set>.cards but kouhu's). It panics if a file is malformed, which the
// package's tests rule out.
func Pool() *DB {
	poolOnce.Do(func() { pool, poolErr = Load(duelist.CardFiles()) })
	if poolErr != nil {
		panic(poolErr)
	}
	return pool
}

// Load reads the card pool from the card files of fsys (FilePattern), leaving out the files of
// another game (kouhu's). Each file must be named after its set's folder (cards/lob/lob.cards
// for LOB), a set given once, and every card's sets known sets, its home (the first) being
// its first printing: the earliest booster among its sets, or if none is a booster, the earliest
// set. Tests load a throwaway set by giving fsys an extra file.
func Load(fsys fs.FS) (*DB, error) {
	names, err := fs.Glob(fsys, FilePattern)
	if err != nil {
		return nil, err
	}
	var (
		sets  []*Set
		cards []*Data
	)
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		st, err := ReadStanzas(name, string(b))
		if err != nil {
			return nil, err
		}
		if len(st) > 0 {
			if g, _ := st[0].Get("game"); g != "" {
				continue // another game's set (kouhu reads its own)
			}
		}
		f, err := ParseFile(name, string(b))
		if err != nil {
			return nil, err
		}
		if want := path.Join("cards", f.Set.Folder(), f.Set.Folder()+".cards"); name != want {
			return nil, fmt.Errorf("%s: the file of set %s is %s", name, f.Set.Code, want)
		}
		sets = append(sets, f.Set)
		cards = append(cards, f.Cards...)
	}
	if len(sets) == 0 {
		return nil, errors.New("card: no card files")
	}
	db, err := NewDB(cards)
	if err != nil {
		return nil, err
	}
	if err := db.setSets(sets); err != nil {
		return nil, err
	}
	return db, nil
}

// setSets gives db its sets, ordered by release (then code), checking every card's sets.
func (db *DB) setSets(sets []*Set) error {
	slices.SortStableFunc(sets, func(a, b *Set) int {
		if c := strings.Compare(a.Released, b.Released); c != 0 {
			return c
		}
		return strings.Compare(a.Code, b.Code)
	})
	db.sets = map[string]*Set{}
	for _, s := range sets {
		if _, dup := db.sets[s.Code]; dup {
			return fmt.Errorf("card: set %s has two files", s.Code)
		}
		db.sets[s.Code] = s
	}
	db.setList = sets
	for _, d := range db.all {
		for _, c := range d.Sets {
			if db.sets[c] == nil {
				return fmt.Errorf("card: %q (%d) lists set %s, which has no card file", d.Name, d.Passcode, c)
			}
		}
		if home, want := d.Sets[0], db.FirstPrinting(d.Sets); home != want {
			return fmt.Errorf("card: %q (%d) is in %s's file, but its first printing among %s is %s: move it to cards/%s/",
				d.Name, d.Passcode, home, strings.Join(d.Sets, " "), want, strings.ToLower(want))
		}
	}
	return nil
}

// FirstPrinting returns the set a card printed in codes belongs to (its home, whose folder holds
// it): the earliest booster among codes by release, or if none is a booster, the earliest of
// codes. Codes the DB does not know are ignored; "" if none is known.
func (db *DB) FirstPrinting(codes []string) string {
	var first, firstBooster *Set
	for _, c := range codes {
		s := db.sets[c]
		switch {
		case s == nil:
		case s.IsBooster() && (firstBooster == nil || s.Released < firstBooster.Released):
			firstBooster = s
		}
		if s != nil && (first == nil || s.Released < first.Released) {
			first = s
		}
	}
	switch {
	case firstBooster != nil:
		return firstBooster.Code
	case first != nil:
		return first.Code
	}
	return ""
}

// Sets returns the DB's sets ordered by release date; empty for a DB not read by Load. The
// slice must not be modified.
func (db *DB) Sets() []*Set { return db.setList }

// Set returns the set of a code ("LOB").
func (db *DB) Set(code string) (*Set, bool) {
	s, ok := db.sets[code]
	return s, ok
}

// InSet returns the cards a set printed (those listing it in their Sets), by passcode.
func (db *DB) InSet(code string) []*Data {
	var out []*Data
	for _, d := range db.all {
		if slices.Contains(d.Sets, code) {
			out = append(out, d)
		}
	}
	return out
}

// PoolWith reads the card pool with the card files of extra added (a test's throwaway set,
// cards/<set>/<set>.cards in extra): the same Load, over the embedded files and extra's. A file
// of extra at the path of an embedded one replaces it.
func PoolWith(extra fs.FS) (*DB, error) {
	return Load(overlay{top: extra, base: duelist.CardFiles()})
}

// overlay is a file system that reads top first, then base.
type overlay struct{ top, base fs.FS }

// Open opens name in top, or in base if top has no such file.
func (o overlay) Open(name string) (fs.File, error) {
	f, err := o.top.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return o.base.Open(name)
	}
	return f, err
}

// Glob returns the union of both file systems' matches, sorted.
func (o overlay) Glob(pattern string) ([]string, error) {
	a, err := fs.Glob(o.top, pattern)
	if err != nil {
		return nil, err
	}
	b, err := fs.Glob(o.base, pattern)
	if err != nil {
		return nil, err
	}
	out := append(a, b...)
	slices.Sort(out)
	return slices.Compact(out), nil
}
