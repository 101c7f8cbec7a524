package server

import (
	"time"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/match"
)

// This file plays a best-of-3 room (create "format":"bo3", or a bo3 quick match): the room plays
// duels until the ruleset's match rule (package match, docs/match.md) decides the match; between
// two duels the room is "siding": the loser of the last duel chooses to go first or second, each
// player may exchange cards with its Side Deck (match.ApplySwaps, match.CheckSide and the room's
// deck rules), within Options.SideTime. The match's state is saved in the MatchLog (bo3log.go)
// so that a restart during a duel or during side decking gives the room back.

// Formats of a room.
const (
	FormatBo1 = "bo1"
	FormatBo3 = "bo3"
)

// ErrSide is the error code of a side deck that is refused (the deck is unchanged).
const ErrSide = "side"

// The phases of a match.
const (
	phaseDuel = "duel" // a duel is going on (or about to start)
	phaseSide = "side" // between duels: choosing first or second and side decking
	phaseOver = "over" // the match is decided
)

// roomMatch is a best-of-3 room's match. It is owned by the room's actor.
type roomMatch struct {
	id       int64           // its id in the MatchLog, 0 without one
	outcomes []match.Outcome // the finished duels'
	reasons  []string
	duelIDs  []int64       // the log ids of the duels begun (0 without a log)
	reg      [2]deck.Deck  // the registered decks (Side Decks included)
	cur      [2]deck.Deck  // the decks of the duel going on or just played
	ready    [2]bool       // side phase: the seat has sided (or kept) its deck
	chooser  int           // side phase: the seat that chooses first or second, -1 none
	first    int           // the seat chosen to go first in the next duel, -1 not chosen
	lastPick int           // who chose in the duel just played, -1 nobody
	phase    string        // phaseDuel, phaseSide, phaseOver
	deadline time.Time     // side phase: when it ends
	timerGen int           // the side timer's generation (stale timers do nothing)
	timer    *time.Timer   // the side timer
	rated    bool          // the match is rated (on the bo3 ladder) at its end
	accounts [2]int64      // the seats' accounts (from the first duel)
	result   match.Outcome // phaseOver: the match's result
	reason   string        // phaseOver: why (wins, conceded, left, disconnected)
	forfeit  int           // the seat that gives up the match with the duel going on, -1 none
	fReason  string        // why it gives it up
	play     fairplay.Play // its finished duels' play together (the ladder weighs a match by it)
}

// newMatch starts a match with the seats' registered decks.
func (r *Room) newMatch() *roomMatch {
	m := &roomMatch{chooser: -1, first: -1, lastPick: -1, phase: phaseDuel, forfeit: -1}
	for s := range r.seats {
		st := &r.seats[s]
		d := deck.Deck{Main: st.deck.Main, Extra: st.deck.Extra, Side: st.side}.Clone()
		m.reg[s], m.cur[s] = d, d.Clone()
	}
	return m
}

// bo3 reports whether the room plays best-of-3 matches.
func (r *Room) bo3() bool { return r.cfg.format == FormatBo3 }

// nextFirst is how the first player of the duel about to start is decided: the choice of the
// loser of the last duel, else the room's setting.
func (r *Room) nextFirst() engine.FirstMode {
	if m := r.m; m != nil && m.first >= 0 {
		if m.first == 0 {
			return engine.FirstA
		}
		return engine.FirstB
	}
	return r.cfg.first
}

// matchHeader adds the match to the header of the duel about to start.
func (r *Room) matchHeader(h *duels.Header) {
	m := r.m
	if m == nil {
		return
	}
	h.Match, h.MatchDuel = m.id, len(m.duelIDs)+1
	for s := range h.Accounts {
		if h.Accounts[s] == 0 {
			h.Accounts[s] = m.accounts[s]
		}
	}
}

// matchDuelBegun records the duel that has just begun in the match.
func (r *Room) matchDuelBegun() {
	m := r.m
	if m == nil {
		return
	}
	if len(m.duelIDs) == 0 {
		m.accounts = r.dur.header.Accounts
		m.rated = r.rateable() && r.ratedNext
	}
	m.duelIDs = append(m.duelIDs, r.dur.id)
	m.lastPick = m.chooser // who chose for this duel (-1: the room's setting decided)
	m.phase, m.ready, m.chooser, m.first = phaseDuel, [2]bool{}, -1, -1
	r.saveMatch()
}

// matchDuelOver takes the result of the duel that has just ended into the match: the match is
// decided, or the room goes to side decking.
func (r *Room) matchDuelOver() {
	m := r.m
	if m == nil || m.phase != phaseDuel {
		return
	}
	res := r.result()
	r.matchRecord(outcomeOf(res.Winner), res.Reason)
}

