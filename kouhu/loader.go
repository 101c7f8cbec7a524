package kouhu

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// ErrBadCardData is wrapped by every error ParseCards returns.
var ErrBadCardData = errors.New("kouhu: bad card data")

// DataError is a fault in a card data file. It names the file, the line and the column.
type DataError struct {
	File  string // the file name given to ParseCards, e.g. "cards/kouhu/kouhu.cards"
	Line  int    // 1-based line number
	Field string // the key of the field at fault; "" when the whole card is
	Err   error  // what is wrong
}

// Error reads like "kouhu: kouhu.cards line 12, field atk: "12x" is not a whole number".
func (e *DataError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("kouhu: %s line %d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("kouhu: %s line %d, field %s: %v", e.File, e.Line, e.Field, e.Err)
}

// Unwrap lets errors.Is find ErrBadCardData and the underlying error.
func (e *DataError) Unwrap() []error { return []error{ErrBadCardData, e.Err} }

// The fields of a card, in the order the card file writes them; columns holds their keys.
const (
	colID = iota
	colName
	colNameZH
	colNameTW
	colKind
	colLevel
	colAttribute
	colType
	colClass
	colATK
	colDEF
	colSpeed
	colKeywords
	colMaterials
	colSummonBy
	colCondition
	colRarity
	colText
	colTextZH
	colTextTW
	numColumns
)

var columns = [numColumns]string{"card", "name", "name.zh-CN", "name.zh-TW", "kind", "level", "attribute",
	"type", "class", "atk", "def", "speed", "keywords", "materials", "summon_by", "condition", "rarity",
	"text", "text.zh-CN", "text.zh-TW"}

// materialSep separates the names in the materials column.
const materialSep = " + "

// ParseCards reads kouhu's card file (cards/kouhu/kouhu.cards; the keys are in its header
// comment and README.md): the set's header stanza (game kouhu), then one stanza per card. It is
// strict: any unknown key or word, missing or superfluous value, duplicate id or name, or
// reference to a card that is not in the set is a *DataError naming the line and the key.
func ParseCards(file, src string) (*Set, error) {
	st, err := card.ReadStanzas(file, src)
	if err != nil {
		return nil, stanzaError(file, err)
	}
	if len(st) == 0 {
		return nil, &DataError{File: file, Line: 1, Err: errors.New("no set header")}
	}
	hdr, err := card.ParseSetHeader(file, st[0])
	if err != nil {
		return nil, stanzaError(file, err)
	}
	if hdr.Game != "kouhu" {
		return nil, &DataError{File: file, Line: st[0].Line, Err: fmt.Errorf("set %s is not of game kouhu", hdr.Code)}
	}
	var (
		cards []*Card
		rows  []*row
	)
	for _, s := range st[1:] {
		r := &row{file: file, line: s.Line}
		for _, f := range s.Fields {
			col := slices.Index(columns[:], f.Key)
			if col < 0 {
				return nil, &DataError{File: file, Line: f.Line, Field: f.Key, Err: fmt.Errorf(
					"not a key of a kouhu card (keys: %s)", strings.Join(columns[:], " "))}
			}
			r.f[col], r.lines[col] = f.Value, f.Line
		}
		if s.Fields[0].Key != columns[colID] {
			return nil, &DataError{File: file, Line: s.Line, Err: fmt.Errorf("a card starts with card ID, not %s", s.Fields[0].Key)}
		}
		c := r.parse()
		if r.err != nil {
			return nil, r.err
		}
		cards = append(cards, c)
		rows = append(rows, r)
	}
	if len(cards) == 0 {
		return nil, &DataError{File: file, Line: st[0].Line, Err: errors.New("no cards")}
	}
	if err := resolve(cards, rows); err != nil {
		return nil, err
	}
	return newSet(hdr, cards), nil
}

// stanzaError turns an error of package card ("FILE line N: what") into a *DataError.
func stanzaError(file string, err error) *DataError {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, file+" line "); ok {
		if n, what, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil {
				return &DataError{File: file, Line: line, Err: errors.New(what)}
			}
		}
	}
	return &DataError{File: file, Line: 1, Err: err}
}

// row is one data line while it is parsed; it keeps the first fault found.
type row struct {
	file     string
	line     int                // the card's first line
	f        [numColumns]string // the value of each key ("" if the card has none)
	lines    [numColumns]int    // the line of each key given
	err      *DataError
	material []string // the names in the materials column
	summonBy string   // the name in the summon_by column
}

func (r *row) fail(col int, format string, args ...any) {
	if r.err == nil {
		line := r.lines[col]
		if line == 0 {
			line = r.line
		}
		r.err = &DataError{File: r.file, Line: line, Field: columns[col], Err: fmt.Errorf(format, args...)}
	}
}

