package server

import "testing"

// TestLateAnswerToPassedPromptOtherSeat: seat B answers a prompt of its own and the duel moves
// on to a prompt of seat A; a second answer of B to its passed prompt (an answer on its way, as
// a double click or a resend sends it) arrives while the pending prompt is A's. It is refused as
// stale, not as not-yours (054f225: bo3.test.js's toast check hit this race), and nothing
// changes: no state is sent and A can still answer its prompt.
func TestLateAnswerToPassedPromptOtherSeat(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca, cb := hello(t, url), hello(t, url)
	code, _ := ca.createRoom(nil) // A goes first
	cb.send(map[string]any{"t": "join", "room": code})
	cb.expect("joined")

	// Both seats read every state (broadcastState sends each to both with one seq). B passes the
	// chain windows of A's first phases; stop at the first prompt of A after one of B's.
	passed := 0 // the number of the last prompt B answered
	var sa msg
	for {
		sa = ca.expect("state")
		sb := cb.expect("state")
		if sa.Seq != sb.Seq {
			t.Fatalf("the seats read states %d and %d", sa.Seq, sb.Seq)
		}
		if sa.Result != nil {
			t.Fatalf("the duel ended before a prompt of A after one of B: %+v", sa.Result)
		}
		if sb.Prompt != nil {
			o, ok := passOption(sb.Prompt)
			if !ok {
				t.Fatalf("B holds a %s prompt, not a chain window", sb.Prompt.Kind)
			}
			cb.send(map[string]any{"t": "answer", "prompt": sb.Prompt.N, "i": o.I})
			passed = sb.Prompt.N
			continue
		}
		if sa.Prompt == nil {
			continue
		}
		if passed > 0 {
			break
		}
		// A prompt of A before any of B's: A passes on too (its first phases' windows).
		o, ok := passOption(sa.Prompt)
		if !ok {
			o = sa.Prompt.Options[0]
		}
		ca.send(map[string]any{"t": "answer", "prompt": sa.Prompt.N, "i": o.I})
	}
	if sa.Prompt.N <= passed {
		t.Fatalf("A's prompt %d is not after B's passed prompt %d", sa.Prompt.N, passed)
	}

	cb.send(map[string]any{"t": "answer", "prompt": passed, "i": 0})
	if m := cb.expectErrorTo(t, "answer", ErrStale); m.Msg == "" {
		t.Fatal("the stale error says nothing")
	}
	// Nothing changed: the next message of both clients is the answer to a ping.
	for _, c := range []*client{ca, cb} {
		c.send(map[string]any{"t": "ping"})
		if m, _ := c.read(); m.T != "pong" {
			t.Fatalf("after the late answer: got %s before the pong", m.raw)
		}
	}
	ca.send(map[string]any{"t": "answer", "prompt": sa.Prompt.N, "i": sa.Prompt.Options[0].I})
	if m := ca.expect("state"); m.Seq <= sa.Seq {
		t.Fatalf("A's answer after the late one did not move the duel: seq %d after %d", m.Seq, sa.Seq)
	}
}