// outcomeOf reads a duel's winner (A, B, draw).
func outcomeOf(w string) match.Outcome {
	switch w {
	case "A":
		return match.WinA
	case "B":
		return match.WinB
	}
	return match.Draw
}

// matchRecord takes a finished duel's outcome into the match.
func (r *Room) matchRecord(o match.Outcome, reason string) {
	m := r.m
	m.outcomes, m.reasons = append(m.outcomes, o), append(m.reasons, reason)
	if m.forfeit >= 0 {
		r.endMatch(match.Won(engine.Seat(1-m.forfeit)), m.fReason)
		return
	}
	if d := match.Decide(r.cfg.ruleset.Match, m.outcomes); d != match.Pending {
		r.endMatch(d, "wins")
		return
	}
	r.beginSide(o)
}

// beginSide starts the step between duels: the loser of the duel just played chooses first or
// second (after a draw, whoever chose last time, else nobody: the room's setting decides).
func (r *Room) beginSide(last match.Outcome) {
	m := r.m
	m.phase, m.ready, m.first = phaseSide, [2]bool{}, -1
	m.chooser = -1
	if w, ok := last.Winner(); ok {
		m.chooser = 1 - int(w)
	} else if m.lastPick >= 0 {
		m.chooser = m.lastPick
	}
	for s := range r.seats {
		if r.seats[s].ai != nil {
			m.ready[s] = true
			if m.chooser == s {
				m.first = s // the AI goes first
			}
		}
	}
	r.setStatus("siding")
	r.startSideTimer(r.hub.opts.SideTime)
	r.saveMatch()
}

// startSideTimer (re)starts the side step's timer for d.
func (r *Room) startSideTimer(d time.Duration) {
	m := r.m
	if m.timer != nil {
		m.timer.Stop()
	}
	m.timerGen++
	gen := m.timerGen
	m.deadline = r.now().Add(d)
	m.timer = time.AfterFunc(d, func() { r.post(func(r *Room) { r.sideExpired(gen) }) })
}

func (m *roomMatch) stopTimer() {
	m.timerGen++
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
}

// sideExpired ends a side step whose time is up: the decks not sided stay as they are, and a
// chooser who did not choose goes first.
func (r *Room) sideExpired(gen int) {
	m := r.m
	if m == nil || m.phase != phaseSide || gen != m.timerGen || r.status != "siding" {
		return
	}
	if m.chooser >= 0 && m.first < 0 {
		m.first = m.chooser
	}
	m.ready = [2]bool{true, true}
	r.nextDuel()
}

// side handles a seat's side deck: swaps made on the deck of the last duel. A refused side deck
// changes nothing.
func (r *Room) side(c *Conn, s, id int, sm *sideMsg) {
	m := r.m
	if m == nil || m.phase != phaseSide {
		r.sendErr(c, "side", id, perr(ErrState, "side decking is between the duels of a best-of-3 match"))
		return
	}
	if m.ready[s] {
		r.sendErr(c, "side", id, perr(ErrState, "you have sided for this duel already"))
		return
	}
	if len(sm.Swaps) > len(m.cur[s].Side) {
		r.sendErr(c, "side", id, perr(ErrSide, "%d swaps, but your Side Deck holds %d cards", len(sm.Swaps), len(m.cur[s].Side)))
		return
	}
	swaps := make([]match.Swap, len(sm.Swaps))
	for i, sw := range sm.Swaps {
		swaps[i] = match.Swap{Out: card.Passcode(sw.Out), In: card.Passcode(sw.In)}
	}
	d, err := match.ApplySwaps(m.cur[s], swaps, r.cfg.ruleset, nil)
	if err == nil && len(swaps) > 0 {
		var bl *deck.Banlist
		if len(m.reg[s].Side) > 0 { // a preconstructed deck (no Side Deck) is played as printed
			bl = r.cfg.decks.bl
		}
		err = match.CheckSide(m.reg[s], d, r.cfg.ruleset, nil, bl)
	}
	if err != nil {
		msg := err.Error()
		if se, ok := err.(*match.SideError); ok {
			msg = se.Msg
		}
		r.sendErr(c, "side", id, perr(ErrSide, "your side deck is refused, your deck is unchanged: %s", msg))
		return
	}
	m.cur[s], m.ready[s] = d, true
	if r.sideDone() {
		r.nextDuel()
		return
	}
	r.saveMatch()
	r.broadcastMatch()
}

