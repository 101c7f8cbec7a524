// Package catalog is the card centre's index: every card the server knows (the card pool, the
// kouhu set, or a set imported from a YGOPro .cdb) with its names in each language, the project's
// own text, its rarity and its limit under every banlist, searched the way EDOPro's deck editor
// searches (name and text, kind, attribute, type, level, ATK/DEF ranges, limit status, set,
// owned / not owned) and sorted by any field. The query syntax is in query.go and docs/cards.md.
//
// An Index is immutable once built and safe for concurrent use; a search scans every card
// (names and texts are folded once, at build time), which stays far under a millisecond on the
// pool and a few milliseconds on ten thousand cards (BenchmarkSearch).
package catalog

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// The games a card belongs to. kouhu is its own game with its own cards and collection.
const (
	GamePool  = "pool"  // the card pool of the Yu-Gi-Oh! rulesets (ocg, classic, anime)
	GameKouhu = "kouhu" // the kouhu set (ruleset kouhu)
)

// The languages of names and texts.
const (
	EN   = "en"
	ZHCN = "zh-CN"
	ZHTW = "zh-TW"
)

// Languages lists the languages a card's names and texts may be given in.
var Languages = []string{EN, ZHCN, ZHTW}

// Card is one card of the index: its data, the game it belongs to, and its names and texts by
// language (only the languages the data has).
type Card struct {
	*card.Data
	// Game is GamePool, GameKouhu or the name a Source gave.
	Game string
	// Names maps a language (EN, ZHCN, ZHTW) to the card's name in it; EN is always there.
	Names map[string]string
	// Texts maps a language to the project's own effect text in it (never an official card
	// text); empty for a card without one (a Normal Monster of the pool).
	Texts map[string]string
	// Extra reports whether the card belongs in the Extra Deck.
	Extra bool

	nameFold string // every name, folded, separated by "\n"
	textFold string // every text, folded
	nameKey  string // the English name in lower case, for sorting
	rank     int    // kindRank
}

// Source is one set of cards to index.
type Source struct {
	// Game names the set: GamePool, GameKouhu, or for instance "cdb".
	Game string
	// DB is the card data.
	DB *card.DB
	// Texts gives a card's texts by language beyond its data's (Data.Text), for instance a
	// database's; nil for none.
	Texts func(card.Passcode) map[string]string
	// Names gives names by language beyond Data.Name (EN), Data.NameZH (ZHCN) and Data.NameTW
	// (ZHTW), for instance a Traditional Chinese .cdb's names; nil for none.
	Names func(card.Passcode) map[string]string
	// IsExtra tells the cards of the Extra Deck; nil means card.Kind.IsExtra.
	IsExtra func(*card.Data) bool
}

// Index is the searchable set of cards, with the banlists the server knows.
type Index struct {
	cards  []*Card
	byCode map[card.Passcode]*Card
	dbs    map[string]*card.DB // by game
	lists  []List
}

// New indexes the cards of the sources (a passcode may appear in only one) with the banlists
// lists (the first is the default; none means every card is unlimited).
func New(lists []List, sources ...Source) (*Index, error) {
	ix := &Index{byCode: map[card.Passcode]*Card{}, dbs: map[string]*card.DB{}, lists: lists}
	seen := map[string]bool{}
	for _, l := range lists {
		if l.Name == "" || strings.EqualFold(l.Name, NoBanlist) {
			return nil, fmt.Errorf("catalog: a banlist may not be named %q", l.Name)
		}
		if seen[l.Name] {
			return nil, fmt.Errorf("catalog: banlist %q is given twice", l.Name)
		}
		seen[l.Name] = true
	}
	for _, src := range sources {
		if src.Game == "" || src.DB == nil {
			return nil, fmt.Errorf("catalog: a source needs a game name and card data")
		}
		if _, dup := ix.dbs[src.Game]; dup {
			return nil, fmt.Errorf("catalog: game %q is given twice", src.Game)
		}
		ix.dbs[src.Game] = src.DB
		for _, d := range src.DB.All() {
			if other, dup := ix.byCode[d.Passcode]; dup {
				return nil, fmt.Errorf("catalog: passcode %d is both %q (%s) and %q (%s)", d.Passcode,
					other.Name, other.Game, d.Name, src.Game)
			}
			c := &Card{Data: d, Game: src.Game, Names: map[string]string{EN: d.Name}, Texts: map[string]string{},
				Extra: d.Kind.IsExtra()}
			if src.IsExtra != nil {
				c.Extra = src.IsExtra(d)
			}
			if d.NameZH != "" {
				c.Names[ZHCN] = d.NameZH
			}
			if d.NameTW != "" {
				c.Names[ZHTW] = d.NameTW
			}
			for l, t := range map[string]string{EN: d.Text.EN, ZHCN: d.Text.ZHCN, ZHTW: d.Text.ZHTW} {
				if t != "" {
					c.Texts[l] = t
				}
			}
			if src.Names != nil {
				for l, n := range src.Names(d.Passcode) {
					if n != "" {
						c.Names[l] = n
					}
				}
			}
			if src.Texts != nil {
				for l, t := range src.Texts(d.Passcode) {
					if t != "" {
						c.Texts[l] = t
					}
				}
			}
			c.nameKey, c.rank = strings.ToLower(d.Name), kindRank(d.Kind)
			c.nameFold = foldAll(c.Names)
			c.textFold = foldAll(c.Texts)
			ix.byCode[d.Passcode] = c
			ix.cards = append(ix.cards, c)
		}
	}
	// Kept in the default order, so that a search sorts only for an explicit order.
	slices.SortFunc(ix.cards, func(a, b *Card) int {
		if c := compareBy("default", a, b, nil, nil); c != 0 {
			return c
		}
		return cmp.Compare(a.Passcode, b.Passcode)
	})
	return ix, nil
}

