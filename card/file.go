package card

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Set is a product that printed cards (a booster, a starter deck, a promotion), as the header of
// its card file gives it. The cards whose first printing it is live in its folder,
// cards/<code in lower case>/.
type Set struct {
	Code     string // the product code, e.g. "LOB", "5DS1"
	Name     string // English name
	NameZH   string // Simplified Chinese name; "" if none
	NameTW   string // Traditional Chinese name; "" if none
	Product  string // one of Products: "booster", "starter", ...
	Released string // the first release date, YYYY-MM-DD (YYYY-MM if the day is not known)
	Size     int    // the number of distinct cards the product printed
	Finished bool   // every card of the product is in the data, implemented and tested
	Game     string // "" for the card pool; "kouhu" for kouhu's own set
	Note     string // a remark for readers (where a fact comes from)
}

// Products lists the kinds of product a Set may be.
var Products = []string{"booster", "starter", "promo", "tournament", "reprint", "game"}

// Folder is the set's folder under cards/: its code in lower case.
func (s *Set) Folder() string { return strings.ToLower(s.Code) }

// IsBooster reports whether the set is a booster pack.
func (s *Set) IsBooster() bool { return s.Product == "booster" }

// Text is a card's effect text in the project's own words (never an official card text), in
// English, Simplified Chinese and Traditional Chinese. Normal Monsters have none.
type Text struct {
	EN, ZHCN, ZHTW string
}

// IsZero reports whether there is no text in any language.
func (t Text) IsZero() bool { return t == Text{} }

// File is one card file: a set's header and the cards whose home (first printing) it is.
type File struct {
	Set   *Set
	Cards []*Data
}

// The keys of a set's header and of a card, in the order a card file writes them.
var (
	SetKeys  = []string{"set", "name", "name.zh-CN", "name.zh-TW", "product", "released", "size", "finished", "game", "note"}
	CardKeys = []string{"card", "name", "name.zh-CN", "name.zh-TW", "kind", "level", "rank", "attribute", "type", "atk", "def", "sets", "rarity", "text", "text.zh-CN", "text.zh-TW"}
)

// ParseFile reads a card file of the pool (docs/cards.md "The card files"): its first stanza is
// the set's header, every other stanza one card. name is the file's name for errors; every error
// names the line.
func ParseFile(name, text string) (*File, error) {
	st, err := ReadStanzas(name, text)
	if err != nil {
		return nil, err
	}
	if len(st) == 0 {
		return nil, fmt.Errorf("%s: no set header", name)
	}
	set, err := ParseSetHeader(name, st[0])
	if err != nil {
		return nil, err
	}
	f := &File{Set: set}
	for _, s := range st[1:] {
		d, err := parseCard(name, set, s)
		if err != nil {
			return nil, err
		}
		f.Cards = append(f.Cards, d)
	}
	return f, nil
}

// stanzaReader reads the fields of a stanza, keeping the first error.
type stanzaReader struct {
	file string
	s    Stanza
	err  error
}

func (r *stanzaReader) fail(line int, format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%s line %d: %s", r.file, line, fmt.Sprintf(format, args...))
	}
}

// known fails on a key that is not in keys.
func (r *stanzaReader) known(keys []string, what string) {
	for _, f := range r.s.Fields {
		if !slices.Contains(keys, f.Key) {
			r.fail(f.Line, "%q is not a key of %s (keys: %s)", f.Key, what, strings.Join(keys, " "))
		}
	}
}

func (r *stanzaReader) str(key string) string {
	v, _ := r.s.Get(key)
	return v
}

func (r *stanzaReader) line(key string) int {
	for _, f := range r.s.Fields {
		if f.Key == key {
			return f.Line
		}
	}
	return r.s.Line
}

// required returns the value of key, failing if it is missing.
func (r *stanzaReader) required(key, what string) string {
	v, ok := r.s.Get(key)
	if !ok {
		r.fail(r.s.Line, "%s needs %s", what, key)
	}
	return v
}