// chooseFirst handles the chooser's choice to go first or second.
func (r *Room) chooseFirst(c *Conn, s, id int, fm *firstMsg) {
	m := r.m
	switch {
	case m == nil || m.phase != phaseSide:
		r.sendErr(c, "first", id, perr(ErrState, "going first or second is chosen between the duels of a best-of-3 match"))
		return
	case m.chooser != s:
		r.sendErr(c, "first", id, perr(ErrState, "the loser of the last duel chooses, not you"))
		return
	case m.first >= 0:
		r.sendErr(c, "first", id, perr(ErrState, "you have chosen already"))
		return
	case fm.Go != "first" && fm.Go != "second":
		r.sendErr(c, "first", id, perr(ErrBadRequest, `"go" is "first" or "second", not %q`, fm.Go))
		return
	}
	m.first = s
	if fm.Go == "second" {
		m.first = 1 - s
	}
	if r.sideDone() {
		r.nextDuel()
		return
	}
	r.saveMatch()
	r.broadcastMatch()
}

// sideDone reports whether both seats have sided and the first player is chosen.
func (r *Room) sideDone() bool {
	m := r.m
	return m.ready[0] && m.ready[1] && (m.chooser < 0 || m.first >= 0)
}

// nextDuel starts the next duel of the match with the side-decked decks.
func (r *Room) nextDuel() {
	m := r.m
	m.stopTimer()
	for s := range r.seats {
		r.seats[s].deck = engine.DeckList{Main: m.cur[s].Main, Extra: m.cur[s].Extra}
	}
	r.startDuel()
}

// forfeitMatch gives up the match for seat s (concede match, leaving, not coming back): with a
// duel going on it is conceded and the match ends with it; between duels the match ends now.
func (r *Room) forfeitMatch(s int, reason string) {
	m := r.m
	switch {
	case m == nil || m.phase == phaseOver:
		return
	case r.status == "dueling":
		m.forfeit, m.fReason = s, reason
		r.concede(s, reason)
		r.advanced()
	case m.phase == phaseSide:
		r.endMatch(match.Won(engine.Seat(1-s)), reason)
		r.setStatus("over")
		r.broadcastMatch()
		r.broadcastRoom()
	}
}

// endMatch records the match's result: a rated match updates the bo3 ratings once (as a rated
// duel does, with the last duel's id), before the match is saved over.
func (r *Room) endMatch(res match.Outcome, reason string) {
	m := r.m
	m.stopTimer()
	m.phase, m.result, m.reason = phaseOver, res, reason
	if m.rated && len(m.duelIDs) > 0 {
		h := duels.Header{Room: r.code, Ruleset: r.cfg.ruleset.ID, Accounts: m.accounts, Rated: true, Format: FormatBo3,
			Decks: [2]engine.DeckList{{Main: m.reg[0].Main, Extra: m.reg[0].Extra}, {Main: m.reg[1].Main, Extra: m.reg[1].Extra}}}
		id := m.duelIDs[len(m.duelIDs)-1]
		if r.hub.rate(id, h, m.play, res.String(), reason) != nil {
			r.hub.retryMatchRating(id, h, m.play, res.String(), reason)
		}
	}
	r.saveMatch()
}

// matchView is the match message ("t":"match") as seat s (-1: a spectator) sees it.
func (r *Room) matchView(s int) *matchMsg {
	m := r.m
	wins, draws := match.Score(m.outcomes)
	mm := &matchMsg{T: "match", Format: FormatBo3, Phase: m.phase, Number: len(m.duelIDs),
		Score: scoreJSON{A: wins[0], B: wins[1], Draws: draws}, Rated: m.rated, Ready: map[string]bool{},
		Duels: []matchDuelJSON{}}
	for i, o := range m.outcomes {
		d := matchDuelJSON{N: i + 1, Winner: o.String(), Reason: m.reasons[i]}
		if i < len(m.duelIDs) {
			d.ID = m.duelIDs[i]
		}
		mm.Duels = append(mm.Duels, d)
	}
	if m.phase == phaseSide {
		mm.Number++
		mm.Chooser = seatOrNone(m.chooser)
		mm.First = seatOrNone(m.first)
		mm.Ready["A"], mm.Ready["B"] = m.ready[0], m.ready[1]
		mm.TimeLeft = max(0, m.deadline.Sub(r.now()).Milliseconds())
		mm.SideTime = r.hub.opts.SideTime.Milliseconds()
		if s >= 0 {
			d := m.cur[s]
			mm.Deck = &deckJSON{Main: codes(d.Main), Extra: codes(d.Extra), Side: codes(d.Side)}
		}
	}
	if m.phase == phaseOver {
		mm.Result = &resultJSON{Winner: m.result.String(), Reason: m.reason}
	}
	return mm
}

func seatOrNone(s int) string {
	if s < 0 {
		return ""
	}
	return seatName(s)
}

func codes(ps []card.Passcode) []uint32 {
	out := make([]uint32, len(ps))
	for i, p := range ps {
		out[i] = uint32(p)
	}
	return out
}

