package server

import (
	"testing"

	"github.com/duelistgame/duelist/agent"
)

// TestAIRoomLevelThinksOffTheActor: a room against the Normal level goes first with the AI; its
// decision waits in the pool (held by the test) while the room's actor handles other messages;
// let go, the AI plays its turn through the pool and the player answers its own prompts. An
// unknown level is refused.
func TestAIRoomLevelThinksOffTheActor(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	hold := make(chan struct{})
	srv.Hub().ai.hold = hold
	ca := hello(t, url)
	code, _ := ca.createRoom(map[string]any{"opponent": "ai", "aiLevel": "normal", "first": "B"})
	// The player passes B's first windows; a state with no prompt for it then means the AI is
	// to answer: its decision is in the pool, and the actor still handles messages.
	busy := false
	for n := 0; !busy && n < 50; n++ {
		st := ca.expect("state")
		if st.Prompt != nil {
			o, ok := passOption(st.Prompt)
			if !ok {
				o = st.Prompt.Options[0]
			}
			ca.send(map[string]any{"t": "answer", "prompt": st.Prompt.N, "i": o.I})
			continue
		}
		onActor(t, srv, code, func(r *Room) { busy = r.aiBusy })
	}
	if !busy {
		t.Fatal("the AI's decision is not in the pool")
	}
	close(hold)
	if res, _ := newPlayer(ca, 9).play(12); res != nil {
		t.Fatalf("the duel ended after a few answers: %+v", res)
	}
	var st agent.SearchStats
	onActor(t, srv, code, func(r *Room) {
		if s, ok := r.seats[1].ai.(*agent.Search); ok {
			st = s.Stats()
		}
	})
	if st.Decisions == 0 {
		t.Fatalf("the Normal AI searched no decision: %+v", st)
	}
	t.Logf("the AI: %+v", st)

	cb := hello(t, url)
	cb.send(map[string]any{"t": "create", "deck": map[string]any{"precon": "yugi-40"}, "opponent": "ai", "aiLevel": "grandmaster"})
	if e := cb.expect("error"); e.Code != ErrBadRequest {
		t.Fatalf("an unknown level: %+v", e)
	}
}
