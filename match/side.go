package match

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// Swap is one exchange of side decking: Out leaves the Main or Extra Deck for the Side Deck, and
// In leaves the Side Deck for the deck (the Extra Deck when it is an Extra Deck monster, the Main
// Deck otherwise).
type Swap struct {
	Out, In card.Passcode
}

// The rules a side deck can break (SideError.Rule).
const (
	RuleOut   = "side-out"   // a card taken out is not (or no longer) in the Main or Extra Deck
	RuleIn    = "side-in"    // a card put in is not (or no longer) in the Side Deck
	RuleSizes = "side-sizes" // the Main, Extra and Side Decks must keep their sizes
	RuleCards = "side-cards" // the cards of Main+Extra+Side must be the registered deck's
	RuleDeck  = "side-deck"  // the deck breaks a construction rule of the ruleset
)

// SideError says why a side deck was rejected: the seat, the rule it breaks (a Rule constant),
// the card it is about (0 for a deck-wide reason) and a message naming both. A rejected side deck
// changes nothing.
type SideError struct {
	Seat engine.Seat
	Rule string
	Card card.Passcode
	Msg  string
}

// Error returns e.g. `match: seat A's side deck is rejected: swap 1 puts in "Kuriboh", but the
// Side Deck holds no "Kuriboh"`.
func (e *SideError) Error() string {
	return fmt.Sprintf("match: seat %s's side deck is rejected: %s", e.Seat, e.Msg)
}

func sideErr(rule string, c card.Passcode, format string, args ...any) *SideError {
	return &SideError{Rule: rule, Card: c, Msg: fmt.Sprintf(format, args...)}
}

// inExtra reports whether the ruleset keeps the card in the Extra Deck (deck.Validate's rule).
func inExtra(db *card.DB, p card.Passcode, rs ruleset.Ruleset) bool {
	c, ok := db.ByPasscode(p)
	return ok && (c.Kind.IsExtra() || rs.Deck.RitualInExtra && c.Kind.Has(card.Monster|card.Ritual))
}

func quoted(db *card.DB, p card.Passcode) string {
	if c, ok := db.ByPasscode(p); ok {
		return strconv.Quote(c.Name)
	}
	return strconv.Quote("#" + strconv.FormatUint(uint64(p), 10))
}

// ApplySwaps returns the deck after the swaps, made in order: each Out is taken from the Main
// Deck (else the Extra Deck) and added at the end of the Side Deck, each In is taken from the
// Side Deck and added at the end of the Main or Extra Deck. At the end the Main, Extra and Side
// Decks must have their sizes of before. A swap that cannot be made, or sizes that change, give a
// *SideError (its Seat left 0) and d is unchanged. db nil means card.Pool().
func ApplySwaps(d deck.Deck, swaps []Swap, rs ruleset.Ruleset, db *card.DB) (deck.Deck, error) {
	if db == nil {
		db = card.Pool()
	}
	out := d.Clone()
	for i, sw := range swaps {
		switch {
		case removeOne(&out.Main, sw.Out):
		case removeOne(&out.Extra, sw.Out):
		default:
			return d, sideErr(RuleOut, sw.Out, "swap %d takes out %s, but the Main and Extra Decks hold no %s%s",
				i+1, quoted(db, sw.Out), more(slices.Contains(d.Main, sw.Out) || slices.Contains(d.Extra, sw.Out)),
				quoted(db, sw.Out))
		}
		if !removeOne(&out.Side, sw.In) {
			return d, sideErr(RuleIn, sw.In, "swap %d puts in %s, but the Side Deck holds no %s%s",
				i+1, quoted(db, sw.In), more(slices.Contains(d.Side, sw.In)), quoted(db, sw.In))
		}
		out.Side = append(out.Side, sw.Out)
		if inExtra(db, sw.In, rs) {
			out.Extra = append(out.Extra, sw.In)
		} else {
			out.Main = append(out.Main, sw.In)
		}
	}
	if len(out.Main) != len(d.Main) || len(out.Extra) != len(d.Extra) {
		// Name the first swap that moves a card between the Main and the Extra Deck.
		var c card.Passcode
		for _, sw := range swaps {
			if inExtra(db, sw.In, rs) != inExtra(db, sw.Out, rs) {
				c = sw.In
				break
			}
		}
		return d, sideErr(RuleSizes, c, "the swaps leave the Main Deck with %d cards and the %s with %d; "+
			"side decking must keep their sizes (%d and %d): %s goes to the %s, but the card it replaces does not come from there",
			len(out.Main), extraName(rs), len(out.Extra), len(d.Main), len(d.Extra), quoted(db, c), section(db, c, rs))
	}
	return out, nil
}

// more returns "more " when the section held the card before earlier swaps took it.
func more(held bool) string {
	if held {
		return "more "
	}
	return ""
}

func extraName(rs ruleset.Ruleset) string {
	if rs.Deck.ExtraDeckName != "" {
		return rs.Deck.ExtraDeckName
	}
	return "Extra Deck"
}

func section(db *card.DB, p card.Passcode, rs ruleset.Ruleset) string {
	if inExtra(db, p, rs) {
		return extraName(rs)
	}
	return "Main Deck"
}

func removeOne(s *[]card.Passcode, p card.Passcode) bool {
	i := slices.Index(*s, p)
	if i < 0 {
		return false
	}
	*s = slices.Delete(*s, i, i+1)
	return true
}