// broadcastMatch sends the match's state to both seats and the spectators.
func (r *Room) broadcastMatch() {
	if r.m == nil || r.status == "closed" {
		return
	}
	for s := range r.seats {
		if c := r.seats[s].conn; c != nil {
			r.sendJSON(c, s, r.matchView(s))
		}
	}
	if len(r.specs) > 0 {
		b := mustJSON(r.matchView(-1))
		for c := range r.specs {
			r.send(c, -1, b, nil)
		}
	}
}

// sendMatch sends the match's state to one connection (on joining, watching, rejoining).
func (r *Room) sendMatch(c *Conn, s int) {
	if r.m != nil {
		r.sendJSON(c, s, r.matchView(s))
	}
}

// The match messages.
type (
	sideMsg struct {
		T     string     `json:"t"` // "side"
		ID    int        `json:"id,omitempty"`
		Swaps []swapJSON `json:"swaps"` // made on the deck of the last duel; none: keep it
	}
	swapJSON struct {
		Out uint32 `json:"out"` // a card of the Main or Extra Deck
		In  uint32 `json:"in"`  // a card of the Side Deck
	}
	firstMsg struct {
		T  string `json:"t"` // "first"
		ID int    `json:"id,omitempty"`
		Go string `json:"go"` // first or second
	}
	concedeMsg struct {
		T     string `json:"t"` // "concede"
		ID    int    `json:"id,omitempty"`
		Match bool   `json:"match,omitempty"` // bo3: concede the match, not only the duel
	}
	matchMsg struct {
		T        string          `json:"t"` // "match"
		Format   string          `json:"format"`
		Phase    string          `json:"phase"`  // duel, side, over
		Number   int             `json:"number"` // the duel going on, or (side) the next one, from 1
		Score    scoreJSON       `json:"score"`
		Duels    []matchDuelJSON `json:"duels"`
		Rated    bool            `json:"rated"`
		Chooser  string          `json:"chooser,omitempty"`  // side: the seat that chooses first or second
		First    string          `json:"first,omitempty"`    // side: the seat that goes first, once chosen
		Ready    map[string]bool `json:"ready,omitempty"`    // side: the seats that have sided
		TimeLeft int64           `json:"timeLeft,omitempty"` // side: milliseconds left
		SideTime int64           `json:"sideTime,omitempty"` // side: the step's length, milliseconds
		Deck     *deckJSON       `json:"deck,omitempty"`     // side: the receiver's own deck
		Result   *resultJSON     `json:"result,omitempty"`   // over: the match's winner and reason
	}
	scoreJSON struct {
		A     int `json:"A"`
		B     int `json:"B"`
		Draws int `json:"draws"`
	}
	matchDuelJSON struct {
		N      int    `json:"n"`
		Winner string `json:"winner"`
		Reason string `json:"reason"`
		ID     int64  `json:"id,omitempty"` // the duel's id for its replay (GET /api/duels/{id}/replay)
	}
	deckJSON struct {
		Main  []uint32 `json:"main"`
		Extra []uint32 `json:"extra"`
		Side  []uint32 `json:"side"`
	}
)

// ensureMatch gives a best-of-3 room its match before a duel starts: the first duel of the room,
// or a rematch after a match (a new match, with the registered decks).
func (r *Room) ensureMatch() {
	if !r.bo3() || r.m != nil && r.m.phase != phaseOver {
		return
	}
	if old := r.m; old != nil {
		for s := range r.seats {
			r.seats[s].deck = engine.DeckList{Main: old.reg[s].Main, Extra: old.reg[s].Extra}
			r.seats[s].side = old.reg[s].Side
		}
	}
	r.m = r.newMatch()
	r.saveMatch() // its id goes in the first duel's header
}

// abandon handles a player gone for good (left, or not back within the grace period): the duel
// is lost, and in a best-of-3 room the match.
func (r *Room) abandon(s int, reason string) {
	if r.m != nil && (r.status == "dueling" || r.status == "siding") {
		r.forfeitMatch(s, reason)
		return
	}
	if r.status == "dueling" {
		r.concede(s, reason)
		r.advanced()
	}
}

// roomFormat reads a create message's format and rated offer into the room's configuration.
func roomFormat(cfg *roomConfig, m *createMsg) *protoError {
	switch m.Format {
	case "", FormatBo1:
		cfg.format = FormatBo1
	case FormatBo3:
		cfg.format = FormatBo3
	default:
		return perr(ErrBadRequest, `format is "bo1" or "bo3", not %q`, m.Format)
	}
	if m.Rated {
		switch {
		case cfg.ai:
			return perr(ErrBadRequest, "a duel against the AI is never rated")
		case cfg.decks.freeCards:
			return perr(ErrBadRequest, "a free-cards room cannot be rated: rated duels play owned cards")
		}
		cfg.ratedOffer = true
	}
	return nil
}
