package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/scenario"
)

// DuelRecord is one duel of a match as it was played.
type DuelRecord struct {
	N     int    // the duel's number, from 1
	Seed  uint64 // DuelSeed(match seed, N)
	First engine.FirstMode
	// Chooser is the seat that chose to go first or second (the loser of the previous duel, or the
	// winner of the duel's rock-paper-scissors or coin toss), or -1 when nobody chose.
	Chooser int8
	Decks   [2]deck.Deck // the decks as played, after side decking
	// Before holds the answers to the match prompts before the duel ("B: second", "A: side keep"),
	// Moves the duel's answers ("A: summon \"Kuriboh\"@A:H", "B: concede"), both as in a replay.
	Before, Moves []string
	DrawReason    string // set when DrawDuel ended the duel
	Outcome       Outcome
	Reason        string // why the duel ended ("LP 0", "conceded", "draw: time" ...)
	End           EndState
}

// EndState is what a replay checks of a duel's final position.
type EndState struct {
	Turn                            int
	LP                              [2]int
	Hand, Deck, GY, Banished, Extra [2]int
}

func endState(d *engine.Duel) EndState {
	e := EndState{Turn: d.Turn()}
	for s := engine.A; s <= engine.B; s++ {
		e.LP[s] = d.LP(s)
		e.Hand[s] = len(d.Pile(s, engine.Hand))
		e.Deck[s] = len(d.Pile(s, engine.Deck))
		e.GY[s] = len(d.Pile(s, engine.GY))
		e.Banished[s] = len(d.Pile(s, engine.Banished))
		e.Extra[s] = len(d.Pile(s, engine.Extra))
	}
	return e
}

// Record is a match's record: how it was set up, its duels, and how it ended.
type Record struct {
	Ruleset     string
	Seed        uint64
	First       engine.FirstMode
	NoFirstDraw bool
	Decks       [2]deck.Deck // as registered
	Duels       []DuelRecord // the current duel last (Outcome Pending while it goes on)
	// After holds the answers given after the last duel when the match was conceded between
	// duels ("B: side keep", "A: concede match").
	After   []string
	Outcome Outcome
	Reason  string
	Wins    [2]int
	Draws   int
}

// Record returns the match's record so far; it shares no memory with the match.
func (m *Match) Record() Record {
	r := Record{Ruleset: m.cfg.Ruleset.ID, Seed: m.cfg.Seed, First: m.cfg.First,
		NoFirstDraw: m.cfg.NoFirstDraw, Decks: [2]deck.Deck{m.cfg.Decks[0].Clone(), m.cfg.Decks[1].Clone()},
		After: append([]string(nil), m.after...), Outcome: m.outcome, Reason: m.reason}
	for i, d := range m.duels {
		if i == len(m.duels)-1 && d.Outcome == Pending {
			d.End = endState(m.duel) // the duel in progress, as it stands
		}
		d.Decks = [2]deck.Deck{d.Decks[0].Clone(), d.Decks[1].Clone()}
		d.Before = append([]string(nil), d.Before...)
		d.Moves = append([]string(nil), d.Moves...)
		r.Duels = append(r.Duels, d)
	}
	r.Wins, r.Draws = m.Score()
	return r
}

var firstNames = map[engine.FirstMode]string{engine.FirstRPS: "rps", engine.FirstCoin: "coin",
	engine.FirstA: "A", engine.FirstB: "B"}

// WriteReplay writes the match as a match replay (docs/match.md): the registered decks, the seed,
// and for each duel the answers before it, its moves and its final state; then the match's
// result. `duelist replay verify` re-runs it.
func (m *Match) WriteReplay(w io.Writer, title string) error {
	r := m.Record()
	db := m.db
	var b strings.Builder
	if title != "" {
		fmt.Fprintf(&b, "title: %s\n", strconv.Quote(title))
	}
	fmt.Fprintf(&b, "engine: %s\nruleset: %s\nseed: %d\nfirst: %s\n", scenario.Version, r.Ruleset, r.Seed,
		firstNames[r.First])
	if r.NoFirstDraw {
		b.WriteString("first_draw: false\n")
	}
	b.WriteString("decks:\n")
	for s := engine.A; s <= engine.B; s++ {
		d := r.Decks[s]
		fmt.Fprintf(&b, "  %s:\n    main: %s\n    extra: %s\n    side: %s\n", s, names(db, d.Main),
			names(db, d.Extra), names(db, d.Side))
	}
	b.WriteString("match:\n")
	for _, d := range r.Duels {
		fmt.Fprintf(&b, "  - seed: %d\n    first: %s\n", d.Seed, firstNames[d.First])
		block(&b, "    before", d.Before)
		block(&b, "    moves", d.Moves)
		if d.DrawReason != "" {
			fmt.Fprintf(&b, "    draw: %s\n", strconv.Quote(d.DrawReason))
		}
		e := d.End
		fmt.Fprintf(&b, "    expect:\n      winner: %s\n      reason: %s\n      turn: %d\n", d.Outcome,
			strconv.Quote(d.Reason), e.Turn)
		for s := engine.A; s <= engine.B; s++ {
			fmt.Fprintf(&b, "      %s.lp: %d\n      %s.hand.count: %d\n      %s.deck.count: %d\n      %s.gy.count: %d\n",
				s, e.LP[s], s, e.Hand[s], s, e.Deck[s], s, e.GY[s])
		}
	}
	if len(r.After) > 0 {
		block(&b, "  - before", r.After)
	}
	fmt.Fprintf(&b, "result:\n  winner: %s\n  A: %d\n  B: %d\n  draws: %d\n", r.Outcome, r.Wins[0], r.Wins[1], r.Draws)
	_, err := io.WriteString(w, b.String())
	return err
}

// block writes a YAML literal block of lines under a key of a duel entry, the key written with its
// indentation (nothing when there are no lines).
func block(b *strings.Builder, key string, lines []string) {
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(b, "%s: |\n", key)
	for _, l := range lines {
		b.WriteString("      " + l + "\n")
	}
}

// names writes a card list as a YAML flow sequence of quoted names.
func names(db *card.DB, codes []card.Passcode) string {
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = quoted(db, c)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
