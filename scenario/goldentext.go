package scenario

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// goldenWriter writes the lines of a golden: events, the pending prompt and views, in the
// notation's words (seats A, B or A1 … B2, places "A:M1", cards by name in quotes).
type goldenWriter struct {
	d   *engine.Duel
	tag bool
	db  *card.DB
}

// eventNumbers are an event's own fields, each written label=N when it is not 0, and also when it
// is 0 if always is set and the event is of kind (a coin toss writes heads=0 for tails).
var eventNumbers = []struct {
	label  string
	kind   engine.EventKind
	always bool
	get    func(e *engine.Event) int
}{
	{"link", engine.EvActivate, false, func(e *engine.Event) int { return int(e.Link) }},
	{"amount", engine.EvDamage, false, func(e *engine.Event) int { return lpAmount(e, false) }},
	{"lp", engine.EvLP, true, func(e *engine.Event) int { return lpAmount(e, true) }},
	{"type", engine.EvSpecialSummon, false, func(e *engine.Event) int { return int(e.SummonType) }},
	{"heads", engine.EvCoin, true, func(e *engine.Event) int { return b2i(e.Heads) }},
	{"first", engine.EvFirst, true, func(e *engine.Event) int { return b2i(e.GoFirst) }},
	{"draw", engine.EvWin, true, func(e *engine.Event) int { return b2i(e.Draw) }},
	{"tapped", engine.EvTap, true, func(e *engine.Event) int { return b2i(e.Tapped) }},
	{"declared", engine.EvDeclare, true, func(e *engine.Event) int { return int(e.Declared) }},
	{"hands", engine.EvRPS, false, func(e *engine.Event) int { return int(e.Hands[0])*3 + int(e.Hands[1]) }},
}