// empty checks that the columns are empty, saying why they must be.
func (r *row) empty(why string, cols ...int) {
	for _, col := range cols {
		if r.f[col] != "" {
			r.fail(col, "must be empty for %s, got %q", why, r.f[col])
		}
	}
}

// required checks that the column is not empty.
func (r *row) required(col int, why string) bool {
	if r.f[col] == "" {
		r.fail(col, "is required for %s", why)
		return false
	}
	return true
}

// number reads a whole number in [lo, hi] from the column.
func (r *row) number(col, lo, hi int) int {
	n, err := strconv.Atoi(r.f[col])
	if err != nil {
		r.fail(col, "%q is not a whole number", r.f[col])
		return 0
	}
	if n < lo || n > hi {
		r.fail(col, "%d is not in %d-%d", n, lo, hi)
	}
	return n
}

// parse reads the fields of one line into a Card; references to other cards (materials,
// summon_by) are resolved later by resolve.
func (r *row) parse() *Card {
	f := r.f
	c := &Card{Name: f[colName], NameZH: f[colNameZH], NameTW: f[colNameTW], Text: f[colText],
		TextZH: f[colTextZH], TextTW: f[colTextTW]}
	if id, err := strconv.ParseUint(f[colID], 10, 32); err != nil || ID(id) <= MinID || ID(id) > MaxID {
		r.fail(colID, "%q is not a kouhu id (%d-%d)", f[colID], MinID+1, MaxID)
	} else {
		c.ID = ID(id)
	}
	for _, col := range []int{colName, colNameZH, colText, colTextZH} {
		r.required(col, "every card")
	}
	var err error
	if r.required(colRarity, "every card") {
		if c.Rarity, err = card.ParseRarity(f[colRarity]); err != nil {
			r.fail(colRarity, "%v", err)
		}
	}
	if c.Kind, err = ParseKind(f[colKind]); err != nil {
		r.fail(colKind, "%v", err)
		return c
	}
	what := c.Kind.an()
	if c.Kind.HasLevel() {
		if r.required(colLevel, what) {
			c.Level = r.number(colLevel, 1, MaxLevel)
		}
	} else {
		r.empty(what+" (it has no Level)", colLevel)
	}
	if c.IsCreature() {
		if r.required(colAttribute, what) {
			if c.Attribute, err = ParseAttribute(f[colAttribute]); err != nil {
				r.fail(colAttribute, "%v", err)
			}
		}
		if r.required(colType, what) {
			if c.Type, err = ParseType(f[colType]); err != nil {
				r.fail(colType, "%v", err)
			}
		}
		if c.Class, err = ParseClass(f[colClass]); err != nil {
			r.fail(colClass, "%v", err)
		}
		if r.required(colATK, what) {
			c.ATK = r.number(colATK, 0, 10000)
		}
		if r.required(colDEF, what) {
			c.DEF = r.number(colDEF, 0, 10000)
		}
	} else {
		r.empty(what, colAttribute, colType, colClass, colATK, colDEF)
	}
	if r.required(colSpeed, "every card") {
		if c.Speed = r.number(colSpeed, 0, 3); c.Speed != c.Kind.Speed() {
			r.fail(colSpeed, "%d, but %s is used at speed %d", c.Speed, what, c.Kind.Speed())
		}
	}
	r.keywords(c)
	r.extra(c)
	return c
}

// keywords reads the keywords column and checks each keyword fits the card's kind.
func (r *row) keywords(c *Card) {
	what := c.Kind.an()
	if s := r.f[colKeywords]; s != "" {
		for _, w := range strings.Split(s, ",") {
			if target, ok := strings.CutPrefix(w, "equip="); ok {
				if c.Kind != EquipArtifact {
					r.fail(colKeywords, "equip= is only for equip artifacts, not %s", what)
				} else if c.EquipClass != NoClass || c.EquipType != NoType {
					r.fail(colKeywords, "equip= given twice")
				} else if cl, err := ParseClass(target); err == nil && cl != NoClass {
					c.EquipClass = cl
				} else if t, err := ParseType(target); err == nil && t != NoType {
					c.EquipType = t
				} else {
					r.fail(colKeywords, "equip=%q names no creature class or type", target)
				}
				continue
			}
			k, err := parseKeyword(w)
			switch {
			case err != nil:
				r.fail(colKeywords, "%v", err)
			case c.Keywords.Has(k):
				r.fail(colKeywords, "keyword %q given twice", w)
			case k == Pierce && !c.IsCreature():
				r.fail(colKeywords, "pierce is a creature trait, not for %s", what)
			case k == Ambush && (!c.IsCreature() || c.IsExtra()):
				r.fail(colKeywords, "ambush is only for creatures summoned from the hand, not %s", what)
			case k == Legendary && c.Kind != LegendaryCreature:
				r.fail(colKeywords, "legendary is only for the legendary creature kind, not %s", what)
			}
			c.Keywords |= k
		}
	}
	if c.Kind == LegendaryCreature && !c.Keywords.Has(Legendary) {
		r.fail(colKeywords, "a legendary creature must carry the keyword legendary")
	}
}

