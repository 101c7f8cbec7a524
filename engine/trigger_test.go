package engine

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// testLib is a Library of synthetic scripts for rule tests that no pool card shows.
type testLib map[card.Passcode]*Script

func (l testLib) Script(c card.Passcode) *Script { return l[c] }

func (l testLib) add(t *testing.T, name string, sc *Script) {
	sc.Prepare()
	l[code(t, name)] = sc
}

// whenSentToGY is an optional "When this card is sent to the GY: draw 1" trigger, which can miss
// its timing.
func whenSentToGY() *Script {
	return &Script{Effects: []*Effect{{Kind: Trigger, On: On(EvMove), Range: Locs(GY), Optional: true, When: true,
		TriggerIf: func(c *Ctx) bool { return c.Event().Card == c.Self() && c.Event().To.Loc == GY },
		Resolve:   func(c *Ctx) { c.Draw(c.You(), 1) }}}}
}

// TestOptionalWhenTriggerMissesTiming: an optional "When ..." trigger whose event was not the
// last thing to happen misses its timing; when it was the last thing, its controller is asked.
func TestOptionalWhenTriggerMissesTiming(t *testing.T) {
	lib := testLib{}
	lib.add(t, "Harpie Lady", whenSentToGY())
	// "Pot of Greed" here: send 1 of your monsters to the GY, then draw 1 (something happens after).
	lib.add(t, "Pot of Greed", &Script{Effects: []*Effect{{Kind: Activate,
		Resolve: func(c *Ctx) {
			c.SendToGY(c.Monsters(c.You())[0])
			c.Draw(c.You(), 1)
		}}}})
	// "Dark Hole" here: send 1 of your monsters to the GY and nothing after.
	lib.add(t, "Dark Hole", &Script{Effects: []*Effect{{Kind: Activate,
		Resolve: func(c *Ctx) { c.SendToGY(c.Monsters(c.You())[0]) }}}})
	c := func(n string) card.Passcode { return code(t, n) }
	start := func(spell string) *Duel {
		d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib,
			Seats: [MaxSeats]SeatSetup{
				{Deck: []card.Passcode{c("Celtic Guardian"), c("Celtic Guardian"), c("Celtic Guardian")},
					Hand: []card.Passcode{c(spell)}, Monsters: []MonsterSetup{{Code: c("Harpie Lady"), Pos: FaceUpAtk}}},
				{Deck: []card.Passcode{c("Celtic Guardian")}},
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.AnswerText(`activate "` + spell + `"`); err != nil {
			t.Fatal(err)
		}
		return d
	}
	d := start("Pot of Greed")
	if p := d.Prompt(); p.Kind != PromptIdle {
		t.Fatalf("the trigger did not miss its timing: prompt %s", p.Kind)
	}
	if n := len(d.Pile(A, Hand)); n != 1 {
		t.Fatalf("hand %d, want 1 (the spell's own draw only)", n)
	}
	d.Close()
	d = start("Dark Hole")
	if p := d.Prompt(); p.Kind != PromptYesNo {
		t.Fatalf("the trigger was not offered: prompt %s", p.Kind)
	}
	if err := d.AnswerText("yes"); err != nil {
		t.Fatal(err)
	}
	if n := len(d.Pile(A, Hand)); n != 1 {
		t.Fatalf("hand %d, want 1 (the trigger's draw)", n)
	}
	d.Close()
}

// TestMandatoryTriggerDoesNotMissTiming: a mandatory trigger is chained even when its event was
// not the last thing to happen.
func TestMandatoryTriggerDoesNotMissTiming(t *testing.T) {
	lib := testLib{}
	sc := whenSentToGY()
	sc.Effects[0].Optional, sc.Effects[0].When = false, false
	lib.add(t, "Harpie Lady", sc)
	lib.add(t, "Pot of Greed", &Script{Effects: []*Effect{{Kind: Activate,
		Resolve: func(c *Ctx) {
			c.SendToGY(c.Monsters(c.You())[0])
			c.Draw(c.You(), 1)
		}}}})
	c := func(n string) card.Passcode { return code(t, n) }
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{c("Celtic Guardian"), c("Celtic Guardian"), c("Celtic Guardian")},
				Hand: []card.Passcode{c("Pot of Greed")}, Monsters: []MonsterSetup{{Code: c("Harpie Lady"), Pos: FaceUpAtk}}},
			{Deck: []card.Passcode{c("Celtic Guardian")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.AnswerText(`activate "Pot of Greed"`); err != nil {
		t.Fatal(err)
	}
	if n := len(d.Pile(A, Hand)); n != 2 {
		t.Fatalf("hand %d, want 2 (the spell's draw and the trigger's)", n)
	}
}

// TestOrderPromptForSimultaneousTriggers: a seat with two different simultaneous triggers orders
// them, and the order chosen is the chain's.
func TestOrderPromptForSimultaneousTriggers(t *testing.T) {
	lib := testLib{}
	gain := func(n int) *Script {
		return &Script{Effects: []*Effect{{Kind: Trigger, On: On(EvMove), Range: Locs(GY),
			TriggerIf: func(c *Ctx) bool { return c.Event().Card == c.Self() && c.Event().To.Loc == GY },
			Resolve:   func(c *Ctx) { c.Recover(c.You(), n) }}}}
	}
	lib.add(t, "Harpie Lady", gain(100))
	lib.add(t, "Baby Dragon", gain(200))
	lib.add(t, "Dark Hole", &Script{Effects: []*Effect{{Kind: Activate,
		Resolve: func(c *Ctx) { c.SendToGY(c.Monsters(c.You())...) }}}})
	c := func(n string) card.Passcode { return code(t, n) }
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{c("Celtic Guardian")}, Hand: []card.Passcode{c("Dark Hole")},
				Monsters: []MonsterSetup{{Code: c("Harpie Lady"), Pos: FaceUpAtk}, {Code: c("Baby Dragon"), Pos: FaceUpAtk}}},
			{Deck: []card.Passcode{c("Celtic Guardian")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.AnswerText(`activate "Dark Hole"`); err != nil {
		t.Fatal(err)
	}
	p := d.Prompt()
	if p.Kind != PromptOrder || len(p.Options()) != 2 {
		t.Fatalf("want an order prompt with 2 orders, got %s with %d", p.Kind, len(p.Options()))
	}
	if err := d.AnswerText(`order "Baby Dragon" "Harpie Lady"`); err != nil {
		t.Fatal(err)
	}
	if got := d.ChainNames(); len(got) != 0 {
		t.Fatalf("chain not resolved: %v", got)
	}
	if d.LP(A) != 8300 {
		t.Fatalf("LP %d, want 8300", d.LP(A))
	}
}

// TestMandatoryTriggersBeforeOptional: triggers set off at once go on the chain by SEGOC, the
// turn player's mandatory ones before its optional ones (so the optional one, chain link 2,
// resolves first).
func TestMandatoryTriggersBeforeOptional(t *testing.T) {
	lib := testLib{}
	sentToGY := func(optional bool) *Script {
		return &Script{Effects: []*Effect{{Kind: Trigger, On: On(EvMove), Range: Locs(GY), Optional: optional,
			TriggerIf: func(c *Ctx) bool { return c.Event().Card == c.Self() && c.Event().To.Loc == GY },
			Resolve:   func(c *Ctx) {}}}}
	}
	lib.add(t, "Harpie Lady", sentToGY(false))
	lib.add(t, "Axe Raider", sentToGY(true))
	// "Dark Hole" here: send both of your monsters to the GY at once.
	lib.add(t, "Dark Hole", &Script{Effects: []*Effect{{Kind: Activate,
		Resolve: func(c *Ctx) { c.SendToGY(c.Monsters(c.You())...) }}}})
	c := func(n string) card.Passcode { return code(t, n) }
	for _, order := range [][2]string{{"Axe Raider", "Harpie Lady"}, {"Harpie Lady", "Axe Raider"}} {
		d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib, AlwaysAsk: true,
			Seats: [MaxSeats]SeatSetup{
				{Deck: []card.Passcode{c("Celtic Guardian")}, Hand: []card.Passcode{c("Dark Hole")},
					Monsters: []MonsterSetup{{Code: c(order[0]), Pos: FaceUpAtk}, {Code: c(order[1]), Pos: FaceUpAtk}}},
				{Deck: []card.Passcode{c("Celtic Guardian")}},
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.AnswerText(`activate "Dark Hole"`); err != nil {
			t.Fatal(err)
		}
		for p := d.Prompt(); p != nil && len(d.ChainNames()) < 2; p = d.Prompt() {
			answer := "pass"
			if p.Kind == PromptYesNo {
				answer = "yes"
			}
			if err := d.AnswerText(answer); err != nil {
				t.Fatal(err)
			}
		}
		if got := strings.Join(d.ChainNames(), ","); got != "Harpie Lady,Axe Raider" {
			t.Errorf("monsters %v: chain %s, want the mandatory Harpie Lady as link 1", order, got)
		}
		d.Close()
	}
}
