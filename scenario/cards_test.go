package scenario

import (
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
)

// testCards are the card scripts the tests' duels play: the drivers' set.
var testCards engine.Library = all.Library()

// readFile is ReadFile with the tests' card scripts.
func readFile(path string) (*File, error) {
	f, err := ReadFile(path)
	if f != nil {
		f.Cards = testCards
	}
	return f, err
}

// parse is Parse with the tests' card scripts.
func parse(src []byte) (*File, error) {
	f, err := Parse(src)
	if f != nil {
		f.Cards = testCards
	}
	return f, err
}
