package server

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/duels"
)

// crashCopy is what survives a crash of the server writing l: a copy of its log for the next
// server, while the old server's rooms, which still run in the test, can no longer write to it.
func crashCopy(l *MemLog) *MemLog {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := &MemLog{next: l.next, duels: map[int64]*memDuel{}, matches: maps.Clone(l.matches), nextMatch: l.nextMatch}
	for id, d := range l.duels {
		cd := *d
		cd.entries = slices.Clone(d.entries)
		c.duels[id] = &cd
	}
	l.failOn = func(string) error { return errors.New("the server crashed") }
	return c
}

// aiThinking passes the player's chain windows (answers its other prompts with their first
// option) until the room's AI is to answer and its decision waits in the pool (held by the test).
func aiThinking(t *testing.T, srv *Server, c *client, code string) {
	t.Helper()
	for n := 0; n < 50; n++ {
		st := c.expect("state")
		if st.Prompt != nil {
			o, ok := passOption(st.Prompt)
			if !ok {
				o = st.Prompt.Options[0]
			}
			c.send(map[string]any{"t": "answer", "prompt": st.Prompt.N, "i": o.I})
			continue
		}
		busy := false
		onActor(t, srv, code, func(r *Room) { busy = r.aiBusy })
		if busy {
			return
		}
	}
	t.Fatal("the AI's decision is not in the pool")
}

// TestRecoverKeepsAILevel: the AI's level is in the duel's log, so a room against Normal rebuilt
// after a crash plays on against Normal (not the greedy agent), and the decision the AI was
// making when the server stopped is made again by the new server.
func TestRecoverKeepsAILevel(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	hold := make(chan struct{})
	srv.Hub().ai.hold = hold
	t.Cleanup(func() { close(hold) }) // before the servers stop
	ca := hello(t, url)
	code, tok := ca.createRoom(map[string]any{"opponent": "ai", "aiLevel": "normal", "first": "B"})
	aiThinking(t, srv, ca, code)
	open, err := l.Open(context.Background())
	if err != nil || len(open) != 1 || open[0].Header.AILevel != agent.LevelNormal {
		t.Fatalf("the log's open duels (%v): %+v", err, open)
	}

	srv2, url2 := restartOn(t, crashCopy(l))
	onActor(t, srv2, code, func(r *Room) {
		if _, ok := r.seats[1].ai.(*agent.Search); !ok || r.cfg.aiLevel != agent.LevelNormal {
			t.Errorf("the rebuilt room's AI is %T (level %q), want the Normal search", r.seats[1].ai, r.cfg.aiLevel)
		}
	})
	c2 := hello(t, url2)
	c2.send(map[string]any{"t": "rejoin", "room": code, "token": tok})
	c2.expect("joined")
	if res, _ := newPlayer(c2, 10).play(1); res != nil {
		t.Skipf("the duel ended at once: %+v", res)
	}
	var st agent.SearchStats
	onActor(t, srv2, code, func(r *Room) { st = r.seats[1].ai.(*agent.Search).Stats() })
	if st.Decisions == 0 {
		t.Fatalf("the rebuilt room's AI searched no decision: %+v", st)
	}
}

// TestRecoverKeepsEasyLevel: a room against Easy, whose AI answers on the room's actor, is Easy
// again after a restart.
func TestRecoverKeepsEasyLevel(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	c := hello(t, url)
	code, _ := c.createRoom(map[string]any{"opponent": "ai", "aiLevel": "easy"})
	if res, _ := newPlayer(c, 9).play(10); res != nil {
		t.Skip("the duel ended in 10 answers")
	}
	srv2, _ := restartOn(t, crashCopy(l))
	onActor(t, srv2, code, func(r *Room) {
		if _, ok := r.seats[1].ai.(*agent.Easy); !ok {
			t.Errorf("the rebuilt room's AI is %T, want Easy", r.seats[1].ai)
		}
	})
}

// aiLevelIn returns the AI level of the room's configuration and its AI seat's agent.
func aiLevelIn(t *testing.T, srv *Server, code string) (level string, ai agent.Agent) {
	t.Helper()
	onActor(t, srv, code, func(r *Room) { level, ai = r.cfg.aiLevel, r.seats[1].ai })
	return level, ai
}

// TestBo3AILevel: a best-of-3 room against Easy plays Easy in every duel, and after a restart
// during side decking (the match rebuilt from its saved state, not from an open duel) too.
func TestBo3AILevel(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	c := hello(t, url)
	code, tok := c.createRoom(map[string]any{"opponent": "ai", "aiLevel": "easy", "format": "bo3"})
	c.expectPhase(t, phaseDuel)
	if lvl, ai := aiLevelIn(t, srv, code); lvl != agent.LevelEasy {
		t.Fatalf("duel 1's AI: level %q, %T", lvl, ai)
	} else if _, ok := ai.(*agent.Easy); !ok {
		t.Fatalf("duel 1's AI is %T, want Easy", ai)
	}
	concedeDuel(t, c, c)
	c.expectPhase(t, phaseSide)

	srv2, url2 := restartOn(t, crashCopy(l))
	c2, mm := rejoinMatch(t, url2, code, tok)
	if mm.Phase != phaseSide {
		t.Fatalf("the rebuilt match: %+v", mm)
	}
	c2.send(map[string]any{"t": "first", "go": "first"})
	c2.send(map[string]any{"t": "side", "swaps": []any{}})
	if mm := c2.expectPhase(t, phaseDuel); mm.Number != 2 {
		t.Fatalf("duel 2: %+v", mm)
	}
	lvl, ai := aiLevelIn(t, srv2, code)
	if _, ok := ai.(*agent.Easy); !ok || lvl != agent.LevelEasy {
		t.Fatalf("duel 2's AI after the restart: level %q, %T", lvl, ai)
	}
	var hd duels.Header
	onActor(t, srv2, code, func(r *Room) { hd = r.dur.header })
	if hd.MatchDuel != 2 || hd.AILevel != agent.LevelEasy {
		t.Fatalf("duel 2's header: %+v", hd)
	}
}

// TestQuickMatchAILevel: quick match's "play the AI while waiting" plays the level asked for
// (the duel's log says which), and an unknown level is refused before queueing.
func TestQuickMatchAILevel(t *testing.T) {
	l := NewMemLog()
	url := qmServer(t, newFinishes(), func(o *Options) { o.Log = l })
	c := helloAs(t, url, 43, "erin1")
	c.send(queueMsgOf(map[string]any{"ai": true, "aiLevel": "grandmaster"}))
	if code := c.expectError(); code != ErrBadRequest {
		t.Fatalf("an unknown level: %s", code)
	}
	c.send(queueMsgOf(map[string]any{"ai": true, "aiLevel": "easy"}))
	c.expect("queued")
	c.expect("matched")
	c.expect("joined")
	c.expect("state")
	open, err := l.Open(context.Background())
	if err != nil || len(open) != 1 || !open[0].Header.AI || open[0].Header.AILevel != agent.LevelEasy {
		t.Fatalf("the AI duel's log (%v): %+v", err, open)
	}
}
