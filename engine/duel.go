package engine

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"runtime"
	"runtime/debug"

	"github.com/duelistgame/duelist/card"
)

// FirstMode says how the seat that goes first is decided.
type FirstMode uint8

// The ways to decide who goes first.
const (
	FirstRPS  FirstMode = iota // rock-paper-scissors: both seats are asked; the winner chooses
	FirstCoin                  // seat B calls a coin toss; the winner chooses
	FirstA                     // fixed by the caller: A goes first
	FirstB                     // fixed by the caller: B goes first
)

// DeckList is the cards a seat brings to a duel.
type DeckList struct {
	Main  []card.Passcode
	Extra []card.Passcode
}

// Config describes a duel from its start.
type Config struct {
	Rules Rules
	DB    *card.DB // the card data; nil = the ruleset's (Procedures.CardDB: the Master Rule's is card.Pool())
	Seed  uint64
	Decks [2]DeckList
	// Tag makes a tag duel (RULES.md "Tag duel"): Decks are A1's and B1's, Partners A2's and B2's.
	Tag      bool
	Partners [2]DeckList
	First    FirstMode
	// Cards gives the cards' behaviour (package cards); nil = every card is a plain card with no
	// effect.
	Cards Library
	// AlwaysAsk offers every chain window to both seats, even with nothing to activate (for
	// players who want to bluff, and for tests of the windows themselves).
	AlwaysAsk bool
	// KeepOpenStates keeps the duel's start and then its last open state, so that Duel.Clone
	// works at every prompt (see Duel.KeepOpenStates).
	KeepOpenStates bool
}

// Duel is one duel. It is not safe for concurrent use; a server gives each duel one goroutine.
type Duel struct {
	g       *game
	next    func() (struct{}, bool)
	stop    func()
	pending bool // a prompt is waiting for an answer
	err     error
	stack   string
	track   *openTrack // the last open state and the answers since (KeepOpenStates), or nil
	proc    *procHandle
}

// PanicStack returns the stack of the panic that ended the duel with an internal error, for the
// logs of a host; "" if none.
func (d *Duel) PanicStack() string { return d.stack }

// stopSignal unwinds the duel procedure when the coroutine is stopped or the duel ends.
type stopSignal struct{}

// New starts a duel from its beginning and runs it to the first prompt.
func New(cfg Config) (*Duel, error) {
	g, err := newGame(cfg.Rules, cfg.DB, cfg.Seed)
	if err != nil {
		return nil, err
	}
	g.lib = cfg.Cards
	g.firstMode = cfg.First
	g.alwaysAsk = cfg.AlwaysAsk
	if cfg.Tag {
		if g.rules.NoTag {
			return nil, fmt.Errorf("engine: the %s ruleset has no tag duels", g.rules.Name)
		}
		g.setTag()
	}
	g.reserve(cfg)
	for _, s := range g.seats() {
		dl := cfg.Decks[s.Team()]
		if s >= A2 {
			dl = cfg.Partners[s.Team()]
		}
		like := NoCard // the seat's last card made: its copies reuse its lookups (deckCard)
		for _, code := range dl.Main {
			id, err := g.deckCard(code, s, Deck, like)
			if err != nil {
				return nil, fmt.Errorf("engine: seat %s main deck: %w", SeatName(s, g.tag), err)
			}
			like = id
		}
		for _, code := range dl.Extra {
			id, err := g.deckCard(code, s, Extra, like)
			if err != nil {
				return nil, fmt.Errorf("engine: seat %s extra deck: %w", SeatName(s, g.tag), err)
			}
			like = id
		}
	}
	g.reserveEffUsed()
	var base *game
	if cfg.KeepOpenStates {
		base = g.clone() // before the procedure starts: a copy runs the whole duel
	}
	d := start(g)
	if base != nil {
		d.track = &openTrack{base: base}
	}
	return d, nil
}

// pcgMix is what a seed is mixed with for the generator's low word.
const pcgMix = 0x9e3779b97f4a7c15

