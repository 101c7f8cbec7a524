package match

import (
	"testing"

	"github.com/duelistgame/duelist/ruleset"
)

// outcomes reads a string of duel outcomes: A, B, D (draw).
func outcomes(s string) []Outcome {
	var out []Outcome
	for _, c := range s {
		out = append(out, map[rune]Outcome{'A': WinA, 'B': WinB, 'D': Draw}[c])
	}
	return out
}

func mustRuleset(t *testing.T, id string) ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestDecide is the match rule of each ruleset, duel by duel.
func TestDecide(t *testing.T) {
	cases := []struct {
		ruleset, duels string
		want           Outcome
	}{
		// Best of 3: first to 2 wins, under every ruleset.
		{"ocg", "", Pending},
		{"ocg", "A", Pending},
		{"ocg", "AA", WinA},
		{"ocg", "AB", Pending},
		{"ocg", "ABB", WinB},
		{"ocg", "BAA", WinA},
		{"classic", "BB", WinB},
		{"classic", "ABA", WinA},
		{"anime", "AA", WinA},
		// classic (seed 002): a draw counts as one of the 3 duels; 1 win + 2 draws wins the match,
		// 1 win, 1 draw, 1 loss is a drawn match.
		{"classic", "AD", Pending},
		{"classic", "ADD", WinA},
		{"classic", "DBD", WinB},
		{"classic", "DDA", WinA},
		{"classic", "ABD", Draw},
		{"classic", "DAB", Draw},
		{"classic", "DDD", Draw},
		{"classic", "ADA", WinA},
		// ocg (the official rule): a drawn duel does not count and another duel is played, up to 5
		// duels; then more wins wins and equal wins draw.
		{"ocg", "ADD", Pending},
		{"ocg", "ABD", Pending},
		{"ocg", "ADA", WinA},
		{"ocg", "ABDB", WinB},
		{"ocg", "DDDD", Pending},
		{"ocg", "ADDDD", WinA},
		{"ocg", "ABDDD", Draw},
		{"ocg", "DDDDD", Draw},
		{"anime", "ADD", Pending},
		{"kouhu", "ADDDD", WinA},
	}
	for _, c := range cases {
		if got := Decide(mustRuleset(t, c.ruleset).Match, outcomes(c.duels)); got != c.want {
			t.Errorf("%s %q: %s, want %s", c.ruleset, c.duels, got, c.want)
		}
	}
}

// TestRulesetsHaveMatchRules: every registered ruleset has a match rule a match can end by.
func TestRulesetsHaveMatchRules(t *testing.T) {
	for _, rs := range ruleset.All() {
		if err := checkRule(rs.Match); err != nil {
			t.Errorf("%s: %v", rs.ID, err)
		}
	}
	if checkRule(ruleset.MatchRule{Wins: 2, Duels: 2}) == nil {
		t.Error("a best of 2 with 2 wins needed was accepted")
	}
}

func TestDuelSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for n := 1; n <= 5; n++ {
		s := DuelSeed(42, n)
		if seen[s] || s != DuelSeed(42, n) || s == DuelSeed(43, n) {
			t.Fatalf("DuelSeed(42, %d) = %d is not a fresh, stable seed", n, s)
		}
		seen[s] = true
	}
}

func TestOutcomeText(t *testing.T) {
	for o, want := range map[Outcome]string{Pending: "none", WinA: "A", WinB: "B", Draw: "draw"} {
		if o.String() != want {
			t.Errorf("%d: %q", o, o.String())
		}
		if back, err := parseOutcome(want); err != nil || back != o {
			t.Errorf("parseOutcome(%q) = %v, %v", want, back, err)
		}
	}
}
