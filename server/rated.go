package server

import (
	"context"
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
)

// FinishedDuel is a rated duel that has just ended, as Options.OnFinish receives it: a duel of a
// rated room (quick match) between two logged-in accounts, the first duel of its room (a rematch
// is unrated), on a server that keeps a duel log (the duel's id is its log id).
type FinishedDuel struct {
	ID       int64  // the duel's id in the log: a duel is reported with one id, maybe more than once
	Room     string // the room's code
	Ruleset  string
	Format   string   // "bo1", or "bo3": a match, reported once at its end with its last duel's id
	Accounts [2]int64 // seats A and B
	Decks    [2]engine.DeckList
	Winner   string // A, B or draw
	// Reason is why it ended: the engine's reason, or conceded, time, left or disconnected (a
	// seat that did not come back within the grace period: abandoning).
	Reason   string
	Finished time.Time
	// Play is how much of the duel was played (a match: of its duels together), by which the
	// ladder tells a real duel from a farmed one (package fairplay).
	Play fairplay.Play
}

// rateTimeout bounds one OnFinish call.
const rateTimeout = 10 * time.Second

// ratedHeader marks a duel header rated when the room's next duel is rated (a quick match's first
// duel, or agreed: agree.go), it is no duel of a best-of-3 match (rated at its end: bo3.go) and
// both seats are logged-in accounts (never the AI).
func (r *Room) ratedHeader(h *duels.Header) {
	if r.ratedNext && r.m == nil && !h.AI && h.Accounts[0] != 0 && h.Accounts[1] != 0 && h.Accounts[0] != h.Accounts[1] {
		h.Rated, h.Format = true, r.cfg.format
	}
}

// rate reports a finished rated duel to Options.OnFinish. It runs before the duel's end is
// written to the log, so that a crash between the two makes the next start-up finish the duel
// and report it again (OnFinish must treat a duel id it has seen as done: the ladder does).
// A failure is logged and returned: the caller then leaves the duel open in the log, so that the
// next start-up reports it again (the ladder's OnFinish fails only when it could not even queue
// the result, ladder/pending.go).
func (h *Hub) rate(id int64, hd duels.Header, play fairplay.Play, winner, reason string) error {
	if h.opts.OnFinish == nil || !hd.Rated || id == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), rateTimeout)
	defer cancel()
	fd := FinishedDuel{ID: id, Room: hd.Room, Ruleset: hd.Ruleset, Format: hd.Format, Accounts: hd.Accounts,
		Decks: hd.Decks, Winner: winner, Reason: reason, Finished: h.opts.Now(), Play: play}
	err := h.opts.OnFinish(ctx, fd)
	if err != nil {
		h.logf("server: rating duel %d of room %s: %v", id, hd.Room, err)
	}
	return err
}
