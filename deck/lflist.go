package deck

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/duelistgame/duelist/card"
)

// Banlist is one Forbidden & Limited list: how many copies of a card a deck may hold.
type Banlist struct {
	// Name is the list's name, from its "!Name" line.
	Name string
	// Limits maps a listed card to the copies allowed: 0 forbidden, 1 limited, 2 semi-limited
	// (3 is allowed in the file and means unlimited).
	Limits map[card.Passcode]int
	// Whitelist is set by a "$whitelist" line (EDOPro): unlisted cards are forbidden.
	Whitelist bool
	// Date is the day the list takes effect, "2008-09-01": from a "#date 2008-09-01" comment line
	// inside the list, else from a name that starts with a YGOPro-style "2008.09" (the first of
	// that month); "" if neither says.
	Date string
}

// Limit returns the copies of p a deck may hold under the list: its listed number, or 3 if it is
// unlisted (0 in a whitelist). A nil list allows 3 of everything.
func (b *Banlist) Limit(p card.Passcode) int {
	if b == nil {
		return 3
	}
	if n, ok := b.Limits[p]; ok {
		return n
	}
	if b.Whitelist {
		return 0
	}
	return 3
}

// ParseLFList reads a YGOPro lflist.conf, which may hold several lists: a line "!Name" starts a
// list, each following line "passcode count" (optionally followed by a comment starting with
// "--" or '#') limits a card, a "#date 2008-09-01" line gives the list's date (Banlist.Date; other
// tools read it as a comment), "$whitelist" makes the current list a whitelist, and other lines
// starting with '#' are comments. Blank lines, CRLF line ends and a byte order mark are accepted.
// A missing or bad count, an entry before the first list, a card listed twice in a list, two
// lists of the same name and a file without any list are errors naming their line; every bad
// line is reported.
func ParseLFList(r io.Reader) ([]Banlist, error) {
	return parseLFList(r, "")
}

// LoadLFList reads the lflist.conf file at path; see ParseLFList.
func LoadLFList(path string) ([]Banlist, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("deck: %w", err)
	}
	defer f.Close()
	return parseLFList(f, path)
}

func parseLFList(r io.Reader, file string) ([]Banlist, error) {
	var lists []Banlist
	var cur *Banlist
	var errs errorList
	names := map[string]int{}
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
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "#date") && cur != nil:
			d := strings.TrimSpace(strings.TrimPrefix(line, "#date"))
			if _, err := time.Parse(time.DateOnly, d); err != nil {
				lineErr(n, "%q: want a date like \"#date 2008-09-01\"", line)
			} else {
				cur.Date = d
			}
		case line == "", strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "!"):
			name := strings.TrimSpace(line[1:])
			if name == "" {
				lineErr(n, "a list needs a name after '!'")
				name = fmt.Sprintf("(unnamed list at line %d)", n)
			} else if first, dup := names[name]; dup {
				lineErr(n, "list %q is already defined at line %d", name, first)
			}
			names[name] = n
			lists = append(lists, Banlist{Name: name, Limits: map[card.Passcode]int{}, Date: nameDate(name)})
			cur = &lists[len(lists)-1]
		case strings.HasPrefix(line, "$"):
			switch {
			case cur == nil:
				lineErr(n, "%q comes before any !list line", line)
			case strings.EqualFold(line, "$whitelist"):
				cur.Whitelist = true
			default:
				lineErr(n, "unknown directive %q (only $whitelist is known)", line)
			}
		default:
			p, count, err := parseLimitLine(line)
			switch {
			case err != nil:
				lineErr(n, "%v", err)
			case cur == nil:
				lineErr(n, "card %d comes before any !list line", p)
			default:
				if _, dup := cur.Limits[p]; dup {
					lineErr(n, "card %d is listed twice in list %q", p, cur.Name)
				}
				cur.Limits[p] = count
			}
		}
	}
	if err := sc.Err(); err != nil {
		lineErr(n+1, "%v", err)
	}
	if len(errs) > 0 {
		return nil, errs.err()
	}
	if len(lists) == 0 {
		if file == "" {
			file = "the banlist file"
		}
		return nil, fmt.Errorf("deck: %s has no list (no line starting with '!')", file)
	}
	return lists, nil
}

// nameDate reads the date a YGOPro list name starts with: "2008.09 OCG" is "2008-09-01".
func nameDate(name string) string {
	if len(name) < 7 {
		return ""
	}
	t, err := time.Parse("2006.01", name[:7])
	if err != nil || (len(name) > 7 && name[7] != ' ') {
		return ""
	}
	return t.Format(time.DateOnly)
}

// parseLimitLine reads "55144522 0 --Pot of Greed".
func parseLimitLine(line string) (card.Passcode, int, error) {
	f := strings.Fields(line)
	p, err := parsePasscode(f[0])
	if err != nil {
		return 0, 0, fmt.Errorf("%q is not a passcode followed by a count", line)
	}
	if len(f) < 2 || strings.HasPrefix(f[1], "--") || strings.HasPrefix(f[1], "#") {
		return 0, 0, fmt.Errorf("card %d has no count (want \"%d 0\", \"%d 1\" or \"%d 2\")", p, p, p, p)
	}
	count, err := strconv.Atoi(f[1])
	if err != nil || count < 0 || count > 3 {
		return 0, 0, fmt.Errorf("card %d: count %q is not 0, 1, 2 or 3", p, f[1])
	}
	if len(f) > 2 && !strings.HasPrefix(f[2], "--") && !strings.HasPrefix(f[2], "#") {
		return 0, 0, fmt.Errorf("card %d: unexpected %q after the count (a comment starts with -- or #)", p, strings.Join(f[2:], " "))
	}
	return p, count, nil
}

// Pick returns the list of the given name, or an error listing the names there are.
func Pick(lists []Banlist, name string) (*Banlist, error) {
	for i := range lists {
		if lists[i].Name == name {
			return &lists[i], nil
		}
	}
	names := make([]string, len(lists))
	for i, l := range lists {
		names[i] = strconv.Quote(l.Name)
	}
	return nil, fmt.Errorf("deck: no banlist named %q (the lists are %s)", name, strings.Join(names, ", "))
}

//go:embed lists/lflist.conf
var defaultLFList string

// DefaultBanlistName is the name of the project's own banlist, the first of DefaultBanlists.
const DefaultBanlistName = "duelist-2008"

// DefaultBanlists returns the lists the project ships (lists/lflist.conf), read afresh on each
// call so callers may modify them. It panics if the embedded file is malformed, which the
// package's tests rule out.
func DefaultBanlists() []Banlist {
	lists, err := ParseLFList(strings.NewReader(defaultLFList))
	if err != nil {
		panic(err)
	}
	return lists
}

// DefaultBanlist returns the project's own banlist, DefaultBanlistName.
func DefaultBanlist() *Banlist {
	b, err := Pick(DefaultBanlists(), DefaultBanlistName)
	if err != nil {
		panic(err)
	}
	return b
}
