package scenario

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// Recorder keeps the answers of a duel played from its start, to write it as a replay.
type Recorder struct {
	Title       string
	RulesetID   string
	Seed        uint64
	Decks       [2]engine.DeckList
	Tag         bool // a tag duel: Partners are A2's and B2's decks
	Partners    [2]engine.DeckList
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
	r.Moves = append(r.Moves, engine.SeatName(seat, r.Tag)+": "+text)
	return nil
}

// Concede concedes the duel for a seat and records it as `P: concede`.
func (r *Recorder) Concede(d *engine.Duel, s engine.Seat) error {
	if err := d.Concede(s); err != nil {
		return err
	}
	r.Moves = append(r.Moves, engine.SeatName(s, r.Tag)+": concede")
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
	for s := range r.seats() {
		dl := r.Decks[s.Team()]
		if s >= engine.A2 {
			dl = r.Partners[s.Team()]
		}
		fmt.Fprintf(&b, "  %s:\n    main: %s\n    extra: %s\n", engine.SeatName(s, r.Tag),
			r.nameList(dl.Main), r.nameList(dl.Extra))
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
	fmt.Fprintf(&b, "  winner: %s\n  turn: %d\n", winner, d.Turn())
	for s := range r.seats() {
		fmt.Fprintf(&b, "  %s.lp: %d\n", engine.SeatName(s, r.Tag), d.LP(s))
	}
	for s := range r.seats() {
		n := engine.SeatName(s, r.Tag)
		fmt.Fprintf(&b, "  %s.hand.count: %d\n  %s.deck.count: %d\n  %s.gy.count: %d\n", n,
			len(d.Pile(s, engine.Hand)), n, len(d.Pile(s, engine.Deck)), n, len(d.Pile(s, engine.GY)))
		if r.Tag {
			fmt.Fprintf(&b, "  %s.out: %t\n", n, !d.InDuel(s))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// seats yields the seats of the recorded duel in seat order.
func (r *Recorder) seats() func(func(engine.Seat) bool) {
	n := engine.Seat(2)
	if r.Tag {
		n = engine.MaxSeats
	}
	return func(yield func(engine.Seat) bool) {
		for s := engine.Seat(0); s < n; s++ {
			if !yield(s) {
				return
			}
		}
	}
}

// nameList writes passcodes as a list of quoted card names of the recorded ruleset's card set.
func (r *Recorder) nameList(codes []card.Passcode) string {
	db := card.Pool()
	if r.RulesetID == "kouhu" {
		db = kouhu.CardDB()
	}
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
