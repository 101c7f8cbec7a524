package server

import (
	"context"
	"errors"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// rejoinMatch rejoins a seat on a rebuilt server and returns the match message it is sent.
func rejoinMatch(t *testing.T, url, code, tok string) (*client, matchMsg) {
	t.Helper()
	c := hello(t, url)
	c.send(map[string]any{"t": "rejoin", "room": code, "token": tok})
	c.expect("joined")
	return c, matchOf(t, c.expect("match"))
}

func seatTokens(t *testing.T, srv *Server, code string) (toks [2]string) {
	onActor(t, srv, code, func(r *Room) { toks = [2]string{r.seats[0].token, r.seats[1].token} })
	return toks
}

// TestBo3RecoverMidMatch: the server is lost during side decking (A has sided, B not): the
// rebuilt room gives back the score, A's sided deck, the chooser and the step; duel 2 is then
// lost mid-duel and rebuilt with the match's score; the match ends on the rebuilt server.
func TestBo3RecoverMidMatch(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	code, ca, cb := bo3Room(t, url, nil)
	tok := seatTokens(t, srv, code)
	concedeDuel(t, cb, ca, cb)
	ca.expectPhase(t, phaseSide)
	ca.send(map[string]any{"t": "side", "swaps": []map[string]any{{"out": sideOut, "in": sideIn}}})
	cb.expectPhase(t, phaseSide)
	for { // B sees A ready: the step is saved
		if mm := cb.expectPhase(t, phaseSide); mm.Ready["A"] {
			break
		}
	}

	srv2, url2 := restartOn(t, l)
	onActor(t, srv2, code, func(r *Room) { // an account finds its seat of a match between duels (mine.go)
		r.m.accounts = [2]int64{7, 8}
		if got := r.seatsOf(8); len(got) != 1 || got[0] != 1 {
			t.Errorf("account 8's seats of the rebuilt side step: %v", got)
		}
		r.m.accounts = [2]int64{}
	})
	ra, ma := rejoinMatch(t, url2, code, tok[0])
	rb, mb := rejoinMatch(t, url2, code, tok[1])
	if ma.Phase != phaseSide || ma.Score != (scoreJSON{A: 1}) || ma.Chooser != "B" || !ma.Ready["A"] || mb.Ready["B"] ||
		ma.Deck.Main[len(ma.Deck.Main)-1] != sideIn || ma.TimeLeft <= 0 || len(mb.Deck.Side) != 2 {
		t.Fatalf("the side step after the restart: A %+v\nB %+v", ma, mb)
	}
	rb.send(map[string]any{"t": "first", "go": "first"})
	rb.send(map[string]any{"t": "side", "swaps": []any{}})
	if mm := ra.expectPhase(t, phaseDuel); mm.Number != 2 {
		t.Fatalf("duel 2: %+v", mm)
	}
	untilPromptOf(t, rb, ra) // B goes first

	srv3, url3 := restartOn(t, l)
	if n := srv3.Hub().Stats().Dueling; n != 1 {
		t.Fatalf("%d duels going on after the second restart", n)
	}
	_ = srv2
	fa, ma := rejoinMatch(t, url3, code, tok[0])
	fb, _ := rejoinMatch(t, url3, code, tok[1])
	if ma.Phase != phaseDuel || ma.Number != 2 || ma.Score != (scoreJSON{A: 1}) || len(ma.Duels) != 1 {
		t.Fatalf("duel 2 after the restart: %+v", ma)
	}
	onActor(t, srv3, code, func(r *Room) {
		if r.dur.header.MatchDuel != 2 || r.m.cur[0].Main[len(r.m.cur[0].Main)-1] != sideIn {
			t.Errorf("the rebuilt duel 2: %+v", r.dur.header)
		}
	})
	fb.send(map[string]any{"t": "concede"})
	if mm := fa.expectPhase(t, phaseOver); mm.Result.Winner != "A" || mm.Score.A != 2 {
		t.Fatalf("the match's end after the restarts: %+v", mm)
	}
	if open, _ := l.OpenMatches(t.Context()); len(open) != 0 {
		t.Fatalf("open matches after the end: %+v", open)
	}
}

// TestBo3RecoverUnsavedEnd: the server is lost after a duel's end was logged but before the
// match took it in (the save failed): the rebuilt room takes the duel's result from the log and
// is in side decking.
func TestBo3RecoverUnsavedEnd(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	code, ca, cb := bo3Room(t, url, nil)
	tok := seatTokens(t, srv, code)
	l.FailOn(func(op string) error {
		if op == "save-match" {
			return errors.New("the disk is full")
		}
		return nil
	})
	concedeDuel(t, ca, ca, cb)
	l.FailOn(nil)
	open, _ := l.OpenMatches(t.Context())
	if len(open) != 1 || open[0].State.Phase != phaseDuel {
		t.Fatalf("the match as saved: %+v", open)
	}
	_, url2 := restartOn(t, l)
	_, mb := rejoinMatch(t, url2, code, tok[1])
	if mb.Phase != phaseSide || mb.Score != (scoreJSON{B: 1}) || mb.Chooser != "A" || mb.Duels[0].Reason != "conceded" {
		t.Fatalf("after the restart: %+v", mb)
	}
}

// TestBo3QuickMatchRated: a bo3 quick match is rated once, at the end of the match, on the bo3
// rating, with the match's winner.
func TestBo3QuickMatchRated(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, nil)
	ca, cb := helloAs(t, url, 41, "alice"), helloAs(t, url, 42, "bobby")
	ca.send(queueMsgOf(map[string]any{"format": "bo3"}))
	ca.expect("queued")
	cb.send(queueMsgOf(map[string]any{"format": "bo3"}))
	ja, _ := ca.expect("joined"), cb.expect("joined")
	if mm := ca.expectPhase(t, phaseDuel); !mm.Rated {
		t.Fatalf("a bo3 quick match is not rated: %+v", mm)
	}
	concedeDuel(t, ca, ca, cb)
	ca.expectPhase(t, phaseSide)
	if n := f.count(); n != 0 {
		t.Fatalf("%d ratings after duel 1", n)
	}
	ca.send(map[string]any{"t": "first", "go": "first"})
	ca.send(map[string]any{"t": "side", "swaps": []any{}})
	cb.send(map[string]any{"t": "side", "swaps": []any{}})
	ca.expectPhase(t, phaseDuel)
	concedeDuel(t, ca, ca, cb)
	ca.expectPhase(t, phaseOver)
	d := <-f.ch
	loser := ja.Seat
	winner := map[string]string{"A": "B", "B": "A"}[loser]
	if d.Format != FormatBo3 || d.Winner != winner || d.Reason != "wins" || d.Accounts[0] == 0 || d.Accounts[1] == 0 {
		t.Fatalf("the match was rated %+v; the loser was %s", d, loser)
	}
	time.Sleep(50 * time.Millisecond)
	if n := f.count(); n != 1 {
		t.Fatalf("%d ratings of the match, want 1", n)
	}
}

