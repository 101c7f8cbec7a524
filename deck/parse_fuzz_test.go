package deck

import (
	"bytes"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// The fuzzers of the deck formats (issue 34: every parser fuzzed): any input is refused with an
// error or read into a deck that writes back to the same deck; none panics.

// FuzzParseYDK: a .ydk text is refused or read into a deck whose own .ydk text reads back to it.
func FuzzParseYDK(f *testing.F) {
	f.Add([]byte("#created by duelist\n#main\n89631139\n89631139\n46986414\n#extra\n!side\n55144522\n"))
	f.Add([]byte("\ufeff#main\r\n89631139\r\n#extra\r\n!side\r\n"))
	f.Add([]byte("#main\n1\nabc\n-5\n99999999999\n"))
	f.Add([]byte(""))
	db := card.Pool()
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := ParseYDK(bytes.NewReader(src), db)
		if err != nil {
			return
		}
		back, err := ParseYDK(strings.NewReader(d.YDK()), db)
		if err != nil {
			t.Fatalf("the deck's own .ydk is refused: %v\n%s", err, d.YDK())
		}
		if !back.Equal(d) {
			t.Fatalf("the deck's own .ydk reads another deck:\n%+v\n%+v", d, back)
		}
	})
}

// FuzzParseYDKE: a ydke:// URL is refused or read into a deck whose own URL reads back to it.
func FuzzParseYDKE(f *testing.F) {
	db := card.Pool()
	sample, err := ParseYDK(strings.NewReader("#main\n89631139\n46986414\n#extra\n!side\n55144522\n"), db)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(sample.YDKE())
	f.Add("ydke://!!!")
	f.Add("ydke://AAAA!AAAA!")
	f.Add("ydke://")
	f.Add("YDKE://o6lXBQ==!!!")
	f.Fuzz(func(t *testing.T, url string) {
		d, err := ParseYDKE(url, db)
		if err != nil {
			return
		}
		back, err := ParseYDKE(d.YDKE(), db)
		if err != nil {
			t.Fatalf("the deck's own URL is refused: %v\n%s", err, d.YDKE())
		}
		if !back.Equal(d) {
			t.Fatalf("the deck's own URL reads another deck:\n%+v\n%+v", d, back)
		}
	})
}

// FuzzParseLFList: an lflist.conf text is refused or read into lists with names, distinct, whose
// limits are 0 to 3.
func FuzzParseLFList(f *testing.F) {
	f.Add([]byte("#[2008.09 TCG]\n!2008.09 TCG\n#forbidden\n55144522 0 --Pot of Greed\n#date 2008-09-01\n"))
	f.Add([]byte("!A\n$whitelist\n89631139 3\n!B\n89631139 1 # note\n"))
	f.Add([]byte("\ufeff!x\r\n1 2\r\n1 2\r\n"))
	f.Add([]byte("89631139 0\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		lists, err := ParseLFList(bytes.NewReader(src))
		if err != nil {
			return
		}
		if len(lists) == 0 {
			t.Fatal("no list and no error")
		}
		names := map[string]bool{}
		for _, l := range lists {
			if names[l.Name] {
				t.Fatalf("two lists named %q", l.Name)
			}
			names[l.Name] = true
			for p, n := range l.Limits {
				if n < 0 || n > 3 {
					t.Fatalf("list %q limits %d to %d copies", l.Name, p, n)
				}
			}
		}
	})
}
