package server

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkAccountRooms: on a server without a log, GET /api/duels/mine asks every open room;
// this is its cost with 10,000 idle rooms (one message to each room's actor and its answer).
func BenchmarkAccountRooms(b *testing.B) {
	h := NewHub(Options{Logf: b.Logf})
	var rooms []*Room
	for i := range 10000 {
		r := newRoom(h, fmt.Sprintf("R%05d", i), roomConfig{})
		h.rooms[r.code] = r
		rooms = append(rooms, r)
		go r.run()
	}
	b.Cleanup(func() {
		for _, r := range rooms {
			r.post(func(r *Room) { r.close("done") })
		}
	})
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		if got, err := h.accountRooms(ctx, 42); err != nil || len(got) != 0 {
			b.Fatalf("rooms %v", got)
		}
	}
}
