package server

import (
	"slices"
	"testing"
	"time"

	"github.com/duelistgame/duelist/duels"
)

// A room keeps its moves packed: the entries given back for rebuilding and replaying are the
// moves recorded (the log has their times and banks), the unsaved ones can be dropped, a rebuilt
// room starts from the log's, and a hub without a log keeps none.
func TestDurStateMoves(t *testing.T) {
	d := durState{id: 7}
	want := []duels.Entry{
		{Seq: 0, Kind: duels.EntryAnswer, Seat: 0, Option: 3},
		{Seq: 1, Kind: duels.EntryAnswer, Seat: 1, Option: 0},
		{Seq: 2, Kind: duels.EntryAnswer, Seat: 0, Option: 1<<31 - 1},
		{Seq: 3, Kind: duels.EntryConcede, Seat: 1, Reason: "time"},
	}
	for _, e := range want[:2] {
		d.record(duels.Entry{Kind: e.Kind, Seat: e.Seat, Option: e.Option})
	}
	d.pending[0].At = time.Unix(1, 0) // persist's; the room forgets it once written
	clear(d.pending)
	d.pending = d.pending[:0] // written
	for _, e := range want[2:] {
		d.record(duels.Entry{Kind: e.Kind, Seat: e.Seat, Option: e.Option, Reason: e.Reason})
	}
	if d.saved() != 2 || len(d.pending) != 2 || d.pending[1] != want[3] {
		t.Fatalf("saved %d, pending %+v", d.saved(), d.pending)
	}
	if got := d.entries(); !slices.Equal(got, want) || lastReason(got) != "time" {
		t.Fatalf("entries %+v, want %+v", got, want)
	}
	d.drop() // the log refused the last two
	if got := d.entries(); !slices.Equal(got, want[:2]) || lastReason(got) != "" || len(d.pending) != 0 {
		t.Fatalf("after the drop: %+v", got)
	}
	var r durState
	r.restore(want)
	if got := r.entries(); !slices.Equal(got, want) || r.saved() != len(want) {
		t.Fatalf("restored %+v", got)
	}
	var none durState
	none.record(duels.Entry{Kind: duels.EntryAnswer, Option: 1})
	if len(none.moves) != 0 || len(none.pending) != 0 {
		t.Fatal("a room without a log kept a move")
	}
}
