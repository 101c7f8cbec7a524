// Package plaintext holds the rules a player's text must follow before other players are shown
// it: display names (package account) and chat and report texts (package social). A text
// carries no control or format characters (bidi overrides, embeddings and isolates, the
// right-to-left and Arabic letter marks, zero-width characters), no characters that look
// blank (the Hangul fillers, the braille blank, other spaces than U+0020), no private-use or
// unassigned characters, and no tower of combining marks; and it must show something (issue
// 35: chat accepted all of these, and names of only blank-looking characters were accepted).
package plaintext

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxMarks is how many combining marks may follow one character: enough for any script's
// stacked diacritics (Vietnamese needs two), not for a "Zalgo" tower over the lines around it.
const MaxMarks = 3

// Error is a refused text; its message says why, for the player.
type Error string

func (e Error) Error() string { return string(e) }

func errorf(format string, args ...any) error { return Error(fmt.Sprintf(format, args...)) }

// blank are characters that render as nothing or as a space although their category says
// otherwise (letters, symbols, marks).
var blank = map[rune]bool{
	0x115F: true, 0x1160: true, 0x3164: true, 0xFFA0: true, // Hangul fillers
	0x2800: true,               // braille pattern blank
	0x034F: true,               // combining grapheme joiner
	0x17B4: true, 0x17B5: true, // Khmer inherent vowels
	0x180E:  true, // Mongolian vowel separator
	0x1D159: true, 0x1D173: true, 0x1D174: true, 0x1D175: true, 0x1D176: true,
	0x1D177: true, 0x1D178: true, 0x1D179: true, 0x1D17A: true, // musical notation's invisibles
}

// Refused reports whether r may not appear in a player's text at all: control characters
// (except those allow lets through), format characters (bidi marks, overrides and isolates,
// zero-width characters, the Arabic letter mark, tags), separators other than U+0020, private-use,
// surrogate and unassigned code points, variation selectors, and blank-looking characters.
func Refused(r rune) bool {
	switch {
	case r == ' ':
		return false
	case r == utf8.RuneError, blank[r]:
		return true
	case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Zs, r), unicode.Is(unicode.Zl, r),
		unicode.Is(unicode.Zp, r), unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r),
		unicode.Is(unicode.Variation_Selector, r):
		return true
	}
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
}

// Shows reports whether r shows as something: a letter, digit, punctuation or symbol that is
// not blank-looking (not a mark on its own, not a space).
func Shows(r rune) bool {
	return !blank[r] && unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S)
}

// emojiJoiner reports whether the character at i of rs, a zero-width joiner or an emoji
// variation selector, sits inside an emoji sequence (a symbol before it; a symbol after a
// joiner), where it belongs: 👨‍👩‍👧 and ❤️ keep theirs.
func emojiJoiner(rs []rune, i int) bool {
	switch rs[i] {
	case 0x200D:
		return i > 0 && i+1 < len(rs) && isEmojiPart(rs[i-1]) && unicode.Is(unicode.So, rs[i+1])
	case 0xFE0F, 0xFE0E:
		return i > 0 && unicode.Is(unicode.So, rs[i-1])
	}
	return false
}

// isEmojiPart: a symbol, or the variation selector or skin tone that ends one.
func isEmojiPart(r rune) bool {
	return unicode.Is(unicode.So, r) || r == 0xFE0F || unicode.Is(unicode.Sk, r)
}

// Check applies the rules to a one-line text (a name): valid UTF-8, no refused character, at most
// MaxMarks combining marks on a character, and at least one character that shows.
func Check(s string) error {
	if !utf8.ValidString(s) {
		return Error("it is not valid UTF-8")
	}
	rs := []rune(s)
	marks, shows := 0, false
	for i, r := range rs {
		if Refused(r) {
			return errorf("it may not contain the character %U", r)
		}
		if unicode.In(r, unicode.Mn, unicode.Me) {
			if marks++; marks > MaxMarks {
				return errorf("it has more than %d combining marks on one character", MaxMarks)
			}
			continue
		}
		marks = 0
		shows = shows || Shows(rs[i])
	}
	if !shows {
		return Error("it shows nothing: only blank-looking characters or marks")
	}
	return nil
}

// Message checks and tidies a chat message or a report's reason of at most maxChars characters
// and maxLines lines: NFC; tabs become spaces; spaces at the ends of lines, and blank lines at
// the ends of the text, go; a run of blank lines becomes one; emoji sequences keep their joiners
// and variation selectors; otherwise the rules of Check, line by line (a blank line shows
// nothing and is allowed between others); the text's leading spaces go. It returns the text to store, or why it is refused.
func Message(s string, maxChars, maxLines int) (string, error) {
	if !utf8.ValidString(s) {
		return "", Error("it is not valid UTF-8")
	}
	s = norm.NFC.String(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\t", " "))
	var lines []string
	blankRun := false
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, " ")
		if strings.TrimSpace(line) == "" {
			if len(lines) > 0 && !blankRun {
				lines = append(lines, "")
			}
			blankRun = true
			continue
		}
		blankRun = false
		if err := checkLine(line); err != nil {
			return "", err
		}
		lines = append(lines, line)
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return "", Error("it is empty")
	}
	if len(lines) > maxLines {
		return "", errorf("it has %d lines; at most %d", len(lines), maxLines)
	}
	out := strings.TrimLeft(strings.Join(lines, "\n"), " ")
	if n := utf8.RuneCountInString(out); n > maxChars {
		return "", errorf("it has %d characters; at most %d", n, maxChars)
	}
	return out, nil
}

// checkLine is Check with the emoji sequences' joiners and selectors allowed.
func checkLine(line string) error {
	rs := []rune(line)
	kept := make([]rune, 0, len(rs))
	for i, r := range rs {
		if emojiJoiner(rs, i) {
			continue
		}
		kept = append(kept, r)
	}
	return Check(string(kept))
}
