package account

import (
	"strings"
	"unicode/utf8"

	"github.com/duelistgame/duelist/plaintext"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Display-name length limits, in characters after normalisation.
const (
	MinNameLen = 3
	MaxNameLen = 20
)

// NormalizeName returns the display name to store for name (NFKC, spaces trimmed) and its key
// (case-folded, NFKC), which is unique among accounts; or why the name cannot be used: too short
// or long, two spaces in a row, or against the players' text rules (package plaintext: control,
// format — bidi, zero-width —, separator and blank-looking characters, combining towers, or
// nothing that shows).
func NormalizeName(name string) (display, key string, err error) {
	if !utf8.ValidString(name) {
		return "", "", invalidf("the name is not valid UTF-8")
	}
	display = strings.Trim(norm.NFKC.String(name), " ")
	n := utf8.RuneCountInString(display)
	if n < MinNameLen || n > MaxNameLen {
		return "", "", invalidf("a name has %d to %d characters", MinNameLen, MaxNameLen)
	}
	if strings.Contains(display, "  ") {
		return "", "", invalidf("a name may not have two spaces in a row")
	}
	if err := plaintext.Check(display); err != nil {
		return "", "", invalidf("the name is refused: %v", err)
	}
	key = norm.NFKC.String(cases.Fold().String(display))
	return display, key, nil
}
