package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// omniscient is the viewer of canonical texts: nothing is hidden.
const omniscient = -1

// OptionText returns an option's canonical notation text (notation.md), e.g.
// `summon "Kuriboh"@A:H` or `select "Dark Magician"@B:M1`. It names hidden cards: it is the text of
// replays and scenarios. A client is given OptionTextFor its seat.
func (d *Duel) OptionText(o Option) string { return d.g.optionText(&d.g.prompt, o, omniscient) }

// OptionTextFor returns an option's text as seat s may see it: a card s cannot see is written as
// `?` with its place, e.g. `select ?@B:M2`.
func (d *Duel) OptionTextFor(s Seat, o Option) string {
	return d.g.optionText(&d.g.prompt, o, int(s))
}

// candidateViewer: the seat choosing among cards the effect lets it look at (a search of its
// Deck, Prompt.Look) is shown them, so their names are written for it; every other candidate is
// written as that seat may see it.
func (g *game) candidateViewer(p *Prompt, id CardID, viewer int) int {
	if viewer == int(p.Seat) && (p.Kind == PromptSelect || p.Kind == PromptOrder) && p.Look {
		return omniscient
	}
	return viewer
}

// hiddenPlace is the place a card hidden from a viewer is named by: its zone, or its pile with
// its index from 1 (`B:H3`, the third card of B's hand), since the viewer may know where a hidden
// card lies; a Deck card's index is never written (the order of a Deck is hidden).
func (g *game) hiddenPlace(p Place) string {
	if p.Loc.zoned() || p.Loc == Deck || p.Loc == FZone {
		return p.Text(g.tag)
	}
	return p.Text(g.tag) + strconv.Itoa(p.Seq+1)
}

// CardRef returns the notation reference of a card for a viewer (-1 = omniscient).
func (g *game) cardRef(id CardID, viewer int) string {
	c := g.c(id)
	if viewer != omniscient && !g.visibleTo(id, Seat(viewer)) {
		return "?@" + g.hiddenPlace(c.place)
	}
	return strconv.Quote(c.data.Name) + "@" + c.place.Text(g.tag)
}

func (g *game) optionText(p *Prompt, o Option, viewer int) string {
	var b strings.Builder
	switch o.Kind {
	case OptChoice:
		return o.Kind.String() + " " + strconv.Itoa(int(o.Choice))
	case OptDeclare:
		return o.Kind.String() + " " + g.declareText(p.Declare, o.Rank)
	case OptSelect:
		b.WriteString(o.Kind.String())
		for i, id := range p.Candidates {
			if o.Picks(i) {
				b.WriteByte(' ')
				b.WriteString(g.cardRef(id, g.candidateViewer(p, id, viewer)))
			}
		}
		return b.String()
	case OptOrder:
		b.WriteString(o.Kind.String())
		for _, j := range nthPermutation(len(p.Candidates), int(o.Rank)) {
			b.WriteByte(' ')
			b.WriteString(g.cardRef(p.Candidates[j], g.candidateViewer(p, p.Candidates[j], viewer)))
		}
		return b.String()
	case OptBlock:
		b.WriteString(o.Kind.String())
		for _, id := range p.BlockOrder(o) {
			b.WriteByte(' ')
			b.WriteString(g.cardRef(id, viewer))
		}
		return b.String()
	}
	if o.Kind == OptDirect && o.Direct > 0 {
		return o.Kind.String() + " " + SeatName(Seat(o.Direct-1), g.tag)
	}
	if !o.Kind.hasCard() {
		return o.Kind.String()
	}
	b.WriteString(o.Kind.String())
	b.WriteByte(' ')
	b.WriteString(g.cardRef(o.Card, viewer))
	if o.Kind == OptActivate && o.Effect > 0 {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(int(o.Effect)))
	}
	return b.String()
}

// describeOption writes an option for an error message, even one that names no valid card.
func (g *game) describeOption(p *Prompt, o Option) string {
	if o.Kind >= nOptionKind {
		return fmt.Sprintf("option kind %d", o.Kind)
	}
	if o.Kind.hasCard() && (o.Card < 0 || int(o.Card) >= len(g.cards)) {
		return fmt.Sprintf("%q of card %d", o.Kind.String(), o.Card)
	}
	if o.Kind == OptOrder && (o.Rank < 0 || int(o.Rank) >= factorial(len(p.Candidates))) {
		return fmt.Sprintf("order number %d", o.Rank)
	}
	if o.Kind == OptSelect && o.Sel>>len(p.Candidates) != 0 {
		return fmt.Sprintf("%q of candidates %b (the prompt has %d)", o.Kind.String(), o.Sel, len(p.Candidates))
	}
	return strconv.Quote(g.optionText(p, o, omniscient))
}

