package engine

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestOnePickAmongMoreThan64Candidates: a one-card choice among more than 64 different cards
// (four Graveyards of a tag duel) lists each card once, as an index, and takes any of them.
func TestOnePickAmongMoreThan64Candidates(t *testing.T) {
	var gy []card.Passcode
	for _, d := range card.Pool().All() {
		if d.IsMonster() && !d.Kind.IsExtra() && len(gy) < 70 {
			gy = append(gy, d.Passcode)
		}
	}
	if len(gy) < 70 {
		t.Fatalf("only %d monsters in the pool", len(gy))
	}
	lib := testLib{}
	lib.add(t, "Pot of Greed", &Script{Effects: []*Effect{{Kind: Activate,
		Resolve: func(c *Ctx) { c.AddToHand(c.SelectCards(c.You(), c.Pile(c.You(), GY), 1, 1, ForNothing)...) }}}})
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{code(t, "Celtic Guardian")}, Hand: []card.Passcode{code(t, "Pot of Greed")}, GY: gy},
			{Deck: []card.Passcode{code(t, "Celtic Guardian")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.AnswerText(`activate "Pot of Greed"`); err != nil {
		t.Fatal(err)
	}
	for p := d.Prompt(); p != nil && p.IsChainWindow(); p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	p := d.Prompt()
	if p.Kind != PromptSelect || len(p.Options()) != 70 {
		t.Fatalf("prompt %s with %d options, want a select of 70", p.Kind, len(p.Options()))
	}
	last := d.Card(p.Candidates[69]).Data.Name
	if err := d.AnswerText(`select "` + last + `"`); err != nil {
		t.Fatal(err)
	}
	hand := d.Pile(A, Hand)
	if len(hand) != 1 || d.Card(hand[0]).Data.Name != last {
		t.Fatalf("the hand holds %v, want %s", hand, last)
	}
}

// TestVerifyViewsCatchesPromptLeak: a prompt that shows its chooser a card it may not see (an
// effect that wrongly lets a seat look at the opponent's hand) is reported by VerifyViews.
func TestVerifyViewsCatchesPromptLeak(t *testing.T) {
	lib := testLib{}
	lib.add(t, "Pot of Greed", &Script{Effects: []*Effect{{Kind: Activate,
		Resolve: func(c *Ctx) { c.SearchCards(c.You(), c.Pile(B, Hand), 1, 1, ForNothing) }}}})
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{code(t, "Celtic Guardian")}, Hand: []card.Passcode{code(t, "Pot of Greed")}},
			{Deck: []card.Passcode{code(t, "Celtic Guardian")}, Hand: []card.Passcode{code(t, "Summoned Skull")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.AnswerText(`activate "Pot of Greed"`); err != nil {
		t.Fatal(err)
	}
	for p := d.Prompt(); p != nil && p.IsChainWindow(); p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	if p := d.Prompt(); p.Kind != PromptSelect {
		t.Fatalf("prompt %s, want a select", p.Kind)
	}
	err = d.VerifyViews()
	if err == nil || !strings.Contains(err.Error(), "Summoned Skull") {
		t.Fatalf("VerifyViews = %v, want the leak of Summoned Skull reported", err)
	}
}

// TestOncePerTurnPastTheFourthEffect: a once-per-turn limit holds on any effect of a card, its
// fifth included.
func TestOncePerTurnPastTheFourthEffect(t *testing.T) {
	var effs []*Effect
	for i := 0; i < 5; i++ {
		effs = append(effs, &Effect{Kind: Ignition, OncePerTurn: i == 4, Resolve: func(c *Ctx) {}})
	}
	lib := testLib{}
	lib.add(t, "Celtic Guardian", &Script{Effects: effs})
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{code(t, "Axe Raider")}, Monsters: []MonsterSetup{{Code: code(t, "Celtic Guardian"), Pos: FaceUpAtk}}},
			{Deck: []card.Passcode{code(t, "Axe Raider")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.AnswerText(`activate "Celtic Guardian" 5`); err != nil {
		t.Fatal(err)
	}
	for p := d.Prompt(); p != nil && p.IsChainWindow(); p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.ParseOption(`activate "Celtic Guardian" 5`); err == nil {
		t.Fatal("the fifth effect, once per turn, is offered a second time")
	}
	if _, err := d.ParseOption(`activate "Celtic Guardian" 4`); err != nil {
		t.Fatalf("the fourth effect, unlimited, is not offered: %v", err)
	}
}

// TestGroupSelectBeyondTwentyCandidates: a group select (Ctx.SelectGroup) takes any of its
// candidates: among 30, one prompt lists the groups that hold the 29th and 30th; among 70, the
// group is picked one card at a time, offering only cards that a valid group holds with those
// picked, and an empty select to stop once the cards picked are a valid group. It failed when
// the select kept only the first 20 candidates.
func TestGroupSelectBeyondTwentyCandidates(t *testing.T) {
	var gy []card.Passcode
	seen := map[string]bool{}
	for _, d := range card.Pool().All() {
		if d.IsMonster() && !d.Kind.IsExtra() && d.Level > 0 && !seen[d.Name] && len(gy) < 70 {
			seen[d.Name] = true
			gy = append(gy, d.Passcode)
		}
	}
	if len(gy) < 70 {
		t.Fatalf("only %d monsters in the pool", len(gy))
	}
	for _, n := range []int{30, 70} {
		sameLevel := func(c *Ctx, ids []CardID) bool {
			for _, id := range ids {
				if c.Level(id) != c.Level(ids[0]) {
					return false
				}
			}
			return len(ids) > 0
		}
		lib := testLib{}
		lib.add(t, "Pot of Greed", &Script{Effects: []*Effect{{Kind: Activate,
			Resolve: func(c *Ctx) {
				c.AddToHand(c.SelectGroup(c.You(), c.Pile(c.You(), GY), 1, 2, ForNothing,
					func(ids []CardID) bool { return sameLevel(c, ids) })...)
			}}}})
		d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1, Cards: lib,
			Seats: [MaxSeats]SeatSetup{
				{Deck: []card.Passcode{code(t, "Celtic Guardian")}, Hand: []card.Passcode{code(t, "Pot of Greed")}, GY: gy[:n]},
				{Deck: []card.Passcode{code(t, "Celtic Guardian")}},
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.AnswerText(`activate "Pot of Greed"`); err != nil {
			t.Fatal(err)
		}
		for p := d.Prompt(); p != nil && p.IsChainWindow(); p = d.Prompt() {
			if err := d.AnswerText("pass"); err != nil {
				t.Fatal(err)
			}
		}
		p := d.Prompt()
		lastID := p.Candidates[len(p.Candidates)-1]
		last := d.Card(lastID)
		want := []string{last.Data.Name}
		if n == 30 {
			// One prompt: the 30th with another of its Level (or alone).
			if p.Kind != PromptSelect || p.Max != 2 || len(p.Candidates) != 30 {
				t.Fatalf("n=30: prompt %s max %d of %d candidates, want one select of up to 2 among 30", p.Kind, p.Max, len(p.Candidates))
			}
			if err := d.AnswerText(`select "` + last.Data.Name + `"`); err != nil {
				t.Fatal(err)
			}
		} else {
			if p.Kind != PromptSelect || p.Max != 1 || p.Min != 1 {
				t.Fatalf("n=70: prompt %s min %d max %d, want a select of 1", p.Kind, p.Min, p.Max)
			}
			if err := d.AnswerText(`select "` + last.Data.Name + `"`); err != nil {
				t.Fatal(err)
			}
			p = d.Prompt()
			if p.Kind != PromptSelect || p.Min != 0 || p.Max != 1 {
				t.Fatalf("n=70 second pick: prompt %s min %d max %d, want a select of 0 to 1", p.Kind, p.Min, p.Max)
			}
			for _, id := range p.Candidates {
				if d.Card(id).Data.Level != last.Data.Level || id == lastID {
					t.Fatalf("n=70 second pick offers %s (Level %d) with %s (Level %d)", d.Card(id).Data.Name, d.Card(id).Data.Level, last.Data.Name, last.Data.Level)
				}
			}
			if err := d.AnswerText("select"); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		for _, id := range d.Pile(A, Hand) {
			got = append(got, d.Card(id).Data.Name)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("n=%d: the hand holds %v, want %v", n, got, want)
		}
	}
}
