package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// arenaOut runs duelist arena and returns its report.
func arenaOut(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(append([]string{"arena", "--quiet"}, args...), nil, &out, &errOut); code != 0 {
		t.Fatalf("arena %v exited %d: %s", args, code, errOut.String())
	}
	return out.String()
}

// scoreOf reads X's score from a report.
func scoreOf(t *testing.T, report string) float64 {
	t.Helper()
	m := regexp.MustCompile(`score of X: ([0-9.]+)%`).FindStringSubmatch(report)
	if m == nil {
		t.Fatalf("no score in:\n%s", report)
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	return v
}

// TestArenaAttributesTheSeats: random against greedy scores low and greedy against random high,
// whichever side each is on; every seed is played with the seats swapped; the report has the
// splits, the decision times and a line per mistake class; the same seeds give the same score.
func TestArenaAttributesTheSeats(t *testing.T) {
	low := arenaOut(t, "--x", "random", "--y", "greedy", "--games", "15")
	high := arenaOut(t, "--x", "greedy", "--y", "random", "--games", "15")
	if s := scoreOf(t, low); s > 30 {
		t.Errorf("random scored %.1f%% against greedy:\n%s", s, low)
	}
	if s := scoreOf(t, high); s < 70 {
		t.Errorf("greedy scored %.1f%% against random:\n%s", s, high)
	}
	for _, want := range []string{"30 duels (15 seeds, 1-15, seats swapped)", "as A ", "of 15; as B ", "first ", "second ",
		"X greedy", "Y random", "no-set", "no-position-change", "skip-main2", "summon-into-stronger",
		"attack-into-death", "self-removal", "kouhu-only-creature", "chain windows taken"} {
		if !strings.Contains(high, want) {
			t.Errorf("the report lacks %q:\n%s", want, high)
		}
	}
	if again := arenaOut(t, "--x", "greedy", "--y", "random", "--games", "15"); scoreOf(t, again) != scoreOf(t, high) {
		t.Errorf("the same seeds gave %.1f%% and then %.1f%%", scoreOf(t, high), scoreOf(t, again))
	}
}

// TestArenaRulesets: the arena plays kouhu and tag duels.
func TestArenaRulesets(t *testing.T) {
	if r := arenaOut(t, "--x", "easy", "--y", "greedy", "--games", "3", "--ruleset", "kouhu"); !strings.Contains(r, "kouhu, decks dragons") {
		t.Errorf("kouhu report:\n%s", r)
	}
	if r := arenaOut(t, "--x", "easy", "--y", "random-kind", "--games", "3", "--tag"); !strings.Contains(r, "ocg tag") {
		t.Errorf("tag report:\n%s", r)
	}
}

// TestArenaTimeBudget: --for stops starting seeds once its wall time has passed (the first seed
// is always played), and the report names the seeds played.
func TestArenaTimeBudget(t *testing.T) {
	r := arenaOut(t, "--x", "easy", "--y", "greedy", "--games", "1000", "--seed", "7", "--for", "1ns")
	if !strings.Contains(r, "2 duels (1 seeds, 7-7, seats swapped)") {
		t.Errorf("--for 1ns played other than the first seed:\n%s", r)
	}
}

// TestArenaUsageErrors: an unknown agent or a bad count is refused with exit code 2, naming the
// agents there are.
func TestArenaUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"--x", "grandmaster"}, {"--y", ""}, {"--games", "0"}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"arena"}, args...), nil, &out, &errOut); code != 2 {
			t.Errorf("arena %v exited %d, want 2", args, code)
		}
		if args[0] == "--games" {
			continue
		}
		for name := range agentKinds() {
			if !strings.Contains(errOut.String(), name) {
				t.Errorf("arena %v: the error does not name agent %q: %s", args, name, errOut.String())
			}
		}
	}
}
