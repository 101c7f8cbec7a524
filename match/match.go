// Package match plays a match of duels between two players (docs/match.md): best of 3 under the
// ruleset's match rule (ruleset.MatchRule), the loser of a duel choosing who goes first in the
// next, side decking between duels, concession, and the match's record and replay.
//
// The engine stays pure: a Match drives its duels through their prompt/answer loop and adds its
// own prompts between duels (first or second, side deck). Prompt returns the one decision the
// match waits for, whichever it is; Answer, AnswerText, ChooseFirst, AnswerSide and
// AnswerSideDeck answer it. Everything is determined by the match's seed and the answers: duel n
// is played with DuelSeed(seed, n). Config.Cards gives the card scripts the duels play (match
// imports no card set: the drivers pass cards/all's), and Verify takes them too.
package match

import (
	"errors"
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// Config describes a match from its start.
type Config struct {
	Ruleset ruleset.Ruleset // its deck limits check the decks, its Match rule decides the match
	Decks   [2]deck.Deck    // the registered decks, with their Side Decks
	Seed    uint64
	// First says how the first duel's first player is decided: FirstRPS or FirstCoin (inside the
	// duel, by its prompts), or FirstA / FirstB (fixed by the host).
	First       engine.FirstMode
	NoFirstDraw bool           // the modern rule: no draw on each duel's first turn
	Banlist     *deck.Banlist  // nil: no banlist
	DB          *card.DB       // nil: card.Pool()
	Cards       engine.Library // the card scripts the duels play (required: the drivers pass cards/all's)
	AlwaysAsk   bool           // engine.Config.AlwaysAsk for every duel
}

// PromptKind is the kind of decision a match waits for.
type PromptKind uint8

// The kinds of match prompt.
const (
	PromptDuel  PromptKind = iota // a prompt of the current duel: Prompt.Duel holds it
	PromptFirst                   // go first or second in the next duel: "first" or "second"
	PromptSide                    // side decking before the next duel: "side keep" or swaps
)

var kindNames = [...]string{"duel", "first", "side"}

// String names the kind.
func (k PromptKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("PromptKind(%d)", k)
}

// Prompt is the decision a match waits for.
type Prompt struct {
	Kind PromptKind
	Seat engine.Seat    // who must answer
	N    int            // the duel the prompt belongs to (for PromptFirst and PromptSide, the next one)
	Duel *engine.Prompt // for PromptDuel: the duel's prompt, valid until the next answer
}

// Errors of a match.
var (
	// ErrMatchOver is returned for answers given after the end of the match.
	ErrMatchOver = errors.New("match: the match is over")
	// ErrWrongPrompt is wrapped when an answer is not for the kind of prompt pending.
	ErrWrongPrompt = errors.New("match: not the pending prompt")
)

// Match is a match in progress or over. It is not safe for concurrent use.
type Match struct {
	cfg     Config
	db      *card.DB
	decks   [2]deck.Deck // the decks as side-decked for the next (or current) duel
	duel    *engine.Duel // the current duel, or the last one between duels
	duels   []DuelRecord // the duels played, the current one last
	queue   []Prompt     // the match prompts waiting before the next duel
	next    engine.FirstMode
	chooser int8     // the seat that chose first/second for the next duel, -1 none
	before  []string // the answers to the match prompts before the next duel
	after   []string // the answers after the last duel (a concession between duels)
	outcome Outcome
	reason  string
	err     error
}

// New checks the decks and the ruleset and starts the first duel.
func New(cfg Config) (*Match, error) {
	rs := cfg.Ruleset
	if err := rs.Playable(); err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	if err := checkRule(rs.Match); err != nil {
		return nil, err
	}
	if cfg.DB == nil {
		cfg.DB = card.Pool()
	}
	if cfg.Cards == nil {
		return nil, errors.New("match: no card library (Config.Cards)")
	}
	m := &Match{cfg: cfg, db: cfg.DB, next: cfg.First, chooser: -1}
	for s := engine.A; s <= engine.B; s++ {
		if vs := deck.Validate(cfg.Decks[s], cfg.DB, rs, cfg.Banlist); len(vs) > 0 {
			msgs := make([]string, len(vs))
			for i, v := range vs {
				msgs[i] = v.Msg
			}
			return nil, fmt.Errorf("match: seat %s's deck is not a legal %s deck: %s", s, rs.ID, strings.Join(msgs, "; "))
		}
		m.decks[s] = cfg.Decks[s].Clone()
	}
	m.cfg.Decks = [2]deck.Deck{cfg.Decks[0].Clone(), cfg.Decks[1].Clone()}
	if err := m.startDuel(); err != nil {
		return nil, err
	}
	return m, nil
}

// startDuel starts the next duel with the side-decked decks.
func (m *Match) startDuel() error {
	n := len(m.duels) + 1
	rules := m.cfg.Ruleset.Rules
	rules.NoFirstDraw = m.cfg.NoFirstDraw
	seed := DuelSeed(m.cfg.Seed, n)
	var lists [2]engine.DeckList
	for s := range lists {
		lists[s] = engine.DeckList{Main: m.decks[s].Main, Extra: m.decks[s].Extra}
	}
	d, err := engine.New(engine.Config{Rules: rules, DB: m.db, Seed: seed, Decks: lists, First: m.next,
		Cards: m.cfg.Cards, AlwaysAsk: m.cfg.AlwaysAsk})
	if err != nil {
		return fmt.Errorf("match: duel %d: %w", n, err)
	}
	if m.duel != nil {
		m.duel.Close()
	}
	m.duel = d
	m.duels = append(m.duels, DuelRecord{N: n, Seed: seed, First: m.next, Chooser: m.chooser,
		Decks: [2]deck.Deck{m.decks[0].Clone(), m.decks[1].Clone()}, Before: m.before})
	m.before = nil
	m.settle()
	return nil
}

// current returns the record of the current (or last) duel.
func (m *Match) current() *DuelRecord { return &m.duels[len(m.duels)-1] }

// inDuel reports whether a duel is being played.
func (m *Match) inDuel() bool {
	return m.outcome == Pending && m.err == nil && len(m.queue) == 0 && m.current().Outcome == Pending
}

// settle looks at the current duel after an answer: when it has ended, the match records it.
func (m *Match) settle() {
	if err := m.duel.Err(); err != nil {
		m.err = fmt.Errorf("match: duel %d stopped: %w", len(m.duels), err)
		m.reason = "internal error"
		return
	}
	if !m.duel.Over() {
		return
	}
	o := Draw
	if s, ok, _ := m.duel.Result(); ok {
		o = Won(s)
	}
	m.finishDuel(o, m.duel.Reason())
}

// finishDuel records the end of the current duel and decides what comes next.
func (m *Match) finishDuel(o Outcome, reason string) {
	r := m.current()
	r.Outcome, r.Reason, r.End = o, reason, endState(m.duel)
	if m.outcome != Pending {
		return // the match was conceded
	}
	if m.outcome = Decide(m.cfg.Ruleset.Match, m.outcomes()); m.outcome != Pending {
		m.reason = m.scoreText()
		return
	}
	// The loser of the duel chooses; after a draw, whoever chose in it chooses again, and if
	// nobody did, the next duel's first player is decided as the first duel's was.
	m.chooser, m.next = -1, m.cfg.First
	if s, ok := o.Winner(); ok {
		m.chooser = int8(s.Other())
	} else if r.Chooser >= 0 {
		m.chooser = r.Chooser
	}
	n := len(m.duels) + 1
	if m.chooser >= 0 {
		m.queue = append(m.queue, Prompt{Kind: PromptFirst, Seat: engine.Seat(m.chooser), N: n})
	}
	for s := engine.A; s <= engine.B; s++ {
		if len(m.decks[s].Side) > 0 {
			m.queue = append(m.queue, Prompt{Kind: PromptSide, Seat: s, N: n})
		}
	}
	m.startIfReady()
}

// startIfReady starts the next duel when no match prompt is left.
func (m *Match) startIfReady() {
	if len(m.queue) == 0 && m.outcome == Pending && m.err == nil {
		if err := m.startDuel(); err != nil {
			m.err, m.reason = err, "internal error"
		}
	}
}

func (m *Match) outcomes() []Outcome {
	out := make([]Outcome, len(m.duels))
	for i, r := range m.duels {
		out[i] = r.Outcome
	}
	return out
}

// scoreText words the final score, the winner's wins first: "B won 2-1", "A won 1-0 with 2
// draws", "a drawn match, 1-1 with 1 draw".
func (m *Match) scoreText() string {
	w, d := m.Score()
	draws := ""
	if d > 0 {
		draws = fmt.Sprintf(" with %d draw%s", d, map[bool]string{true: "s"}[d > 1])
	}
	if s, ok := m.outcome.Winner(); ok {
		return fmt.Sprintf("%s won %d-%d%s", s, w[s], w[s.Other()], draws)
	}
	return fmt.Sprintf("a drawn match, %d-%d%s", w[0], w[1], draws)
}

// Prompt returns the decision the match waits for, or nil when it is over. A duel prompt is the
// current duel's, valid until the next answer.
func (m *Match) Prompt() *Prompt {
	if m.outcome != Pending || m.err != nil {
		return nil
	}
	if len(m.queue) > 0 {
		p := m.queue[0]
		return &p
	}
	p := m.duel.Prompt()
	if p == nil {
		return nil
	}
	return &Prompt{Kind: PromptDuel, Seat: p.Seat, N: len(m.duels), Duel: p}
}

// wrong returns an error for an answer of kind k when another prompt is pending.
func (m *Match) wrong(k PromptKind) error {
	p := m.Prompt()
	if p == nil {
		return ErrMatchOver
	}
	return fmt.Errorf("%w: the match waits for seat %s's %s answer (duel %d), not a %s answer",
		ErrWrongPrompt, p.Seat, p.Kind, p.N, k)
}

// waits reports whether the pending prompt is a match prompt of kind k.
func (m *Match) waits(k PromptKind) bool {
	return m.Prompt() != nil && len(m.queue) > 0 && m.queue[0].Kind == k
}

// Answer answers the current duel's prompt with one of its options.
func (m *Match) Answer(o engine.Option) error {
	if !m.inDuel() {
		return m.wrong(PromptDuel)
	}
	p := m.duel.Prompt()
	if p == nil {
		return ErrMatchOver
	}
	seat, kind, text := p.Seat, p.Kind, m.duel.OptionText(o)
	if err := m.duel.Answer(o); err != nil {
		return err
	}
	r := m.current()
	r.Moves = append(r.Moves, seat.String()+": "+text)
	if kind == engine.PromptFirst {
		r.Chooser = int8(seat) // won the rock-paper-scissors or the coin toss, and chose
	}
	m.settle()
	return nil
}

// AnswerText answers the pending prompt with text: a duel option in the notation, "first" or
// "second", or a side-deck answer (SideText).
func (m *Match) AnswerText(text string) error {
	p := m.Prompt()
	if p == nil {
		return ErrMatchOver
	}
	switch p.Kind {
	case PromptFirst:
		switch strings.TrimSpace(text) {
		case "first":
			return m.ChooseFirst(true)
		case "second":
			return m.ChooseFirst(false)
		}
		return fmt.Errorf("match: seat %s chooses \"first\" or \"second\", not %q", p.Seat, text)
	case PromptSide:
		swaps, err := ParseSide(text, m.db)
		if err != nil {
			return err
		}
		return m.AnswerSide(swaps)
	}
	o, err := m.duel.ParseOption(text)
	if err != nil {
		return err
	}
	return m.Answer(o)
}

// ChooseFirst answers a PromptFirst: the chooser goes first (true) or second.
func (m *Match) ChooseFirst(goFirst bool) error {
	if !m.waits(PromptFirst) {
		return m.wrong(PromptFirst)
	}
	s := m.queue[0].Seat
	first, word := s, "first"
	if !goFirst {
		first, word = s.Other(), "second"
	}
	m.next = engine.FirstA
	if first == engine.B {
		m.next = engine.FirstB
	}
	m.chooser = int8(s)
	m.before = append(m.before, s.String()+": "+word)
	m.queue = m.queue[1:]
	m.startIfReady()
	return nil
}

// AnswerSide answers a PromptSide with swaps (none: keep the deck). An illegal side deck is
// refused with a *SideError and nothing changes; the prompt stays.
func (m *Match) AnswerSide(swaps []Swap) error {
	if !m.waits(PromptSide) {
		return m.wrong(PromptSide)
	}
	s := m.queue[0].Seat
	nd, err := ApplySwaps(m.decks[s], swaps, m.cfg.Ruleset, m.db)
	if err == nil {
		err = CheckSide(m.cfg.Decks[s], nd, m.cfg.Ruleset, m.db, m.cfg.Banlist)
	}
	if err != nil {
		if se, ok := err.(*SideError); ok {
			se.Seat = s
		}
		return err
	}
	m.decks[s] = nd
	m.before = append(m.before, s.String()+": "+SideText(swaps, m.db))
	m.queue = m.queue[1:]
	m.startIfReady()
	return nil
}

// AnswerSideDeck answers a PromptSide with the whole deck to play: it must keep the sizes of the
// Main, Extra and Side Decks and the registered deck's cards, and be legal. The match records it
// as the swaps that make it from the current deck, and keeps its own card order (the duel
// shuffles the deck).
func (m *Match) AnswerSideDeck(d deck.Deck) error {
	if !m.waits(PromptSide) {
		return m.wrong(PromptSide)
	}
	s := m.queue[0].Seat
	if err := CheckSide(m.cfg.Decks[s], d, m.cfg.Ruleset, m.db, m.cfg.Banlist); err != nil {
		err.(*SideError).Seat = s
		return err
	}
	return m.AnswerSide(diffSwaps(m.decks[s], d))
}

// Concede concedes for seat s: during a duel, that duel (it counts as a loss and the match goes
// on); between duels, the match.
func (m *Match) Concede(s engine.Seat) error {
	if m.Prompt() == nil {
		return ErrMatchOver
	}
	if !m.inDuel() {
		return m.ConcedeMatch(s)
	}
	if err := m.duel.Concede(s); err != nil {
		return err
	}
	r := m.current()
	r.Moves = append(r.Moves, s.String()+": concede")
	m.settle()
	return nil
}

// ConcedeMatch concedes the whole match for seat s; a duel in progress is conceded too.
func (m *Match) ConcedeMatch(s engine.Seat) error {
	if m.Prompt() == nil {
		return ErrMatchOver
	}
	m.outcome, m.reason = Won(s.Other()), s.String()+" conceded the match"
	if m.inDuelAfterEnd() {
		_ = m.duel.Concede(s)
		r := m.current()
		r.Moves = append(r.Moves, s.String()+": concede match")
		m.finishDuel(Won(s.Other()), m.duel.Reason())
		return nil
	}
	m.queue = nil
	m.after = append(m.before, s.String()+": concede match")
	m.before = nil
	return nil
}

// inDuelAfterEnd is inDuel once the match outcome is already set by a concession.
func (m *Match) inDuelAfterEnd() bool { return len(m.queue) == 0 && m.current().Outcome == Pending }

// DrawDuel ends the current duel in a draw decided outside the duel: the time limit ran out, or
// the players agreed (reason says which). The match goes on under its rule.
func (m *Match) DrawDuel(reason string) error {
	if !m.inDuel() {
		return m.wrong(PromptDuel)
	}
	d := m.duel
	m.current().DrawReason = reason
	m.finishDuel(Draw, "draw: "+reason)
	d.Close()
	return nil
}

// Over reports whether the match has ended (or stopped on an internal error).
func (m *Match) Over() bool { return m.outcome != Pending || m.err != nil }

// Result returns the match's outcome: Pending while it goes on.
func (m *Match) Result() Outcome { return m.outcome }

// Reason says how the match ended: "B won 2-1", "a drawn match, 1-1 with 1 draw", "B conceded
// the match", or "" while it goes on.
func (m *Match) Reason() string { return m.reason }

// Err returns the internal error that stopped the match, if a duel's card or rule code failed.
func (m *Match) Err() error { return m.err }

// Score returns each seat's duel wins and the drawn duels so far.
func (m *Match) Score() (wins [2]int, draws int) { return Score(m.outcomes()) }

// Duel returns the current duel, or between duels the last one (for its final state).
func (m *Match) Duel() *engine.Duel { return m.duel }

// Number returns the number of the current duel (from 1); between duels, of the last one.
func (m *Match) Number() int { return len(m.duels) }

// Deck returns seat s's deck as side-decked for the current or next duel.
func (m *Match) Deck(s engine.Seat) deck.Deck { return m.decks[s].Clone() }

// Registered returns seat s's deck as registered for the match.
func (m *Match) Registered(s engine.Seat) deck.Deck { return m.cfg.Decks[s].Clone() }

// Ruleset returns the match's ruleset.
func (m *Match) Ruleset() ruleset.Ruleset { return m.cfg.Ruleset }

// DB returns the card data of the match.
func (m *Match) DB() *card.DB { return m.db }

// Close stops the current duel's procedure.
func (m *Match) Close() { m.duel.Close() }

// DuelOutcome returns how duel n (from 1) ended and why; Pending for the duel in progress or one
// not played.
func (m *Match) DuelOutcome(n int) (Outcome, string) {
	if n < 1 || n > len(m.duels) {
		return Pending, ""
	}
	return m.duels[n-1].Outcome, m.duels[n-1].Reason
}
