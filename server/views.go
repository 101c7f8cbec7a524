package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/httpjson"
)

// This file is the server's half of the replay viewer (docs/durability.md "Watching a replay"):
//
//	GET /api/duels/{id}/views   every state of a finished duel, from its start to its end, as a
//	                            spectator who sees both hands would have seen it (JSON)
//
// The engine is deterministic, so the server replays the duel's logged moves and records the
// view after each one; the browser then steps through them with no further request. Only the
// duel's players get it (by account, or a guest with its seat token in X-Seat-Token), as for the
// replay file: both hands are in it.

// MoveReader is a DuelLog that also gives a finished duel's header and moves. duels.Log and
// MemLog are; a log that is not has no replay viewer (404).
type MoveReader interface {
	// Moves returns a finished duel's header and moves in order; duels.ErrNoDuel for a duel it does
	// not hold or that is not finished.
	Moves(ctx context.Context, duel int64) (duels.Header, []duels.Entry, error)
}

// maxViewMoves bounds the duels the viewer replays (longer ones are downloaded as files): with
// a few kilobytes a view, 20,000 moves are about 50 MB before compression.
const maxViewMoves = 20000

// viewers is how many duels the server replays for viewers at once (each takes a core).
const viewers = 2

// viewsJSON is the answer of GET /api/duels/{id}/views.
type viewsJSON struct {
	ID      int64     `json:"id"`
	Room    string    `json:"room"`
	Duel    int       `json:"duel"` // the duel's number in its room
	Ruleset string    `json:"ruleset"`
	Names   [2]string `json:"names"`
	AI      bool      `json:"ai"`
	// Tag is a tag duel's partners, A2 and B2 (names, accounts, which seats were the AI).
	Tag     *duels.TagSummary `json:"tag,omitempty"`
	Started time.Time         `json:"started"`
	Steps   []viewStep        `json:"steps"`
}

// viewStep is the duel after one move (the first step is the duel before any move).
type viewStep struct {
	Move  *moveJSON `json:"move,omitempty"`
	State *stateMsg `json:"state"` // as a state message, with both hands; prompt is always null
}

// moveJSON is one logged move as the viewer shows it.
type moveJSON struct {
	Seat   string `json:"seat"`
	Kind   string `json:"kind"`             // answer or concede
	Prompt string `json:"prompt,omitempty"` // the kind of prompt the answer answered
	Text   string `json:"text,omitempty"`   // the answer in the notation (spec/notation.md)
	Reason string `json:"reason,omitempty"` // why a concession: conceded, left, time, disconnected
}

func (s *Server) viewRoutes() {
	sem := make(chan struct{}, viewers)
	vl := newViewLimit(s.hub.opts.Limits) // viewlimit.go
	s.mux.HandleFunc("GET /api/duels/{id}/views", func(w http.ResponseWriter, r *http.Request) {
		who := "addr:" + clientAddr(r, s.hub.opts.Limits.ProxyHeader)
		if acc := s.account(r); acc != 0 {
			who = "account:" + strconv.FormatInt(acc, 10)
		}
		leave, status, retry, msg := vl.enter(who, s.hub.opts.Now())
		if leave == nil {
			w.Header().Set("Retry-After", strconv.Itoa(int(retry/time.Second)+1))
			httpjson.Error(w, status, msg)
			return
		}
		defer leave()
		t := time.NewTimer(viewWait)
		defer t.Stop()
		select {
		case sem <- struct{}{}:
			defer func() { <-sem }()
		case <-t.C:
			w.Header().Set("Retry-After", "5")
			httpjson.Error(w, http.StatusServiceUnavailable, "the replay viewer is busy; try again in a few seconds")
			return
		case <-r.Context().Done():
			return
		}
		s.duelViews(w, r)
	})
}