func newGame(rules Rules, db *card.DB, seed uint64) (*game, error) {
	if rules.Name == "" {
		rules = OCG()
	}
	if rules.Procedures == nil {
		return nil, fmt.Errorf("engine: ruleset %q has no procedures (engine.MasterRule() for the Master Rule family)", rules.Name)
	}
	if db == nil {
		db = rules.Procedures.CardDB()
	}
	if (rules.MonsterZones <= 0 || rules.SpellZones <= 0) && !rules.UnlimitedZones || rules.StartLP <= 0 {
		return nil, fmt.Errorf("engine: ruleset %q needs monster zones, spell zones and start LP", rules.Name)
	}
	pcg := rand.NewPCG(seed, seed^pcgMix)
	g := &game{rules: rules, db: db, pcg: pcg, rng: rand.New(pcg), winner: -1,
		attacker: NoCard, target: NoCard, summoning: NoCard, reasonCard: NoCard}
	// Every seat's zones in one allocation; each slice is capped, so a kouhu zone that grows
	// (player.grow) moves to an array of its own.
	mz, sz := max(rules.MonsterZones, 0), max(rules.SpellZones, 0)
	zones := make([]CardID, MaxSeats*(mz+sz))
	for i := range zones {
		zones[i] = NoCard
	}
	for s := range g.players {
		p := &g.players[s]
		p.lp = rules.StartLP
		p.fzone = NoCard
		at := s * (mz + sz)
		p.mzone = zones[at : at+mz : at+mz]
		p.szone = zones[at+mz : at+mz+sz : at+mz+sz]
	}
	return g, nil
}

// reserve sizes the duel's lists for its decks before the cards are made, so that setting up a
// duel allocates a few arrays instead of growing each list card by card: the cards, every seat's
// piles (capped slices carved from one array: a pile that outgrows its share moves to an array of
// its own) and the lists of cards with scripts (by kind of effect, with checks, negating).
func (g *game) reserve(cfg Config) {
	total := 0
	var main, extra [MaxSeats]int
	for _, s := range g.seats() {
		dl := cfg.Decks[s.Team()]
		if s >= A2 {
			dl = cfg.Partners[s.Team()]
		}
		main[s], extra[s] = len(dl.Main), len(dl.Extra)
		total += main[s] + extra[s]
	}
	g.cards = make([]cardState, 0, total+8) // room for a few tokens
	const handCap = 16
	n := 0
	for _, s := range g.seats() {
		n += main[s] + extra[s] + handCap + 2*(main[s]+extra[s])
	}
	buf := make([]CardID, 0, n+(5+nContKinds)*total)
	take := func(k int) []CardID {
		out := buf[len(buf) : len(buf) : len(buf)+k]
		buf = buf[:len(buf)+k]
		return out
	}
	for _, s := range g.seats() {
		p := g.pl(s)
		all := main[s] + extra[s]
		p.deck, p.extra, p.hand = take(main[s]), take(extra[s]), take(handCap)
		p.gy, p.banished = take(all), take(all)
	}
	g.actCards, g.trigCards, g.contCards = take(total), take(total), take(total)
	for k := range g.contBy {
		g.contBy[k] = take(total)
	}
	g.checkCards, g.negSrcs = take(total), take(total)
	g.reserveScratch()
}

// newCard creates a card of the duel at a place.
func (g *game) newCard(code card.Passcode, owner Seat, p Place, pos Pos) (CardID, error) {
	d, ok := g.db.ByPasscode(code)
	if !ok {
		return NoCard, fmt.Errorf("%w: passcode %d", card.ErrUnknownCard, code)
	}
	id := g.nextCard()
	c := &g.cards[id]
	c.data, c.owner, c.ctrl, c.pos = d, owner, owner, pos
	g.setRuleData(id, code)
	g.attachScript(id)
	g.put(id, p)
	return id, nil
}

// deckCard makes a card of a seat's Deck or Extra Deck at set-up. When like (the card made just
// before, NoCard for none) has the same passcode, as a deck's copies of a card usually follow
// one another, the new card takes its card data and script from it instead of looking them up,
// also the derived activation and trigger ranges (a ruleset's ActivationRange depends only on the
// card's data and the effect), and it joins the lists that watch keeps where like is
// (watchLike), in the same order as newCard would put it there.
func (g *game) deckCard(code card.Passcode, owner Seat, l Loc, like CardID) (CardID, error) {
	if like == NoCard || g.cards[like].data.Passcode != code {
		return g.newCard(code, owner, Place{Seat: owner, Loc: l}, FaceDown)
	}
	id := g.nextCard()
	c, prev := &g.cards[id], &g.cards[like]
	c.data, c.owner, c.ctrl, c.pos = prev.data, owner, owner, FaceDown
	c.script, c.equipTarget = prev.script, NoCard
	g.setRuleData(id, code)
	c.actLocs, c.trigLocs = prev.actLocs, prev.trigLocs
	g.watchLike(id, like)
	g.put(id, Place{Seat: owner, Loc: l})
	return id, nil
}

