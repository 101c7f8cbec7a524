package server

import (
	"encoding/json"
	"testing"
)

// TestJoinStateHasHistory: the state sent to a spectator who watches a duel in its middle, and to
// a player who rejoins, carries every event of the duel so far ("history"), as that viewer may
// see them: the duel's start, one turn event per turn, and no card the viewer may not see.
func TestJoinStateHasHistory(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca, cb := hello(t, url), hello(t, url)
	code, tokA := ca.createRoom(nil)
	cb.send(map[string]any{"t": "join", "room": code, "deck": map[string]any{"precon": "kaiba-40"}})
	cb.expect("joined")
	a, b := newPlayer(ca, 3), newPlayer(cb, 4)
	done := make(chan struct{})
	go func() { b.play(0); close(done) }()
	if res, _ := a.play(40); res != nil {
		t.Fatalf("the duel ended before the spectator came")
	}
	check := func(who string, m msg) {
		t.Helper()
		var h struct {
			History bool `json:"history"`
		}
		if err := json.Unmarshal(m.raw, &h); err != nil || !h.History {
			t.Fatalf("%s: the state on joining has no history flag: %s", who, m.raw[:min(200, len(m.raw))])
		}
		if len(m.Events) == 0 || m.Events[0].K != "shuffle" && m.Events[0].K != "rps" && m.Events[0].K != "start" {
			t.Fatalf("%s: history does not start with the duel's start: %+v", who, m.Events[:min(3, len(m.Events))])
		}
		turns := 0
		for _, e := range m.Events {
			if e.K == "turn" {
				turns++
			}
			if who == "spectator" && e.K == "draw" && e.Code != 0 {
				t.Fatalf("the spectator's history shows a drawn card: %+v", e)
			}
		}
		if turns != m.View.Turn {
			t.Fatalf("%s: history has %d turn events at turn %d", who, turns, m.View.Turn)
		}
	}
	cs := hello(t, url)
	cs.send(map[string]any{"t": "watch", "room": code})
	cs.expect("joined")
	check("spectator", cs.expect("state"))

	// Seat A reloads: a new connection rejoins with the token and gets the history too.
	ca2 := hello(t, url)
	ca2.send(map[string]any{"t": "rejoin", "room": code, "token": tokA})
	ca2.expect("joined")
	check("rejoined player", ca2.expect("state"))
	ca2.send(map[string]any{"t": "concede"})
	<-done // B sees the result
}
