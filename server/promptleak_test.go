package server

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/scenario"
)

// TestPromptLeaksOfHiddenCandidates sends the state message of a select prompt among hidden cards
// (The Inexperienced Spy on the opponent's hand; anime Monster Reborn on the opponent's hidden
// Graveyard) and checks it with the leak fuzzer's own rule: no candidate, option card or option
// text names a card the chooser may not see.
func TestPromptLeaksOfHiddenCandidates(t *testing.T) {
	cases := map[string]string{
		"spy": `title: spy
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  hand: ["The Inexperienced Spy"]
B:
  deck: ["Celtic Guardian"]
  hand: ["Summoned Skull", "Dark Magician"]
moves: |
  A: activate "The Inexperienced Spy"
`,
		"anime reborn": `title: reborn
ruleset: anime
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  hand: ["Monster Reborn"]
  gy: ["Celtic Guardian"]
B:
  deck: ["Celtic Guardian"]
  gy: ["Summoned Skull"]
moves: |
  A: activate "Monster Reborn"
`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			f, err := scenario.Parse([]byte(src))
			if err != nil {
				t.Fatal(err)
			}
			f.Cards = all.Library()
			d, err := f.Run()
			if err != nil {
				t.Fatal(err)
			}
			if p := d.Prompt(); p == nil || p.Kind != engine.PromptSelect {
				t.Fatalf("prompt %+v, want a select", p)
			}
			rs, err := ruleset.Get("ocg")
			if err != nil {
				t.Fatal(err)
			}
			r := newRoom(NewHub(Options{Logf: testLogf(t)}), "LEAK01", roomConfig{ruleset: rs, timeLimit: time.Hour})
			r.duel = d
			b, err := json.Marshal(r.stateFor(0, nil))
			if err != nil {
				t.Fatal(err)
			}
			if err := checkMessage(d, 0, b, nil); err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
		})
	}
}
