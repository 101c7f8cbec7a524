package catalog

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// Result is one page of a search.
type Result struct {
	// Total is the number of cards that match, over every page.
	Total int
	// Offset is the index of Cards[0] among them.
	Offset int
	// Cards are the page's cards, in the query's order.
	Cards []*Card
	// List is the banlist the limits were read from; nil for none.
	List *List
}

// ErrNeedOwned is returned for an owned:/sort:owned query without the player's cards (a guest).
var ErrNeedOwned = errors.New("catalog: owned / not owned needs a logged-in player")

// Search runs q. owned gives the copies the player owns (nil for a guest, who cannot filter or
// sort by it). Errors are the query's (ErrQuery, ErrNeedOwned).
func (ix *Index) Search(q Query, owned map[card.Passcode]int) (Result, error) {
	list, err := ix.queryList(q.Banlist)
	if err != nil {
		return Result{}, queryErr("%v", strings.TrimPrefix(err.Error(), "catalog: "))
	}
	bl := banlistOf(list)
	if owned == nil && (q.Owned != AnyOwned || slices.ContainsFunc(q.Sort, func(k SortKey) bool { return k.Field == "owned" })) {
		return Result{}, ErrNeedOwned
	}
	if q.Game != "" && ix.dbs[q.Game] == nil {
		return Result{}, queryErr("no game %q (the games are %s)", q.Game, strings.Join(ix.Games(), ", "))
	}
	if q.Offset < 0 || q.Limit < 0 {
		return Result{}, queryErr("offset and limit must not be negative")
	}
	limit := q.Limit
	if limit == 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)

	var hits []*Card
	for _, c := range ix.cards {
		if q.matches(c, bl, owned) {
			hits = append(hits, c)
		}
	}
	if len(q.Sort) > 0 {
		// The index is in the default order, which a stable sort keeps among equal keys.
		slices.SortStableFunc(hits, q.compare(bl, owned))
	}
	res := Result{Total: len(hits), Offset: q.Offset, List: list}
	if q.Offset < len(hits) {
		res.Cards = hits[q.Offset:min(len(hits), q.Offset+limit)]
	}
	return res, nil
}

// queryList resolves a query's banlist name: "" is the default.
func (ix *Index) queryList(name string) (*List, error) {
	if name == "" {
		return ix.DefaultList(), nil
	}
	return ix.List(name)
}

func containsAll(hay string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// matches reports whether c meets every term of q.
func (q *Query) matches(c *Card, bl *deck.Banlist, owned map[card.Passcode]int) bool {
	if q.Game != "" && c.Game != q.Game {
		return false
	}
	if c.Kind&q.Kinds != q.Kinds || c.Kind&q.NotKinds != 0 {
		return false
	}
	switch q.Deck {
	case "extra":
		if !c.Extra {
			return false
		}
	case "main":
		if c.Extra {
			return false
		}
	}
	if len(q.Attributes) > 0 && !slices.Contains(q.Attributes, c.Attribute) {
		return false
	}
	if len(q.Races) > 0 && !slices.Contains(q.Races, c.Race) {
		return false
	}
	monster := c.IsMonster()
	if (q.Level.Set || q.ATK.Set || q.DEF.Set) && !monster {
		return false
	}
	if !q.Level.Has(c.Stars()) || !q.ATK.Has(c.ATK) || !q.DEF.Has(c.DEF) {
		return false
	}
	if len(q.Rarities) > 0 && !slices.Contains(q.Rarities, c.Rarity) {
		return false
	}
	if len(q.Sets) > 0 && !slices.ContainsFunc(q.Sets, func(s string) bool {
		return slices.ContainsFunc(c.Sets, func(cs string) bool { return strings.EqualFold(cs, s) })
	}) {
		return false
	}
	if len(q.Limits) > 0 && !slices.Contains(q.Limits, bl.Limit(c.Passcode)) {
		return false
	}
	switch q.Owned {
	case OnlyOwned:
		if owned[c.Passcode] == 0 {
			return false
		}
	case NotOwned:
		if owned[c.Passcode] > 0 {
			return false
		}
	}
	if !containsAll(c.nameFold, q.Names) || !containsAll(c.textFold, q.Texts) {
		return false
	}
	for _, w := range q.Words {
		if !strings.Contains(c.nameFold, w) && !strings.Contains(c.textFold, w) {
			return false
		}
	}
	return true
}

// kindRank orders cards as deck editors list them: Normal Monsters, Effect and Ritual Monsters,
// Extra Deck monsters (Fusion, Synchro, Xyz), Spells, Traps.
func kindRank(k card.Kind) int {
	switch {
	case k&card.Spell != 0:
		return 10 + subRank(k)
	case k&card.Trap != 0:
		return 20 + subRank(k)
	case k&card.Fusion != 0:
		return 3
	case k&card.Synchro != 0:
		return 4
	case k&card.Xyz != 0:
		return 5
	case k&card.Ritual != 0:
		return 2
	case k&card.Normal != 0:
		return 0
	}
	return 1
}

// subRank orders Spells and Traps: Normal, Quick-Play, Continuous, Equip, Field, Ritual, Counter.
func subRank(k card.Kind) int {
	for i, b := range []card.Kind{card.Normal, card.QuickPlay, card.Continuous, card.Equip, card.Field, card.Ritual, card.Counter} {
		if k&b != 0 {
			return i
		}
	}
	return 9
}

// compare returns the order of q's sort keys (ties keep the default order: see Search).
func (q *Query) compare(bl *deck.Banlist, owned map[card.Passcode]int) func(a, b *Card) int {
	keys := q.Sort
	return func(a, b *Card) int {
		for _, k := range keys {
			c := compareBy(k.Field, a, b, bl, owned)
			if k.Desc {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	}
}

func firstSet(sets []string) string {
	if len(sets) == 0 {
		return ""
	}
	return sets[0]
}

func compareBy(field string, a, b *Card, bl *deck.Banlist, owned map[card.Passcode]int) int {
	switch field {
	case "name":
		return cmp.Compare(a.nameKey, b.nameKey)
	case "name-zh":
		return cmp.Compare(a.NameZH, b.NameZH)
	case "code":
		return cmp.Compare(a.Passcode, b.Passcode)
	case "kind":
		return cmp.Compare(a.rank, b.rank)
	case "attr":
		return cmp.Compare(a.Attribute, b.Attribute)
	case "type":
		return cmp.Compare(a.Race, b.Race)
	case "level":
		return cmp.Compare(a.Stars(), b.Stars())
	case "atk":
		return cmp.Compare(a.ATK, b.ATK)
	case "def":
		return cmp.Compare(a.DEF, b.DEF)
	case "rarity":
		return cmp.Compare(a.Rarity, b.Rarity)
	case "limit":
		return cmp.Compare(bl.Limit(a.Passcode), bl.Limit(b.Passcode))
	case "set":
		return cmp.Compare(firstSet(a.Sets), firstSet(b.Sets))
	case "owned":
		return cmp.Compare(owned[a.Passcode], owned[b.Passcode])
	}
	// default: kind, then Level and ATK from the highest, then name.
	if c := cmp.Compare(a.rank, b.rank); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Stars(), a.Stars()); c != 0 {
		return c
	}
	if c := cmp.Compare(b.ATK, a.ATK); c != 0 {
		return c
	}
	return cmp.Compare(a.nameKey, b.nameKey)
}