// Len returns the number of cards.
func (ix *Index) Len() int { return len(ix.cards) }

// Card finds a card by passcode (or kouhu id).
func (ix *Index) Card(p card.Passcode) (*Card, bool) {
	c, ok := ix.byCode[p]
	return c, ok
}

// DB returns the card data of a game (GamePool, GameKouhu ...), or nil.
func (ix *Index) DB(game string) *card.DB { return ix.dbs[game] }

// Games lists the games of the index, sorted.
func (ix *Index) Games() []string {
	out := make([]string, 0, len(ix.dbs))
	for g := range ix.dbs {
		out = append(out, g)
	}
	slices.Sort(out)
	return out
}

// Lists returns the banlists the index knows, the default first. The slice must not be modified.
func (ix *Index) Lists() []List { return ix.lists }

// DefaultList returns the default banlist (the first), or nil if there is none.
func (ix *Index) DefaultList() *List {
	if len(ix.lists) == 0 {
		return nil
	}
	return &ix.lists[0]
}

// List finds a banlist by name. NoBanlist ("none") gives nil and no error: every card allowed
// three times. An unknown name is an error listing the names there are.
func (ix *Index) List(name string) (*List, error) {
	if strings.EqualFold(name, NoBanlist) {
		return nil, nil
	}
	for i := range ix.lists {
		if ix.lists[i].Name == name {
			return &ix.lists[i], nil
		}
	}
	names := make([]string, 0, len(ix.lists)+1)
	for _, l := range ix.lists {
		names = append(names, fmt.Sprintf("%q", l.Name))
	}
	names = append(names, fmt.Sprintf("%q", NoBanlist))
	return nil, fmt.Errorf("catalog: no banlist named %q (the lists are %s)", name, strings.Join(names, ", "))
}

// Limit is a card's limit under one banlist.
type Limit struct {
	Banlist string `json:"banlist"`
	Date    string `json:"date,omitempty"`
	Limit   int    `json:"limit"` // 0 forbidden, 1 limited, 2 semi-limited, 3 unlimited
}

// Limits returns p's limit under every banlist, in the order of Lists.
func (ix *Index) Limits(p card.Passcode) []Limit {
	out := make([]Limit, len(ix.lists))
	for i, l := range ix.lists {
		out[i] = Limit{Banlist: l.Name, Date: l.Date, Limit: l.Banlist.Limit(p)}
	}
	return out
}

// banlistOf returns the deck.Banlist of l (nil for none).
func banlistOf(l *List) *deck.Banlist {
	if l == nil {
		return nil
	}
	return &l.Banlist
}

// fold prepares text for matching: lower case, every run of characters that are neither letters
// nor digits (spaces, '-', ',', '·', quotes ...) one space, trimmed. "Blue-Eyes" and "blue eyes"
// fold alike.
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		space = true
	}
	return b.String()
}

// foldAll folds every value of m, in the order of Languages then any other, joined by "\n" so
// that no match spans two of them.
func foldAll(m map[string]string) string {
	var parts []string
	for _, l := range Languages {
		if v, ok := m[l]; ok {
			parts = append(parts, fold(v))
		}
	}
	var other []string
	for l := range m {
		if !slices.Contains(Languages, l) {
			other = append(other, l)
		}
	}
	slices.Sort(other)
	for _, l := range other {
		parts = append(parts, fold(m[l]))
	}
	return strings.Join(parts, "\n")
}
