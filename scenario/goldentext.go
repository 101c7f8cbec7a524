package scenario

import (
	"fmt"
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

// amountNames name an event's Amount where it has a meaning of its own; other kinds write n=N.
var amountNames = map[engine.EventKind]string{
	engine.EvActivate: "link", engine.EvResolve: "link", engine.EvDamage: "amount",
	engine.EvRecover: "amount", engine.EvPayLP: "amount", engine.EvLP: "lp",
	engine.EvSpecialSummon: "type", engine.EvCoin: "heads", engine.EvFirst: "first",
	engine.EvWin: "draw", engine.EvTap: "tapped", engine.EvRPS: "hands",
}

// alwaysAmount are the kinds whose Amount is written even when it is 0.
var alwaysAmount = map[engine.EventKind]bool{engine.EvLP: true, engine.EvCoin: true,
	engine.EvFirst: true, engine.EvWin: true, engine.EvTap: true}

// event writes one event on one line: the seat, the kind, then the card, its places, its target and
// the event's other fields, each written only when it says something. Every field of engine.Event
// shows except the ones TestGoldenCoversEveryEventField lists with its reason.
func (w *goldenWriter) event(e engine.Event) string {
	seat := engine.SeatName(e.Seat, w.tag)
	switch e.Kind {
	case engine.EvTurn:
		return fmt.Sprintf("turn %d %s", e.Amount, seat)
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
	if e.Amount != 0 || alwaysAmount[e.Kind] {
		label, ok := amountNames[e.Kind]
		if !ok {
			label = "n"
		}
		parts = append(parts, label+"="+strconv.Itoa(e.Amount))
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
// shows of it (a monster's position, ATK/DEF and Level; a Spell or Trap's face; materials).
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
	return s
}
