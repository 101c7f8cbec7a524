package server

import "testing"

// expectErrorTo reads messages until an error, which must have the code and be a reply to re.
func (c *client) expectErrorTo(t *testing.T, re, code string) msg {
	t.Helper()
	for {
		m, ok := c.read()
		if !ok {
			t.Fatalf("connection closed while waiting for error %q", code)
		}
		if m.T != "error" {
			continue
		}
		if m.Code != code || m.Re != re {
			t.Fatalf("got error %s, want %q in reply to %q", m.raw, code, re)
		}
		return m
	}
}

// TestBo3SideLateAnswerStale: an answer on its way when the opponent concedes arrives after the
// duel's end; it names a prompt the room did ask, so it is refused as stale (the decision has
// passed), not as no-prompt; a number the room never asked is still no-prompt, and nothing
// changes: the side step goes on.
func TestBo3SideLateAnswerStale(t *testing.T) {
	_, url := newTestServer(t, Options{})
	_, ca, cb := bo3Room(t, url, map[string]any{"first": "A"})
	n := untilPromptOf(t, ca, cb).Prompt.N
	cb.send(map[string]any{"t": "concede"})
	ca.expectPhase(t, phaseSide)
	ca.send(map[string]any{"t": "answer", "prompt": n, "i": 0})
	if m := ca.expectErrorTo(t, "answer", ErrStale); m.Msg == "" {
		t.Fatal("the stale error says nothing")
	}
	ca.send(map[string]any{"t": "answer", "prompt": n + 100, "i": 0})
	ca.expectErrorTo(t, "answer", ErrNoPrompt)
	ca.send(map[string]any{"t": "side", "swaps": []any{}})
	if mm := ca.expectPhase(t, phaseSide); !mm.Ready["A"] {
		t.Fatalf("the side step after the late answers: %+v", mm)
	}
}

// TestBo3NoPromptBeforeDuel: in a best-of-3 room that has not begun a duel, any answer is
// no-prompt.
func TestBo3NoPromptBeforeDuel(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca := hello(t, url)
	ca.createRoom(map[string]any{"format": "bo3", "freeCards": true, "banlist": BanlistNone, "deck": map[string]any{"ydk": sideYDK(t)}})
	ca.send(map[string]any{"t": "answer", "prompt": 1, "i": 0})
	ca.expectErrorTo(t, "answer", ErrNoPrompt)
}
