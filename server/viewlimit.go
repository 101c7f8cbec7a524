package server

import (
	"net/http"
	"sync"
	"time"

	"github.com/duelistgame/duelist/limit"
)

// viewWait is how long a viewer request waits for one of the server's viewers slots before it
// is told to try again (503): requests do not pile up behind a busy viewer.
const viewWait = 5 * time.Second

// viewLimit bounds what one client (an account, or a guest's address: a seat token's holder)
// makes the replay viewer do: a duel's views cost a replay of up to maxViewMoves moves, so a
// guest with a seat token asking again and again kept both of the server's viewer slots, two
// cores, busy (issue 35). Each client may ask Limits.ViewBurst times, then once every
// Limits.ViewEvery, and has one request going on at most.
type viewLimit struct {
	rate  *limit.Keyed
	mu    sync.Mutex
	going map[string]bool
}

func newViewLimit(l Limits) *viewLimit {
	v := &viewLimit{going: map[string]bool{}}
	if l.ViewBurst >= 0 {
		v.rate = limit.NewKeyed(l.ViewEvery, l.ViewBurst, 0)
	}
	return v
}

// enter lets one request of who in and returns the func that lets it out; nil, with the status,
// the wait and a sentence for the client, when who has one going on or has asked too often.
func (v *viewLimit) enter(who string, now time.Time) (leave func(), status int, retry time.Duration, msg string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.going[who] {
		return nil, http.StatusTooManyRequests, time.Second, "a replay of yours is being prepared already; try again when it is shown"
	}
	if ok, wait := v.rate.Take(who, now); !ok {
		return nil, http.StatusTooManyRequests, wait, "too many replays asked for; try again in a moment"
	}
	v.going[who] = true
	return func() {
		v.mu.Lock()
		delete(v.going, who)
		v.mu.Unlock()
	}, 0, 0, ""
}
