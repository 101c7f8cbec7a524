package account

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Names that differ only by look-alike letters (a Cyrillic а beside a Latin a) would be two
// accounts that players cannot tell apart. Registration refuses them two ways (RULES: first
// come, first served):
//   - a name that mixes letters of the Latin, Cyrillic and Greek scripts ("pаypal" with a
//     Cyrillic а) is refused outright (checkScripts);
//   - a name written wholly in Cyrillic or Greek letters that all look like Latin ones ("раура")
//     is refused when the Latin name it looks like is an account (latinSkeleton).
// Names in one script that merely share some letters with Latin (Дмитрий, Ελένη) and names that
// mix Latin with Han or Kana (Yugi遊戯) are fine. Not caught: a Latin name registered after its
// Cyrillic look-alike (the key of the earlier account is not its skeleton); login is unchanged,
// so accounts made before this check keep working.

// lookalike maps the lower-case Cyrillic and Greek letters that look like a Latin letter (after
// case folding) to that letter.
var lookalike = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'з': '3', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k',
	'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's',
	'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ь': 'b', 'п': 'n', 'г': 'r',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'μ': 'u', 'ν': 'v', 'ο': 'o',
	'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x', 'γ': 'y', 'ζ': 'z', 'ω': 'w', 'σ': 'o', 'ς': 's',
}

// script names the letter's script among the three that share look-alike letters, or "".
func script(r rune) string {
	switch {
	case unicode.Is(unicode.Latin, r):
		return "Latin"
	case unicode.Is(unicode.Cyrillic, r):
		return "Cyrillic"
	case unicode.Is(unicode.Greek, r):
		return "Greek"
	}
	return ""
}

// checkScripts refuses a name whose letters come from more than one of the Latin, Cyrillic and
// Greek scripts.
func checkScripts(name string) error {
	var seen []string
	for _, r := range name {
		if s := script(r); s != "" && !slices.Contains(seen, s) {
			seen = append(seen, s)
		}
	}
	if len(seen) > 1 {
		return invalidf("a name may not mix %s letters", strings.Join(seen, " and "))
	}
	return nil
}

// latinSkeleton returns the Latin name a key (case-folded) written in Cyrillic or Greek letters
// looks like, and whether every letter of it has a Latin look-alike (other characters, digits and
// spaces, are kept).
func latinSkeleton(key string) (string, bool) {
	var b strings.Builder
	changed := false
	for _, r := range key {
		if l, ok := lookalike[r]; ok {
			b.WriteRune(l)
			changed = true
			continue
		}
		if s := script(r); s == "Cyrillic" || s == "Greek" {
			return "", false // a letter that looks like no Latin one: the name reads as what it is
		}
		b.WriteRune(r)
	}
	return b.String(), changed
}

// checkLookalike refuses with ErrNameTaken a name key that looks like the key of an account.
func (s *Service) checkLookalike(ctx context.Context, key string) error {
	sk, ok := latinSkeleton(key)
	if !ok || sk == key {
		return nil
	}
	var n int
	if err := s.db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM accounts WHERE name_key = $1`, sk).Scan(&n); err != nil {
		return fmt.Errorf("account: looking up the names %q looks like: %w", key, err)
	}
	if n > 0 {
		return ErrNameTaken
	}
	return nil
}
