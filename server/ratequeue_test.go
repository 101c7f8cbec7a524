package server

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
)

// TestUnreportedRatingStaysOpen: when a rated duel's result cannot be reported (OnFinish fails:
// the ladder could not even queue it), its end is not written, so the duel stays open in the log
// and the next start-up reports it again; once reported it is finished.
func TestUnreportedRatingStaysOpen(t *testing.T) {
	l := NewMemLog()
	yugi, err := decks.Get("yugi-40")
	if err != nil {
		t.Fatal(err)
	}
	dl := engine.DeckList{Main: yugi.Main, Extra: yugi.Extra}
	h := duels.Header{Room: "QRATED", DuelNo: 1, Ruleset: "ocg", Seed: 9, First: engine.FirstA, TimeLimit: time.Minute,
		Decks: [2]engine.DeckList{dl, dl}, Names: [2]string{"a", "b"}, Accounts: [2]int64{3, 4}, Rated: true, Format: "bo1",
		Started: time.Unix(1_800_000_000, 0)}
	id, _ := l.Begin(context.Background(), h)
	l.Append(context.Background(), id, []duels.Entry{{Seq: 0, Kind: duels.EntryConcede, Seat: 1, Reason: "conceded"}})

	failing := func(context.Context, FinishedDuel) error { return errors.New("store down") }
	st, err := NewHub(Options{Log: l, OnFinish: failing, Logf: testLogf(t)}).Recover(context.Background())
	if err != nil || st.Finished != 0 || st.Failed != 1 {
		t.Fatalf("recover with a failing OnFinish: %+v, %v; want 1 failed", st, err)
	}
	if open, _ := l.Open(context.Background()); len(open) != 1 || open[0].ID != id {
		t.Fatalf("open duels after an unreported rating: %+v; want duel %d still open", open, id)
	}

	f := newFinishes()
	st, err = NewHub(Options{Log: l, OnFinish: f.onFinish, Logf: testLogf(t)}).Recover(context.Background())
	if err != nil || st.Finished != 1 {
		t.Fatalf("second recover: %+v, %v", st, err)
	}
	if d := <-f.ch; d.ID != id || d.Winner != "A" || d.Accounts != [2]int64{3, 4} {
		t.Fatalf("reported %+v", d)
	}
	if open, _ := l.Open(context.Background()); len(open) != 0 {
		t.Fatalf("the reported duel is still open: %+v", open)
	}
}

// TestFailedReportRetried: a rated duel that ends while OnFinish fails is left open in the log,
// reported again in the background, and finished in the log once the report succeeds.
func TestFailedReportRetried(t *testing.T) {
	f := newFinishes()
	l := NewMemLog()
	var calls atomic.Int32
	url := qmServer(t, f, func(o *Options) {
		o.Log = l
		o.OnFinish = func(ctx context.Context, d FinishedDuel) error {
			if calls.Add(1) == 1 {
				return errors.New("store too busy")
			}
			return f.onFinish(ctx, d)
		}
	})
	ca, cb := helloAs(t, url, 31, "alice"), helloAs(t, url, 32, "bobby")
	ca.send(queueMsgOf(nil))
	ca.expect("queued")
	cb.send(queueMsgOf(nil))
	ca.expect("joined")
	cb.expect("joined")
	ca.expect("state")
	ca.send(map[string]any{"t": "concede"})
	waitFor(t, "the first report", func() bool { return calls.Load() >= 1 })
	if open, _ := l.Open(context.Background()); calls.Load() == 1 && len(open) != 1 {
		t.Fatalf("after a failed report %d duels are open in the log, want 1", len(open))
	}
	select {
	case d := <-f.ch:
		if d.Accounts[0]+d.Accounts[1] != 63 {
			t.Fatalf("reported %+v", d)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the failed report was not retried")
	}
	waitFor(t, "the duel's end in the log", func() bool {
		open, _ := l.Open(context.Background())
		return len(open) == 0
	})
	if n := calls.Load(); n != 2 {
		t.Fatalf("OnFinish called %d times, want 2", n)
	}
}
