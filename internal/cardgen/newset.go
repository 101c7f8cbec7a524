package cardgen

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
)

// Sources are where NewSet reads the facts of a set.
type Sources struct {
	Root    string // the module's checkout: the card files are Root/cards/<set>/<set>.cards
	SetsDir string // the passcode lists of the boosters, CODE.txt (../shared/cards/sets)
	CDB     string // the English YGOPro database: names and stats
	CDBZH   string // the Simplified Chinese YGOPro database: names
	Convert Converter
	// Limit gives the copies of a card the default banlist allows (3 if it does not list it), for
	// SuggestRarity.
	Limit func(card.Passcode) int
}

// Header is the header of a set whose card file does not exist yet.
type Header struct {
	Name, NameZH, Product, Released string
}

// Report says what NewSet did.
type Report struct {
	File     string       // the set's card file
	Added    []*card.Data // cards new to the data, written to the file of their home set
	Extended []*card.Data // cards already in the data that now list the set too
	Moved    []*card.Data // of those, the cards whose home became this set (moved to its file)
	Skipped  []string     // passcodes left out, each with why (not in the database, a kind the data cannot express)
	NoNameZH []*card.Data // added cards whose Simplified name the Chinese database lacks: their English name was written; translate it
}

// ReadList reads a passcode list, one passcode a line ('#' comments and blank lines skipped),
// keeping the first of a passcode listed twice.
func ReadList(path string) ([]card.Passcode, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []card.Passcode
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		v, err := strconv.ParseUint(l, 10, 32)
		if err != nil || v == 0 {
			return nil, fmt.Errorf("%s line %d: %q is not a passcode", path, n, l)
		}
		if p := card.Passcode(v); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, sc.Err()
}

// NewSet adds a set's cards to the card files under src.Root: code is the set's code (LOB), its
// passcodes those of the list. A card already in the data gets code in its sets (and moves to
// this set's file if this set is now its first printing); a new card gets its data from the
// databases (English name and stats from src.CDB, Simplified name from src.CDBZH, the
// Traditional one converted from it), its sets (every set with a card file whose list in
// src.SetsDir holds it, its home first), the suggested rarity, and no text: the author writes the
// card's texts in the project's own words. The set's file is created with hdr if it is missing.
// Nothing is written unless the card files still load afterwards.
func NewSet(src Sources, code string, passcodes []card.Passcode, hdr *Header) (*Report, error) {
	folder := strings.ToLower(code)
	rep := &Report{File: filepath.Join(src.Root, "cards", folder, folder+".cards")}
	if _, err := os.Stat(rep.File); errors.Is(err, os.ErrNotExist) {
		if hdr == nil {
			return nil, fmt.Errorf("cardgen: %s does not exist: give the set's name, product and release date", rep.File)
		}
		if err := writeHeader(rep.File, code, hdr, len(passcodes)); err != nil {
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	pool, err := card.Load(os.DirFS(src.Root))
	if err != nil {
		return nil, err
	}
	if _, ok := pool.Set(code); !ok {
		return nil, fmt.Errorf("cardgen: %s is not the file of set %s", rep.File, code)
	}
	lists, err := setLists(src.SetsDir, pool)
	if err != nil {
		return nil, err
	}
	lists[code] = passcodes
	en, err := cdb.ReadCards(src.CDB)
	if err != nil {
		return nil, err
	}
	byCode := map[card.Passcode]cdb.Card{}
	for _, c := range en {
		byCode[c.Passcode] = c
	}
	zh, err := cdb.LoadTexts(src.CDBZH)
	if err != nil {
		return nil, err
	}
	ed := newEditor(src.Root)
	for _, p := range passcodes {
		if d, ok := pool.ByPasscode(p); ok {
			if err := ed.extend(pool, d, code, rep); err != nil {
				return nil, err
			}
			continue
		}
		c, ok := byCode[p]
		if !ok {
			rep.Skipped = append(rep.Skipped, fmt.Sprintf("%d: not in %s", p, src.CDB))
			continue
		}
		d, err := c.Data()
		if err != nil {
			rep.Skipped = append(rep.Skipped, err.Error())
			continue
		}
		d.NameZH = zh.Name(p, "")
		if d.NameZH == "" {
			d.NameZH = d.Name
			rep.NoNameZH = append(rep.NoNameZH, d)
		}
		var printed []string
		for _, s := range pool.Sets() {
			if slices.Contains(lists[s.Code], p) {
				printed = append(printed, s.Code)
			}
		}
		home := pool.FirstPrinting(printed)
		d.Sets = append([]string{home}, slices.DeleteFunc(printed, func(s string) bool { return s == home })...)
		d.Rarity = SuggestRarity(d, src.Limit)
		if err := ed.append(home, d.Stanza()); err != nil {
			return nil, err
		}
		rep.Added = append(rep.Added, d)
	}
	if err := ed.flush(); err != nil {
		return nil, err
	}
	if _, err := Sync(src.Root, src.Convert); err != nil {
		return nil, err
	}
	if _, err := card.Load(os.DirFS(src.Root)); err != nil {
		return nil, fmt.Errorf("cardgen: the card files no longer load: %w", err)
	}
	return rep, nil
}

// writeHeader creates a set's card file with its header.
func writeHeader(path, code string, hdr *Header, size int) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	lines := []string{fmt.Sprintf("# %s (%s): the cards whose first printing it is. The format is in docs/cards.md,", hdr.Name, code),
		`# "The card files".`, "", fieldLine("set", code), fieldLine("name", hdr.Name)}
	if hdr.NameZH != "" {
		lines = append(lines, fieldLine("name.zh-CN", hdr.NameZH))
	}
	lines = append(lines, fieldLine("product", hdr.Product), fieldLine("released", hdr.Released),
		fieldLine("size", strconv.Itoa(size)), fieldLine("finished", "no"))
	return os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}

// setLists reads the passcode list of every set of the pool that has one in dir.
func setLists(dir string, pool *card.DB) (map[string][]card.Passcode, error) {
	out := map[string][]card.Passcode{}
	for _, s := range pool.Sets() {
		l, err := ReadList(filepath.Join(dir, s.Code+".txt"))
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, err
		default:
			out[s.Code] = l
		}
	}
	return out, nil
}

