package card

import (
	_ "embed"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed cards.tsv
var poolTSV string

// ErrUnknownCard is returned when a name or passcode is not in a DB.
var ErrUnknownCard = errors.New("card: unknown card")

// DB is an immutable set of card data, looked up by passcode or English name.
type DB struct {
	all    []*Data
	byCode map[Passcode]*Data
	byName map[string]*Data
}

var (
	poolOnce sync.Once
	pool     *DB
	poolErr  error
)

// Pool returns the project's card pool, read once from the embedded data files (cards.tsv and
// rarity.tsv, which gives every card its rarity). It panics if the
// embedded file is malformed, which the package's tests rule out.
func Pool() *DB {
	poolOnce.Do(func() {
		if pool, poolErr = ParseTSV(poolTSV); poolErr != nil {
			return
		}
		var r map[Passcode]Rarity
		if r, poolErr = ParseRarities(poolRarityTSV, pool); poolErr == nil {
			pool.SetRarities(r)
		}
	})
	if poolErr != nil {
		panic(poolErr)
	}
	return pool
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

// ParseTSV reads card data in the format of cards.tsv: tab-separated columns passcode, name,
// name_zh, kind, level (an Xyz Monster's Rank), attribute, type, atk, def, sets; lines starting
// with '#' are comments.
func ParseTSV(text string) (*DB, error) {
	var cards []*Data
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("card data line %d: %w", i+1, err)
		}
		cards = append(cards, c)
	}
	return NewDB(cards)
}

func parseLine(line string) (*Data, error) {
	f := strings.Split(line, "\t")
	if len(f) != 10 {
		return nil, fmt.Errorf("want 10 tab-separated fields, got %d", len(f))
	}
	num := func(s, what string) (int, error) {
		if s == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("%s %q is not a number", what, s)
		}
		return n, nil
	}
	code, err := strconv.ParseUint(f[0], 10, 32)
	if err != nil {
		return nil, fmt.Errorf("passcode %q is not a number", f[0])
	}
	d := &Data{Passcode: Passcode(code), Name: f[1], NameZH: f[2]}
	if d.Name == "" {
		return nil, fmt.Errorf("passcode %d has no name", code)
	}
	if d.Kind, err = ParseKind(f[3]); err != nil {
		return nil, err
	}
	if d.Level, err = num(f[4], "level"); err != nil {
		return nil, err
	}
	if d.Kind.Has(Monster | Xyz) {
		d.Level, d.Rank = 0, d.Level // the column holds the Rank: an Xyz Monster has no Level
	}
	if d.Attribute, err = ParseAttribute(f[5]); err != nil {
		return nil, err
	}
	if d.Race, err = ParseRace(f[6]); err != nil {
		return nil, err
	}
	if d.ATK, err = num(f[7], "ATK"); err != nil {
		return nil, err
	}
	if d.DEF, err = num(f[8], "DEF"); err != nil {
		return nil, err
	}
	d.Sets = strings.Fields(f[9])
	if d.IsMonster() && (d.Attribute == NoAttribute || d.Race == NoRace || d.Stars() == 0) {
		return nil, fmt.Errorf("monster %q needs a level (a rank), an attribute and a type", d.Name)
	}
	return d, nil
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
