package server

import (
	"slices"
	"time"

	"github.com/duelistgame/duelist/engine"
)

// maxAIAnswers bounds the answers the AI gives in a row, so that a rules bug that kept asking it
// could not hold the room's actor forever.
const maxAIAnswers = 100000

// serverAlwaysAsks: every duel the server hosts offers every chain window to both seats, even one
// with nothing to activate. Were a seat asked only when it can respond, its opponent and the
// spectators would see it thinking exactly when it holds a live response; now every seat is asked
// at every window, and the client answers pass for the player after the same short delay
// whether or not a response exists (web/static/js/autopass.js, docs/protocol.md "Chain windows").
// The duel's log records it (duels.Header.AlwaysAsk), so a rebuilt duel asks the same prompts.
const serverAlwaysAsks = true

// AutoPassDelay is how long the web client waits before it passes a chain window for the player
// (web/static/js/autopass.js has the same figure): the same whether or not the player could
// respond, so the wait tells nothing. The load test's bots wait as long.
const AutoPassDelay = 400 * time.Millisecond

// startDuel begins a duel between the two seats with a fresh seed (or the server's test seed).
// The seed is never sent: with the decks it would tell every card's place.
func (r *Room) startDuel() {
	r.ensureMatch()
	r.seed = r.hub.opts.duelSeed()
	h := r.duelHeader()
	cfg, err := engineConfig(h) // with the open states a searching AI needs
	var d *engine.Duel
	if err == nil {
		d, err = engine.New(cfg)
	}
	if err != nil {
		r.fail(ErrInternal, "the duel could not start: "+err.Error())
		return
	}
	if !r.beginLog(h) {
		d.Close()
		return
	}
	if r.duel != nil {
		r.duel.Close()
	}
	r.duel, r.duelNo, r.endReason = d, r.duelNo+1, ""
	r.aiGen, r.aiBusy = r.aiGen+1, false // a decision asked for the last duel is dropped
	r.past.reset()
	r.setStatus("dueling")
	r.matchDuelBegun()
	for s := range r.seats {
		r.seats[s].rematch = false
		if r.seats[s].ai != nil {
			r.seats[s].ai = r.newAI(r.seed + uint64(s) + 1)
		}
	}
	r.clock.reset(r.cfg.timeLimit)
	r.broadcastRoom()
	r.broadcastMatch()
	r.runAI()
	r.advanced()
}

// runAI answers the AI's prompts until a player must answer or the duel ends.
func (r *Room) runAI() {
	for range maxAIAnswers {
		p := r.duel.Prompt()
		if p == nil || r.seats[p.Seat].ai == nil || r.aiBusy {
			return
		}
		ai := r.seats[p.Seat].ai
		if len(p.Options()) > 1 && thinksLong(ai) && r.askAI(ai) {
			return // the pool answers (aiDecided)
		}
		o := ai.Choose(r.duel, p)
		i, seat := slices.Index(p.Options(), o), int(p.Seat) // p is not to be read once answered
		if i < 0 || r.duel.AnswerIndex(i) != nil {
			panic("server: the AI chose an option that is not listed")
		}
		r.recordAnswer(seat, i)
	}
	panic("server: the AI answered too many prompts in a row")
}

// advanced is called after the duel moved: it numbers the new prompt, settles the clocks and
// sends every viewer the new state.
func (r *Room) advanced() {
	if err := r.duel.Err(); err != nil {
		r.hub.logf("room %s: duel %d: %v\n%s", r.code, r.duelNo, err, r.duel.PanicStack())
		r.fail(ErrInternal, "the duel stopped on an internal error: "+err.Error())
		return
	}
	events := r.duel.TakeEvents()
	r.past.add(events)
	now := r.now()
	r.clock.stop(now)
	for _, e := range events {
		if e.Kind == engine.EvTurn {
			r.clock.refill() // every turn gives both seats a full bank
			break
		}
	}
	if err := r.persist(); err != nil { // the log first, then the players (durable.go)
		if fenced(err) {
			r.moved(err)
			return
		}
		r.rollback(err)
		return
	}
	r.pv = nil
	over := false
	if p := r.duel.Prompt(); p != nil {
		r.promptN++
		if r.seats[p.Seat].ai == nil {
			r.clock.start(int(p.Seat), now, func(gen int) { r.post(clockExpired{gen}) })
		}
	} else if r.status == "dueling" {
		r.setStatus("over")
		over = true
	}
	if over {
		r.finishLog()     // the result is in the log before anyone sees it
		r.matchDuelOver() // bo3: the match is decided, or side decking begins
	}
	r.broadcastState(events)
	if over {
		r.broadcastMatch()
		r.broadcastRoom()
		r.closeIfEmpty()
	}
}

