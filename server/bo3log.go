package server

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// MatchLog keeps the best-of-3 matches of a server's rooms beside its DuelLog (a DuelLog that
// also implements MatchLog makes matches durable): the match's state is saved whenever it
// changes, so that after a restart a room is rebuilt with its score, its decks and its current
// duel (which its own duel log rebuilds), or in the middle of side decking.
type MatchLog interface {
	// BeginMatch records a new match and returns its id.
	BeginMatch(ctx context.Context, st duels.MatchState) (int64, error)
	// SaveMatch replaces a match's state; a state whose Phase is "over" finishes the match.
	SaveMatch(ctx context.Context, id int64, st duels.MatchState) error
	// OpenMatches returns every match that is not over, in the order they were begun.
	OpenMatches(ctx context.Context) ([]duels.OpenMatch, error)
}

func (r *Room) matchLog() MatchLog {
	ml, _ := r.hub.opts.Log.(MatchLog)
	return ml
}

// matchState is the room's match as the log keeps it.
func (r *Room) matchState() duels.MatchState {
	m := r.m
	st := duels.MatchState{Room: r.code, Ruleset: r.cfg.ruleset.ID, TimeLimit: r.cfg.timeLimit, First: r.cfg.first,
		AI: r.cfg.ai, AIDeck: r.cfg.aiDeck, AILevel: r.cfg.aiLevel, Banlist: r.cfg.decks.banlist, FreeCards: r.cfg.decks.freeCards,
		Private: r.cfg.private, NoWatch: r.cfg.noWatch, Accounts: m.accounts, Registered: m.reg, Decks: m.cur,
		DuelNo: r.duelNo, DuelIDs: m.duelIDs, Reasons: m.reasons, Phase: m.phase, Ready: m.ready,
		Chooser: m.chooser, FirstSeat: m.first, LastPick: m.lastPick, Rated: m.rated, Play: m.play}
	for s := range r.seats {
		st.Names[s] = r.seats[s].name
		if r.seats[s].ai == nil {
			st.TokenHash[s] = r.tokenHash[s]
			if r.seats[s].token != "" {
				st.TokenHash[s] = hashToken(r.seats[s].token)
			}
		}
	}
	for _, o := range m.outcomes {
		st.Outcomes = append(st.Outcomes, o.String())
	}
	if m.phase == phaseSide {
		st.SideLeft = max(0, m.deadline.Sub(r.now()).Milliseconds())
	}
	if m.phase == phaseOver {
		st.Result, st.Reason = m.result.String(), m.reason
	}
	return st
}

// saveMatch writes the match's state. A failure is logged: the match goes on, and a restart
// would give back the state last saved.
func (r *Room) saveMatch() {
	ml := r.matchLog()
	if ml == nil || r.m == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	err := r.claim()
	if err == nil && r.m.id == 0 {
		r.m.id, err = ml.BeginMatch(ctx, r.matchState())
	} else if err == nil {
		err = ml.SaveMatch(ctx, r.m.id, r.matchState())
	}
	if fenced(err) {
		r.moved(err)
		return
	}
	if err != nil {
		r.hub.logf("room %s: saving the match: %v", r.code, err)
	}
	r.hub.trackMatch(r.m.id, r.m.phase != phaseOver) // matchreplay.go
}

// restoreMatch gives a room rebuilt from the log its match.
func (r *Room) restoreMatch(id int64, st duels.MatchState) {
	m := &roomMatch{id: id, duelIDs: st.DuelIDs, reg: st.Registered, cur: st.Decks, ready: st.Ready,
		chooser: st.Chooser, first: st.FirstSeat, lastPick: st.LastPick, phase: st.Phase, rated: st.Rated,
		accounts: st.Accounts, forfeit: -1, reasons: st.Reasons, play: st.Play}
	for _, o := range st.Outcomes {
		m.outcomes = append(m.outcomes, outcomeOf(o))
	}
	for len(m.reasons) < len(m.outcomes) {
		m.reasons = append(m.reasons, "")
	}
	r.m = m
	r.hub.trackMatch(id, m.phase != phaseOver) // matchreplay.go
	r.cfg.format, r.cfg.private, r.cfg.noWatch = FormatBo3, st.Private, st.NoWatch
	for s := range r.seats {
		r.seats[s].side = m.cur[s].Side
	}
}

// recoverMatches rebuilds the rooms of the open matches whose duel is not going on: between two
// duels (side decking), or whose last duel ended just before the server stopped (its result is
// in the duel log). used holds the matches whose room the duels' recovery rebuilt.
func (h *Hub) recoverMatches(ctx context.Context, open []duels.OpenMatch, used map[int64]bool, st *RecoverStats) {
	ml, _ := h.opts.Log.(MatchLog)
	for _, om := range open {
		if used[om.ID] {
			continue
		}
		if err := h.recoverMatch(ctx, om); err != nil {
			h.logf("server: match %d of room %s cannot be rebuilt: %v", om.ID, om.State.Room, err)
			st.Failed++
			s := om.State
			s.Phase, s.Reason = phaseOver, "not recovered"
			if ml != nil {
				_ = ml.SaveMatch(ctx, om.ID, s)
			}
			continue
		}
		st.Rooms++
	}
}