// editor holds the card files NewSet changes until it writes them.
type editor struct {
	root  string
	files map[string]*file
}

func newEditor(root string) *editor { return &editor{root: root, files: map[string]*file{}} }

func (e *editor) get(set string) (*file, error) {
	folder := strings.ToLower(set)
	path := filepath.Join(e.root, "cards", folder, folder+".cards")
	if f, ok := e.files[path]; ok {
		return f, nil
	}
	f, err := readFile(path)
	if err != nil {
		return nil, err
	}
	e.files[path] = f
	return f, nil
}

// append adds a stanza at the end of a set's file.
func (e *editor) append(set, stanza string) error {
	f, err := e.get(set)
	if err != nil {
		return err
	}
	f.lines = append(f.lines, "")
	f.lines = append(f.lines, strings.Split(strings.TrimSuffix(stanza, "\n"), "\n")...)
	return nil
}

// extend adds set to the sets of card d, moving it to set's file if set is now its first
// printing.
func (e *editor) extend(pool *card.DB, d *card.Data, set string, rep *Report) error {
	if slices.Contains(d.Sets, set) {
		return nil
	}
	sets := append(slices.Clone(d.Sets), set)
	home := pool.FirstPrinting(sets)
	f, err := e.get(d.Sets[0])
	if err != nil {
		return err
	}
	var at span
	found := false
	for _, s := range f.stanzas() {
		if i := f.find(s, "card"); i >= 0 {
			if _, v := keyOf(f.lines[i]); v == strconv.Itoa(int(d.Passcode)) {
				at, found = s, true
			}
		}
	}
	if !found {
		return fmt.Errorf("cardgen: %s (%d) is not in %s", d.Name, d.Passcode, f.path)
	}
	sets = append([]string{home}, slices.DeleteFunc(sets, func(s string) bool { return s == home })...)
	i := f.find(at, "sets")
	f.lines[i] = fieldLine("sets", strings.Join(sets, " "))
	rep.Extended = append(rep.Extended, d)
	if home == d.Sets[0] {
		return nil
	}
	stanza := slices.Clone(f.lines[at.start:at.end])
	end := at.end
	if end < len(f.lines) && strings.TrimSpace(f.lines[end]) == "" {
		end++ // the blank line after it
	}
	f.lines = slices.Delete(f.lines, at.start, end)
	rep.Moved = append(rep.Moved, d)
	return e.append(home, strings.Join(stanza, "\n"))
}

// flush writes every changed file.
func (e *editor) flush() error {
	for _, f := range e.files {
		for len(f.lines) > 0 && strings.TrimSpace(f.lines[len(f.lines)-1]) == "" {
			f.lines = f.lines[:len(f.lines)-1]
		}
		if err := f.write(); err != nil {
			return err
		}
	}
	return nil
}