// promptView returns the pending prompt as seat s sees it, or nil when it is not s's.
func (r *Room) promptView(s int) *engine.PromptView {
	p := r.duel.Prompt()
	if p == nil || int(p.Seat) != s {
		return nil
	}
	if r.pv == nil {
		r.pv = r.duel.PromptView(p.Seat)
	}
	return r.pv
}

// stateFor builds the state message of a seat (0, 1) or of the spectators (-1).
func (r *Room) stateFor(seat int, events []engine.Event) *stateMsg {
	m := &stateMsg{T: "state", Seq: r.updateSeq, Duel: r.duelNo, Clocks: r.clock.json(r.now(), r.cfg.tag),
		Chain: chainOf(r.duel.ChainView()), Events: make([]eventJSON, len(events))}
	if seat >= 0 {
		s := engine.Seat(seat)
		m.You = s.String()
		m.View = viewOf(r.duel.View(s))
		for i, e := range events {
			m.Events[i] = eventOf(r.duel.EventView(e, s), r.cfg.tag)
		}
		if pv := r.promptView(seat); pv != nil {
			m.Prompt = promptOf(pv, r.promptN)
		}
	} else {
		m.View = viewOf(r.duel.PublicView())
		for i, e := range events {
			m.Events[i] = eventOf(r.duel.PublicEventView(e), r.cfg.tag)
		}
	}
	if p := r.duel.Prompt(); p != nil {
		m.Waiting = p.Seat.String()
	}
	if r.duel.Over() {
		m.Result = r.result()
	}
	return m
}

func (r *Room) result() *resultJSON {
	w, ok, _ := r.duel.Result()
	res := &resultJSON{Winner: "draw", Reason: r.endReason}
	if ok {
		res.Winner = w.String()
	}
	if res.Reason == "" {
		res.Reason = r.duel.Reason()
	}
	return res
}

func (r *Room) answer(c *Conn, s, id int, a *answerMsg) {
	if e := a.validate(); e != nil {
		r.sendErr(c, "answer", id, e)
		return
	}
	if r.status != "dueling" || r.duel.Prompt() == nil {
		if a.Prompt > 0 && a.Prompt <= r.promptN {
			// A prompt this room did ask, answered after its duel ended (an answer on its way
			// when the opponent conceded or the clock ran out): the decision has passed.
			r.sendErr(c, "answer", id, perr(ErrStale, "prompt %d is not pending: its duel is over", a.Prompt))
			return
		}
		r.sendErr(c, "answer", id, perr(ErrNoPrompt, "no duel is waiting for an answer"))
		return
	}
	p := r.duel.Prompt()
	if a.Prompt > 0 && a.Prompt < r.promptN {
		// A prompt that has passed (an answer on its way when the duel moved on to the other
		// seat's decision): stale, whoever's the pending prompt is, not "not yours".
		r.sendErr(c, "answer", id, perr(ErrStale, "prompt %d is not pending; prompt %d is", a.Prompt, r.promptN))
		return
	}
	if int(p.Seat) != s {
		r.sendErr(c, "answer", id, perr(ErrNotYourTurn, "the pending prompt is seat %s's, not yours", p.Seat))
		return
	}
	if a.Prompt != r.promptN {
		r.sendErr(c, "answer", id, perr(ErrStale, "prompt %d is not pending; prompt %d is", a.Prompt, r.promptN))
		return
	}
	i, e := r.resolve(s, a)
	if e != nil {
		r.sendErr(c, "answer", id, e)
		return
	}
	if err := r.duel.AnswerIndex(i); err != nil {
		r.sendErr(c, "answer", id, perr(ErrIllegal, "%v", err))
		return
	}
	r.recordAnswer(s, i)
	r.runAI()
	r.advanced()
}

