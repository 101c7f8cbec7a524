package kouhu

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// The deck limits of seed 000 (RULES.md kouhu).
const (
	MainSize  = 60 // the Main Deck holds exactly 60 cards
	ExtraMax  = 15 // the Extra Deck holds 0-15 fusion, ritual and evolution creatures
	SideMax   = 15 // the Side Deck holds 0-15 cards of any kind
	MaxCopies = 3  // at most 3 cards of a name across Main, Extra and Side
)

//go:embed decks/*.txt
var deckFiles embed.FS

// deckExt is the file extension of kouhu deck lists.
const deckExt = ".txt"

var (
	// ErrBadDeck is wrapped by every error about the syntax of a deck list.
	ErrBadDeck = errors.New("kouhu: bad deck list")
	// ErrIllegalDeck is wrapped by every error about a deck that breaks the deck rules.
	ErrIllegalDeck = errors.New("kouhu: illegal deck")
)

// Deck is a kouhu deck: its cards by id, each copy listed once.
type Deck struct {
	Key    string // the file name without ".txt", e.g. "dragons"; "" if not from a file
	Name   string // the English name from the "name:" line
	NameZH string // the Chinese name from the "name_zh:" line
	Main   []ID   // the Main Deck
	Extra  []ID   // the Extra Deck
	Side   []ID   // the Side Deck
}

// DeckError is a fault in the text of a deck list. It names the file and the line.
type DeckError struct {
	File string // the file name given to ParseDeck
	Line int    // 1-based line number
	Err  error  // what is wrong
}

// Error reads like "kouhu: deck dragons.txt line 7: unknown card "Blue Eyes"".
func (e *DeckError) Error() string {
	return fmt.Sprintf("kouhu: deck %s line %d: %v", e.File, e.Line, e.Err)
}

// Unwrap lets errors.Is find ErrBadDeck and the underlying error (ErrUnknownCard for a name
// that is not in the set).
func (e *DeckError) Unwrap() []error { return []error{ErrBadDeck, e.Err} }

// unknownName is the error for a deck line naming no card; it is ErrUnknownCard.
type unknownName string

func (u unknownName) Error() string        { return fmt.Sprintf("unknown card %q", string(u)) }
func (u unknownName) Is(target error) bool { return target == ErrUnknownCard }

// IllegalDeckError lists every deck rule a deck breaks.
type IllegalDeckError struct {
	Deck     string   // the deck's name
	Problems []string // one sentence per broken rule, in a stable order
}

// Error joins the problems: "kouhu: illegal deck "X": Main Deck has 59 cards; ...".
func (e *IllegalDeckError) Error() string {
	return fmt.Sprintf("kouhu: illegal deck %q: %s", e.Deck, strings.Join(e.Problems, "; "))
}

// Unwrap lets errors.Is find ErrIllegalDeck.
func (e *IllegalDeckError) Unwrap() error { return ErrIllegalDeck }

// ParseDeck reads a deck list (format in README.md): '#' comment lines and blank lines are
// ignored; "name: ..." and "name_zh: ..." name the deck; "[main]", "[extra]" and "[side]" open
// a section; every other line is "<copies> <card name>", copies 1-3, the name English or Chinese,
// each name at most once per section. It checks the syntax and the names; Validate checks the
// deck rules.
func (s *Set) ParseDeck(file, src string) (*Deck, error) {
	d := &Deck{Key: strings.TrimSuffix(file, deckExt)}
	var section *[]ID
	seen := map[*[]ID]map[ID]bool{}
	for i, line := range strings.Split(src, "\n") {
		n := i + 1
		line = strings.TrimSpace(line)
		fail := func(format string, args ...any) error {
			return &DeckError{File: file, Line: n, Err: fmt.Errorf(format, args...)}
		}
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "name:"):
			d.Name = strings.TrimSpace(strings.TrimPrefix(line, "name:"))
			continue
		case strings.HasPrefix(line, "name_zh:"):
			d.NameZH = strings.TrimSpace(strings.TrimPrefix(line, "name_zh:"))
			continue
		case line == "[main]":
			section = &d.Main
		case line == "[extra]":
			section = &d.Extra
		case line == "[side]":
			section = &d.Side
		case strings.HasPrefix(line, "["):
			return nil, fail("unknown section %s (want [main], [extra] or [side])", line)
		default:
			if section == nil {
				return nil, fail("card line %q before any [main], [extra] or [side]", line)
			}
			num, name, ok := strings.Cut(line, " ")
			copies, err := strconv.Atoi(num)
			name = strings.TrimSpace(name)
			if !ok || err != nil || copies < 1 || copies > MaxCopies || name == "" {
				return nil, fail("%q is not \"<copies 1-%d> <card name>\"", line, MaxCopies)
			}
			c, found := s.ByName(name)
			if !found {
				return nil, &DeckError{File: file, Line: n, Err: unknownName(name)}
			}
			if seen[section][c.ID] {
				return nil, fail("%s is listed twice in this section", c.Name)
			}
			seen[section][c.ID] = true
			for range copies {
				*section = append(*section, c.ID)
			}
			continue
		}
		if seen[section] != nil {
			return nil, fail("section %s given twice", line)
		}
		seen[section] = map[ID]bool{}
	}
	if d.Name == "" {
		return nil, &DeckError{File: file, Line: 1, Err: errors.New(`no "name:" line`)}
	}
	return d, nil
}

