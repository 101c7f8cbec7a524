package match

import (
	"errors"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
)

// sideFrom fills a Side Deck of n Main Deck cards taken from other preconstructed decks, keeping
// at most 3 copies of a card across the whole deck.
func sideFrom(t *testing.T, d deck.Deck, n int, from ...string) []card.Passcode {
	t.Helper()
	for _, name := range from {
		src, err := decks.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range src.Main {
			if len(d.Side) == n {
				return d.Side
			}
			if d.Count(p) < 3 {
				d.Side = append(d.Side, p)
			}
		}
	}
	t.Fatalf("not enough cards for a side deck of %d", n)
	return nil
}

// testDecks returns Yugi's and Kaiba's 40-card decks, each with a Side Deck of 15.
func testDecks(t *testing.T) [2]deck.Deck {
	t.Helper()
	var out [2]deck.Deck
	for i, name := range []string{"yugi-40", "kaiba-40"} {
		d, err := decks.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		d.Side = sideFrom(t, d, 15, "yugi", "kaiba", "5ds")
		out[i] = d
	}
	return out
}

func newMatch(t *testing.T, rs string, first engine.FirstMode) *Match {
	t.Helper()
	m, err := New(Config{Cards: testCards, Ruleset: mustRuleset(t, rs), Decks: testDecks(t), Seed: 7, First: first})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// expectPrompt fails unless the match waits for that kind of answer from that seat.
func expectPrompt(t *testing.T, m *Match, k PromptKind, s engine.Seat) {
	t.Helper()
	p := m.Prompt()
	if p == nil {
		t.Fatalf("the match is over (%s); want seat %s's %s prompt", m.Reason(), s, k)
	}
	if p.Kind != k || p.Seat != s {
		t.Fatalf("pending: seat %s's %s prompt (duel %d); want seat %s's %s", p.Seat, p.Kind, p.N, s, k)
	}
}

// between answers the match prompts after a duel: the chooser's choice (if asked), then both
// seats keep their decks.
func between(t *testing.T, m *Match, chooser engine.Seat, goFirst bool) {
	t.Helper()
	expectPrompt(t, m, PromptFirst, chooser)
	if err := m.ChooseFirst(goFirst); err != nil {
		t.Fatal(err)
	}
	keep(t, m)
}

func keep(t *testing.T, m *Match) {
	t.Helper()
	for s := engine.A; s <= engine.B; s++ {
		expectPrompt(t, m, PromptSide, s)
		if err := m.AnswerText("side keep"); err != nil {
			t.Fatal(err)
		}
	}
	expectPrompt(t, m, PromptDuel, m.Prompt().Seat)
}

// play ends the current duel: "A"/"B" = that seat wins (the other concedes), "D" = a draw.
func play(t *testing.T, m *Match, result byte) {
	t.Helper()
	var err error
	switch result {
	case 'A':
		err = m.Concede(engine.B)
	case 'B':
		err = m.Concede(engine.A)
	case 'D':
		err = m.DrawDuel("time")
	}
	if err != nil {
		t.Fatal(err)
	}
}

func expectResult(t *testing.T, m *Match, want Outcome, reason string) {
	t.Helper()
	if m.Prompt() != nil || !m.Over() || m.Result() != want || m.Reason() != reason {
		t.Fatalf("match: over %v, result %s (%q); want %s (%q)", m.Over(), m.Result(), m.Reason(), want, reason)
	}
	if err := m.Concede(engine.A); !errors.Is(err, ErrMatchOver) {
		t.Fatalf("an answer after the end: %v", err)
	}
}

func TestTwoNil(t *testing.T) {
	m := newMatch(t, "ocg", engine.FirstA)
	play(t, m, 'B')
	between(t, m, engine.A, true)
	if m.Number() != 2 || m.Duel().First() != engine.A {
		t.Fatalf("duel %d, first %s", m.Number(), m.Duel().First())
	}
	play(t, m, 'B')
	expectResult(t, m, WinB, "B won 2-0")
	if w, d := m.Score(); w != [2]int{0, 2} || d != 0 {
		t.Fatalf("score %v %d", w, d)
	}
}

func TestTwoOne(t *testing.T) {
	m := newMatch(t, "classic", engine.FirstA)
	play(t, m, 'A')
	between(t, m, engine.B, true)
	play(t, m, 'B')
	between(t, m, engine.A, false)
	play(t, m, 'A')
	expectResult(t, m, WinA, "A won 2-1")
	r := m.Record()
	if len(r.Duels) != 3 || r.Duels[1].Chooser != int8(engine.B) || r.Duels[2].First != engine.FirstB {
		t.Fatalf("record %+v", r.Duels)
	}
}

// TestLoserChooses: the loser of a duel chooses, and its choice decides who takes turn 1.
func TestLoserChooses(t *testing.T) {
	m := newMatch(t, "ocg", engine.FirstA)
	play(t, m, 'A')
	expectPrompt(t, m, PromptFirst, engine.B)
	if err := m.AnswerText("third"); err == nil {
		t.Fatal("\"third\" was accepted")
	}
	if err := m.AnswerText("second"); err != nil {
		t.Fatal(err)
	}
	keep(t, m)
	if d := m.Duel(); d.First() != engine.A || m.Record().Duels[1].First != engine.FirstA {
		t.Fatalf("B chose second, but %s goes first", d.First())
	}
	play(t, m, 'A')
	expectResult(t, m, WinA, "A won 2-0")
}

// TestRPSWinnerChoosesAgainAfterDraw: the first duel is decided by rock-paper-scissors inside the
// duel; after a drawn duel the player who chose in it chooses again.
func TestRPSWinnerChoosesAgainAfterDraw(t *testing.T) {
	m := newMatch(t, "ocg", engine.FirstRPS)
	for _, a := range []string{"rock", "scissors", "second"} {
		if err := m.AnswerText(a); err != nil {
			t.Fatal(err)
		}
	}
	if m.Duel().First() != engine.B || m.Record().Duels[0].Chooser != int8(engine.A) {
		t.Fatalf("A won the rps and chose second; first %s", m.Duel().First())
	}
	play(t, m, 'D')
	between(t, m, engine.A, true)
	if m.Duel().First() != engine.A {
		t.Fatal("A chose first")
	}
}

// TestDrawWithoutChooser: when the host fixed duel 1's first player and it was drawn, duel 2 is
// decided the same way, with no prompt.
func TestDrawWithoutChooser(t *testing.T) {
	m := newMatch(t, "ocg", engine.FirstB)
	play(t, m, 'D')
	keep(t, m)
	if m.Duel().First() != engine.B || m.Number() != 2 {
		t.Fatalf("duel %d first %s", m.Number(), m.Duel().First())
	}
}

// TestDrawRules plays the same duel results under ocg and classic.
func TestDrawRules(t *testing.T) {
	cases := []struct {
		ruleset, duels string
		want           Outcome
		reason         string
	}{
		{"classic", "ADD", WinA, "A won 1-0 with 2 draws"},
		{"classic", "DDB", WinB, "B won 1-0 with 2 draws"},
		{"classic", "ADB", Draw, "a drawn match, 1-1 with 1 draw"},
		{"classic", "DDD", Draw, "a drawn match, 0-0 with 3 draws"},
		{"ocg", "ADDA", WinA, "A won 2-0 with 2 draws"},
		{"ocg", "ADBB", WinB, "B won 2-1 with 1 draw"},
		{"ocg", "ADDDD", WinA, "A won 1-0 with 4 draws"},
		{"ocg", "ADBDD", Draw, "a drawn match, 1-1 with 3 draws"},
		{"anime", "DAA", WinA, "A won 2-0 with 1 draw"},
	}
	for _, c := range cases {
		t.Run(c.ruleset+"-"+c.duels, func(t *testing.T) {
			m := newMatch(t, c.ruleset, engine.FirstA)
			for i := range len(c.duels) {
				if i > 0 {
					p := m.Prompt()
					if p == nil {
						t.Fatalf("the match ended after %d duels (%s)", i, m.Reason())
					}
					if p.Kind == PromptFirst {
						between(t, m, p.Seat, true)
					} else {
						keep(t, m)
					}
				}
				play(t, m, c.duels[i])
			}
			expectResult(t, m, c.want, c.reason)
		})
	}
}

func TestConcedeMatch(t *testing.T) {
	// During a duel: the duel is lost too.
	m := newMatch(t, "ocg", engine.FirstA)
	play(t, m, 'A')
	between(t, m, engine.B, true)
	if err := m.ConcedeMatch(engine.A); err != nil {
		t.Fatal(err)
	}
	expectResult(t, m, WinB, "A conceded the match")
	r := m.Record()
	if d := r.Duels[1]; d.Outcome != WinB || d.Moves[len(d.Moves)-1] != "A: concede match" {
		t.Fatalf("duel 2: %s %v", d.Outcome, d.Moves)
	}
	// Between duels, Concede concedes the match.
	m = newMatch(t, "ocg", engine.FirstA)
	play(t, m, 'B')
	if err := m.ChooseFirst(true); err != nil {
		t.Fatal(err)
	}
	if err := m.Concede(engine.B); err != nil {
		t.Fatal(err)
	}
	expectResult(t, m, WinA, "B conceded the match")
	if r := m.Record(); len(r.Duels) != 1 || strings.Join(r.After, "|") != "A: first|B: concede match" {
		t.Fatalf("record: %d duels, after %q", len(r.Duels), r.After)
	}
}

// TestWrongPrompt: an answer of the wrong kind is refused and changes nothing.
func TestWrongPrompt(t *testing.T) {
	m := newMatch(t, "ocg", engine.FirstA)
	if err := m.ChooseFirst(true); !errors.Is(err, ErrWrongPrompt) {
		t.Fatalf("ChooseFirst during a duel: %v", err)
	}
	if err := m.AnswerSide(nil); !errors.Is(err, ErrWrongPrompt) {
		t.Fatalf("AnswerSide during a duel: %v", err)
	}
	play(t, m, 'A')
	if err := m.Answer(engine.Option{Kind: engine.OptPass}); !errors.Is(err, ErrWrongPrompt) {
		t.Fatalf("a duel answer between duels: %v", err)
	}
	if err := m.DrawDuel("time"); !errors.Is(err, ErrWrongPrompt) {
		t.Fatalf("DrawDuel between duels: %v", err)
	}
	expectPrompt(t, m, PromptFirst, engine.B)
}

func TestNewRefuses(t *testing.T) {
	ds := testDecks(t)
	ds[1].Side = append(ds[1].Side, ds[1].Side[0]) // 16 cards
	if _, err := New(Config{Cards: testCards, Ruleset: mustRuleset(t, "ocg"), Decks: ds}); err == nil || !strings.Contains(err.Error(), "Side Deck has 16 cards") {
		t.Fatalf("a 16-card Side Deck: %v", err)
	}
	if _, err := New(Config{Cards: testCards, Ruleset: mustRuleset(t, "kouhu"), Decks: testDecks(t)}); err == nil {
		t.Fatal("a kouhu match was started")
	}
}

// TestAgentsPlayAMatch plays whole matches with the greedy and random agents.
func TestAgentsPlayAMatch(t *testing.T) {
	for _, rs := range []string{"ocg", "classic"} {
		m := newMatch(t, rs, engine.FirstRPS)
		n, err := Play(m, agents(3), 4000)
		if err != nil {
			t.Fatal(err)
		}
		r := m.Record()
		if !m.Over() || m.Result() == Pending || Decide(m.Ruleset().Match, m.outcomes()) != m.Result() {
			t.Fatalf("%s: %d answers, result %s", rs, n, m.Result())
		}
		t.Logf("%s: %s after %d duels, %d answers", rs, m.Reason(), len(r.Duels), n)
	}
}
