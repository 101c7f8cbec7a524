package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/engine"
)

// docPosition is a position where every example answer of docs/terminal.md has its option.
const docPosition = `ruleset: ocg
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  hand: ["Celtic Guardian", "Mystical Elf", "Great White", "Blue-Eyes White Dragon", "Monster Reborn"]
  monsters: ["Summoned Skull", "Axe Raider"]
  gy: ["Dark Magician"]
B:
  deck: ["Celtic Guardian"]
  monsters: ["Kuriboh"]
`

// TestTerminalDocExamples runs the example answers of docs/terminal.md's "Answers" section: each
// is understood at a position where its option exists (a summon or Set at the Main Phase, an
// attack at the Battle Step, a card without its verb at a selection), and the "which one?"
// example is the error printed (but for the options' numbers).
func TestTerminalDocExamples(t *testing.T) {
	b, err := os.ReadFile("../../docs/terminal.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, "## Answers"), strings.Index(doc, "## Tests")
	if i < 0 || j < i {
		t.Fatal("docs/terminal.md has no Answers section")
	}
	spans := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(doc[i:j], -1)
	tried := 0
	for _, m := range spans {
		ex := strings.Join(strings.Fields(m[1]), " ")
		d := startPosition(t, docPosition)
		answer := func(line string) (string, error) {
			o, err := forgivingAnswer(d, d.Prompt(), engine.A, line)
			if err != nil {
				return "", err
			}
			return d.OptionTextFor(engine.A, o), nil
		}
		first := strings.Fields(ex)[0]
		switch {
		case strings.HasPrefix(ex, "which one? "):
			q := regexp.MustCompile(`^which one\? "([^"]+)"`).FindStringSubmatch(ex)[1]
			num := regexp.MustCompile(`\d+\)`) // the options' numbers depend on the position
			if _, err := answer(q); err == nil || num.ReplaceAllString(err.Error(), "N)") != num.ReplaceAllString(ex, "N)") {
				t.Errorf("%q says %v; the doc says %q", q, err, ex)
			}
		case first == "summon" || first == "sum" || first == "set":
			if got, err := answer(ex); err != nil {
				t.Errorf("the doc's %q: %v", ex, err)
			} else {
				t.Logf("%q -> %s", ex, got)
			}
		case first == "attack":
			if err := d.AnswerText("battle"); err != nil {
				t.Fatal(err)
			}
			if got, err := answer(ex); err != nil {
				t.Errorf("the doc's %q: %v", ex, err)
			} else {
				t.Logf("%q -> %s", ex, got)
			}
		case ex == "dark mag":
			for _, line := range []string{`activate "Monster Reborn"`} {
				if err := d.AnswerText(line); err != nil {
					t.Fatal(err)
				}
			}
			if got, err := answer(ex); err != nil || !strings.Contains(got, "Dark Magician") {
				t.Errorf("the doc's %q at a selection: %q, %v", ex, got, err)
			}
		default:
			continue
		}
		tried++
	}
	if tried < 8 {
		t.Errorf("only %d examples were tried", tried)
	}
}