// Validate checks d against the kouhu deck rules: Main exactly MainSize cards with no extra
// creatures, Extra at most ExtraMax fusion, ritual and evolution creatures, Side at most
// SideMax, at most MaxCopies of a card across the three, every id in the set. It returns an
// *IllegalDeckError listing every problem, or nil.
func (s *Set) Validate(d *Deck) error {
	var problems []string
	if n := len(d.Main); n != MainSize {
		problems = append(problems, fmt.Sprintf("Main Deck has %d cards; kouhu needs exactly %d", n, MainSize))
	}
	if n := len(d.Extra); n > ExtraMax {
		problems = append(problems, fmt.Sprintf("Extra Deck has %d cards; at most %d", n, ExtraMax))
	}
	if n := len(d.Side); n > SideMax {
		problems = append(problems, fmt.Sprintf("Side Deck has %d cards; at most %d", n, SideMax))
	}
	counts := map[ID]int{}
	var order []ID
	check := func(ids []ID, extra bool) {
		said := map[ID]bool{}
		for _, id := range ids {
			if counts[id] == 0 {
				order = append(order, id)
			}
			counts[id]++
			if said[id] {
				continue // say each card's problem once per section
			}
			said[id] = true
			c, ok := s.ByID(id)
			switch {
			case !ok:
				problems = append(problems, fmt.Sprintf("unknown card id %d", id))
			case !extra && c.IsExtra():
				problems = append(problems, fmt.Sprintf("%s is %s; it belongs in the Extra Deck", c.Name, c.Kind.an()))
			case extra && !c.IsExtra():
				problems = append(problems, fmt.Sprintf("%s is %s; the Extra Deck holds only fusion, ritual and evolution creatures", c.Name, c.Kind.an()))
			}
		}
	}
	check(d.Main, false)
	check(d.Extra, true)
	for _, id := range d.Side {
		if counts[id] == 0 {
			order = append(order, id)
		}
		counts[id]++
		if _, ok := s.ByID(id); !ok && counts[id] == 1 {
			problems = append(problems, fmt.Sprintf("unknown card id %d", id))
		}
	}
	for _, id := range order {
		if counts[id] > MaxCopies {
			problems = append(problems, fmt.Sprintf("%s: %d copies; at most %d", s.Name(id), counts[id], MaxCopies))
		}
	}
	if problems != nil {
		return &IllegalDeckError{Deck: d.Name, Problems: problems}
	}
	return nil
}

// Distinct returns the number of different cards in ids.
func Distinct(ids []ID) int {
	seen := map[ID]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	return len(seen)
}

// DeckKeys lists the preconstructed decks shipped in decks/, by file name without ".txt", sorted.
func DeckKeys() []string {
	entries, err := fs.ReadDir(deckFiles, "decks")
	if err != nil {
		panic(err) // the embedded directory always reads
	}
	var keys []string
	for _, e := range entries {
		if k, ok := strings.CutSuffix(e.Name(), deckExt); ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// DeckSource returns the text of the preconstructed deck with the given key.
func DeckSource(key string) (string, error) {
	b, err := deckFiles.ReadFile("decks/" + key + deckExt)
	if err != nil || strings.ContainsAny(key, `/\`) {
		return "", fmt.Errorf("kouhu: no preconstructed deck %q (the decks are %s)", key, strings.Join(DeckKeys(), ", "))
	}
	return string(b), nil
}

// LoadDeck returns the preconstructed deck with the given key, parsed and validated against the
// embedded card set.
func LoadDeck(key string) (*Deck, error) {
	src, err := DeckSource(key)
	if err != nil {
		return nil, err
	}
	s, err := Load()
	if err != nil {
		return nil, err
	}
	d, err := s.ParseDeck(key+deckExt, src)
	if err != nil {
		return nil, err
	}
	if err := s.Validate(d); err != nil {
		return nil, err
	}
	return d, nil
}