// TestRatedAgreement: a room whose host offers a rated duel waits for the guest; declined, the
// duel is unrated; accepted, it is rated. A rematch is rated only when both ask.
func TestRatedAgreement(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, nil)
	room := func(a, b int64) (*client, *client) {
		ca, cb := helloAs(t, url, a, "p"+strconv.Itoa(int(a))), helloAs(t, url, b, "p"+strconv.Itoa(int(b)))
		code, _ := ca.createRoom(map[string]any{"rated": true, "private": true, "deck": map[string]any{"precon": "yugi-legal"}})
		cb.send(map[string]any{"t": "join", "room": code})
		cb.expect("joined")
		for {
			r := cb.expect("room")
			if r.Status == "waiting" && len(r.Players) == 2 {
				var rm roomMsg
				_ = jsonUnmarshal(r.raw, &rm)
				if !rm.RatedAsk {
					t.Fatalf("the guest is not asked: %s", r.raw)
				}
				break
			}
		}
		ca.send(map[string]any{"t": "rated", "accept": true})
		if code := ca.expectError(); code != ErrState {
			t.Fatalf("the host accepted its own offer: %s", code)
		}
		return ca, cb
	}
	// Declined: unrated.
	ca, cb := room(51, 52)
	cb.send(map[string]any{"t": "rated", "accept": false})
	ca.expect("state")
	concedeDuel(t, ca, ca, cb)
	// A rematch asked rated by one only: unrated.
	ca.send(map[string]any{"t": "rematch", "rated": true})
	cb.send(map[string]any{"t": "rematch"})
	ca.expect("state")
	concedeDuel(t, ca, ca, cb)
	time.Sleep(50 * time.Millisecond)
	if n := f.count(); n != 0 {
		t.Fatalf("%d ratings of unrated duels", n)
	}
	// Both ask: rated.
	ca.send(map[string]any{"t": "rematch", "rated": true})
	cb.send(map[string]any{"t": "rematch", "rated": true})
	ca.expect("state")
	concedeDuel(t, ca, ca, cb)
	if d := <-f.ch; d.Format != FormatBo1 || d.Reason != "conceded" {
		t.Fatalf("the agreed rematch: %+v", d)
	}
	// Accepted: rated.
	ca, cb = room(53, 54)
	cb.send(map[string]any{"t": "rated", "accept": true})
	cb.expect("state")
	concedeDuel(t, cb, ca, cb)
	if d := <-f.ch; d.Winner != "A" || d.Accounts != [2]int64{53, 54} {
		t.Fatalf("the accepted rated duel: %+v", d)
	}
}

// TestBo3FailedReportRetried: a rated match whose report fails at its end (the ladder could not
// even queue it) is reported again in the background, once it gets through.
func TestBo3FailedReportRetried(t *testing.T) {
	f := newFinishes()
	var calls atomic.Int32
	url := qmServer(t, f, func(o *Options) {
		o.OnFinish = func(ctx context.Context, d FinishedDuel) error {
			if calls.Add(1) == 1 {
				return errors.New("store too busy")
			}
			return f.onFinish(ctx, d)
		}
	})
	ca, cb := helloAs(t, url, 43, "alice"), helloAs(t, url, 44, "bobby")
	ca.send(queueMsgOf(map[string]any{"format": "bo3"}))
	ca.expect("queued")
	cb.send(queueMsgOf(map[string]any{"format": "bo3"}))
	ca.expect("joined")
	cb.expect("joined")
	ca.expectPhase(t, phaseDuel)
	ca.send(map[string]any{"t": "concede", "match": true})
	ca.expectPhase(t, phaseOver)
	select {
	case d := <-f.ch:
		if d.Format != FormatBo3 || d.Accounts[0]+d.Accounts[1] != 87 {
			t.Fatalf("reported %+v", d)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the failed report of the match was not retried")
	}
	if n := calls.Load(); n != 2 {
		t.Fatalf("OnFinish called %d times, want 2", n)
	}
}
