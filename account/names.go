package account

import (
	"strings"
	"unicode"
	"unicode/utf8"

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
// or long, control, format (bidi, zero-width), line- or paragraph-separator characters, other
// spaces than U+0020, or two spaces in a row.
func NormalizeName(name string) (display, key string, err error) {
	if !utf8.ValidString(name) {
		return "", "", invalidf("the name is not valid UTF-8")
	}
	display = strings.Trim(norm.NFKC.String(name), " ")
	n := utf8.RuneCountInString(display)
	if n < MinNameLen || n > MaxNameLen {
		return "", "", invalidf("a name has %d to %d characters", MinNameLen, MaxNameLen)
	}
	prevSpace := false
	for _, r := range display {
		switch {
		case r == ' ':
			if prevSpace {
				return "", "", invalidf("a name may not have two spaces in a row")
			}
			prevSpace = true
			continue
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r),
			unicode.IsSpace(r), unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r), r == utf8.RuneError,
			unicode.Is(unicode.Variation_Selector, r), r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0:
			return "", "", invalidf("a name may not contain the character %U", r)
		case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S):
			return "", "", invalidf("a name may not contain the character %U", r)
		}
		prevSpace = false
	}
	key = norm.NFKC.String(cases.Fold().String(display))
	return display, key, nil
}