// start makes the Duel handle and runs the duel to its first prompt.
func start(g *game) *Duel {
	d := &Duel{g: g}
	d.startProcedure()
	d.resume()
	return d
}

// startProcedure makes the coroutine that runs the duel procedure on the game (a copy made by
// Clone gets its coroutine when it is first answered).
func (d *Duel) startProcedure() {
	g := d.g
	d.next, d.stop = iter.Pull(func(yield func(struct{}) bool) {
		g.yield = yield
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopSignal); !ok {
					// Keep the stack where card or rule code failed; it is lost once the panic
					// crosses the coroutine.
					g.panicStack = string(debug.Stack())
					panic(r)
				}
			}
		}()
		growStack()
		g.run()
	})
	// When the handle is dropped, stop the coroutine so that the game can be collected. The
	// cleanup is registered once per handle and stops its current coroutine: a scratch duel that
	// CloneInto refills again and again gets a new coroutine each time, not a new cleanup.
	if d.proc == nil {
		d.proc = &procHandle{}
		runtime.AddCleanup(d, func(p *procHandle) {
			if p.stop != nil {
				p.stop()
			}
		}, d.proc)
	}
	d.proc.stop = d.stop
}

// growStack gives the coroutine the stack a duel grows to before the procedure runs, so that
// the runtime copies the stack once while it holds one frame, instead of again and again later
// when it holds a deep chain (and when the stop signal's panic unwinds it): the duel's coroutine
// starts with the minimum stack. Instructions for 200 yugi-40 vs kaiba-40 duels (valgrind, the
// collector off): no growStack 432.3M, a 4 KB stack 430.6M, 8 KB 423.5M, 16 KB 423.7M.
//
//go:noinline
func growStack() {
	var frame [stackRoom]byte
	keep(frame[:])
}

// stackRoom is the frame growStack takes: with the coroutine's first frames and the runtime's
// guard it fits an 8 KB stack.
const stackRoom = 6 << 10

//go:noinline
func keep([]byte) {}

// procHandle holds the stop function of a Duel's current coroutine, for the cleanup that runs
// when the Duel is dropped.
type procHandle struct{ stop func() }

// resume runs the duel until its next prompt or its end.
func (d *Duel) resume() {
	defer func() {
		if r := recover(); r != nil {
			where := "the rules"
			if g := d.g; g.ctxDepth > 0 {
				where = fmt.Sprintf("card %q", g.c(g.ctxs[g.ctxDepth-1].card).data.Name)
			}
			d.err = fmt.Errorf("%w in %s: %v", ErrCardPanic, where, r)
			d.stack = d.g.panicStack
			d.g.over = true
			d.pending = false
			d.g.reason = "internal error"
		}
	}()
	_, ok := d.next()
	d.pending = ok && !d.g.over
}

// ask stops the duel procedure at a prompt and returns the answer. It is called on the coroutine.
func (g *game) ask() Option {
	if !g.yield(struct{}{}) {
		panic(stopSignal{})
	}
	return g.answer
}

// Prompt returns the decision the duel waits for, or nil when the duel is over. The prompt is
// valid until the next answer.
func (d *Duel) Prompt() *Prompt {
	if !d.pending {
		return nil
	}
	return &d.g.prompt
}

// Over reports whether the duel has ended.
func (d *Duel) Over() bool { return d.g.over }

// Err returns the internal error that ended the duel, if card or rule code failed.
func (d *Duel) Err() error { return d.err }

// Tag reports whether the duel is a tag duel of four seats.
func (d *Duel) Tag() bool { return d.g.tag }

// Seats returns the duel's seats: A and B, or A1 (= A), B1 (= B), A2 and B2 in a tag duel.
func (d *Duel) Seats() []Seat { return d.g.seats() }

