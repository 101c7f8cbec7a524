package server

import (
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
)

// countDecision counts an answer to p as a decision of p's seat when p offered more than one
// option: passing a window where passing was all there was to do is no decision (fairplay.Play).
func countDecision(play *fairplay.Play, p *engine.Prompt) {
	if len(p.Options()) > 1 {
		play.Decisions[p.Seat.Team()]++
	}
}

// playOf measures a logged duel's play by replaying its moves (the engine is deterministic), for
// the ladder's and the collection's fair-play rules. A log that does not replay (it never
// happens to a log the server wrote) measures as nothing played: not a real duel.
func playOf(h duels.Header, es []duels.Entry, logf func(string, ...any)) fairplay.Play {
	_, play, err := replayOf(h, es)
	if err != nil {
		logf("server: measuring the play of room %s duel %d: %v", h.Room, h.DuelNo, err)
		return fairplay.Play{}
	}
	return play
}
