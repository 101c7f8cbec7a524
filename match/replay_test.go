package match

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/engine"
)

func agents(seed uint64) [2]agent.Agent {
	return [2]agent.Agent{agent.NewGreedy(seed), agent.NewRandom(seed + 1)}
}

func replayOf(t *testing.T, m *Match) string {
	t.Helper()
	var b bytes.Buffer
	if err := m.WriteReplay(&b, "a test match"); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// sameRecord compares what a replay must reproduce of a match.
func sameRecord(t *testing.T, a, b Record) {
	t.Helper()
	if a.Outcome != b.Outcome || a.Reason != b.Reason || len(a.Duels) != len(b.Duels) || !slices.Equal(a.After, b.After) {
		t.Fatalf("match: %s (%s) %d duels vs %s (%s) %d duels", a.Outcome, a.Reason, len(a.Duels), b.Outcome, b.Reason, len(b.Duels))
	}
	for i := range a.Duels {
		x, y := a.Duels[i], b.Duels[i]
		if x.Seed != y.Seed || x.First != y.First || x.Outcome != y.Outcome || x.Reason != y.Reason || x.End != y.End ||
			!slices.Equal(x.Before, y.Before) || !slices.Equal(x.Moves, y.Moves) || !x.Decks[0].Equal(y.Decks[0]) || !x.Decks[1].Equal(y.Decks[1]) {
			t.Fatalf("duel %d differs:\n%+v\n%+v", i+1, x, y)
		}
	}
}

// TestReplayOfAgentMatch: a whole match of agents is written, verified, and a tampered copy fails.
func TestReplayOfAgentMatch(t *testing.T) {
	m := newMatch(t, "ocg", engine.FirstRPS)
	if _, err := Play(m, agents(11), 4000); err != nil {
		t.Fatal(err)
	}
	src := replayOf(t, m)
	if !IsReplay([]byte(src)) {
		t.Fatal("IsReplay is false for a match replay")
	}
	v, err := Verify([]byte(src), testCards)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	sameRecord(t, m.Record(), v.Record())
	if again := replayOf(t, v); again != src {
		t.Fatal("the verified match writes another replay")
	}
	// Tampering: a move, a final LP, the match's result.
	i := strings.Index(src, "    moves: |\n")
	tampered := src[:i] + "    moves: |\n      A: lizard\n" + src[i+len("    moves: |\n"):]
	lp := strings.Replace(src, "A.lp: ", "A.lp: 1", 1)
	res := strings.Replace(src, "result:\n  winner: "+m.Result().String(), "result:\n  winner: draw", 1)
	for what, bad := range map[string]string{"move": tampered, "lp": lp, "result": res} {
		if _, err := Verify([]byte(bad), testCards); err == nil {
			t.Errorf("a replay with a tampered %s verified", what)
		} else {
			t.Logf("tampered %s: %v", what, err)
		}
	}
}

// TestReplayOfEverything: first-player choices, side decking, a drawn duel, a concession and a
// match conceded between duels all replay.
func TestReplayOfEverything(t *testing.T) {
	m := newMatch(t, "classic", engine.FirstCoin)
	// Duel 1: a few agent answers (the coin toss included), then a draw by time.
	for range 30 {
		p := m.Prompt()
		if err := m.Answer(agents(5)[p.Seat].Choose(m.Duel(), p.Duel)); err != nil {
			t.Fatal(err)
		}
	}
	play(t, m, 'D')
	chooser := m.Prompt().Seat
	if err := m.ChooseFirst(false); err != nil {
		t.Fatal(err)
	}
	reg := m.Registered(engine.A)
	swap := []Swap{{Out: reg.Main[3], In: reg.Side[2]}, {Out: reg.Main[7], In: reg.Side[5]}}
	if err := m.AnswerSide(swap); err != nil {
		t.Fatal(err)
	}
	if err := m.AnswerText("side keep"); err != nil {
		t.Fatal(err)
	}
	if m.Duel().First() != chooser.Other() {
		t.Fatalf("%s chose second", chooser)
	}
	play(t, m, 'A') // B concedes duel 2
	if err := m.ChooseFirst(true); err != nil {
		t.Fatal(err)
	}
	if err := m.AnswerText("side keep"); err != nil {
		t.Fatal(err)
	}
	if err := m.Concede(engine.B); err != nil { // at B's side prompt: B concedes the match
		t.Fatal(err)
	}
	expectResult(t, m, WinA, "B conceded the match")
	src := replayOf(t, m)
	for _, want := range []string{"first: coin", `draw: "time"`, "      A: side out ", "      B: first\n", "  - before: |\n      B: first\n      A: side keep\n      B: concede match\n",
		"result:\n  winner: A\n  A: 1\n  B: 0\n  draws: 1\n"} {
		if !strings.Contains(src, want) {
			t.Errorf("the replay lacks %q:\n%s", want, src)
		}
	}
	v, err := Verify([]byte(src), testCards)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	sameRecord(t, m.Record(), v.Record())
	// An illegal side deck in a replay is reported with its reason.
	bad := strings.Replace(src, "      A: side out \""+name(reg.Main[3]), "      A: side out \"Mirror Force", 1)
	if _, err := Verify([]byte(bad), testCards); err == nil || !strings.Contains(err.Error(), `takes out "Mirror Force"`) {
		t.Fatalf("an illegal side deck: %v", err)
	}
	// A duel cut from the file: the match is not over where the file says.
	cut := strings.Replace(src, `draw: "time"`, "", 1)
	if _, err := Verify([]byte(cut), testCards); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Fatalf("a duel without its end: %v", err)
	}
}

func TestVerifyRejects(t *testing.T) {
	m := newMatch(t, "ocg", engine.FirstA)
	play(t, m, 'B')
	between(t, m, engine.A, true)
	play(t, m, 'B')
	src := replayOf(t, m)
	if _, err := Verify([]byte(src), testCards); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for what, bad := range map[string]string{
		"unknown key":     src + "frob: 1\n",
		"engine":          strings.Replace(src, "engine: duelist-1", "engine: duelist-0", 1),
		"seed":            strings.Replace(src, "seed: 7\n", "seed: 8\n", 1),
		"a duel too many": strings.Replace(src, "result:", "  - moves: |\n      A: concede\nresult:", 1),
		"a wrong seat":    strings.Replace(src, "      A: first\n", "      B: first\n", 1),
		"a ? line":        strings.Replace(src, "      A: first\n", "      A: first\n      ? A.lp = 8000\n", 1),
		"bad expect key":  strings.Replace(src, "      turn:", "      A.hand: []\n      turn:", 1),
		"bad winner":      strings.Replace(src, "    expect:\n      winner: B", "    expect:\n      winner: C", 1),
	} {
		if _, err := Verify([]byte(bad), testCards); err == nil {
			t.Errorf("%s: verified", what)
		} else {
			t.Logf("%s: %v", what, err)
		}
	}
}
