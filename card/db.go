package card

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// ErrUnknownCard is returned when a name or passcode is not in a DB.
var ErrUnknownCard = errors.New("card: unknown card")

// DB is an immutable set of card data, looked up by passcode or English name.
type DB struct {
	all     []*Data
	byCode  map[Passcode]*Data
	byName  map[string]*Data
	sets    map[string]*Set // by code (Load)
	setList []*Set          // by release date
}

// NewDB builds a DB from card data; passcodes and names must be unique.
func NewDB(cards []*Data) (*DB, error) {
	db := &DB{byCode: make(map[Passcode]*Data, len(cards)), byName: make(map[string]*Data, len(cards))}
	for _, c := range cards {
		if _, dup := db.byCode[c.Passcode]; dup {
			return nil, fmt.Errorf("card: passcode %d listed twice", c.Passcode)
		}
		if _, dup := db.byName[c.Name]; dup {
			return nil, fmt.Errorf("card: name %q listed twice", c.Name)
		}
		db.byCode[c.Passcode] = c
		db.byName[c.Name] = c
		db.all = append(db.all, c)
	}
	sort.Slice(db.all, func(i, j int) bool { return db.all[i].Passcode < db.all[j].Passcode })
	return db, nil
}

// All returns every card, ordered by passcode. The slice must not be modified.
func (db *DB) All() []*Data { return db.all }

// Len returns the number of cards.
func (db *DB) Len() int { return len(db.all) }

// ByPasscode finds a card by passcode.
func (db *DB) ByPasscode(p Passcode) (*Data, bool) {
	d, ok := db.byCode[p]
	return d, ok
}

// ByName finds a card by its exact English name.
func (db *DB) ByName(name string) (*Data, bool) {
	d, ok := db.byName[name]
	return d, ok
}

// Lookup resolves a card reference as the notation writes it without quotes: an exact English
// name, or "#" followed by a passcode.
func (db *DB) Lookup(ref string) (*Data, error) {
	if strings.HasPrefix(ref, "#") {
		n, err := strconv.ParseUint(ref[1:], 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%w: %q is not a passcode", ErrUnknownCard, ref)
		}
		if d, ok := db.byCode[Passcode(n)]; ok {
			return d, nil
		}
		return nil, fmt.Errorf("%w: no card has passcode %s", ErrUnknownCard, ref[1:])
	}
	if d, ok := db.byName[ref]; ok {
		return d, nil
	}
	return nil, fmt.Errorf("%w: no card is named %q", ErrUnknownCard, ref)
}
