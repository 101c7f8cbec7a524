package server

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/scenario"
)

// This file makes a room's duel durable (docs/durability.md): the duel's header is written to
// the hub's DuelLog when it starts, and the moves of every step are appended before the step's
// state is broadcast, so that what a player has seen is always in the log.

// logTimeout bounds one write to the log.
const logTimeout = 10 * time.Second

// durState is a room's view of its current duel's log. Every move is kept packed (a move is 8
// bytes without pointers; a duels.Entry, 88 with two: issue 17), the moves not yet in the log also
// as the entries persist writes. A hub without a log keeps none: nothing reads them then.
type durState struct {
	id      int64 // the duel's id in the log; 0 when the hub has no log
	header  duels.Header
	moves   []move        // every move of the duel, durable or not
	reason  string        // the reason of the concede that ended the duel, if moves ends with one
	pending []duels.Entry // the last moves, not in the log yet
}

// move is one move of a duel as a room keeps it: what rebuilding or replaying the duel needs.
type move struct {
	option int32 // the answer's option index
	seat   uint8
	kind   uint8 // duels.EntryAnswer or duels.EntryConcede
}

// record adds a move (its Seq is set here) to the moves to make durable.
func (d *durState) record(e duels.Entry) {
	if d.id == 0 {
		return
	}
	e.Seq = len(d.moves)
	d.moves = append(d.moves, move{option: int32(e.Option), seat: uint8(e.Seat), kind: uint8(e.Kind)})
	if e.Kind == duels.EntryConcede {
		d.reason = e.Reason
	}
	d.pending = append(d.pending, e)
}

// restore takes the moves of a duel rebuilt from the log (all of them in it already).
func (d *durState) restore(es []duels.Entry) {
	d.moves = make([]move, 0, len(es))
	for _, e := range es {
		d.moves = append(d.moves, move{option: int32(e.Option), seat: uint8(e.Seat), kind: uint8(e.Kind)})
		if e.Kind == duels.EntryConcede {
			d.reason = e.Reason
		}
	}
}

// saved is how many of the moves are in the log.
func (d *durState) saved() int { return len(d.moves) - len(d.pending) }

// drop forgets the moves not in the log (the log refused them).
func (d *durState) drop() {
	d.moves = d.moves[:d.saved()]
	clear(d.pending)
	d.pending = d.pending[:0]
}

// entries returns every move as log entries, for rebuilding or replaying the duel: their times
// and banks are the log's alone (zero here).
func (d *durState) entries() []duels.Entry {
	es := make([]duels.Entry, len(d.moves))
	for i, m := range d.moves {
		es[i] = duels.Entry{Seq: i, Kind: int(m.kind), Seat: int(m.seat), Option: int(m.option)}
	}
	if n := len(es); n > 0 && es[n-1].Kind == duels.EntryConcede {
		es[n-1].Reason = d.reason
	}
	return es
}

func (r *Room) duelLog() DuelLog { return r.hub.opts.Log }

// duelHeader is the header of the duel about to start: the engine is built from it
// (engineConfig) and the log records it, so that a rebuilt duel is the same duel.
func (r *Room) duelHeader() duels.Header {
	h := duels.Header{Engine: engine.Version, Room: r.code, DuelNo: r.duelNo + 1, Ruleset: r.cfg.ruleset.ID, Seed: r.seed,
		First: r.nextFirst(), AlwaysAsk: serverAlwaysAsks, TimeLimit: r.cfg.timeLimit, AI: r.cfg.ai, Started: r.now(),
		Banlist: r.cfg.decks.banlist, FreeCards: r.cfg.decks.freeCards, AILevel: r.cfg.aiLevel}
	if r.cfg.tag {
		h.Tag = &duels.TagHeader{AI: r.cfg.tagAI}
	}
	for s := range r.seats {
		st := &r.seats[s]
		tok := ""
		if st.ai == nil {
			tok = hashToken(st.token)
		}
		if s >= 2 { // a tag duel's partners
			h.Tag.Decks[s-2], h.Tag.Names[s-2], h.Tag.Accounts[s-2], h.Tag.TokenHash[s-2] = st.deck, st.name, r.seatAccount(s), tok
			continue
		}
		h.Decks[s], h.Names[s], h.Accounts[s], h.TokenHash[s] = st.deck, st.name, r.seatAccount(s), tok
	}
	r.matchHeader(&h)
	return h
}

