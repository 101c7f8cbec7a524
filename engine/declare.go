package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// Declarations: an effect has a seat declare a number, an Attribute, a Type or a card name
// (notation.md: `declare 4`, `declare DARK`, `declare Dragon`, `declare "Dark Magician"`). The
// prompt is PromptDeclare (Prompt.Declare says what is declared); each option carries the value
// in Rank; the answer is an EvDeclare event both seats see.

// DeclareKind is what a declaration names.
type DeclareKind uint8

// The kinds of declaration.
const (
	DeclareNumber    DeclareKind = iota + 1 // a number (a Level ...)
	DeclareAttribute                        // an Attribute (card.Attribute)
	DeclareType                             // a monster Type (card.Race)
	DeclareCard                             // a card name (a passcode)
	// DeclareAttributes: several Attributes at once (Earthshaker's two): the value is their bit
	// set, bit a for card.Attribute a (attributeSet), written in the notation as their names in
	// the order of card.Attribute (`declare LIGHT EARTH`; any order is read).
	DeclareAttributes
	// DeclareZones: several zones of the field at once (Ground Collapse's two Monster Zones;
	// zonelock.go): the value is their set (zoneRank), written in the notation as their places
	// (`declare A:M1 B:M3`; any order is read).
	DeclareZones
)

var declareNames = [...]string{"", "number", "attribute", "type", "card", "attributes", "zones"}

// String names the kind.
func (k DeclareKind) String() string {
	if int(k) < len(declareNames) {
		return declareNames[k]
	}
	return fmt.Sprintf("DeclareKind(%d)", k)
}

// declareText is the notation of a declared value.
func (g *game) declareText(k DeclareKind, v int32) string {
	switch k {
	case DeclareAttribute:
		return card.Attribute(v).String()
	case DeclareAttributes:
		return strings.Join(AttributeNames(v), " ")
	case DeclareType:
		return card.Race(v).String()
	case DeclareZones:
		return zonesText(v)
	case DeclareCard:
		if d, ok := g.db.ByPasscode(card.Passcode(v)); ok {
			return strconv.Quote(d.Name)
		}
	}
	return strconv.Itoa(int(v))
}

// declare asks seat s to declare one of values and records the declaration.
func (c *Ctx) declare(s Seat, k DeclareKind, values []int32) int32 {
	if len(values) == 0 {
		panic(fmt.Sprintf("engine: a declaration of a %s with nothing to declare", k))
	}
	g := c.g
	p := g.newPrompt(PromptDeclare, s)
	p.Subject, p.Declare = c.card, k
	if c.eff != nil {
		p.Category = c.eff.Category
	}
	for _, v := range values {
		p.opts = append(p.opts, Option{Kind: OptDeclare, Card: NoCard, Rank: v})
	}
	v := g.ask().Rank
	e := Event{Kind: EvDeclare, Seat: s, Declared: k, Card: NoCard, Target: NoCard}
	if k == DeclareCard {
		e.Code = card.Passcode(v)
	} else {
		e.Amount = int(v)
	}
	g.emit(e)
	return v
}

// DeclareNumber has seat s declare one of the numbers (at least one) and returns it.
func (c *Ctx) DeclareNumber(s Seat, nums ...int) int {
	vals := make([]int32, len(nums))
	for i, n := range nums {
		vals[i] = int32(n)
	}
	return int(c.declare(s, DeclareNumber, vals))
}

// DeclareAttribute has seat s declare an Attribute; allowed empty means any of the six (DIVINE
// aside).
func (c *Ctx) DeclareAttribute(s Seat, allowed ...card.Attribute) card.Attribute {
	if len(allowed) == 0 {
		allowed = []card.Attribute{card.Earth, card.Water, card.Fire, card.Wind, card.Light, card.Dark}
	}
	vals := make([]int32, len(allowed))
	for i, a := range allowed {
		vals[i] = int32(a)
	}
	return card.Attribute(c.declare(s, DeclareAttribute, vals))
}

// AttributeNames returns the names of the Attributes of a declared set (DeclareAttributes), in
// the order of card.Attribute.
func AttributeNames(set int32) []string {
	var out []string
	for a := card.Light; a <= card.Divine; a++ {
		if set&(1<<a) != 0 {
			out = append(out, a.String())
		}
	}
	return out
}