// token is one word of a notation text: a verb or number, or a card reference.
type token struct {
	word  string
	isRef bool
	name  string        // the quoted name, "" for `?` or a bare place
	code  card.Passcode // for "#passcode"
	any   bool          // `?` or a bare place: any card at the place
	place string        // the qualifier without '@', "" if none
}

// tokenize splits a notation text into words and card references.
func tokenize(text string) ([]token, error) {
	var out []token
	s := strings.TrimSpace(text)
	for s != "" {
		var t token
		switch {
		case s[0] == '"':
			end := closingQuote(s)
			if end < 0 {
				return nil, fmt.Errorf("unclosed quote in %q", text)
			}
			name, err := strconv.Unquote(s[:end+1])
			if err != nil {
				return nil, fmt.Errorf("bad card name %s: %v", s[:end+1], err)
			}
			t.isRef = true
			if strings.HasPrefix(name, "#") {
				n, err := strconv.ParseUint(name[1:], 10, 32)
				if err != nil {
					return nil, fmt.Errorf("bad passcode %q", name)
				}
				t.code = card.Passcode(n)
			} else {
				t.name = name
			}
			s = s[end+1:]
		case s[0] == '?' || s[0] == '@':
			t.isRef, t.any = true, true
			if s[0] == '?' {
				s = s[1:]
			}
			if !strings.HasPrefix(s, "@") {
				return nil, fmt.Errorf("`?` needs a place, as in ?@B:M1")
			}
		default:
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			t.word = strings.ToLower(s[:end])
			s = s[end:]
		}
		if t.isRef && strings.HasPrefix(s, "@") {
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			t.place = s[1:end]
			if t.place == "" {
				return nil, fmt.Errorf("empty place after @ in %q", text)
			}
			s = s[end:]
		}
		if s != "" && s[0] != ' ' && s[0] != '\t' {
			return nil, fmt.Errorf("unexpected %q in %q", s, text)
		}
		s = strings.TrimLeft(s, " \t")
		out = append(out, t)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty answer")
	}
	if out[0].isRef {
		return nil, fmt.Errorf("an answer starts with a verb, not a card")
	}
	return out, nil
}

// closingQuote returns the index of the quote closing the string that starts s, or -1.
func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// refMatches reports whether a reference token names a card. A viewer (not omniscient) cannot name
// a card it cannot see: only `?` or its place match it.
func (g *game) refMatches(t token, id CardID, viewer int) bool {
	c := g.c(id)
	if t.place != "" && !strings.EqualFold(t.place, c.place.String()) && !strings.EqualFold(t.place, c.place.Text(g.tag)) &&
		!strings.EqualFold(t.place, g.hiddenPlace(c.place)) {
		return false
	}
	switch {
	case t.any:
		return true
	case viewer != omniscient && !g.visibleTo(id, Seat(viewer)):
		return false
	case t.code != 0:
		return c.data.Passcode == t.code
	}
	return c.data.Name == t.name
}

// ParseOption finds the option of the pending prompt that a notation text names. Qualifiers may be
// left out when the text is still unambiguous; the cards of a select may be given in any order.
// It sees every card: it reads replays and scenarios. A client's text goes through ParseOptionFor.
func (d *Duel) ParseOption(text string) (Option, error) { return d.parseOption(text, omniscient) }

// ParseOptionFor is ParseOption for text typed by seat s: a card s cannot see can be named only by
// `?` and its place (`select ?@B:M2`), so that a guess of its name tells s nothing.
func (d *Duel) ParseOptionFor(s Seat, text string) (Option, error) {
	return d.parseOption(text, int(s))
}

