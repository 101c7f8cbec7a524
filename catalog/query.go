package catalog

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// Query is a search of the index. The zero Query finds every card, in the default order.
//
// A query string (Parse) is a list of terms separated by spaces; a term with spaces is quoted
// ("blue eyes"). A bare word matches a card's names (any language) or its texts; the other
// terms are key:value or key<op>number:
//
//	name:WORD  text:WORD              a name / the text contains WORD (case and '-' ignored)
//	kind:monster,spell,trap,normal,effect,fusion,ritual,synchro,xyz,tuner,flip,quick-play,
//	     continuous,equip,field,counter   (the card has every kind listed; -kind:X excludes)
//	kind:extra | kind:main              an Extra Deck monster / a Main Deck card
//	attr:dark,light ...                 one of these Attributes
//	type:dragon,spellcaster ...         one of these monster Types ("winged-beast" or "winged beast")
//	level>=4 level<7 level=4 level:3-5  Level or Rank (also lv, rank)
//	atk>=1800 atk<1000 def:1000-2000    ATK / DEF ranges (>, >=, <, <=, =, :N, :N-M)
//	limit:forbidden,limited,semi,unlimited (or 0,1,2,3; 禁 限 准)  under the chosen banlist
//	banlist:NAME                        the banlist limit: and sort:limit use ("none" for none)
//	set:SDY,5DS1,seed,kouhu             in one of these sets
//	rarity:UR,SR                        one of these rarities
//	game:pool | game:kouhu              only this game's cards
//	owned:yes | owned:no                owned at least once / not owned (needs a logged-in player)
//	sort:atk sort:-level sort:name ...  order (see SortFields); '-' for descending; repeatable
//
// Values are case-insensitive. Everything listed in one term is "or"; different terms are "and".
type Query struct {
	Words      []string         // each matches a name or a text
	Names      []string         // each matches a name
	Texts      []string         // each matches a text
	Kinds      card.Kind        // the card has every one of these bits
	NotKinds   card.Kind        // the card has none of these bits
	Deck       string           // "main": a Main Deck card; "extra": an Extra Deck monster; "": any
	Attributes []card.Attribute // one of these (empty: any)
	Races      []card.Race      // one of these (empty: any)
	Level      Range
	ATK, DEF   Range
	Limits     []int         // one of these limits under Banlist (empty: any)
	Banlist    string        // the banlist's name; "" is the default list, NoBanlist none
	Sets       []string      // in one of these sets (empty: any)
	Rarities   []card.Rarity // one of these (empty: any)
	Game       string        // only this game (empty: every game)
	Owned      OwnedFilter   // owned / not owned
	Sort       []SortKey     // the order; ties (and the empty list) fall back to DefaultSort
	Offset     int           // the first result to return
	Limit      int           // the most results to return (0: DefaultPageSize; at most MaxPageSize)
	terms      int           // terms added (Add), at most MaxTerms
}

// Range is an inclusive range of numbers; an unset Range matches everything.
type Range struct {
	Set      bool
	Min, Max int
}

// Has reports whether n is in the range.
func (r Range) Has(n int) bool { return !r.Set || (n >= r.Min && n <= r.Max) }

// OwnedFilter chooses cards by whether the player owns them.
type OwnedFilter uint8

// The owned filters.
const (
	AnyOwned OwnedFilter = iota
	OnlyOwned
	NotOwned
)

// SortKey is one field of an order.
type SortKey struct {
	Field string // one of SortFields
	Desc  bool
}

// SortFields lists the fields a search can be sorted by.
var SortFields = []string{"default", "name", "name-zh", "code", "kind", "attr", "type", "level",
	"atk", "def", "rarity", "limit", "set", "owned"}

// Page sizes.
const (
	DefaultPageSize = 60
	MaxPageSize     = 500
)

// Bounds of a query (issue 35: a 600 kB query cost 3 s of CPU with no login and no limit).
const (
	MaxQueryBytes = 1000 // a search's whole URL query, q and every parameter
	MaxTerms      = 24   // terms of a query (the q syntax's and the parameters' together)
	MaxTermBytes  = 100  // one term
)

// ErrQuery marks an error in a query: the caller's input, never the server's fault.
var ErrQuery = errors.New("catalog: bad query")

func queryErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrQuery, fmt.Sprintf(format, args...))
}

// Parse reads a query string (see Query). Errors name the term and say what was expected; they
// wrap ErrQuery.
func Parse(s string) (Query, error) {
	var q Query
	terms, err := splitTerms(s)
	if err != nil {
		return q, err
	}
	if len(terms) > MaxTerms {
		return Query{}, queryErr("%d terms: at most %d", len(terms), MaxTerms)
	}
	for _, t := range terms {
		if err := q.Add(t); err != nil {
			return Query{}, err
		}
	}
	return q, nil
}