// DeclareAttributes has seat s declare n different Attributes at once among allowed (empty: the
// six, DIVINE aside) and returns them in the order of card.Attribute. The prompt offers every set
// of n of them (each option's Rank is the set's bits, bit a for Attribute a), in the order of
// their lowest bits; with n or fewer allowed, the one set of them all.
func (c *Ctx) DeclareAttributes(s Seat, n int, allowed ...card.Attribute) []card.Attribute {
	if len(allowed) == 0 {
		allowed = []card.Attribute{card.Earth, card.Water, card.Fire, card.Wind, card.Light, card.Dark}
	}
	var all int32
	for _, a := range allowed {
		all |= 1 << a
	}
	var sets []int32
	if bits.OnesCount32(uint32(all)) <= n {
		sets = []int32{all}
	} else {
		for v := int32(1); v < 1<<(card.Divine+1); v++ {
			if v&^all == 0 && bits.OnesCount32(uint32(v)) == n {
				sets = append(sets, v)
			}
		}
		slices.SortStableFunc(sets, func(x, y int32) int { return cmpBitsLowFirst(x, y) })
	}
	v := c.declare(s, DeclareAttributes, sets)
	var out []card.Attribute
	for a := card.Light; a <= card.Divine; a++ {
		if v&(1<<a) != 0 {
			out = append(out, a)
		}
	}
	return out
}

// cmpBitsLowFirst orders two bit sets by their lowest bits first (the order of combinations).
func cmpBitsLowFirst(x, y int32) int {
	for x != y {
		lx, ly := x&-x, y&-y
		switch {
		case lx < ly:
			return -1
		case lx > ly:
			return 1
		}
		x, y = x&^lx, y&^ly
	}
	return 0
}

// DeclareType has seat s declare a monster Type; allowed empty means every Type of the card data
// (Warrior to Divine-Beast).
func (c *Ctx) DeclareType(s Seat, allowed ...card.Race) card.Race {
	if len(allowed) == 0 {
		for r := card.Warrior; r <= card.DivineBeast; r++ {
			allowed = append(allowed, r)
		}
	}
	vals := make([]int32, len(allowed))
	for i, r := range allowed {
		vals[i] = int32(r)
	}
	return card.Race(c.declare(s, DeclareType, vals))
}

// DeclareCardName has seat s declare a card name among the cards of the duel's card data that
// fit (nil: any), in the data's order, and returns its passcode; 0 when none fits.
func (c *Ctx) DeclareCardName(s Seat, fits func(*card.Data) bool) card.Passcode {
	var vals []int32
	for _, d := range c.g.db.All() {
		if fits == nil || fits(d) {
			vals = append(vals, int32(d.Passcode))
		}
	}
	if len(vals) == 0 {
		return 0
	}
	return card.Passcode(c.declare(s, DeclareCard, vals))
}

// declareMatches reports whether the words after `declare` name the value: a number, an
// Attribute or a Type by name (any case; a Type of two words is two words), a card by its quoted
// name or "#passcode".
func (g *game) declareMatches(k DeclareKind, v int32, args []token) bool {
	if k == DeclareCard {
		if len(args) != 1 || !args[0].isRef || args[0].any || args[0].place != "" {
			return false
		}
		if args[0].code != 0 {
			return args[0].code == card.Passcode(v)
		}
		d, ok := g.db.ByPasscode(card.Passcode(v))
		return ok && d.Name == args[0].name
	}
	words := make([]string, len(args))
	for i, a := range args {
		if a.isRef {
			return false
		}
		words[i] = a.word
	}
	if k == DeclareZones {
		return zonesMatch(v, words)
	}
	if k == DeclareAttributes {
		var set int32
		for _, w := range words {
			a, err := card.ParseAttribute(w)
			if err != nil || a == card.NoAttribute || set&(1<<a) != 0 {
				return false
			}
			set |= 1 << a
		}
		return set == v
	}
	return strings.EqualFold(strings.Join(words, " "), g.declareText(k, v))
}

// declaredName shows a declared card name in an event view: a declaration is public, and names
// no card of the duel.
func (g *game) declaredName(e Event, v *EventView) {
	if e.Kind != EvDeclare || e.Code == 0 {
		return
	}
	if d, ok := g.db.ByPasscode(e.Code); ok {
		v.Code, v.Name = e.Code, d.Name
	}
}
