package engine

import (
	"fmt"
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
)

var declareNames = [...]string{"", "number", "attribute", "type", "card"}

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
	case DeclareType:
		return card.Race(v).String()
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
