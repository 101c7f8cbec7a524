package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayToTheEnd plays a whole terminal duel by always answering "1" (the first option) and
// checks that it ends, writes a replay, and that the replay verifies.
func TestPlayToTheEnd(t *testing.T) {
	dir := t.TempDir()
	replay := filepath.Join(dir, "duel.duel")
	in := strings.NewReader(strings.Repeat("1\n", 5000))
	var out, errOut bytes.Buffer
	code := run([]string{"play", "--seed", "7", "--first", "A", "--replay", replay}, in, &out, &errOut)
	if code != 0 {
		t.Fatalf("play exited %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "Game over:") {
		t.Fatalf("the duel did not end:\n%s", tail(out.String()))
	}
	out.Reset()
	if code := run([]string{"replay", "verify", replay}, nil, &out, &errOut); code != 0 {
		t.Fatalf("replay verify exited %d:\n%s", code, out.String())
	}
}

// TestPlayRejectsBadInput: a made-up answer is explained and the duel goes on.
func TestPlayRejectsBadInput(t *testing.T) {
	in := strings.NewReader("frobnicate\n99\nquit\nn\nquit\ny\n")
	var out, errOut bytes.Buffer
	if code := run([]string{"play", "--seed", "1", "--first", "A"}, in, &out, &errOut); code != 0 {
		t.Fatalf("play exited %d", code)
	}
	s := out.String()
	for _, want := range []string{"matches none of the options", "there is no option 99", "Concede the duel? (y/N)",
		"The duel goes on.", "You concede."} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, tail(s))
		}
	}
}

// TestPlayEOFAsks: Ctrl-D asks before conceding; "n" goes on; an input that has ended concedes.
func TestPlayEOFAsks(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"play", "--seed", "1", "--first", "A"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("play exited %d", code)
	}
	if s := out.String(); !strings.Contains(s, "Concede the duel? (y/N)") || !strings.Contains(s, "You concede.") {
		t.Fatalf("EOF did not ask before conceding:\n%s", tail(s))
	}
}

// TestSimAndReplays runs sim with replays and verifies them all.
func TestSimAndReplays(t *testing.T) {
	dir := t.TempDir()
	_, files := simAndVerify(t, dir, 5, "--games", "5", "--seed", "3", "--deck", "yugi", "--opp-deck", "kaiba")
	var out, errOut bytes.Buffer
	// A replay whose moves are tampered with fails.
	b, _ := os.ReadFile(files[0])
	bad := strings.Replace(string(b), "moves: |\n  A: ", "moves: |\n  A: lizard\n  A: ", 1)
	badPath := filepath.Join(dir, "bad.duel")
	os.WriteFile(badPath, []byte(bad), 0o644)
	out.Reset()
	if code := run([]string{"replay", "verify", badPath}, nil, &out, &errOut); code == 0 {
		t.Fatalf("a tampered replay verified")
	}
}

// TestUsageErrors: unknown commands and bad flags exit 2.
// TestTagDuelCommands plays a tag duel in the terminal to its end, runs tag sims with replays
// and verifies every replay.
func TestTagDuelCommands(t *testing.T) {
	dir := t.TempDir()
	replay := filepath.Join(dir, "tag.duel")
	in := strings.NewReader(strings.Repeat("1\n", 5000))
	var out, errOut bytes.Buffer
	if code := run([]string{"play", "--tag", "--seed", "5", "--first", "A", "--replay", replay}, in, &out, &errOut); code != 0 {
		t.Fatalf("play --tag exited %d: %s", code, errOut.String())
	}
	for _, want := range []string{"you are A1", "Partner (A2)", "Opponent (B2)", "Game over:"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("play --tag output lacks %q:\n%s", want, tail(out.String()))
		}
	}
	if simOut, _ := simAndVerify(t, dir, 5, "--tag", "--games", "4", "--seed", "9", "--deck", "yugi",
		"--opp-deck", "kaiba", "--partner-deck", "5ds", "--opp-partner-deck", "fusion"); !strings.Contains(simOut, "team A won") {
		t.Fatalf("sim --tag output: %s", simOut)
	}
	for _, args := range [][]string{{"sim", "--partner-deck", "yugi"}, {"play", "--tag", "--match"},
		{"sim", "--tag", "--partner-deck", "joey"}} {
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 2 {
			t.Errorf("%v exited %d, want 2", args, code)
		}
	}
}