// CheckSide checks a whole side-decked deck against the deck registered for the match: the Main,
// Extra and Side Decks keep their sizes, Main+Extra+Side hold the same cards, and the deck keeps
// the ruleset's construction rules (and the banlist's, if bl is not nil). It returns a *SideError
// (its Seat left 0) or nil. db nil means card.Pool().
func CheckSide(registered, d deck.Deck, rs ruleset.Ruleset, db *card.DB, bl *deck.Banlist) error {
	if db == nil {
		db = card.Pool()
	}
	for _, s := range []struct {
		name     string
		got, reg int
	}{{"Main Deck", len(d.Main), len(registered.Main)}, {extraName(rs), len(d.Extra), len(registered.Extra)},
		{"Side Deck", len(d.Side), len(registered.Side)}} {
		if s.got != s.reg {
			return sideErr(RuleSizes, 0, "the %s has %d cards; side decking must keep its %d", s.name, s.got, s.reg)
		}
	}
	all := func(x deck.Deck) []card.Passcode { return slices.Concat(x.Main, x.Extra, x.Side) }
	for _, p := range slices.Concat(all(d), all(registered)) {
		if n, m := d.Count(p), registered.Count(p); n != m {
			return sideErr(RuleCards, p, "the deck holds %s x%d, the registered deck (Main+Extra+Side) x%d; side decking only exchanges cards",
				quoted(db, p), n, m)
		}
	}
	if vs := deck.Validate(d, db, rs, bl); len(vs) > 0 {
		return sideErr(RuleDeck, vs[0].Passcode, "%s", vs[0].Msg)
	}
	return nil
}

// diffSwaps returns swaps that turn d into a deck with next's cards in each section: the cards
// next's Main+Extra has more of than d's go in, the ones it has fewer of go out, in deck order.
func diffSwaps(d, next deck.Deck) []Swap {
	have := slices.Concat(d.Main, d.Extra)
	want := slices.Concat(next.Main, next.Extra)
	var outs, ins []card.Passcode
	rest := slices.Clone(want)
	for _, p := range have {
		if !removeOne(&rest, p) {
			outs = append(outs, p)
		}
	}
	ins = rest
	var out []Swap
	for i := range min(len(outs), len(ins)) {
		out = append(out, Swap{Out: outs[i], In: ins[i]})
	}
	return out
}

// SideText writes a side-deck answer: `side keep`, or `side out "X" in "Y", out "Z" in "W"`.
func SideText(swaps []Swap, db *card.DB) string {
	if db == nil {
		db = card.Pool()
	}
	if len(swaps) == 0 {
		return "side keep"
	}
	parts := make([]string, len(swaps))
	for i, sw := range swaps {
		parts[i] = "out " + quoted(db, sw.Out) + " in " + quoted(db, sw.In)
	}
	return "side " + strings.Join(parts, ", ")
}

// ParseSide reads a side-deck answer written as SideText writes it. Cards are exact English
// names in double quotes or "#passcode"; the commas between swaps may be left out.
func ParseSide(text string, db *card.DB) ([]Swap, error) {
	if db == nil {
		db = card.Pool()
	}
	toks, err := sideTokens(text)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 || toks[0] != "side" {
		return nil, fmt.Errorf("match: a side-deck answer is `side keep` or `side out \"CARD\" in \"CARD\", ...`, not %q", text)
	}
	toks = toks[1:]
	if len(toks) == 1 && toks[0] == "keep" {
		return nil, nil
	}
	if len(toks) == 0 || len(toks)%4 != 0 {
		return nil, fmt.Errorf("match: %q: each swap is `out \"CARD\" in \"CARD\"`", text)
	}
	var swaps []Swap
	for i := 0; i < len(toks); i += 4 {
		if toks[i] != "out" || toks[i+2] != "in" {
			return nil, fmt.Errorf("match: %q: swap %d is not `out \"CARD\" in \"CARD\"`", text, i/4+1)
		}
		var sw Swap
		for j, dst := range []*card.Passcode{&sw.Out, &sw.In} {
			c, err := db.Lookup(toks[i+1+2*j])
			if err != nil {
				return nil, fmt.Errorf("match: %q: swap %d: %v", text, i/4+1, err)
			}
			*dst = c.Passcode
		}
		swaps = append(swaps, sw)
	}
	return swaps, nil
}

// sideTokens splits a side-deck answer into words and the contents of double-quoted names.
func sideTokens(text string) ([]string, error) {
	var toks []string
	s := strings.TrimSpace(text)
	for s != "" {
		switch {
		case s[0] == ' ' || s[0] == '\t' || s[0] == ',':
			s = s[1:]
		case s[0] == '"':
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("match: %q: a card name lacks its closing quote", text)
			}
			toks = append(toks, s[1:1+end])
			s = s[2+end:]
		default:
			end := strings.IndexAny(s, " \t,\"")
			if end < 0 {
				end = len(s)
			}
			toks = append(toks, s[:end])
			s = s[end:]
		}
	}
	return toks, nil
}

// InExtraDeck reports whether the ruleset keeps a card in the Extra Deck (an Extra Deck monster,
// or under kouhu a Ritual monster): side decking puts it there. db nil means card.Pool().
func InExtraDeck(rs ruleset.Ruleset, db *card.DB, p card.Passcode) bool {
	if db == nil {
		db = card.Pool()
	}
	return inExtra(db, p, rs)
}
