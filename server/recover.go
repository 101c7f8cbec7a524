package server

import (
	"context"
	"fmt"
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/ruleset"
)

// RecoverStats say what Recover did.
type RecoverStats struct {
	Rooms    int // rooms rebuilt with their duel going on
	Finished int // duels found over (the server stopped between their last move and their end)
	Failed   int // duels that could not be rebuilt (left open in the log, and logged)
	Answers  int // moves replayed
}

func (s RecoverStats) String() string {
	return fmt.Sprintf("%d duels resumed, %d finished, %d failed (%d moves replayed)", s.Rooms, s.Finished, s.Failed, s.Answers)
}

// Recover rebuilds every unfinished duel of the hub's log into a room, before the server takes
// connections: same room code, same seats (their tokens are known by hash), the time banks the
// log stored (the time the server was down is charged to no one). Each player's seat waits the
// grace period for a rejoin, as after any dropped connection.
func (h *Hub) Recover(ctx context.Context) (RecoverStats, error) {
	var st RecoverStats
	if h.opts.Log == nil {
		return st, nil
	}
	open, err := h.opts.Log.Open(ctx)
	if err != nil {
		return st, fmt.Errorf("reading the open duels: %w", err)
	}
	matches, openMatches, err := h.openMatches(ctx)
	if err != nil {
		return st, err
	}
	used := map[int64]bool{}
	// A room holds one duel at a time: of two open duels of a room (which only a bug makes), the
	// later one wins and the earlier stays in the log.
	latest := map[string]int{}
	for i, od := range open {
		latest[od.Header.Room] = i
	}
	for i, od := range open {
		if latest[od.Header.Room] != i {
			h.logf("server: duel %d of room %s is superseded by a later duel of the room; left open", od.ID, od.Header.Room)
			st.Failed++
			continue
		}
		r, err := h.recoverRoom(od)
		if err != nil {
			h.logf("server: duel %d of room %s cannot be rebuilt; left open in the log: %v", od.ID, od.Header.Room, err)
			st.Failed++
			continue
		}
		st.Answers += len(od.Entries)
		if r == nil {
			st.Finished++
			continue
		}
		h.mu.Lock()
		if h.rooms[r.code] != nil {
			h.mu.Unlock()
			r.duel.Close()
			st.Failed++
			h.logf("server: room %s already exists; duel %d left open in the log", r.code, od.ID)
			continue
		}
		h.rooms[r.code] = r
		h.mu.Unlock()
		h.attachMatch(r, od, matches, used)
		r.setStatus("dueling")
		r.resume()
		go r.run()
		r.post((*Room).resumeAI) // the AI may have been thinking when the server stopped
		st.Rooms++
	}
	h.recoverMatches(ctx, openMatches, used, &st)
	if cl := h.claimer(); cl != nil {
		cl.Settle() // these rooms are rebuilt
	}
	return st, nil
}

// recoverRoom rebuilds one logged duel's room; nil (and no error) when the duel turned out over,
// which it then records.
func (h *Hub) recoverRoom(od duels.OpenDuel) (*Room, error) {
	hd := od.Header
	if hd.Engine != "" && hd.Engine != engine.Version {
		return nil, fmt.Errorf("its log was written by engine version %s, this is %s", hd.Engine, engine.Version)
	}
	d, events, err := rebuildEvents(hd, od.Entries)
	if err != nil {
		return nil, err
	}
	rs, err := ruleset.Get(hd.Ruleset)
	if err != nil {
		return nil, err
	}
	if d.Over() {
		defer d.Close()
		winner := "draw"
		if w, ok, _ := d.Result(); ok {
			winner = w.String()
		}
		reason := lastReason(od.Entries)
		if reason == "" {
			reason = d.Reason()
		}
		var play fairplay.Play
		if hd.Rated {
			play = playOf(hd, od.Entries, h.logf)
		}
		if err := h.rate(od.ID, hd, play, winner, reason); err != nil {
			return nil, fmt.Errorf("rating it: %w", err) // left open: reported again next time
		}
		if err := finishDuel(h.opts.Log, od.ID, hd, od.Entries, winner, reason, h.opts.Now()); err != nil {
			return nil, err
		}
		return nil, nil
	}
	cfg := roomConfig{ruleset: rs, timeLimit: hd.TimeLimit, ai: hd.AI, aiDeck: hd.Decks[1], aiLevel: hd.AILevel,
		first: hd.First, decks: roomDecksOf(hd)}
	if t := hd.Tag; t != nil {
		cfg.tag, cfg.tagAI = true, t.AI
		cfg.tagDecks = [4]engine.DeckList{hd.Decks[0], hd.Decks[1], t.Decks[0], t.Decks[1]}
	}
	r := newRoom(h, hd.Room, cfg)
	r.claimed = h.claimer() != nil // adopted or taken over by the fenced log (Orphans)
	for s := range r.seats {
		if (s == 1 && hd.AI) || (cfg.tag && cfg.tagAI[s]) {
			r.seats[s].ai = r.newAI(hd.Seed + uint64(s) + 1) // the level it was created with
			continue
		}
		if s >= 2 {
			t := hd.Tag
			r.seats[s] = seatState{taken: true, name: t.Names[s-2], deck: t.Decks[s-2]}
			r.tokenHash[s] = t.TokenHash[s-2]
			continue
		}
		r.seats[s] = seatState{taken: true, name: hd.Names[s], deck: hd.Decks[s]}
		r.tokenHash[s] = hd.TokenHash[s]
	}
	r.duel, r.duelNo, r.seed = d, hd.DuelNo, hd.Seed
	r.past.add(events) // the duel log from the start, made again by the answers
	r.endReason = lastReason(od.Entries)
	r.dur = durState{id: od.ID, header: hd}
	r.dur.restore(od.Entries)
	r.promptN = len(od.Entries) + 1
	r.clock.reset(hd.TimeLimit)
	if n := len(od.Entries); n > 0 {
		last := od.Entries[n-1]
		r.clock.bank[0], r.clock.bank[1] = time.Duration(last.BankA)*time.Millisecond, time.Duration(last.BankB)*time.Millisecond
		if p := last.Partners; p != nil { // a tag duel's A2 and B2 (logged since migration 00056)
			r.clock.bank[2], r.clock.bank[3] = time.Duration(p[0])*time.Millisecond, time.Duration(p[1])*time.Millisecond
		}
	}
	return r, nil
}

// resume starts a rebuilt room's clock and its players' grace periods; it runs before the
// room's actor starts, so it may touch the room.
func (r *Room) resume() {
	for s := range r.seats {
		st := &r.seats[s]
		if st.ai != nil {
			continue
		}
		st.graceGen++
		gen, seat := st.graceGen, s
		st.grace = time.AfterFunc(r.hub.opts.Grace, func() { r.post(graceExpired{seat: seat, gen: gen}) })
	}
	if p := r.duel.Prompt(); p != nil && r.seats[p.Seat].ai == nil {
		r.clock.start(int(p.Seat), r.now(), func(gen int) { r.post(clockExpired{gen}) })
	}
}
