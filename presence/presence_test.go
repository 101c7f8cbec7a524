package presence

import "testing"

func TestRegistry(t *testing.T) {
	r := New()
	r.Set(1, 7, "", "")
	r.Set(2, 7, "ROOMA", Spectator)
	r.Set(3, 7, "ROOMB", Player)
	r.Set(4, 0, "ROOMB", Player) // a guest: not recorded
	r.Set(5, 8, "ROOMA", Player)
	got := r.Of([]int64{7, 8, 9, 0})
	if got[7] != (Place{Online: true, Room: "ROOMB", Role: Player}) || got[8] != (Place{Online: true, Room: "ROOMA", Role: Player}) {
		t.Fatalf("Of = %v", got)
	}
	if _, ok := got[9]; ok {
		t.Fatalf("account 9 has no connection: %v", got)
	}
	if role, ok := r.InRoom(7, " rooma "); !ok || role != Spectator {
		t.Fatalf("InRoom(7, rooma) = %q %v", role, ok)
	}
	r.Drop(3)
	if p := r.Of([]int64{7})[7]; p.Room != "ROOMA" || p.Role != Spectator {
		t.Fatalf("after the player's connection closed: %v", p)
	}
	r.Drop(1)
	r.Drop(2)
	if len(r.Of([]int64{7})) != 0 {
		t.Fatal("account 7 still online after its last connection closed")
	}
	if _, ok := r.InRoom(0, "ROOMB"); ok {
		t.Fatal("a guest is never in a room")
	}
}