// TestKouhuCommands plays a kouhu duel in the terminal to its end and runs kouhu sims whose
// replays verify.
func TestKouhuCommands(t *testing.T) {
	dir := t.TempDir()
	replay := filepath.Join(dir, "kouhu.duel")
	in := strings.NewReader(strings.Repeat("1\n", 5000))
	var out, errOut bytes.Buffer
	if code := run([]string{"play", "--ruleset", "kouhu", "--seed", "4", "--first", "A", "--replay", replay}, in, &out, &errOut); code != 0 {
		t.Fatalf("play --ruleset kouhu exited %d: %s", code, errOut.String())
	}
	for _, want := range []string{"Resources", "Game over:"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("play output lacks %q:\n%s", want, tail(out.String()))
		}
	}
	simAndVerify(t, dir, 5, "--ruleset", "kouhu", "--games", "4", "--seed", "2")
}

// simAndVerify runs sim with replays into dir, checks that dir then holds want replays, and
// verifies them all; it returns sim's output and the replay files.
func simAndVerify(t *testing.T, dir string, want int, args ...string) (string, []string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(append([]string{"sim", "--replay-dir", dir}, args...), nil, &out, &errOut); code != 0 {
		t.Fatalf("sim %v exited %d: %s", args, code, errOut.String())
	}
	simOut := out.String()
	if !strings.Contains(simOut, "duels/s") {
		t.Fatalf("sim output: %s", simOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.duel"))
	if len(files) != want {
		t.Fatalf("%d replays in %s, want %d", len(files), dir, want)
	}
	out.Reset()
	if code := run(append([]string{"replay", "verify"}, files...), nil, &out, &errOut); code != 0 {
		t.Fatalf("replay verify: %s", out.String())
	}
	return simOut, files
}

func TestUsageErrors(t *testing.T) {
	var out, errOut bytes.Buffer
	for _, args := range [][]string{{}, {"frob"}, {"sim", "--games", "0"}, {"sim", "--agent", "randomly"}, {"play", "--ruleset", "nope"},
		{"play", "--ruleset", "kouhu", "--deck", "yugi"}, {"scenario"}, {"replay", "verify"}} {
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 2 {
			t.Errorf("%v exited %d, want 2", args, code)
		}
	}
}

// TestSimEndings: sim says how the duels ended, by reason and winner, and the shares add up: the
// kind-first random agent's 40 duels all end by deck out or LP 0 with two percentages per reason.
func TestSimEndings(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"sim", "--games", "40", "--quiet", "--agent", "random-kind", "--deck", "yugi-40",
		"--opp-deck", "kaiba-40"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("sim exited %d: %s", code, errOut.String())
	}
	var line string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "endings: ") {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("no endings line in: %s", out.String())
	}
	var total float64
	for _, part := range strings.Split(strings.TrimPrefix(line, "endings: "), "), ") {
		var reason string
		var share, a, b float64
		switch {
		case strings.HasPrefix(part, "deck out "):
			reason, part = "deck out", strings.TrimPrefix(part, "deck out ")
		case strings.HasPrefix(part, "LP 0 "):
			reason, part = "LP 0", strings.TrimPrefix(part, "LP 0 ")
		default:
			t.Fatalf("unexpected ending %q in %q", part, line)
		}
		if _, err := fmt.Sscanf(part, "%f%% (A won %f%%, B won %f%%", &share, &a, &b); err != nil {
			t.Fatalf("%s: %q: %v", reason, part, err)
		}
		if d := share - a - b; d < -0.15 || d > 0.15 {
			t.Errorf("%s: %.1f%% is not A's %.1f%% plus B's %.1f%%", reason, share, a, b)
		}
		total += share
	}
	if total < 99.8 || total > 100.2 {
		t.Errorf("the endings add up to %.1f%%: %s", total, line)
	}
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}