// beginLog writes the header of the duel about to start; false if it could not (the room has
// failed then).
func (r *Room) beginLog(h duels.Header) bool {
	r.dur = durState{}
	l := r.duelLog()
	if l == nil {
		return true
	}
	r.ratedHeader(&h)
	if err := r.claim(); err != nil {
		r.hub.logf("room %s: claiming it for this node: %v", r.code, err)
		r.fail(ErrInternal, "the room could not be recorded: "+err.Error())
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	id, err := l.Begin(ctx, h)
	if fenced(err) {
		r.moved(err)
		return false
	}
	if err != nil {
		r.hub.logf("room %s: recording the new duel: %v", r.code, err)
		r.fail(ErrInternal, "the duel could not be recorded: "+err.Error())
		return false
	}
	r.dur = durState{id: id, header: h}
	return true
}

// seatAccount is the account that holds seat s (of the connection that holds it when the duel
// starts), 0 for a guest or the AI.
func (r *Room) seatAccount(s int) int64 {
	if c := r.seats[s].conn; c != nil {
		return c.account
	}
	return 0
}

// recordAnswer records that seat answered option i.
func (r *Room) recordAnswer(seat, i int) {
	r.dur.record(duels.Entry{Kind: duels.EntryAnswer, Seat: seat, Option: i})
}

// concede ends the duel: seat s loses, for reason (time, disconnected, left, conceded).
func (r *Room) concede(s int, reason string) {
	r.endReason = reason
	if r.duel.Concede(engine.Seat(s)) == nil {
		r.dur.record(duels.Entry{Kind: duels.EntryConcede, Seat: s, Reason: reason})
	}
}

// persist appends the moves not yet in the log, with the time banks they left.
func (r *Room) persist() error {
	l := r.duelLog()
	if l == nil || r.dur.id == 0 || len(r.dur.pending) == 0 {
		return nil
	}
	now := r.now()
	es := r.dur.pending
	for i := range es {
		es[i].BankA, es[i].BankB, es[i].At = r.clock.bank[0].Milliseconds(), r.clock.bank[1].Milliseconds(), now
		if r.cfg.tag {
			es[i].Partners = &[2]int64{r.clock.bank[2].Milliseconds(), r.clock.bank[3].Milliseconds()}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	if err := l.Append(ctx, r.dur.id, es); err != nil {
		return err
	}
	clear(r.dur.pending) // in the log now: only the moves are kept
	r.dur.pending = r.dur.pending[:0]
	return nil
}

// rollback undoes the moves the log refused: the duel is rebuilt from what the log holds, and
// the player who moved is told that the move did not happen (nothing was broadcast).
func (r *Room) rollback(cause error) {
	r.hub.logf("room %s: duel %d: the log refused a move, undoing it: %v", r.code, r.duelNo, cause)
	mover := r.dur.pending[0].Seat
	r.dur.drop()
	es := r.dur.entries()
	d, events, err := rebuildEvents(r.dur.header, es)
	if err != nil {
		r.fail(ErrInternal, "the duel could not be rebuilt: "+err.Error())
		return
	}
	r.past.reset() // without the events of the move undone
	r.past.add(events)
	r.duel.Close()
	r.duel, r.pv, r.endReason = d, nil, lastReason(es)
	if p := d.Prompt(); p != nil && r.seats[p.Seat].ai == nil {
		s := int(p.Seat)
		r.clock.bank[s] = max(r.clock.bank[s], time.Second) // no spinning on a failing store
		r.clock.start(s, r.now(), func(gen int) { r.post(clockExpired{gen}) })
	}
	if c := r.seats[mover].conn; c != nil {
		r.sendErr(c, "answer", 0, perr(ErrUnavailable, "the server could not save your move, so it did not happen: try again"))
	}
}

// finishLog records the finished duel's result and replay. A failure only leaves the duel open
// in the log: the next start-up rebuilds it, finds it over, and finishes it. So does a rating
// that could not be reported (rate): it is reported again in the background (retryRating) or,
// if the server stops first, at the next start-up.
func (r *Room) finishLog() {
	l := r.duelLog()
	if l == nil || r.dur.id == 0 {
		return
	}
	res := r.result()
	es := r.dur.entries()
	var play fairplay.Play
	if r.dur.header.Rated || r.m != nil {
		play = playOf(r.dur.header, es, r.hub.logf)
		if r.m != nil {
			r.m.play = r.m.play.Add(play) // a match is rated on its duels' play together
		}
	}
	if r.hub.rate(r.dur.id, r.dur.header, play, res.Winner, res.Reason) != nil {
		r.hub.retryRating(r.dur.id, r.dur.header, es, play, res.Winner, res.Reason)
		return
	}
	if err := finishDuel(l, r.dur.id, r.dur.header, es, res.Winner, res.Reason, r.now()); err != nil {
		r.hub.logf("room %s: duel %d: recording its end: %v", r.code, r.duelNo, err)
		if fenced(err) {
			r.moved(err)
			return
		}
	}
}

func finishDuel(l DuelLog, id int64, h duels.Header, es []duels.Entry, winner, reason string, now time.Time) error {
	replay, play, err := replayOf(h, es)
	if err != nil {
		return fmt.Errorf("writing the replay: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	return l.Finish(ctx, id, duels.Result{Winner: winner, Reason: reason, Finished: now, Play: play}, replay)
}

func lastReason(es []duels.Entry) string {
	if n := len(es); n > 0 && es[n-1].Kind == duels.EntryConcede {
		return es[n-1].Reason
	}
	return ""
}

// engineConfig is the engine's configuration of a logged duel.
func engineConfig(h duels.Header) (engine.Config, error) {
	rs, err := ruleset.Get(h.Ruleset)
	if err != nil {
		return engine.Config{}, err
	}
	// A searching AI copies the duel at every prompt (server/aipool.go): its duel keeps its open
	// states from the start, and so does the duel rebuilt from its log.
	cfg := engine.Config{Rules: rs.Rules, Seed: h.Seed, First: h.First, Decks: h.Decks, Cards: all.Library(),
		AlwaysAsk: h.AlwaysAsk, KeepOpenStates: h.AILevel != ""}
	if h.Tag != nil {
		cfg.Tag, cfg.Partners = true, h.Tag.Decks
	}
	return cfg, nil
}

// rebuild replays a logged duel: the engine is deterministic, so the same header and moves give
// the same duel.
func rebuild(h duels.Header, es []duels.Entry) (*engine.Duel, error) {
	d, _, err := rebuildEvents(h, es)
	return d, err
}

// rebuildEvents is rebuild that also returns the duel's events from its start, as the answers
// made them again: the room's history, so that the duel log a player gets on rejoining is
// whole after a restart.
func rebuildEvents(h duels.Header, es []duels.Entry) (*engine.Duel, []engine.Event, error) {
	cfg, err := engineConfig(h)
	if err != nil {
		return nil, nil, err
	}
	d, err := engine.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	var events []engine.Event
	for _, e := range es {
		if err := applyEntry(d, e); err != nil {
			d.Close()
			return nil, nil, fmt.Errorf("move %d: %w", e.Seq, err)
		}
		events = append(events, d.TakeEvents()...)
	}
	if err := d.Err(); err != nil {
		d.Close()
		return nil, nil, err
	}
	return d, append(events, d.TakeEvents()...), nil
}

func applyEntry(d *engine.Duel, e duels.Entry) error {
	switch e.Kind {
	case duels.EntryAnswer:
		p := d.Prompt()
		if p == nil {
			return engine.ErrDuelOver
		}
		if int(p.Seat) != e.Seat {
			return fmt.Errorf("the log says seat %s answered, but the prompt is %s's", seatName(e.Seat), p.Seat)
		}
		return d.AnswerIndex(e.Option)
	case duels.EntryConcede:
		return d.Concede(engine.Seat(e.Seat))
	}
	return fmt.Errorf("unknown entry kind %d", e.Kind)
}

// replayOf writes a logged duel as a replay (the .duel format, spec/duel-format), which
// `duelist replay verify` re-runs.
func replayOf(h duels.Header, es []duels.Entry) ([]byte, fairplay.Play, error) {
	var play fairplay.Play
	cfg, err := engineConfig(h)
	if err != nil {
		return nil, play, err
	}
	d, err := engine.New(cfg)
	if err != nil {
		return nil, play, err
	}
	defer d.Close()
	rec := &scenario.Recorder{Title: fmt.Sprintf("%s vs %s (room %s, duel %d)", h.Names[0], h.Names[1], h.Room, h.DuelNo),
		RulesetID: h.Ruleset, Seed: h.Seed, Decks: h.Decks, First: h.First, AlwaysAsk: h.AlwaysAsk}
	for _, e := range es {
		switch e.Kind {
		case duels.EntryAnswer:
			p := d.Prompt()
			if p == nil || e.Option < 0 || e.Option >= len(p.Options()) {
				return nil, play, fmt.Errorf("move %d does not fit the duel", e.Seq)
			}
			countDecision(&play, p)
			err = rec.Answer(d, p.Options()[e.Option])
		case duels.EntryConcede:
			err = rec.Concede(d, engine.Seat(e.Seat))
		}
		if err != nil {
			return nil, play, fmt.Errorf("move %d: %w", e.Seq, err)
		}
	}
	play.Turns = d.Turn()
	var b bytes.Buffer
	if err := rec.Write(&b, d); err != nil {
		return nil, play, err
	}
	return b.Bytes(), play, nil
}

// tokenMatches reports whether tok is seat s's token: the token itself, or (for a room rebuilt
// from the log, which keeps only hashes) the token's hash.
func (r *Room) tokenMatches(s int, tok string) bool {
	st := &r.seats[s]
	if st.token != "" {
		return tokenEqual(st.token, tok)
	}
	if r.tokenHash[s] == "" || !tokenEqual(r.tokenHash[s], hashToken(tok)) {
		return false
	}
	st.token = tok // the seat's holder proved it: a rematch logs its hash again
	return true
}
