package server

import (
	"reflect"
	"testing"

	"github.com/duelistgame/duelist/deck"
)

// Rooms share one parsed copy of each shipped banlist, the same lists as deck's.
func TestRoomsShareBanlists(t *testing.T) {
	a, e1 := newRoomDecks("", false)
	b, e2 := newRoomDecks(deck.DefaultBanlistName, true)
	if e1 != nil || e2 != nil {
		t.Fatal(e1, e2)
	}
	if a.bl == nil || a.bl != b.bl || a.bl != defaultBanlist() {
		t.Fatalf("two rooms have their own banlists: %p %p", a.bl, b.bl)
	}
	if !reflect.DeepEqual(*a.bl, *deck.DefaultBanlist()) || !reflect.DeepEqual(shippedBanlists(), deck.DefaultBanlists()) {
		t.Fatal("the shared lists are not the shipped ones")
	}
}