func (s *Server) duelViews(w http.ResponseWriter, r *http.Request) {
	mr, _ := s.hub.opts.Log.(MoveReader)
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if mr == nil || err != nil || id <= 0 {
		httpjson.Error(w, http.StatusNotFound, "no such finished duel")
		return
	}
	h, es, err := s.movesOf(r.Context(), mr, id) // the moves of a pruned duel from its replay: pruned.go
	if errors.Is(err, duels.ErrNoDuel) {
		httpjson.Error(w, http.StatusNotFound, "no such finished duel")
		return
	}
	if err != nil {
		s.hub.logf("server: reading the moves of duel %d: %v", id, err)
		httpjson.Error(w, http.StatusInternalServerError, "the duel could not be read")
		return
	}
	if !mayWatch(duels.Summary{Accounts: h.Accounts, TokenHash: h.TokenHash, Tag: h.Tag.Summary()}, s.account(r), r.Header.Get("X-Seat-Token")) {
		httpjson.Error(w, http.StatusNotFound, "no such finished duel") // as for replay: existence is not told
		return
	}
	if h.Match != 0 && s.hub.matchGoingOn(h.Match) { // matchreplay.go
		httpjson.Error(w, http.StatusForbidden, "this duel's match is still being played: its replay (both decks) is shown once the match is over")
		return
	}
	if len(es) > maxViewMoves {
		httpjson.Error(w, http.StatusRequestEntityTooLarge, "this duel is too long to watch here: download its replay")
		return
	}
	steps, err := replaySteps(h, es)
	if err != nil {
		s.hub.logf("server: replaying duel %d for its viewer: %v", id, err)
		httpjson.Error(w, http.StatusInternalServerError, "the duel could not be replayed")
		return
	}
	out := viewsJSON{ID: id, Room: h.Room, Duel: h.DuelNo, Ruleset: h.Ruleset, Names: h.Names, AI: h.AI,
		Tag: h.Tag.Summary(), Started: h.Started, Steps: steps}
	httpjson.WriteCompressed(w, r, out)
}

// replaySteps replays a logged duel and returns its state before the first move and after
// every move, each as a spectator who sees both hands would see it.
func replaySteps(h duels.Header, es []duels.Entry) ([]viewStep, error) {
	cfg, err := engineConfig(h)
	if err != nil {
		return nil, err
	}
	d, err := engine.New(cfg)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	full := h.TimeLimit.Milliseconds()
	bank := banks{A: full, B: full}
	if d.Tag() {
		bank.Partners = &[2]int64{full, full}
	}
	steps := make([]viewStep, 0, len(es)+1)
	steps = append(steps, viewStep{State: allHandsState(d, h, 0, bank, "")})
	for i, e := range es {
		mv := &moveJSON{Seat: seatName(e.Seat), Kind: "answer"}
		if e.Kind == duels.EntryConcede {
			mv.Kind, mv.Reason = "concede", e.Reason
		} else if p := d.Prompt(); p != nil && e.Option >= 0 && e.Option < len(p.Options()) {
			mv.Prompt, mv.Text = p.Kind.String(), d.OptionText(p.Options()[e.Option])
		}
		if err := applyEntry(d, e); err != nil {
			return nil, fmt.Errorf("move %d: %w", e.Seq, err)
		}
		if err := d.Err(); err != nil {
			return nil, err
		}
		bank = banks{A: e.BankA, B: e.BankB, Partners: e.Partners} // a tag duel logged before 00056: no partners' banks
		steps = append(steps, viewStep{Move: mv, State: allHandsState(d, h, i+1, bank, lastReason(es[:i+1]))})
	}
	return steps, nil
}

// banks is the time banks after a move: A's, B's and a tag duel's partners' (A2, B2; nil when
// the log has none).
type banks struct {
	A, B     int64
	Partners *[2]int64
}

// allHandsState is the duel's state as a state message for a viewer who sees what both seats
// see: each seat's side as its own player sees it (hand, set cards, Extra Deck), every event
// with its card when either seat knows it. The Decks stay hidden.
func allHandsState(d *engine.Duel, h duels.Header, seq int, bank banks, reason string) *stateMsg {
	v := viewOf(d.View(engine.A))
	v.Seats[1] = viewOf(d.View(engine.B)).Seats[1]
	evs := d.TakeEvents()
	m := &stateMsg{T: "state", Seq: seq, Duel: h.DuelNo, View: v, Chain: chainOf(d.ChainView()),
		Events: make([]eventJSON, len(evs)),
		Clocks: clocksJSON{A: bank.A, B: bank.B, Limit: h.TimeLimit.Milliseconds()}}
	if p := bank.Partners; p != nil {
		a2, b2 := p[0], p[1]
		m.Clocks.A2, m.Clocks.B2 = &a2, &b2
	}
	for i, e := range evs {
		ev := d.EventView(e, engine.A)
		if ev.Code == 0 {
			if eb := d.EventView(e, engine.B); eb.Code != 0 {
				ev = eb
			}
		}
		m.Events[i] = eventOf(ev, d.Tag())
	}
	if p := d.Prompt(); p != nil {
		m.Waiting = p.Seat.String()
	}
	if d.Over() {
		res := &resultJSON{Winner: "draw", Reason: reason}
		if w, ok, _ := d.Result(); ok {
			res.Winner = w.String()
		}
		if res.Reason == "" {
			res.Reason = d.Reason()
		}
		m.Result = res
	}
	return m
}
