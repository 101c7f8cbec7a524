package server

import (
	"fmt"
	"time"

	"github.com/duelistgame/duelist/limit"
)

// ErrRatedLimit tells both players that their duel by agreement is played unrated: the pair has
// started as many rated duels by agreement as it may lately (Limits.RatedPairBurst).
const ErrRatedLimit = "rated-limit"

// newPairLimit is the hub's budget of rated duels by agreement per pair of accounts: a second
// account accepting rated rooms and conceding at once took 30 rated duels in 2.1 s (issue 35).
func newPairLimit(l Limits) *limit.Keyed {
	if l.RatedPairBurst < 0 {
		return nil
	}
	return limit.NewKeyed(l.RatedPairEvery, l.RatedPairBurst, 0)
}

// pairMayRate reports whether the room's two accounts may start one more rated duel (or match) by
// agreement now, and takes one of the pair's budget; when not, both players are told (error
// rated-limit) and the duel is played unrated. Quick match's first duels do not spend it.
func (r *Room) pairMayRate() bool {
	a, b := r.seatAccount(0), r.seatAccount(1)
	if r.m != nil && (a == 0 || b == 0) {
		a, b = r.m.accounts[0], r.m.accounts[1]
	}
	lo, hi := min(a, b), max(a, b)
	ok, retry := r.hub.pairs.Take(fmt.Sprintf("%d:%d", lo, hi), r.now())
	if ok {
		return true
	}
	e := perr(ErrRatedLimit, "you two have played as many rated duels by agreement as you may lately: this one is unrated (the next rated one in %v)",
		retry.Round(time.Minute))
	for s := range r.seats {
		if c := r.seats[s].conn; c != nil {
			r.sendErr(c, "rated", 0, e)
		}
	}
	return false
}
