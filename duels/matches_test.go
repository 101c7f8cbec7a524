package duels

import (
	"context"
	"testing"
	"time"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestMatchRoundTrip: a match begun and saved comes back from OpenMatches as saved (decks with
// their Side Decks, score, phase); saved over it leaves OpenMatches and cannot be saved again;
// a duel's header names its match in the duel list.
func TestMatchRoundTrip(t *testing.T) { storetest.Each(t, testMatchRoundTrip) }

func testMatchRoundTrip(t *testing.T, db *store.DB) {
	ctx := context.Background()
	l := New(db)
	d := deck.Deck{Main: []card.Passcode{1, 2, 3}, Side: []card.Passcode{4}}
	st := MatchState{Room: "ROOMCODE", Ruleset: "ocg", TimeLimit: time.Minute, Names: [2]string{"a", "b"},
		Registered: [2]deck.Deck{d, d}, Decks: [2]deck.Deck{d, d}, Phase: "duel", Chooser: -1, FirstSeat: -1, LastPick: -1}
	id, err := l.BeginMatch(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	if other, err := l.BeginMatch(ctx, st); err != nil || other == id {
		t.Fatalf("a second match: %d %v", other, err)
	} else if err := l.SaveMatch(ctx, other, MatchState{Phase: "over"}); err != nil {
		t.Fatal(err)
	}
	st.Phase, st.Outcomes, st.DuelIDs, st.SideLeft, st.Chooser = "side", []string{"A"}, []int64{9}, 1234, 1
	st.Decks[1] = deck.Deck{Main: []card.Passcode{1, 2, 4}, Side: []card.Passcode{3}}
	if err := l.SaveMatch(ctx, id, st); err != nil {
		t.Fatal(err)
	}
	open, err := l.OpenMatches(ctx)
	if err != nil || len(open) != 1 || open[0].ID != id {
		t.Fatalf("open matches: %+v %v", open, err)
	}
	got := open[0].State
	if got.Phase != "side" || got.Outcomes[0] != "A" || got.DuelIDs[0] != 9 || got.SideLeft != 1234 || got.Chooser != 1 ||
		got.Decks[1].Side[0] != 3 || got.Registered[0].Side[0] != 4 || got.TimeLimit != time.Minute {
		t.Fatalf("open match: %+v", got)
	}
	st.Phase = "over"
	if err := l.SaveMatch(ctx, id, st); err != nil {
		t.Fatal(err)
	}
	if open, _ := l.OpenMatches(ctx); len(open) != 0 {
		t.Fatalf("a match over is still open: %+v", open)
	}
	if err := l.SaveMatch(ctx, id, st); err == nil {
		t.Fatal("a match over was saved again")
	}
	if err := l.SaveMatch(ctx, id+100, st); err == nil {
		t.Fatal("a match that does not exist was saved")
	}
	// The duel list names a duel's match.
	anAccount(t, db, 5)
	did, err := l.Begin(ctx, Header{Room: "ROOMCODE", DuelNo: 2, Ruleset: "ocg", Match: id, MatchDuel: 2,
		Accounts: [2]int64{5, 0}, Started: time.UnixMilli(1)})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Finish(ctx, did, Result{Winner: "B", Reason: "conceded", Finished: time.UnixMilli(2)}, []byte("r")); err != nil {
		t.Fatal(err)
	}
	past, err := l.Past(ctx, 5, 10)
	if err != nil || len(past) != 1 || past[0].Match != id || past[0].MatchDuel != 2 {
		t.Fatalf("past: %+v %v", past, err)
	}
}
