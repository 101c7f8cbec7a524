package main

import (
	"bytes"
	"path/filepath"
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

// TestPlayMatchAILevels: play --match --ai plays the match against that level. Answering "1" to
// everything with the same seed, the match against Easy is another match than against greedy
// (Easy's moves differ), and its replay verifies; against Normal the search plays B's first
// turn of duel 1 before the human resigns; an unknown level is refused.
func TestPlayMatchAILevels(t *testing.T) {
	outs := map[string]string{}
	for _, ai := range []string{"greedy", "easy"} {
		replay := filepath.Join(t.TempDir(), ai+".duel")
		var out, errOut bytes.Buffer
		args := []string{"play", "--match", "--ai", ai, "--seed", "7", "--first", "A", "--replay", replay}
		if code := run(args, strings.NewReader(strings.Repeat("1\n", 3000)), &out, &errOut); code != 0 {
			t.Fatalf("play --match --ai %s exited %d: %s", ai, code, errOut.String())
		}
		outs[ai], _, _ = strings.Cut(out.String(), "Match replay written") // the file's name differs
		if !strings.Contains(outs[ai], "against the "+ai+" agent") || !strings.Contains(outs[ai], "Duel 1: you ") {
			t.Fatalf("play --match --ai %s:\n%s", ai, tail(outs[ai]))
		}
		out.Reset()
		if code := run([]string{"replay", "verify", replay}, nil, &out, &errOut); code != 0 {
			t.Fatalf("the match replay against %s does not verify:\n%s", ai, out.String())
		}
	}
	if strings.ReplaceAll(outs["easy"], "easy agent", "greedy agent") == outs["greedy"] {
		t.Fatal("the match against Easy is the match against greedy")
	}

	var out, errOut bytes.Buffer
	if code := run([]string{"play", "--match", "--ai", "normal", "--seed", "3", "--first", "B"}, strings.NewReader("resign\n"), &out, &errOut); code != 0 {
		t.Fatalf("play --match --ai normal exited %d: %s", code, errOut.String())
	}
	if s := out.String(); !strings.Contains(s, "against the normal agent") || !strings.Contains(s, "You concede the match.") {
		t.Fatalf("play --match --ai normal:\n%s", tail(s))
	}
	out.Reset()
	if code := run([]string{"play", "--match", "--ai", "grandmaster"}, strings.NewReader(""), &out, &errOut); code != 2 || out.Len() > 0 {
		t.Fatalf("play --match --ai grandmaster exited %d, want 2; stdout %q", code, out.String())
	}
}