// absent fails on each of keys the stanza has.
func (r *stanzaReader) absent(why string, keys ...string) {
	for _, k := range keys {
		if _, ok := r.s.Get(k); ok {
			r.fail(r.line(k), "%s: %s has no %s", k, why, k)
		}
	}
}

// number reads a whole number in [lo, hi] from key (0 if the key is missing).
func (r *stanzaReader) number(key string, lo, hi int) int {
	v, ok := r.s.Get(key)
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.fail(r.line(key), "%s %q is not a whole number", key, v)
		return 0
	}
	if n < lo || n > hi {
		r.fail(r.line(key), "%s %d is not in %d-%d", key, n, lo, hi)
	}
	return n
}

// ParseSetHeader reads the header stanza of a card file (kouhu's file has one too).
func ParseSetHeader(file string, s Stanza) (*Set, error) {
	r := &stanzaReader{file: file, s: s}
	if len(s.Fields) == 0 || s.Fields[0].Key != "set" {
		return nil, fmt.Errorf("%s line %d: a card file starts with its set's header (set CODE)", file, s.Line)
	}
	r.known(SetKeys, "a set's header")
	set := &Set{Code: r.str("set"), Name: r.required("name", "a set"), NameZH: r.str("name.zh-CN"),
		NameTW: r.str("name.zh-TW"), Product: r.required("product", "a set"),
		Released: r.required("released", "a set"), Game: r.str("game"), Note: r.str("note")}
	for _, c := range set.Code {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			r.fail(s.Line, "set code %q is not upper-case letters and digits", set.Code)
			break
		}
	}
	if set.Product != "" && !slices.Contains(Products, set.Product) {
		r.fail(r.line("product"), "product %q is not one of %s", set.Product, strings.Join(Products, ", "))
	}
	if !validDate(set.Released) && set.Released != "" {
		r.fail(r.line("released"), "released %q is not a date YYYY-MM-DD (or YYYY-MM)", set.Released)
	}
	set.Size = r.number("size", 1, 100000)
	r.required("size", "a set")
	switch v := r.str("finished"); v {
	case "", "no":
	case "yes":
		set.Finished = true
	default:
		r.fail(r.line("finished"), "finished is yes or no, not %q", v)
	}
	if r.err != nil {
		return nil, r.err
	}
	return set, nil
}

// validDate reports whether s is a date YYYY-MM-DD, or YYYY-MM when the day is not known.
func validDate(s string) bool {
	if len(s) == 7 {
		s += "-01"
	}
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, err1 := strconv.Atoi(s[:4])
	m, err2 := strconv.Atoi(s[5:7])
	d, err3 := strconv.Atoi(s[8:])
	return err1 == nil && err2 == nil && err3 == nil && y >= 1990 && m >= 1 && m <= 12 && d >= 1 && d <= 31
}

