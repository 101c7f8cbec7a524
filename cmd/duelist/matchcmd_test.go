package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/decks"
)

// sideDeckFile writes Yugi's 40-card deck with a Side Deck of 5 cards of the full Yugi deck.
func sideDeckFile(t *testing.T) string {
	t.Helper()
	d, err := decks.Get("yugi-40")
	if err != nil {
		t.Fatal(err)
	}
	full, err := decks.Get("yugi")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range full.Main {
		if len(d.Side) < 5 && d.Count(p) < 3 {
			d.Side = append(d.Side, p)
		}
	}
	path := filepath.Join(t.TempDir(), "yugi-side.ydk")
	if err := os.WriteFile(path, []byte(d.YDK()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPlayMatch: the human is asked before conceding (and says no, then yes) and concedes duel 1, chooses to go second, sides one card in, concedes
// duel 2; the match replay verifies, and a tampered one fails.
func TestPlayMatch(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "match.duel")
	in := strings.NewReader("concede\nn\nconcede\ny\nmaybe\nsecond\nswap 99 1\nswap 1 1\nfrob\ndone\nresign\nno\nconcede\nyes\n")
	var out, errOut bytes.Buffer
	code := run([]string{"play", "--match", "--seed", "5", "--first", "A", "--deck", sideDeckFile(t),
		"--replay", replay}, in, &out, &errOut)
	if code != 0 {
		t.Fatalf("play --match exited %d: %s", code, errOut.String())
	}
	s := out.String()
	for _, want := range []string{"a best-of-3 match", "Concede this duel? (y/N) The duel goes on.", "Resign the whole match? (y/N) The duel goes on.", "You concede the duel.", "Duel 1: you lost (conceded). Score: you 0 – 1 the agent, 0 draw(s).",
		"Duel 2: you choose — go first or second?", "Type first or second", "Side Deck (5):", "swap N M: N is 1-40",
		"Type 'swap N M', 'done'", "You play duel 2 with 1 swap(s).", "Duel 2: you lost", "Match over: B won 2-0.", "Match replay written"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, tail(s))
		}
	}
	b, err := os.ReadFile(replay)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "      A: second\n      A: side out ") {
		t.Fatalf("the replay lacks the choices:\n%s", b)
	}
	out.Reset()
	if code := run([]string{"replay", "verify", replay}, nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "match of 2 duels: B won 2-0") {
		t.Fatalf("replay verify exited %d:\n%s", code, out.String())
	}
	bad := filepath.Join(t.TempDir(), "bad.duel")
	os.WriteFile(bad, []byte(strings.Replace(string(b), "winner: B\n  A: 0", "winner: A\n  A: 0", 1)), 0o644)
	out.Reset()
	if code := run([]string{"replay", "verify", bad}, nil, &out, &errOut); code != 1 || !strings.Contains(out.String(), "FAIL") {
		t.Fatalf("a tampered match replay: exit %d:\n%s", code, out.String())
	}
}

// TestPlayMatchToTheEnd answers "1" to everything: duel 1 is played out, the side step does not
// understand "1", and the end of the input concedes the match; the replay verifies.
func TestPlayMatchToTheEnd(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "match.duel")
	in := strings.NewReader(strings.Repeat("1\n", 3000))
	var out, errOut bytes.Buffer
	if code := run([]string{"play", "--match", "--seed", "7", "--first", "A", "--deck", sideDeckFile(t), "--replay", replay}, in, &out, &errOut); code != 0 {
		t.Fatalf("play --match exited %d: %s", code, errOut.String())
	}
	if s := out.String(); !strings.Contains(s, "Duel 1: ") || !strings.Contains(s, "Match over: ") {
		t.Fatalf("no duel result or match end:\n%s", tail(s))
	}
	out.Reset()
	if code := run([]string{"replay", "verify", replay}, nil, &out, &errOut); code != 0 {
		t.Fatalf("replay verify exited %d:\n%s", code, out.String())
	}
}

// TestPlayMatchRefusesIllegalSide: a deck whose Side Deck breaks the ruleset is refused.
func TestPlayMatchRefusesIllegalSide(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"play", "--match", "--ruleset", "classic", "--deck", sideDeckFile(t)}, strings.NewReader(""), &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "Side Deck has 5 cards; classic needs exactly 0 or 15") {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
}
