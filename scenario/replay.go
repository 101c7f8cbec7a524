package scenario

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"duelist/card"
	"duelist/engine"
)

// Recorder keeps the answers of a duel played from its start, to write it as a replay.
type Recorder struct {
	Title       string
	RulesetID   string
	Seed        uint64
	Decks       [2]engine.DeckList
	First       engine.FirstMode
	NoFirstDraw bool
	AlwaysAsk   bool
	Moves       []string // "A: summon \"Kuriboh\"@A:H"
}

// Answer answers a duel's pending prompt and records the answer's canonical text.
func (r *Recorder) Answer(d *engine.Duel, o engine.Option) error {
	p := d.Prompt()
	if p == nil {
		return engine.ErrDuelOver
	}
	text := d.OptionText(o)
	seat := p.Seat
	if err := d.Answer(o); err != nil {
		return err
	}
	r.Moves = append(r.Moves, seat.String()+": "+text)
	return nil
}

// Concede concedes the duel for a seat and records it as `P: concede`.
func (r *Recorder) Concede(d *engine.Duel, s engine.Seat) error {
	if err := d.Concede(s); err != nil {
		return err
	}
	r.Moves = append(r.Moves, s.String()+": concede")
	return nil
}

// Write writes the replay with the duel's final state as its expectations.
func (r *Recorder) Write(w io.Writer, d *engine.Duel) error {
	var b strings.Builder
	if r.Title != "" {
		fmt.Fprintf(&b, "title: %s\n", strconv.Quote(r.Title))
	}
	rs := r.RulesetID
	if rs == "" {
		rs = "ocg"
	}
	fmt.Fprintf(&b, "engine: %s\nruleset: %s\nseed: %d\n", Version, rs, r.Seed)
	first := map[engine.FirstMode]string{engine.FirstRPS: "rps", engine.FirstCoin: "coin",
		engine.FirstA: "A", engine.FirstB: "B"}[r.First]
	fmt.Fprintf(&b, "first: %s\n", first)
	if r.NoFirstDraw {
		b.WriteString("first_draw: false\n")
	}
	if r.AlwaysAsk {
		b.WriteString("always_ask: true\n")
	}
	b.WriteString("decks:\n")
	for s := engine.A; s <= engine.B; s++ {
		fmt.Fprintf(&b, "  %s:\n    main: %s\n    extra: %s\n", s, nameList2(r.Decks[s].Main),
			nameList2(r.Decks[s].Extra))
	}
	b.WriteString("moves: |\n")
	for _, m := range r.Moves {
		b.WriteString("  " + m + "\n")
	}
	b.WriteString("expect:\n")
	winner := "none"
	if d.Over() {
		if s, ok, _ := d.Result(); ok {
			winner = s.String()
		} else {
			winner = "draw"
		}
	}
	fmt.Fprintf(&b, "  winner: %s\n  turn: %d\n  A.lp: %d\n  B.lp: %d\n", winner, d.Turn(),
		d.LP(engine.A), d.LP(engine.B))
	for s := engine.A; s <= engine.B; s++ {
		fmt.Fprintf(&b, "  %s.hand.count: %d\n  %s.deck.count: %d\n  %s.gy.count: %d\n", s,
			len(d.Pile(s, engine.Hand)), s, len(d.Pile(s, engine.Deck)), s, len(d.Pile(s, engine.GY)))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func nameList2(codes []card.Passcode) string {
	db := card.Pool()
	parts := make([]string, len(codes))
	for i, c := range codes {
		if d, ok := db.ByPasscode(c); ok {
			parts[i] = strconv.Quote(d.Name)
		} else {
			parts[i] = strconv.Quote("#" + strconv.FormatUint(uint64(c), 10))
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
