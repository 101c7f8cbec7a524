// Package deck holds deck lists and the formats of the YGOPro family of tools: .ydk deck files,
// ydke:// URLs and lflist.conf banlists; and it checks a deck against a ruleset's construction
// rules and a banlist.
//
// The readers are tolerant of what tools add around the data (comments, blank lines, CRLF line
// ends, a byte order mark) and strict about the data itself: an unknown passcode or a line they
// cannot read is an error naming its line, never a silent drop. Writing a deck and reading it
// back gives the same deck, card for card and in the same order.
package deck

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// Deck is a deck list: the cards of the Main, Extra and Side Decks, in the order of the list.
type Deck struct {
	Main, Extra, Side []card.Passcode
}

// Equal reports whether two decks hold the same cards in the same order; a nil section equals an
// empty one.
func (d Deck) Equal(o Deck) bool {
	return slices.Equal(d.Main, o.Main) && slices.Equal(d.Extra, o.Extra) && slices.Equal(d.Side, o.Side)
}

// Clone returns a copy of the deck that shares no memory with it.
func (d Deck) Clone() Deck {
	return Deck{Main: slices.Clone(d.Main), Extra: slices.Clone(d.Extra), Side: slices.Clone(d.Side)}
}

// Count returns the number of copies of a card across Main, Extra and Side.
func (d Deck) Count(p card.Passcode) int {
	n := 0
	for _, s := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
		for _, q := range s {
			if q == p {
				n++
			}
		}
	}
	return n
}

// extraOrder ranks Extra Deck monsters by kind for SortExtra.
func extraOrder(d *card.Data) int {
	switch {
	case d == nil:
		return 4
	case d.Kind&card.Fusion != 0:
		return 0
	case d.Kind&card.Synchro != 0:
		return 1
	case d.Kind&card.Xyz != 0:
		return 2
	}
	return 3
}

// SortExtra returns a copy of the deck whose Extra Deck is sorted the way deck editors show it:
// Fusion, then Synchro, then Xyz monsters, then anything else, each by Level (Rank), then name,
// then passcode; cards db does not know come last (a nil db means card.Pool()). The parsers
// never sort: a deck reads back in the order it was written.
func (d Deck) SortExtra(db *card.DB) Deck {
	db = orPool(db)
	out := d.Clone()
	slices.SortStableFunc(out.Extra, func(a, b card.Passcode) int {
		da, _ := db.ByPasscode(a)
		dbb, _ := db.ByPasscode(b)
		if c := extraOrder(da) - extraOrder(dbb); c != 0 {
			return c
		}
		if da != nil && dbb != nil {
			if c := da.Stars() - dbb.Stars(); c != 0 {
				return c
			}
			if c := strings.Compare(da.Name, dbb.Name); c != 0 {
				return c
			}
		}
		return int(a) - int(b)
	})
	return out
}

// Load reads a deck from a ydke:// URL or from a .ydk file at the given path. Passcodes are
// checked against db; see ParseYDK.
func Load(pathOrURL string, db *card.DB) (Deck, error) {
	if IsYDKE(pathOrURL) {
		return ParseYDKE(pathOrURL, db)
	}
	f, err := os.Open(pathOrURL)
	if err != nil {
		return Deck{}, fmt.Errorf("deck: %w", err)
	}
	defer f.Close()
	return parseYDK(f, db, pathOrURL)
}

// LineError is an error about one line of a .ydk or lflist.conf file. File is empty when the
// text did not come from a named file.
type LineError struct {
	File string
	Line int
	Msg  string
}

// Error returns e.g. `deck: yugi.ydk: line 12: unknown passcode 12345678`.
func (e *LineError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("deck: %s: line %d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("deck: line %d: %s", e.Line, e.Msg)
}

// maxErrors bounds the errors a parser reports before it gives up on a file.
const maxErrors = 20

// errorList collects the errors of a parse, so that one run reports every bad line.
type errorList []error

func (l *errorList) add(err error) { *l = append(*l, err) }

// full reports whether enough errors have been found to stop.
func (l errorList) full() bool { return len(l) >= maxErrors }

func (l errorList) err() error {
	if len(l) >= maxErrors {
		return errors.Join(append(l[:maxErrors:maxErrors], errors.New("deck: too many errors; stopped"))...)
	}
	return errors.Join(l...)
}

func orPool(db *card.DB) *card.DB {
	if db == nil {
		return card.Pool()
	}
	return db
}
