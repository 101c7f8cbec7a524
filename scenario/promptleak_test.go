package scenario

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/engine"
)

// startAt parses a scenario, plays its moves and returns the duel at the prompt they lead to.
func startAt(t *testing.T, src string) *engine.Duel {
	t.Helper()
	f, err := parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.Run()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestInexperiencedSpyChoosesBlind: The Inexperienced Spy chooses a card of the opponent's hand
// without seeing it (by its place, `select ?@B:H2`); only the chosen card is then shown, and to
// the Spy's controller alone.
func TestInexperiencedSpyChoosesBlind(t *testing.T) {
	d := startAt(t, `title: spy
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  hand: ["The Inexperienced Spy"]
B:
  deck: ["Celtic Guardian"]
  hand: ["Summoned Skull", "Dark Magician", "Kuriboh"]
moves: |
  A: activate "The Inexperienced Spy"
`)
	p := d.Prompt()
	if p == nil || p.Kind != engine.PromptSelect || p.Seat != engine.A {
		t.Fatalf("prompt %+v, want A's select", p)
	}
	if err := d.VerifyViews(); err != nil {
		t.Fatal(err)
	}
	pv := d.PromptView(engine.A)
	for _, cv := range pv.Candidates {
		if !cv.Hidden() {
			t.Errorf("candidate %s at %v is shown to A", cv.Name, cv.Place)
		}
	}
	var texts []string
	for _, o := range pv.Options {
		texts = append(texts, o.Text)
	}
	if want := "select ?@B:H1|select ?@B:H2|select ?@B:H3"; strings.Join(texts, "|") != want {
		t.Fatalf("A's options %q, want %q", texts, want)
	}
	o, err := d.ParseOptionFor(engine.A, "select ?@B:H2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.ParseOptionFor(engine.A, `select "Dark Magician"`); err == nil {
		t.Fatal("A could name a card of B's hand it cannot see")
	}
	picked := p.Candidates[1]
	if err := d.Answer(o); err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, e := range d.Events() {
		if e.Kind != engine.EvConfirm {
			continue
		}
		shown++
		if e.Card != picked || d.EventView(e, engine.A).Name != "Dark Magician" {
			t.Fatalf("A is shown %q, want the chosen Dark Magician", d.EventView(e, engine.A).Name)
		}
		if pub := d.PublicEventView(e); pub.Code != 0 {
			t.Fatalf("spectators are shown %s", pub.Name)
		}
	}
	if shown != 1 {
		t.Fatalf("%d cards confirmed, want 1", shown)
	}
}

// TestMonsterRebornHiddenGraveyardInPrompt: under anime, Monster Reborn's target prompt shows the
// chooser its own Graveyard but not the opponent's hidden one, whose monsters are chosen by place.
func TestMonsterRebornHiddenGraveyardInPrompt(t *testing.T) {
	d := startAt(t, `title: reborn
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
  gy: ["Summoned Skull", "Dark Magician"]
moves: |
  A: activate "Monster Reborn"
`)
	p := d.Prompt()
	if p == nil || p.Kind != engine.PromptSelect || p.Seat != engine.A {
		t.Fatalf("prompt %+v, want A's select", p)
	}
	if err := d.VerifyViews(); err != nil {
		t.Fatal(err)
	}
	pv := d.PromptView(engine.A)
	var texts []string
	for i, cv := range pv.Candidates {
		own := d.Card(p.Candidates[i]).Place.Seat == engine.A
		if cv.Hidden() == own {
			t.Errorf("candidate %d at %v: hidden %v, want %v", i, cv.Place, cv.Hidden(), !own)
		}
	}
	for _, o := range pv.Options {
		texts = append(texts, o.Text)
		if strings.Contains(o.Text, "Skull") || strings.Contains(o.Text, "Magician") {
			t.Errorf("option %q names a card of B's hidden Graveyard", o.Text)
		}
	}
	if _, err := d.ParseOptionFor(engine.A, "select ?@B:GY2"); err != nil {
		t.Fatalf("A cannot choose B's second Graveyard card by place: %v (options %q)", err, texts)
	}
}
