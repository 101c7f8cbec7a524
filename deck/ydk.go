package deck

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// The section lines of a .ydk file.
const (
	ydkMain  = "#main"
	ydkExtra = "#extra"
	ydkSide  = "!side"
)

// YDKCreatedBy is the first line YDK writes; YGOPro writes "#created by ..." there too.
const YDKCreatedBy = "#created by duelist"

// ParseYDK reads a .ydk deck file: a "#main", "#extra" and "!side" line each start a section,
// every other line starting with '#' is a comment, and each card is a line holding its passcode
// (optionally followed by a comment starting with '#' or "--"). Blank lines, CRLF line ends and a
// byte order mark are accepted. A passcode db does not know, a passcode before the first
// section, an unknown "!" section and a line that is not a passcode are errors naming their line;
// every such line is reported. A nil db accepts any passcode.
func ParseYDK(r io.Reader, db *card.DB) (Deck, error) {
	return parseYDK(r, db, "")
}

func parseYDK(r io.Reader, db *card.DB, file string) (Deck, error) {
	var d Deck
	var section *[]card.Passcode
	var errs errorList
	lineErr := func(n int, format string, args ...any) {
		errs.add(&LineError{File: file, Line: n, Msg: fmt.Sprintf(format, args...)})
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n := 0
	for sc.Scan() && !errs.full() {
		n++
		line := sc.Text()
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		line = strings.TrimSpace(line) // also drops the \r of CRLF
		switch {
		case line == "":
		case strings.EqualFold(line, ydkMain):
			section = &d.Main
		case strings.EqualFold(line, ydkExtra):
			section = &d.Extra
		case strings.EqualFold(line, ydkSide):
			section = &d.Side
		case strings.HasPrefix(line, "#"):
			// a comment, such as "#created by ..."
		case strings.HasPrefix(line, "!"):
			lineErr(n, "unknown section %q (want #main, #extra or !side)", line)
		default:
			p, err := parsePasscodeLine(line)
			if err != nil {
				lineErr(n, "%v", err)
				continue
			}
			if section == nil {
				lineErr(n, "passcode %d comes before any #main, #extra or !side line", p)
				continue
			}
			if db != nil {
				if _, ok := db.ByPasscode(p); !ok {
					lineErr(n, "unknown passcode %d", p)
					continue
				}
			}
			*section = append(*section, p)
		}
	}
	if err := sc.Err(); err != nil {
		lineErr(n+1, "%v", err)
	}
	if len(errs) > 0 {
		return Deck{}, errs.err()
	}
	return d, nil
}

// parsePasscodeLine reads "89631139", "89631139 # Blue-Eyes" or "89631139 --Blue-Eyes".
func parsePasscodeLine(line string) (card.Passcode, error) {
	num, rest := line, ""
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		num, rest = line[:i], strings.TrimSpace(line[i:])
	}
	p, err := parsePasscode(num)
	if err != nil {
		return 0, fmt.Errorf("%q is not a passcode", line)
	}
	if rest != "" && !strings.HasPrefix(rest, "#") && !strings.HasPrefix(rest, "--") {
		return 0, fmt.Errorf("unexpected %q after passcode %d (a comment starts with # or --)", rest, p)
	}
	return p, nil
}

// parsePasscode reads a passcode: decimal digits only, 1 to 4294967295.
func parsePasscode(s string) (card.Passcode, error) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("%q is not a passcode", s)
	}
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil || n == 0 {
		return 0, fmt.Errorf("%q is not a passcode", s)
	}
	return card.Passcode(n), nil
}

// YDK writes the deck as a .ydk file: a "#created by duelist" line, then the "#main", "#extra"
// and "!side" sections, one passcode per line, LF line ends. ParseYDK reads it back unchanged.
func (d Deck) YDK() string {
	var b strings.Builder
	b.WriteString(YDKCreatedBy + "\n")
	for _, s := range []struct {
		head  string
		cards []card.Passcode
	}{{ydkMain, d.Main}, {ydkExtra, d.Extra}, {ydkSide, d.Side}} {
		b.WriteString(s.head + "\n")
		for _, p := range s.cards {
			b.WriteString(strconv.FormatUint(uint64(p), 10) + "\n")
		}
	}
	return b.String()
}
