package server

import (
	"strconv"
	"testing"
	"time"
)

// TestRatedAgreementLimitedPerPair is issue 35's concession farm by agreement: a second account
// accepted rated rooms and conceded, 30 times in 2.1 s. A pair starts Limits.RatedPairBurst rated
// duels by agreement, then the next is played unrated and both players are told (rated-limit);
// another pair is not held back.
func TestRatedAgreementLimitedPerPair(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, func(o *Options) { o.Limits.RatedPairBurst, o.Limits.RatedPairEvery = 2, time.Hour })
	duel := func(a, b int64) (ca, cb *client) {
		ca, cb = helloAs(t, url, a, "p"+strconv.Itoa(int(a))), helloAs(t, url, b, "p"+strconv.Itoa(int(b)))
		code, _ := ca.createRoom(map[string]any{"rated": true, "private": true, "deck": map[string]any{"precon": "yugi-legal"}})
		cb.send(map[string]any{"t": "join", "room": code})
		cb.expect("joined")
		cb.send(map[string]any{"t": "rated", "accept": true})
		return ca, cb
	}
	for range 2 {
		ca, cb := duel(71, 72)
		cb.expect("state")
		concedeDuel(t, cb, ca, cb)
		if d := <-f.ch; d.Accounts != [2]int64{71, 72} {
			t.Fatalf("rated %+v", d)
		}
	}
	ca, cb := duel(71, 72)
	for _, c := range []*client{ca, cb} { // both players are told
		if code := c.expectError(); code != ErrRatedLimit {
			t.Fatalf("the pair's third rated duel by agreement: %q, want %q", code, ErrRatedLimit)
		}
	}
	cb.expect("state")
	concedeDuel(t, cb, ca, cb)
	ca, cb = duel(73, 74) // another pair
	cb.expect("state")
	concedeDuel(t, cb, ca, cb)
	if d := <-f.ch; d.Accounts != [2]int64{73, 74} {
		t.Fatalf("another pair's rated duel: %+v (the limited pair's third duel was rated?)", d)
	}
	time.Sleep(50 * time.Millisecond)
	if n := f.count(); n != 3 {
		t.Fatalf("%d rated duels, want 3 (2 of the limited pair, 1 of the other)", n)
	}
}
