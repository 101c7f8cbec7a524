package kouhu

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/duelistgame/duelist"
	"github.com/duelistgame/duelist/card"
)

// File is kouhu's card file in the module (and in duelist.CardFiles).
const File = "cards/kouhu/kouhu.cards"

// ErrUnknownCard is returned when a name or id is not in the set.
var ErrUnknownCard = errors.New("kouhu: unknown card")

// Set is an immutable kouhu card set, looked up by id or by English or Chinese name.
type Set struct {
	info *card.Set // the file's header
	all  []*Card
	byID map[ID]*Card
	// dense holds the cards by id - lo when the ids are close together (as the set's are: a few
	// thousand apart at most), so that ByID, which a kouhu duel calls for every card it makes,
	// indexes instead of hashing.
	dense  []*Card
	lo     ID
	byName map[string]*Card // exact English and Chinese names
	byFold map[string]*Card // lower-cased English names
}

var (
	setOnce sync.Once
	set     *Set
	setErr  error
)

// Load returns the kouhu card set read once from its card file embedded in the binary
// (duelist.CardFiles), or the error that file has.
func Load() (*Set, error) {
	setOnce.Do(func() {
		b, err := fs.ReadFile(duelist.CardFiles(), File)
		if err != nil {
			setErr = err
			return
		}
		set, setErr = ParseCards(File, string(b))
	})
	return set, setErr
}

// Info returns the set's header: its code (KOUHU), names and size.
func (s *Set) Info() *card.Set { return s.info }

// Cards returns the kouhu card set read once from its embedded card file. It panics if that file
// is malformed, which the package's tests rule out.
func Cards() *Set {
	s, err := Load()
	if err != nil {
		panic(err)
	}
	return s
}

// newSet indexes cards; the loader has already checked that ids and names are unique.
func newSet(info *card.Set, cards []*Card) *Set {
	s := &Set{
		info:   info,
		all:    slices.Clone(cards),
		byID:   make(map[ID]*Card, len(cards)),
		byName: make(map[string]*Card, 2*len(cards)),
		byFold: make(map[string]*Card, len(cards)),
	}
	slices.SortFunc(s.all, func(a, b *Card) int { return cmp.Compare(a.ID, b.ID) })
	if n := len(s.all); n > 0 && s.all[n-1].ID-s.all[0].ID < maxDense {
		s.lo = s.all[0].ID
		s.dense = make([]*Card, s.all[n-1].ID-s.lo+1)
		for _, c := range s.all {
			s.dense[c.ID-s.lo] = c
		}
	}
	for _, c := range cards {
		s.byID[c.ID] = c
		s.byName[c.Name] = c
		s.byName[c.NameZH] = c
		s.byFold[strings.ToLower(c.Name)] = c
	}
	return s
}

// All returns every card, ordered by id. The caller may reorder the slice but must not modify
// the cards.
func (s *Set) All() []*Card { return slices.Clone(s.all) }

// Len returns the number of cards.
func (s *Set) Len() int { return len(s.all) }

// ByID finds a card by id.
func (s *Set) ByID(id ID) (*Card, bool) {
	if s.dense != nil {
		if i := uint64(id) - uint64(s.lo); i < uint64(len(s.dense)) {
			c := s.dense[i]
			return c, c != nil
		}
		return nil, false
	}
	c, ok := s.byID[id]
	return c, ok
}

// maxDense is the widest range of ids that a Set indexes by id (dense).
const maxDense = 1 << 12

// ByName finds a card by its English name (exact, or failing that ignoring case) or by its exact
// Chinese name.
func (s *Set) ByName(name string) (*Card, bool) {
	if c, ok := s.byName[name]; ok {
		return c, true
	}
	c, ok := s.byFold[strings.ToLower(name)]
	return c, ok
}

// Lookup is ByName that returns ErrUnknownCard, wrapped with the name, when there is no such card.
func (s *Set) Lookup(name string) (*Card, error) {
	if c, ok := s.ByName(name); ok {
		return c, nil
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownCard, name)
}

// Must returns the card with the given English or Chinese name and panics if there is none;
// for tests and for code that names cards of the set.
func (s *Set) Must(name string) *Card {
	c, err := s.Lookup(name)
	if err != nil {
		panic(err)
	}
	return c
}

// Name returns the English name of the card with the given id, or "#<id>" when it is unknown.
func (s *Set) Name(id ID) string {
	if c, ok := s.byID[id]; ok {
		return c.Name
	}
	return fmt.Sprintf("#%d", id)
}