// InDuel reports whether a seat still plays (false for a seat that left a tag duel).
func (d *Duel) InDuel(s Seat) bool { return d.g.inDuel(s) }

// Result returns the winner (A or B; in a tag duel the winning team) and ok=true, or ok=false with draw=true for a drawn duel;
// both false while the duel goes on.
func (d *Duel) Result() (winner Seat, ok bool, draw bool) {
	switch d.g.winner {
	case 0:
		return A, true, false
	case 1:
		return B, true, false
	case 2:
		return 0, false, true
	}
	return 0, false, false
}

// Reason says why the duel ended ("LP 0", "deck out", "conceded" ...), or "".
func (d *Duel) Reason() string { return d.g.reason }

// Answer gives the pending prompt one of its options. An option that is not listed is refused
// with an error wrapping ErrIllegalAnswer, and the duel is unchanged.
func (d *Duel) Answer(o Option) error {
	if !d.pending {
		return ErrDuelOver
	}
	p := &d.g.prompt
	if o.Kind == OptSelect && p.Kind == PromptSelect {
		o.Sel = d.g.canonicalSel(p, o.Sel)
		o.Card = NoCard
	}
	if p.find(o) < 0 {
		return fmt.Errorf("%w: %s is not one of the %d options of this %s prompt", ErrIllegalAnswer,
			d.g.describeOption(p, o), len(p.opts), p.Kind)
	}
	d.noteAnswer(o)
	if d.next == nil { // a copy made by Clone: its procedure starts from its state
		if err := d.restart(); err != nil {
			return err
		}
	}
	d.g.answer = o
	d.resume()
	return nil
}

// AnswerIndex answers the i-th option of the pending prompt.
func (d *Duel) AnswerIndex(i int) error {
	if !d.pending {
		return ErrDuelOver
	}
	opts := d.g.prompt.opts
	if i < 0 || i >= len(opts) {
		return fmt.Errorf("%w: option %d out of range 0..%d", ErrIllegalAnswer, i, len(opts)-1)
	}
	return d.Answer(opts[i])
}

// AnswerText answers with an option's notation text (notation.md); qualifiers may be left out
// when the text is not ambiguous.
func (d *Duel) AnswerText(text string) error {
	o, err := d.ParseOption(text)
	if err != nil {
		return err
	}
	return d.Answer(o)
}

// Concede ends the duel: the seat loses (in a tag duel, its team).
func (d *Duel) Concede(s Seat) error {
	if d.g.over {
		return ErrDuelOver
	}
	if int(s) >= d.g.seatCount() {
		return fmt.Errorf("engine: seat %s is not in this duel", s)
	}
	d.g.endDuel(int(s.Other().Team()), "conceded")
	d.pending = false
	d.Close()
	return nil
}

// Close stops the duel's procedure. A Duel that is dropped is closed by the garbage collector;
// Close frees it at once.
func (d *Duel) Close() {
	if d.stop != nil {
		d.stop()
	}
	if d.proc != nil {
		// The drop cleanup's handle must not keep the stopped coroutine, and through it the
		// game, alive until the cleanup runs (one collection after the Duel is dropped).
		d.proc.stop = nil
	}
}

// Events returns the events since the last call of TakeEvents (or the start). The slice is owned
// by the duel and valid until the next answer.
func (d *Duel) Events() []Event { return d.g.events }

// TakeEvents returns the pending events and forgets them; the returned slice is valid until the
// next answer.
func (d *Duel) TakeEvents() []Event {
	ev := d.g.events
	d.g.events = d.g.events[:0]
	return ev
}

// Turn returns the turn number, counted from 1 for the whole duel.
func (d *Duel) Turn() int { return d.g.turn }

// TurnPlayer returns the seat whose turn it is.
func (d *Duel) TurnPlayer() Seat { return d.g.turnPlayer }

// Phase returns the current phase.
func (d *Duel) Phase() Phase { return d.g.phase }

// Timing returns the Battle Phase step or Damage Step timing, or NoTiming.
func (d *Duel) Timing() Timing { return d.g.timing }

// Rules returns the duel's rules.
func (d *Duel) Rules() Rules { return d.g.rules }

// First returns the seat that took the duel's first turn.
func (d *Duel) First() Seat { return d.g.first }