func (d *Duel) parseOption(text string, viewer int) (Option, error) {
	if !d.pending {
		return Option{}, ErrDuelOver
	}
	toks, err := tokenize(text)
	if err != nil {
		return Option{}, fmt.Errorf("%w: %q: %v", ErrIllegalAnswer, text, err)
	}
	g := d.g
	p := &g.prompt
	var found []Option
	for _, o := range p.opts {
		if g.optionMatches(p, o, toks, viewer) {
			found = append(found, o)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return Option{}, fmt.Errorf("%w: %q matches none of the options of this %s prompt for %s: %s",
			ErrIllegalAnswer, text, p.Kind, p.Seat, g.listOptions(p, p.opts, viewer))
	}
	return Option{}, fmt.Errorf("%w: %q matches %d options: %s", ErrAmbiguous, text, len(found),
		g.listOptions(p, found, viewer))
}

// listOptions writes option texts for an error message (at most 12).
func (g *game) listOptions(p *Prompt, opts []Option, viewer int) string {
	var parts []string
	for i, o := range opts {
		if i == 12 {
			parts = append(parts, fmt.Sprintf("… %d more", len(opts)-12))
			break
		}
		parts = append(parts, g.optionText(p, o, viewer))
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, ", ")
}

// optionMatches reports whether a tokenized text names an option.
func (g *game) optionMatches(p *Prompt, o Option, toks []token, viewer int) bool {
	if o.Kind == OptNoBlock {
		return len(toks) == 2 && toks[0].word == "no" && toks[1].word == "block"
	}
	if toks[0].word != o.Kind.String() {
		return false
	}
	args := toks[1:]
	switch o.Kind {
	case OptBlock:
		ids := p.BlockOrder(o)
		if len(args) != len(ids) {
			return false
		}
		for i, a := range args {
			if !a.isRef || !g.refMatches(a, ids[i], viewer) {
				return false
			}
		}
		return true
	case OptChoice:
		return len(args) == 1 && !args[0].isRef && args[0].word == strconv.Itoa(int(o.Choice))
	case OptDeclare:
		return g.declareMatches(p.Declare, o.Rank, args)
	case OptSelect, OptOrder:
		var ids []CardID
		if o.Kind == OptOrder {
			for _, j := range nthPermutation(len(p.Candidates), int(o.Rank)) {
				ids = append(ids, p.Candidates[j])
			}
		}
		for i, id := range p.Candidates {
			if o.Kind == OptSelect && o.Picks(i) {
				ids = append(ids, id)
			}
		}
		if len(args) != len(ids) {
			return false
		}
		for _, a := range args {
			if !a.isRef {
				return false
			}
		}
		if o.Kind == OptOrder {
			for i, a := range args {
				if !g.refMatches(a, ids[i], g.candidateViewer(p, ids[i], viewer)) {
					return false
				}
			}
			return true
		}
		if o.Kind == OptSelect && viewer == int(p.Seat) && p.Kind == PromptSelect {
			// The chooser sees the pile cards it chooses among.
			return g.matchAllCands(args, ids, make([]bool, len(ids)), p, viewer)
		}
		return g.matchAll(args, ids, make([]bool, len(ids)), viewer)
	}
	if o.Kind == OptDirect && o.Direct > 0 && len(args) == 1 {
		// A tag duel's direct attack names the opponent; "direct" alone is enough when only one
		// may be hit.
		seat, err := ParseSeat(strings.ToUpper(args[0].word))
		return !args[0].isRef && err == nil && seat == Seat(o.Direct-1)
	}
	if !o.Kind.hasCard() {
		return len(args) == 0
	}
	if len(args) == 0 || !args[0].isRef || !g.refMatches(args[0], o.Card, viewer) {
		return false
	}
	if o.Kind == OptActivate && o.Effect > 0 && len(args) == 2 {
		// The effect number may be left out when the card has one activatable effect now.
		return !args[1].isRef && args[1].word == strconv.Itoa(int(o.Effect))
	}
	return len(args) == 1
}

// matchAllCands is matchAll with each candidate judged as its chooser sees it.
func (g *game) matchAllCands(refs []token, ids []CardID, used []bool, p *Prompt, viewer int) bool {
	if len(refs) == 0 {
		return true
	}
	for i, id := range ids {
		if !used[i] && g.refMatches(refs[0], id, g.candidateViewer(p, id, viewer)) {
			used[i] = true
			if g.matchAllCands(refs[1:], ids, used, p, viewer) {
				return true
			}
			used[i] = false
		}
	}
	return false
}

// matchAll reports whether every reference can be paired with a distinct card (a small
// backtracking search: selections are short).
func (g *game) matchAll(refs []token, ids []CardID, used []bool, viewer int) bool {
	if len(refs) == 0 {
		return true
	}
	for i, id := range ids {
		if !used[i] && g.refMatches(refs[0], id, viewer) {
			used[i] = true
			if g.matchAll(refs[1:], ids, used, viewer) {
				return true
			}
			used[i] = false
		}
	}
	return false
}