// resolve finds the option an answer names: by index, by notation text (as the seat may write
// it), or by the chosen candidates of a selection.
func (r *Room) resolve(s int, a *answerMsg) (int, *protoError) {
	p := r.duel.Prompt()
	opts := p.Options()
	switch {
	case a.I != nil:
		if *a.I < 0 || *a.I >= len(opts) {
			return 0, perr(ErrIllegal, "option %d is out of range: the prompt has options 0 to %d", *a.I, len(opts)-1)
		}
		return *a.I, nil
	case a.Text != "":
		o, err := r.duel.ParseOptionFor(engine.Seat(s), a.Text)
		if err != nil {
			return 0, perr(ErrIllegal, "%v", err)
		}
		return slices.Index(opts, o), nil
	}
	pv := r.promptView(s)
	if p.Kind != engine.PromptSelect && p.Kind != engine.PromptTarget {
		return 0, perr(ErrIllegal, `"sel" answers a select or target prompt; this is a %s prompt`, p.Kind)
	}
	n := len(pv.Candidates)
	sel := slices.Clone(a.Sel)
	slices.Sort(sel)
	for k, i := range sel {
		if i < 0 || i >= n {
			return 0, perr(ErrIllegal, "candidate %d is out of range: the prompt has candidates 0 to %d", i, n-1)
		}
		if k > 0 && sel[k-1] == i {
			return 0, perr(ErrIllegal, "candidate %d is chosen twice", i)
		}
	}
	want := canonicalSel(pv.Candidates, sel)
	for k, o := range pv.Options {
		if o.Kind == engine.OptSelect && slices.Equal(o.Sel, want) {
			return k, nil
		}
	}
	return 0, perr(ErrIllegal, "no option selects candidates %v (choose %d to %d of the candidates that fit together)",
		a.Sel, p.Min, p.Max)
}

// canonicalSel maps chosen candidates to the listed choice: copies of a card in the same pile are
// one answer, and the engine lists the earliest copies (engine.Prompt's canonical selections).
func canonicalSel(cands []engine.CardView, sel []int) []int {
	used := make([]bool, len(cands))
	out := make([]int, 0, len(sel))
	for _, i := range sel {
		for j := 0; j <= i; j++ {
			if !used[j] && sameRef(cands, i, j) {
				used[j] = true
				out = append(out, j)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// sameRef reports whether two candidates have the same notation reference: the same card in the
// same pile of the same seat (zones tell cards apart).
func sameRef(cands []engine.CardView, i, j int) bool {
	if i == j {
		return true
	}
	a, b := cands[i], cands[j]
	return a.Code != 0 && a.Code == b.Code && a.Place.Seat == b.Place.Seat && a.Place.Loc == b.Place.Loc &&
		a.Place.Loc != engine.MZone && a.Place.Loc != engine.SZone && a.Place.Loc != engine.FZone
}

func (r *Room) rematch(c *Conn, s, id int, rm *rematchMsg) {
	if r.status != "over" {
		r.sendErr(c, "rematch", id, perr(ErrState, "a rematch is asked for once the duel is over"))
		return
	}
	if rm.Rated {
		for i := range r.seats { // a rated rematch keeps the banlist with both decks (issue 33)
			if err := r.keepsBanlist(r.seats[i].deck, r.seats[i].side); err != nil && r.seats[i].ai == nil {
				whose := "your"
				if i != s {
					whose = "your opponent's"
				}
				r.sendErr(c, "rematch", id, perr(ErrDeck, "no rated rematch with %s deck: %v", whose, err))
				return
			}
		}
	}
	ready, rated := true, true
	for i := range r.seats {
		st := &r.seats[i]
		if st.ai != nil {
			continue
		}
		if st.left {
			r.sendErr(c, "rematch", id, perr(ErrState, "your opponent has left the room"))
			return
		}
		if i == s {
			st.rematch, st.rematchRated = true, rm.Rated
		}
		ready = ready && st.rematch
		rated = rated && st.rematchRated
	}
	if ready {
		r.ratedNext = rated && r.rateable() && r.pairMayRate() // a rematch is unrated unless both ask
		r.startDuel()
		return
	}
	r.broadcastRoom()
}

func (r *Room) clockExpired(gen int) {
	k := &r.clock
	if gen != k.gen || k.running < 0 || r.status != "dueling" {
		return
	}
	s, now := k.running, r.now()
	if k.left(s, now) > 0 { // the timer woke before the clock it reads: wait for the rest
		k.stop(now)
		k.start(s, now, func(gen int) { r.post(clockExpired{gen}) })
		return
	}
	k.stop(now)
	r.concede(s, "time")
	r.advanced()
}