// extra reads the materials, summon_by and condition columns: required for extra creatures,
// empty for every other card.
func (r *row) extra(c *Card) {
	what := c.Kind.an()
	if !c.IsExtra() {
		r.empty(what+" (only extra creatures have them)", colMaterials, colSummonBy, colCondition)
		return
	}
	if r.required(colMaterials, what) {
		r.material = strings.Split(r.f[colMaterials], materialSep)
		for _, m := range r.material {
			if m == "" || strings.TrimSpace(m) != m || strings.Contains(m, "+") {
				r.fail(colMaterials, "%q is not a list of names separated by %q", r.f[colMaterials], materialSep)
			}
		}
	}
	if r.required(colSummonBy, what) {
		r.summonBy = r.f[colSummonBy]
	}
	cond, err := ParseCondition(r.f[colCondition])
	if err != nil {
		r.fail(colCondition, "%v", err)
	}
	c.Condition = cond
	switch c.Kind {
	case FusionCreature:
		if len(r.material) < 2 {
			r.fail(colMaterials, "a fusion creature needs at least 2 materials")
		}
		if !cond.IsZero() {
			r.fail(colCondition, "a fusion creature has no condition beyond its materials")
		}
	case RitualCreature:
		if len(r.material) != 1 {
			r.fail(colMaterials, "a ritual creature names exactly 1 creature to tribute")
		}
		if cond.Counter != "" {
			r.fail(colCondition, "counters= is for evolution creatures")
		}
	case EvolutionCreature:
		if len(r.material) != 1 {
			r.fail(colMaterials, "an evolution creature names exactly 1 source creature")
		} else if r.summonBy != r.material[0] {
			r.fail(colSummonBy, "%q, but an evolution is performed by its source %q", r.summonBy, r.material[0])
		}
		if cond.Counter == "" || len(cond.Discard) > 0 {
			r.fail(colCondition, "an evolution creature needs exactly a counters= condition")
		}
	}
}

// resolve checks that ids and names are unique and turns the materials and summon_by names
// into ids, checking each names the right kind of card.
func resolve(cards []*Card, rows []*row) error {
	ids := map[ID]bool{}
	names := map[string]*Card{} // lower-cased English and exact Chinese names
	for i, c := range cards {
		r := rows[i]
		if ids[c.ID] {
			r.fail(colID, "id %d is used twice", c.ID)
		}
		ids[c.ID] = true
		if o := names[strings.ToLower(c.Name)]; o != nil {
			r.fail(colName, "name %q is already used by id %d", c.Name, o.ID)
		}
		names[strings.ToLower(c.Name)] = c
		if o := names[c.NameZH]; o != nil {
			r.fail(colNameZH, "name %q is already used by id %d", c.NameZH, o.ID)
		}
		names[c.NameZH] = c
		if r.err != nil {
			return r.err
		}
	}
	byName := map[string]*Card{}
	for _, c := range cards {
		byName[c.Name] = c
	}
	for i, c := range cards {
		r := rows[i]
		for _, m := range r.material {
			mc := byName[m]
			switch {
			case mc == nil:
				r.fail(colMaterials, "no card is named %q", m)
			case !mc.IsCreature() || mc.IsExtra():
				r.fail(colMaterials, "%q is %s, not a creature of the Main Deck", m, mc.Kind.an())
			default:
				c.Materials = append(c.Materials, mc.ID)
			}
		}
		if r.summonBy != "" {
			by := byName[r.summonBy]
			switch {
			case by == nil:
				r.fail(colSummonBy, "no card is named %q", r.summonBy)
			case c.Kind == FusionCreature && !by.Kind.IsSpell():
				r.fail(colSummonBy, "%q is %s; a fusion creature is summoned by a spell", by.Name, by.Kind.an())
			case c.Kind == RitualCreature && by.Kind != RitualSpell:
				r.fail(colSummonBy, "%q is %s; a ritual creature is summoned by a ritual spell", by.Name, by.Kind.an())
			default:
				c.SummonBy = by.ID
			}
		}
		if r.err != nil {
			return r.err
		}
	}
	return nil
}
