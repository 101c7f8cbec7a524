package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestPlayAILevels: play --ai names the AI's level; the Normal level plays B's first turn (the
// search answers B's prompts) before the human concedes; an unknown level is refused with the
// levels' names and no duel.
func TestPlayAILevels(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"play", "--ai", "normal", "--seed", "3", "--first", "B"}, strings.NewReader("quit\ny\n"), &out, &errOut); code != 0 {
		t.Fatalf("play --ai normal exited %d: %s", code, errOut.String())
	}
	if s := out.String(); !strings.Contains(s, "against the normal agent") || !strings.Contains(s, "You concede.") {
		t.Fatalf("play --ai normal:\n%s", tail(s))
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"play", "--ai", "grandmaster"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Fatalf("play --ai grandmaster exited %d, want 2", code)
	}
	if e := errOut.String(); !strings.Contains(e, `no AI level "grandmaster"`) || !strings.Contains(e, "easy, normal, hard") || out.Len() > 0 {
		t.Fatalf("play --ai grandmaster: stderr %q, stdout %q", e, out.String())
	}
}