func (h *Hub) recoverMatch(ctx context.Context, om duels.OpenMatch) error {
	ms := om.State
	if len(ms.DuelIDs) == 0 {
		return fmt.Errorf("no duel of it began")
	}
	rs, err := ruleset.Get(ms.Ruleset)
	if err != nil {
		return err
	}
	rd, e := newRoomDecks(ms.Banlist, ms.FreeCards)
	if e != nil {
		rd, _ = newRoomDecks("", ms.FreeCards)
	}
	cfg := roomConfig{ruleset: rs, timeLimit: ms.TimeLimit, ai: ms.AI, aiDeck: ms.AIDeck, aiLevel: ms.AILevel,
		first: ms.First, decks: rd, format: FormatBo3}
	r := newRoom(h, ms.Room, cfg)
	r.claimed = h.claimer() != nil
	for s := range r.seats {
		if s == 1 && ms.AI {
			r.seats[s] = seatState{taken: true, name: "AI", deck: ms.AIDeck, ai: r.newAI(0)} // startDuel makes the next duel's
			continue
		}
		r.seats[s] = seatState{taken: true, name: ms.Names[s], deck: engine.DeckList{Main: ms.Decks[s].Main, Extra: ms.Decks[s].Extra}}
		r.tokenHash[s] = ms.TokenHash[s]
	}
	r.duelNo = ms.DuelNo
	r.restoreMatch(om.ID, ms)
	m := r.m
	left := time.Duration(ms.SideLeft) * time.Millisecond
	if m.phase == phaseDuel {
		// Its duel is not open: it ended before the server stopped, or was never begun.
		last := ms.DuelIDs[len(ms.DuelIDs)-1]
		sum, _, err := h.opts.Log.Replay(ctx, last)
		switch {
		case err == nil && len(m.outcomes) < len(m.duelIDs):
			r.matchRecord(outcomeOf(sum.Winner), sum.Reason)
			left = h.opts.SideTime
		case err == duels.ErrNoDuel:
			m.duelIDs = m.duelIDs[:len(m.duelIDs)-1] // never begun: side decking again
			m.phase, left = phaseSide, h.opts.SideTime
			if m.first < 0 && m.lastPick >= 0 {
				m.chooser = m.lastPick
			}
		default:
			return fmt.Errorf("reading its last duel %d: %v", last, err)
		}
	}
	if m.phase == phaseOver {
		r.setStatus("closed")
		return nil // decided and saved by matchRecord: no room to give back
	}
	h.mu.Lock()
	if h.rooms[r.code] != nil {
		h.mu.Unlock()
		return fmt.Errorf("room %s exists already", r.code)
	}
	h.rooms[r.code] = r
	h.mu.Unlock()
	r.setStatus("siding")
	for s := range r.seats {
		st := &r.seats[s]
		if st.ai != nil {
			continue
		}
		st.graceGen++
		gen, seat := st.graceGen, s
		st.grace = time.AfterFunc(h.opts.Grace, func() { r.post(graceExpired{seat: seat, gen: gen}) })
	}
	r.startSideTimer(left)
	r.saveMatch()
	go r.run()
	return nil
}

// openMatches reads the open matches of the hub's log (none without a MatchLog).
func (h *Hub) openMatches(ctx context.Context) (map[int64]duels.OpenMatch, []duels.OpenMatch, error) {
	ml, ok := h.opts.Log.(MatchLog)
	if !ok {
		return nil, nil, nil
	}
	open, err := ml.OpenMatches(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the open matches: %w", err)
	}
	byID := map[int64]duels.OpenMatch{}
	for _, om := range open {
		byID[om.ID] = om
	}
	return byID, open, nil
}

// BeginMatch implements MatchLog.
func (l *MemLog) BeginMatch(_ context.Context, st duels.MatchState) (int64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fail("begin-match"); err != nil {
		return 0, err
	}
	if l.matches == nil {
		l.matches = map[int64]duels.MatchState{}
	}
	l.nextMatch++
	l.matches[l.nextMatch] = cloneState(st)
	return l.nextMatch, nil
}

// SaveMatch implements MatchLog.
func (l *MemLog) SaveMatch(_ context.Context, id int64, st duels.MatchState) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fail("save-match"); err != nil {
		return err
	}
	if _, ok := l.matches[id]; !ok {
		return fmt.Errorf("save match %d: no such match", id)
	}
	l.matches[id] = cloneState(st)
	return nil
}

// OpenMatches implements MatchLog.
func (l *MemLog) OpenMatches(context.Context) ([]duels.OpenMatch, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []duels.OpenMatch
	for id, st := range l.matches {
		if st.Phase != phaseOver {
			out = append(out, duels.OpenMatch{ID: id, State: cloneState(st)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// Match returns a match's saved state (tests).
func (l *MemLog) Match(id int64) (duels.MatchState, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	st, ok := l.matches[id]
	return cloneState(st), ok
}

func cloneState(st duels.MatchState) duels.MatchState {
	st.DuelIDs = append([]int64(nil), st.DuelIDs...)
	st.Outcomes = append([]string(nil), st.Outcomes...)
	st.Reasons = append([]string(nil), st.Reasons...)
	for s := range 2 {
		st.Registered[s], st.Decks[s] = st.Registered[s].Clone(), st.Decks[s].Clone()
	}
	return st
}

// attachMatch gives a room rebuilt with its duel the match the duel belongs to.
func (h *Hub) attachMatch(r *Room, od duels.OpenDuel, matches map[int64]duels.OpenMatch, used map[int64]bool) {
	om, ok := matches[od.Header.Match]
	if od.Header.Match == 0 || !ok {
		return
	}
	used[om.ID] = true
	r.restoreMatch(om.ID, om.State)
	m := r.m
	if n := len(m.duelIDs); n == 0 || m.duelIDs[n-1] != od.ID {
		// The server stopped between the duel's beginning and the match's saving it.
		m.duelIDs = append(m.duelIDs, od.ID)
		m.lastPick = m.chooser
		m.phase, m.ready, m.chooser, m.first = phaseDuel, [2]bool{}, -1, -1
		for s := range r.seats {
			m.cur[s].Main, m.cur[s].Extra = od.Header.Decks[s].Main, od.Header.Decks[s].Extra
		}
	}
}
