package deck

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// YDKEPrefix starts every ydke:// deck URL.
const YDKEPrefix = "ydke://"

// IsYDKE reports whether s looks like a ydke:// URL (white space around it and the case of the
// scheme are ignored).
func IsYDKE(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) >= len(YDKEPrefix) && strings.EqualFold(s[:len(YDKEPrefix)], YDKEPrefix)
}

// ParseYDKE reads a ydke:// URL: "ydke://" then the Main, Extra and Side Decks, each as standard
// base64 (with padding) of little-endian uint32 passcodes and each ended by '!'. White space
// around the URL is ignored. A wrong number of parts (a URL without its final '!' is taken as
// truncated), invalid base64, a part that is not a whole number of 4-byte passcodes and a
// passcode db does not know are errors; all of them are reported. A nil db accepts any passcode.
func ParseYDKE(url string, db *card.DB) (Deck, error) {
	url = strings.TrimSpace(url)
	if !IsYDKE(url) {
		return Deck{}, fmt.Errorf("deck: %q is not a ydke:// URL", abbreviate(url))
	}
	body := url[len(YDKEPrefix):]
	switch n := strings.Count(body, "!"); {
	case n == 2 && !strings.HasSuffix(body, "!"):
		return Deck{}, errors.New(`deck: ydke URL lacks the '!' that ends its Side Deck part; is it truncated? (want ydke://MAIN!EXTRA!SIDE!)`)
	case n != 3 || !strings.HasSuffix(body, "!"):
		return Deck{}, fmt.Errorf(`deck: ydke URL has %d '!' separators; want 3, one after each of Main, Extra and Side (ydke://MAIN!EXTRA!SIDE!)`, n)
	}
	parts := strings.Split(body, "!")
	var d Deck
	var errs errorList
	for i, dst := range []*[]card.Passcode{&d.Main, &d.Extra, &d.Side} {
		name := sectionNames[i]
		raw, err := base64.StdEncoding.DecodeString(parts[i])
		if err != nil {
			var ce base64.CorruptInputError
			if errors.As(err, &ce) && int(ce) >= len(parts[i])-3 {
				errs.add(fmt.Errorf("deck: ydke %s part is not valid base64: it ends early at character %d; is the URL truncated?", name, int(ce)+1))
			} else if errors.As(err, &ce) {
				errs.add(fmt.Errorf("deck: ydke %s part is not valid base64: bad character %d", name, int(ce)+1))
			} else {
				errs.add(fmt.Errorf("deck: ydke %s part is not valid base64: %v", name, err))
			}
			continue
		}
		if len(raw)%4 != 0 {
			errs.add(fmt.Errorf("deck: ydke %s part holds %d bytes, not a whole number of 4-byte passcodes; is the URL truncated?", name, len(raw)))
			continue
		}
		for j := 0; j < len(raw); j += 4 {
			p := card.Passcode(binary.LittleEndian.Uint32(raw[j:]))
			if db != nil {
				if _, ok := db.ByPasscode(p); !ok {
					errs.add(fmt.Errorf("deck: ydke %s card %d: unknown passcode %d", name, j/4+1, p))
					continue
				}
			}
			*dst = append(*dst, p)
		}
	}
	if len(errs) > 0 {
		return Deck{}, errs.err()
	}
	return d, nil
}

var sectionNames = [3]string{"Main Deck", "Extra Deck", "Side Deck"}

// YDKE writes the deck as a ydke:// URL; ParseYDKE reads it back unchanged.
func (d Deck) YDKE() string {
	var b strings.Builder
	b.WriteString(YDKEPrefix)
	for _, s := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
		raw := make([]byte, 0, 4*len(s))
		for _, p := range s {
			raw = binary.LittleEndian.AppendUint32(raw, uint32(p))
		}
		b.WriteString(base64.StdEncoding.EncodeToString(raw))
		b.WriteByte('!')
	}
	return b.String()
}

// abbreviate shortens s for an error message.
func abbreviate(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:37]) + "..."
	}
	return s
}