// parseCard reads one card stanza of the file of set.
func parseCard(file string, set *Set, s Stanza) (*Data, error) {
	r := &stanzaReader{file: file, s: s}
	if s.Fields[0].Key != "card" {
		return nil, fmt.Errorf("%s line %d: a card's stanza starts with card PASSCODE, not %s", file, s.Line, s.Fields[0].Key)
	}
	r.known(CardKeys, "a card")
	code, err := strconv.ParseUint(s.Fields[0].Value, 10, 32)
	if err != nil || code == 0 || code > 99999999 {
		return nil, fmt.Errorf("%s line %d: card %q is not a passcode (1-99999999)", file, s.Line, s.Fields[0].Value)
	}
	d := &Data{Passcode: Passcode(code), Name: r.required("name", "a card"), NameZH: r.required("name.zh-CN", "a card"),
		NameTW: r.str("name.zh-TW"),
		Text:   Text{EN: r.str("text"), ZHCN: r.str("text.zh-CN"), ZHTW: r.str("text.zh-TW")}}
	if k := r.required("kind", "a card"); k != "" {
		if d.Kind, err = ParseKind(k); err != nil {
			r.fail(r.line("kind"), "%v", err)
		}
	}
	if d.IsMonster() {
		what := "a monster"
		if d.Kind.Has(Xyz) {
			r.absent("an Xyz monster has a Rank", "level")
			d.Rank = r.number("rank", 1, 13)
			r.required("rank", "an Xyz monster")
		} else {
			r.absent("only an Xyz monster has a Rank", "rank")
			d.Level = r.number("level", 1, 12)
			r.required("level", what)
		}
		if a := r.required("attribute", what); a != "" {
			if d.Attribute, err = ParseAttribute(a); err != nil {
				r.fail(r.line("attribute"), "%v", err)
			}
		}
		if t := r.required("type", what); t != "" {
			if d.Race, err = ParseRace(t); err != nil {
				r.fail(r.line("type"), "%v", err)
			}
		}
		d.ATK = r.number("atk", 0, 100000)
		d.DEF = r.number("def", 0, 100000)
		r.required("atk", what)
		r.required("def", what)
	} else if d.Kind != 0 {
		r.absent("a Spell or Trap", "level", "rank", "attribute", "type", "atk", "def")
	}
	if sets := r.required("sets", "a card"); sets != "" {
		d.Sets = strings.Fields(sets)
		if d.Sets[0] != set.Code {
			r.fail(r.line("sets"), "sets %q: a card of %s's file lists %s first (its home set)", sets, set.Code, set.Code)
		}
		for i, c := range d.Sets {
			if slices.Contains(d.Sets[:i], c) {
				r.fail(r.line("sets"), "sets lists %s twice", c)
			}
		}
	}
	if v := r.required("rarity", "a card"); v != "" {
		if d.Rarity, err = ParseRarity(v); err != nil {
			r.fail(r.line("rarity"), "%v", err)
		}
	}
	if d.Text.EN == "" && (d.Text.ZHCN != "" || d.Text.ZHTW != "") {
		r.fail(s.Line, "a card with a Chinese text needs its English text (text)")
	}
	if r.err != nil {
		return nil, r.err
	}
	return d, nil
}

// kindOrder is the order a card file writes the words of a kind in, as cards print them:
// "Synchro Tuner Effect Monster", "Quick-Play Spell".
var kindOrder = []Kind{Fusion, Ritual, Synchro, Xyz, Token, Flip, Spirit, Union, Gemini, Toon, Tuner, Normal, Effect, QuickPlay,
	Continuous, Equip, Field, Counter, Monster, Spell, Trap}

// KindText writes a kind as a card file does: "Normal Monster", "Flip Effect Monster",
// "Normal Spell", "Counter Trap". ParseKind reads it back.
func KindText(k Kind) string {
	var parts []string
	for _, b := range kindOrder {
		if k&b != 0 {
			for _, kn := range kindNames {
				if kn.k == b {
					parts = append(parts, kn.name)
				}
			}
		}
	}
	return strings.Join(parts, " ")
}

// Stanza writes the card as its card file holds it: one "key value" line per field, the keys
// padded to one width, in the order of CardKeys; fields without a value are left out.
func (d *Data) Stanza() string {
	var b strings.Builder
	put := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%-11s %s\n", k, v)
		}
	}
	num := func(n int) string { return strconv.Itoa(n) }
	put("card", num(int(d.Passcode)))
	put("name", d.Name)
	put("name.zh-CN", d.NameZH)
	put("name.zh-TW", d.NameTW)
	put("kind", KindText(d.Kind))
	if d.IsMonster() {
		if d.Kind.Has(Xyz) {
			put("rank", num(d.Rank))
		} else {
			put("level", num(d.Level))
		}
		put("attribute", d.Attribute.String())
		put("type", d.Race.String())
		put("atk", num(d.ATK))
		put("def", num(d.DEF))
	}
	put("sets", strings.Join(d.Sets, " "))
	put("rarity", d.Rarity.String())
	put("text", d.Text.EN)
	put("text.zh-CN", d.Text.ZHCN)
	put("text.zh-TW", d.Text.ZHTW)
	return b.String()
}