// splitTerms splits at spaces outside double quotes; a quoted part loses its quotes.
func splitTerms(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	in, has := false, false
	for _, r := range s {
		switch {
		case r == '"':
			in, has = !in, true
		case !in && (r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u3000'):
			if has {
				out = append(out, b.String())
			}
			b.Reset()
			has = false
		default:
			b.WriteRune(r)
			has = true
		}
	}
	if in {
		return nil, queryErr("a quote (\") is not closed in %q", s)
	}
	if has {
		out = append(out, b.String())
	}
	return out, nil
}

// opKeys are the keys that take a number range.
var opKeys = map[string]string{"level": "level", "lv": "level", "rank": "level", "atk": "atk", "def": "def"}

// Add adds one term of the query syntax to q (a term as Parse splits them: no quotes).
func (q *Query) Add(term string) error {
	if term == "" {
		return nil
	}
	if len(term) > MaxTermBytes {
		return queryErr("a term of %d bytes: at most %d", len(term), MaxTermBytes)
	}
	if q.terms++; q.terms > MaxTerms {
		return queryErr("more than %d terms", MaxTerms)
	}
	// key<op>number: atk>=2000, level<4, def=0.
	if i := strings.IndexAny(term, "<>="); i > 0 {
		key := strings.ToLower(term[:i])
		if field, ok := opKeys[key]; ok {
			r, err := parseOp(term[i:])
			if err != nil {
				return queryErr("%q: %v", term, err)
			}
			return q.setRange(field, r)
		}
	}
	key, val, ok := strings.Cut(term, ":")
	if !ok || val == "" {
		if ok {
			return queryErr("%q: a value is missing after ':'", term)
		}
		if f := fold(term); f != "" {
			q.Words = append(q.Words, f)
		}
		return nil
	}
	neg := strings.HasPrefix(key, "-")
	key = strings.ToLower(strings.TrimPrefix(key, "-"))
	if neg && key != "kind" {
		return queryErr("%q: only kind: can be negated with '-'", term)
	}
	vals := strings.Split(val, ",")
	switch key {
	case "name":
		if f := fold(val); f != "" {
			q.Names = append(q.Names, f)
		}
	case "text", "desc":
		if f := fold(val); f != "" {
			q.Texts = append(q.Texts, f)
		}
	case "kind":
		for _, v := range vals {
			if w := strings.ToLower(v); w == "extra" || w == "main" {
				// kind:extra is an Extra Deck monster, kind:main a Main Deck card; -kind:X the other.
				if q.Deck = w; neg {
					q.Deck = map[string]string{"extra": "main", "main": "extra"}[w]
				}
				continue
			}
			k, err := parseKindWord(v)
			if err != nil {
				return queryErr("%q: %v", term, err)
			}
			if neg {
				q.NotKinds |= k
			} else {
				q.Kinds |= k
			}
		}
	case "attr", "attribute":
		for _, v := range vals {
			a, err := card.ParseAttribute(v)
			if err != nil || a == card.NoAttribute {
				return queryErr("%q: %q is not an Attribute (LIGHT, DARK, EARTH, WATER, FIRE, WIND, DIVINE)", term, v)
			}
			q.Attributes = append(q.Attributes, a)
		}
	case "type", "race":
		for _, v := range vals {
			r, err := card.ParseRace(strings.ReplaceAll(v, "_", " "))
			if err != nil {
				r, err = card.ParseRace(strings.ReplaceAll(v, "-", " "))
			}
			if err != nil || r == card.NoRace {
				return queryErr("%q: %q is not a monster Type (Dragon, Spellcaster, Winged-Beast ...)", term, v)
			}
			q.Races = append(q.Races, r)
		}
	case "level", "lv", "rank", "atk", "def":
		r, err := parseOp(":" + val)
		if err != nil {
			return queryErr("%q: %v", term, err)
		}
		return q.setRange(opKeys[key], r)
	case "limit", "status":
		for _, v := range vals {
			n, err := parseLimitWord(v)
			if err != nil {
				return queryErr("%q: %v", term, err)
			}
			q.Limits = append(q.Limits, n)
		}
	case "banlist", "lflist":
		q.Banlist = val
	case "set":
		q.Sets = append(q.Sets, vals...)
	case "rarity":
		for _, v := range vals {
			r, err := card.ParseRarity(v)
			if err != nil {
				return queryErr("%q: %q is not a rarity (N, R, SR, UR)", term, v)
			}
			q.Rarities = append(q.Rarities, r)
		}
	case "game":
		q.Game = strings.ToLower(val)
	case "owned":
		switch strings.ToLower(val) {
		case "yes", "true", "1", "y":
			q.Owned = OnlyOwned
		case "no", "false", "0", "n":
			q.Owned = NotOwned
		case "any", "all":
			q.Owned = AnyOwned
		default:
			return queryErr("%q: owned is yes, no or any", term)
		}
	case "sort", "order":
		for _, v := range vals {
			k := SortKey{Field: strings.ToLower(v)}
			if strings.HasPrefix(k.Field, "-") {
				k.Field, k.Desc = k.Field[1:], true
			}
			switch k.Field {
			case "attribute":
				k.Field = "attr"
			case "race":
				k.Field = "type"
			case "passcode", "id":
				k.Field = "code"
			case "lv", "rank":
				k.Field = "level"
			}
			if !slices.Contains(SortFields, k.Field) {
				return queryErr("%q: cannot sort by %q (fields: %s)", term, v, strings.Join(SortFields, ", "))
			}
			q.Sort = append(q.Sort, k)
		}
	default:
		return queryErr("%q: unknown key %q (name, text, kind, attr, type, level, atk, def, limit, banlist, set, rarity, game, owned, sort)", term, key)
	}
	return nil
}

func (q *Query) setRange(field string, r Range) error {
	switch field {
	case "level":
		q.Level = intersect(q.Level, r)
	case "atk":
		q.ATK = intersect(q.ATK, r)
	case "def":
		q.DEF = intersect(q.DEF, r)
	}
	return nil
}

// intersect narrows a by b (atk>=1000 atk<2000 is 1000-1999).
func intersect(a, b Range) Range {
	if !a.Set {
		return b
	}
	return Range{Set: true, Min: max(a.Min, b.Min), Max: min(a.Max, b.Max)}
}

const maxStat = 1 << 30

// parseOp reads ">=2000", ">2000", "<=4", "<4", "=4", ":4", ":3-5".
func parseOp(s string) (Range, error) {
	num := func(v string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n >= maxStat {
			return 0, fmt.Errorf("%q is not a number", v)
		}
		return n, nil
	}
	var op string
	for _, o := range []string{">=", "<=", ">", "<", "=", ":"} {
		if strings.HasPrefix(s, o) {
			op = o
			break
		}
	}
	v := s[len(op):]
	if v == "" {
		return Range{}, errors.New("a number is missing")
	}
	if op == ":" || op == "=" {
		if lo, hi, ok := strings.Cut(v, "-"); ok && lo != "" {
			a, err := num(lo)
			if err != nil {
				return Range{}, err
			}
			b, err := num(hi)
			if err != nil {
				return Range{}, err
			}
			if a > b {
				return Range{}, fmt.Errorf("the range %d-%d is empty", a, b)
			}
			return Range{Set: true, Min: a, Max: b}, nil
		}
	}
	n, err := num(v)
	if err != nil {
		return Range{}, err
	}
	switch op {
	case ">=":
		return Range{Set: true, Min: n, Max: maxStat}, nil
	case ">":
		return Range{Set: true, Min: n + 1, Max: maxStat}, nil
	case "<=":
		return Range{Set: true, Min: 0, Max: n}, nil
	case "<":
		return Range{Set: true, Min: 0, Max: n - 1}, nil
	}
	return Range{Set: true, Min: n, Max: n}, nil
}

// kindWords are the words of kind:, the card package's names folded, and Chinese ones.
var kindWords = map[string]card.Kind{
	"monster": card.Monster, "spell": card.Spell, "magic": card.Spell, "trap": card.Trap,
	"normal": card.Normal, "effect": card.Effect, "fusion": card.Fusion, "ritual": card.Ritual,
	"synchro": card.Synchro, "xyz": card.Xyz, "tuner": card.Tuner, "flip": card.Flip,
	"token": card.Token, "quick-play": card.QuickPlay, "quickplay": card.QuickPlay, "quick": card.QuickPlay,
	"continuous": card.Continuous, "equip": card.Equip, "field": card.Field, "counter": card.Counter,
	"spirit": card.Spirit, "union": card.Union, "gemini": card.Gemini, "toon": card.Toon,
	"怪兽": card.Monster, "怪獸": card.Monster, "魔法": card.Spell, "陷阱": card.Trap, "通常": card.Normal,
	"效果": card.Effect, "融合": card.Fusion, "仪式": card.Ritual, "儀式": card.Ritual, "同调": card.Synchro,
	"同調": card.Synchro, "超量": card.Xyz, "调整": card.Tuner, "調整": card.Tuner, "反转": card.Flip,
	"反轉": card.Flip, "速攻": card.QuickPlay, "永续": card.Continuous, "永續": card.Continuous,
	"装备": card.Equip, "裝備": card.Equip, "场地": card.Field, "場地": card.Field, "反击": card.Counter,
	"反擊": card.Counter, "灵魂": card.Spirit, "靈魂": card.Spirit, "同盟": card.Union, "二重": card.Gemini,
	"卡通": card.Toon,
}

func parseKindWord(v string) (card.Kind, error) {
	if k, ok := kindWords[strings.ToLower(v)]; ok {
		return k, nil
	}
	return 0, fmt.Errorf("%q is not a kind (monster, spell, trap, normal, effect, fusion, ritual, synchro, xyz, tuner, flip, quick-play, continuous, equip, field, counter, extra)", v)
}

func parseLimitWord(v string) (int, error) {
	switch strings.ToLower(v) {
	case "0", "forbidden", "banned", "禁", "禁止":
		return 0, nil
	case "1", "limited", "限", "限制":
		return 1, nil
	case "2", "semi", "semi-limited", "semilimited", "准", "准限制", "準", "準限制":
		return 2, nil
	case "3", "unlimited", "无限制", "無限制":
		return 3, nil
	}
	return 0, fmt.Errorf("%q is not a limit (forbidden, limited, semi, unlimited or 0-3)", v)
}
