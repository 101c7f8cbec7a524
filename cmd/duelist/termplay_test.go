package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain lets the tmux test run this test binary as the duelist command: with
// DUELIST_TEST_AS_MAIN=1 it is `duelist ARGS...`.
func TestMain(m *testing.M) {
	if os.Getenv("DUELIST_TEST_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// optionLine is one numbered option of a prompt as the terminal prints it.
var optionLine = regexp.MustCompile(`^\s+(\d+)\) (.*)$`)

// lastPrompt returns the title and the options of the last prompt in a terminal's output.
func lastPrompt(out string) (title string, opts []string) {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasSuffix(lines[i], "— choose:") {
			title = lines[i]
			for _, l := range lines[i+1:] {
				m := optionLine.FindStringSubmatch(l)
				if m == nil {
					break
				}
				opts = append(opts, m[2])
			}
			return title, opts
		}
	}
	return "", nil
}

// tmuxAnswer is what the test types at a prompt: it summons (by a lowercase prefix of the
// card's name, no quotes) once a turn, goes to battle and attacks, and passes or takes the first option
// elsewhere.
func tmuxAnswer(title string, opts []string, summoned bool) string {
	find := func(verb string) int {
		for i, o := range opts {
			if strings.HasPrefix(o, verb+" ") || o == verb {
				return i
			}
		}
		return -1
	}
	switch {
	case strings.HasPrefix(title, "Your Main 1"):
		if i := find("summon"); i >= 0 && !summoned {
			name := strings.Trim(strings.SplitN(strings.TrimPrefix(opts[i], "summon "), "@", 2)[0], `"`)
			return "sum " + strings.ToLower(strings.Fields(name)[0])
		}
		if find("battle") >= 0 {
			return "bat"
		}
		return "end"
	case strings.HasPrefix(title, "Your Main 2"):
		return "end"
	case strings.HasPrefix(title, "Battle Step"):
		if i := find("attack"); i >= 0 {
			return strconv.Itoa(i + 1)
		}
		return "end"
	case strings.HasPrefix(title, "Chain window"):
		return "pass"
	}
	return "1"
}

// TestPlayInTmux plays a whole duel of `duelist play` against the agent in a real terminal
// (tmux), with the engine offering every chain window (--always-ask) and the default chain
// setting passing the bare ones: it types answers only when a prompt waits, forgivingly, and
// checks the log lines, the chain windows shown and the auto-passes in the replay.
func TestPlayInTmux(t *testing.T) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed: the terminal test needs it")
	}
	dir := t.TempDir()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	logPath, replay := filepath.Join(dir, "out.log"), filepath.Join(dir, "duel.duel")
	sock := filepath.Join(dir, "tmux.sock")
	tm := func(args ...string) ([]byte, error) {
		return exec.Command(tmux, append([]string{"-S", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
	}
	shell := "DUELIST_TEST_AS_MAIN=1 " + strconv.Quote(bin) + " play --seed 7 --first A --always-ask --replay " +
		strconv.Quote(replay) + " 2>&1 | tee " + strconv.Quote(logPath) + "; sleep 30"
	if out, err := tm("new-session", "-d", "-s", "duel", "-x", "200", "-y", "50", shell); err != nil {
		t.Skipf("tmux cannot start a session here (%v: %s): the terminal test needs it", err, out)
	}
	defer tm("kill-server")

	deadline := time.Now().Add(60 * time.Second)
	answered, summonedIn := 0, -1 // the turn of the last summon
	var typed []string
	var out string
	for !strings.Contains(out, "Game over:") {
		if time.Now().After(deadline) {
			t.Fatalf("the duel did not end in time; the output ends:\n%s", tail(out))
		}
		time.Sleep(15 * time.Millisecond)
		b, _ := os.ReadFile(logPath)
		out = string(b)
		// A prompt waits when the output ends in "> " and it has more prompts than answers given.
		if !strings.HasSuffix(out, "> ") || strings.Count(out, "— choose:") <= answered {
			continue
		}
		title, opts := lastPrompt(out)
		turn := strings.Count(out, "== Turn ")
		ans := tmuxAnswer(title, opts, summonedIn == turn)
		if strings.HasPrefix(ans, "sum ") {
			summonedIn = turn
		}
		if out, err := tm("send-keys", "-t", "duel", "-l", ans); err != nil {
			t.Fatalf("tmux send-keys: %v: %s", err, out)
		}
		if out, err := tm("send-keys", "-t", "duel", "Enter"); err != nil {
			t.Fatalf("tmux send-keys: %v: %s", err, out)
		}
		answered = strings.Count(out, "— choose:")
		typed = append(typed, ans)
		if len(typed) > 400 {
			t.Fatalf("more than 400 answers; the output ends:\n%s", tail(out))
		}
	}
	for _, want := range []string{"== Turn 1: A ==", "-- Main 1 Phase --", "A Normal Summons \"", "attacks",
		"Battle: \"", "battle damage.", "wins the duel.", "GY ", "Replay written to"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q; it ends:\n%s", want, tail(out))
		}
	}
	if !regexp.MustCompile(`(?m)^(> )?A's ".+" attacks `).MatchString(out) {
		t.Errorf("the log has no attack of A's; it ends:\n%s", tail(out))
	}
	if strings.Contains(out, "matches none of the options") || strings.Contains(out, "fits ") {
		t.Errorf("a forgiving answer was not understood:\n%s", tail(out))
	}
	// Every chain window shown says what it responds to and offers something to activate: the
	// bare ones were passed for the player.
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "Chain window") {
			continue
		}
		if i == 0 || !strings.HasPrefix(lines[i-1], "Respond to: ") {
			t.Errorf("chain window at line %d does not say what it responds to", i+1)
		}
		_, opts := lastPrompt(strings.Join(lines[:i+1+min(len(lines)-i-1, 40)], "\n"))
		if !strings.Contains(strings.Join(opts, "\n"), "activate ") {
			t.Errorf("chain window at line %d offers nothing to activate: %q", i+1, opts)
		}
	}
	rb, err := os.ReadFile(replay)
	if err != nil {
		t.Fatal(err)
	}
	passes := strings.Count(string(rb), "A: pass")
	typedPasses := 0
	for _, a := range typed {
		if a == "pass" {
			typedPasses++
		}
	}
	if passes <= typedPasses {
		t.Errorf("the replay has %d passes of A and %d were typed: no chain window was passed automatically", passes, typedPasses)
	}
	t.Logf("answers typed: %q; %d of A's passes automatic; %d lines of output", typed, passes-typedPasses, len(lines))
}