// lpAmount is an event's Amount when it is the seat's LP (EvLP: lp) or when it is not (amount).
func lpAmount(e *engine.Event, lp bool) int {
	if (e.Kind == engine.EvLP) == lp {
		return e.Amount
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// event writes one event on one line: the seat, the kind, then the card, its places, its target and
// the event's other fields, each written only when it says something. Every field of engine.Event
// shows except the ones TestGoldenCoversEveryEventField lists with its reason.
func (w *goldenWriter) event(e engine.Event) string {
	seat := engine.SeatName(e.Seat, w.tag)
	switch e.Kind {
	case engine.EvTurn:
		return fmt.Sprintf("turn %d %s", e.Turn, seat)
	case engine.EvPhase:
		return fmt.Sprintf("phase %s %s", e.Phase, seat)
	case engine.EvStep:
		return fmt.Sprintf("step %s %s", e.Timing, seat)
	}
	parts := []string{seat, e.Kind.String()}
	if e.Code != 0 {
		name := w.codeName(e.Code)
		if e.Card >= 0 && int(e.Card) < w.d.NumCards() && w.d.Card(e.Card).Data.Passcode == e.Code {
			name = strconv.Quote(w.d.Card(e.Card).Data.Name) // a token is not in the card set
		}
		face := func(p engine.Place, up bool) string {
			if !p.Loc.OnField() && p.Loc != engine.Banished {
				return ""
			}
			return "(" + upName(up) + ")"
		}
		if e.From == e.To {
			parts = append(parts, name+"@"+e.From.Text(w.tag)+face(e.From, e.FromUp))
			if e.FromUp != e.ToUp {
				parts = append(parts, "now"+face(e.To, e.ToUp))
			}
		} else {
			parts = append(parts, name, e.From.Text(w.tag)+face(e.From, e.FromUp), "->",
				e.To.Text(w.tag)+face(e.To, e.ToUp))
		}
		if e.Pos != engine.FaceDown { // the zero Pos: a card in a pile, or an event that gives none
			parts = append(parts, e.Pos.String())
		}
		if e.FromCtrl != e.Seat || e.ToCtrl != e.Seat {
			parts = append(parts, fmt.Sprintf("ctrl=%s->%s", engine.SeatName(e.FromCtrl, w.tag),
				engine.SeatName(e.ToCtrl, w.tag)))
		}
		if e.Target != engine.NoCard {
			parts = append(parts, "target", w.cardName(e.Target)+"@"+e.TargetAt.Text(w.tag))
		}
	}
	for _, f := range eventNumbers {
		if n := f.get(&e); n != 0 || f.always && e.Kind == f.kind {
			parts = append(parts, f.label+"="+strconv.Itoa(n))
		}
	}
	if e.Battle {
		parts = append(parts, "battle")
	}
	if e.Public {
		parts = append(parts, "public")
	}
	if e.Effect != 0 {
		parts = append(parts, "effect="+strconv.Itoa(e.Effect))
	}
	if e.Reason != engine.NoCard {
		parts = append(parts, "by", w.cardName(e.Reason))
	}
	return strings.Join(parts, " ")
}

func upName(up bool) string {
	if up {
		return "up"
	}
	return "down"
}

// codeName writes a passcode as a card reference: its name in quotes, or "#passcode".
func (w *goldenWriter) codeName(c card.Passcode) string {
	if d, ok := w.db.ByPasscode(c); ok {
		return strconv.Quote(d.Name)
	}
	return strconv.Quote("#" + strconv.FormatUint(uint64(c), 10))
}

// cardName writes a card of the duel by its name in quotes.
func (w *goldenWriter) cardName(id engine.CardID) string {
	if id < 0 || int(id) >= w.d.NumCards() {
		return fmt.Sprintf("card#%d", id)
	}
	return strconv.Quote(w.d.Card(id).Data.Name)
}

// prompt writes the pending prompt: a header line, then one line per option in the prompt's order,
// in their canonical texts.
func (w *goldenWriter) prompt() []string {
	p := w.d.Prompt()
	if p == nil {
		return []string{"none: the duel is over (" + w.d.Reason() + ")"}
	}
	head := []string{engine.SeatName(p.Seat, w.tag), p.Kind.String(), p.Phase.String()}
	if p.Timing != engine.NoTiming {
		head = append(head, p.Timing.String())
	}
	if p.Kind == engine.PromptSelect || p.Kind == engine.PromptTarget || p.Min != 0 || p.Max != 0 {
		head = append(head, fmt.Sprintf("min=%d max=%d", p.Min, p.Max))
	}
	if p.Purpose != engine.ForNothing {
		head = append(head, "for="+p.Purpose.String())
	}
	if p.Subject != engine.NoCard {
		head = append(head, "subject="+w.cardName(p.Subject))
	}
	if p.Category != 0 {
		head = append(head, fmt.Sprintf("category=%v", p.Category))
	}
	if p.Look {
		head = append(head, "look")
	}
	if p.Declare != 0 {
		head = append(head, "declare="+p.Declare.String())
	}
	out := []string{strings.Join(head, " ")}
	for _, o := range p.Options() {
		out = append(out, "- "+w.d.OptionText(o))
	}
	return out
}

// view writes a view: the turn, then each seat's line and one line per non-empty place.
func (w *goldenWriter) view(v engine.View) []string {
	head := fmt.Sprintf("turn %d %s %s", v.Turn, engine.SeatName(v.TurnPlayer, v.Tag), v.Phase)
	if v.Timing != engine.NoTiming {
		head += " " + v.Timing.String()
	}
	if v.Over {
		head += " over"
	}
	switch v.Winner {
	case -1:
	case 0, 1:
		head += " winner " + engine.Seat(v.Winner).String()
	case 2:
		head += " draw"
	default:
		head += fmt.Sprintf(" winner %d", v.Winner)
	}
	out := []string{head}
	for i, sv := range v.Seats {
		s := engine.Seat(i)
		line := fmt.Sprintf("%s: lp %d, deck %d, extra %d", engine.SeatName(s, v.Tag), sv.LP, sv.Deck, sv.Extra)
		if sv.Out {
			line += ", out"
		}
		out = append(out, line)
		list := func(label string, cs []engine.CardView) {
			if len(cs) == 0 {
				return
			}
			parts := make([]string, len(cs))
			for i, c := range cs {
				parts[i] = w.cardView(c)
			}
			out = append(out, "  "+label+": "+strings.Join(parts, ", "))
		}
		list("hand", sv.Hand)
		for _, zones := range [][]engine.CardView{sv.Monsters, sv.Spells} {
			for _, c := range zones {
				if !c.Empty {
					out = append(out, "  "+zoneLabel(c.Place)+": "+w.cardView(c))
				}
			}
		}
		if sv.Field != nil {
			out = append(out, "  F: "+w.cardView(*sv.Field))
		}
		list("GY", sv.GY)
		list("BN", sv.Banished)
		list("X", sv.ExtraOwn)
		list("R", sv.Resources)
	}
	return out
}

// zoneLabel writes a zone of a seat's side: M1 … M5, S1 … S5, or the place's location.
func zoneLabel(p engine.Place) string {
	if p.Loc == engine.MZone || p.Loc == engine.SZone {
		return fmt.Sprintf("%s%d", p.Loc, p.Seq+1)
	}
	return p.Loc.String()
}

// cardView writes a card of a view: its name in quotes, or ? when hidden, and what the place
// shows of it (a monster's position, ATK/DEF and Level or Rank; a Spell or Trap's face; materials,
// counters and the monster an equip card is attached to).
func (w *goldenWriter) cardView(c engine.CardView) string {
	s := "?"
	if !c.Hidden() {
		s = strconv.Quote(c.Name)
	}
	switch c.Place.Loc {
	case engine.MZone:
		s += " " + c.Pos.String()
		if !c.Hidden() {
			s += fmt.Sprintf(" %d/%d", c.ATK, c.DEF)
			if c.Level > 0 {
				s += fmt.Sprintf(" Lv%d", c.Level)
			}
			if c.Rank > 0 {
				s += fmt.Sprintf(" Rank%d", c.Rank)
			}
		}
	case engine.SZone, engine.FZone, engine.Banished, engine.Resource:
		s += " " + c.Pos.String()
	}
	if c.Tapped {
		s += " tapped"
	}
	if len(c.Materials) > 0 {
		parts := make([]string, len(c.Materials))
		for i, m := range c.Materials {
			parts[i] = w.cardView(m)
		}
		s += " materials(" + strings.Join(parts, ", ") + ")"
	}
	if len(c.Counters) > 0 {
		parts := make([]string, 0, len(c.Counters))
		for name, n := range c.Counters {
			parts = append(parts, fmt.Sprintf("%s=%d", name, n))
		}
		sort.Strings(parts)
		s += " counters(" + strings.Join(parts, ", ") + ")"
	}
	if c.EquipTo != nil {
		s += " equipped(" + c.EquipTo.String() + ")"
	}
	return s
}
