package duels

import (
	"context"
	"testing"
	"time"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestMoves: a finished duel's header and moves come back in order for the replay viewer; an
// open duel's and a missing duel's do not. An open duel's room is listed for its account.
func TestMoves(t *testing.T) { storetest.Each(t, testMoves) }

func testMoves(t *testing.T, db *store.DB) {
	ctx := context.Background()
	anAccount(t, db, 9)
	l := New(db)
	start := time.UnixMilli(1700000000000)
	h := Header{Room: "MOVESX", DuelNo: 2, Ruleset: "ocg", Seed: 11, First: engine.FirstB,
		TimeLimit: time.Minute, Names: [2]string{"n", "AI"}, TokenHash: [2]string{"h", ""},
		Accounts: [2]int64{9, 0}, AI: true, Started: start}
	id, err := l.Begin(ctx, h)
	if err != nil {
		t.Fatal(err)
	}
	es := []Entry{{Seq: 0, Seat: 1, Option: 2, BankA: 60000, BankB: 59000, At: start},
		{Seq: 1, Option: 0, BankA: 58000, BankB: 59000, At: start.Add(time.Second)},
		{Seq: 2, Kind: EntryConcede, Reason: "conceded", BankA: 57000, BankB: 59000, At: start.Add(2 * time.Second)}}
	if err := l.Append(ctx, id, es); err != nil {
		t.Fatal(err)
	}
	if rooms, err := l.OpenRooms(ctx, 9); err != nil || len(rooms) != 1 || rooms[0] != "MOVESX" {
		t.Fatalf("account 9's open rooms: %v %v", rooms, err)
	}
	if rooms, err := l.OpenRooms(ctx, 8); err != nil || len(rooms) != 0 {
		t.Fatalf("account 8's open rooms: %v %v", rooms, err)
	}
	if _, _, err := l.Moves(ctx, id); err != ErrNoDuel {
		t.Fatalf("the moves of an open duel: %v, want ErrNoDuel", err)
	}
	if err := l.Finish(ctx, id, Result{Winner: "B", Reason: "conceded", Finished: start}, []byte("r")); err != nil {
		t.Fatal(err)
	}
	if rooms, _ := l.OpenRooms(ctx, 9); len(rooms) != 0 {
		t.Fatalf("a finished duel's room is listed: %v", rooms)
	}
	gh, got, err := l.Moves(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if gh.Room != "MOVESX" || gh.DuelNo != 2 || gh.Accounts[0] != 9 || gh.TokenHash[0] != "h" || !gh.AI || gh.First != engine.FirstB {
		t.Fatalf("header %+v", gh)
	}
	if len(got) != 3 || got[0].Seat != 1 || got[0].Option != 2 || got[1].BankA != 58000 ||
		got[2].Kind != EntryConcede || got[2].Reason != "conceded" || !got[2].At.Equal(es[2].At) {
		t.Fatalf("moves %+v", got)
	}
	if _, _, err := l.Moves(ctx, id+1); err != ErrNoDuel {
		t.Fatalf("the moves of a missing duel: %v", err)
	}
}
