package engine

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

const (
	celtic   card.Passcode = 91152256 // Celtic Guardian
	feral    card.Passcode = 41392891 // Feral Imp
	elf      card.Passcode = 15025844 // Mystical Elf
	skullPas card.Passcode = 70781052 // Summoned Skull
)

// chanceDuel is A's Main Phase with a Celtic Guardian whose Ignition effect runs do, and a hand.
func chanceDuel(t *testing.T, seed uint64, do func(c *Ctx)) *Duel {
	t.Helper()
	sc := &Script{Effects: []*Effect{{Kind: Ignition, Resolve: do}}}
	sc.Prepare()
	pos := Position{Rules: OCG(), Seed: seed, Turn: 3, Player: A, Phase: Main1, Idle: true,
		Cards: testLib{celtic: sc}}
	pos.Seats[A].Deck = []card.Passcode{feral, feral}
	pos.Seats[B].Deck = []card.Passcode{feral, feral}
	pos.Seats[A].Hand = []card.Passcode{feral, elf, skullPas}
	pos.Seats[A].Monsters = []MonsterSetup{{Code: celtic, Pos: FaceUpAtk}}
	d, err := NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	if err := d.AnswerText(`activate "Celtic Guardian"`); err != nil {
		t.Fatal(err)
	}
	for p := d.Prompt(); p != nil && p.Kind == PromptChain; p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// TestCoinsDiceAndRandomPicks: coins, a die and random picks come from the duel's PRNG (the same
// seed gives the same outcomes, other seeds others), each toss and roll is an event both seats
// see, a die shows 1 to 6 and random picks are distinct cards of those offered.
func TestCoinsDiceAndRandomPicks(t *testing.T) {
	type outcome struct {
		coins []bool
		die   int
		picks []card.Passcode
	}
	run := func(seed uint64) (outcome, []Event) {
		var o outcome
		d := chanceDuel(t, seed, func(c *Ctx) {
			o.coins = c.TossCoins(c.You(), 3)
			o.die = c.RollDie(c.You())
			for _, id := range c.RandomCards(c.You(), c.Pile(c.You(), Hand), 2) {
				o.picks = append(o.picks, c.Data(id).Passcode)
			}
			if all := c.RandomCards(c.You(), c.Pile(c.You(), Hand), 5); len(all) != 3 {
				t.Errorf("5 picks of 3 cards gave %d", len(all))
			}
		})
		return o, slices.Clone(d.Events())
	}
	first, evs := run(1)
	again, _ := run(1)
	if len(first.coins) != 3 || first.die < 1 || first.die > 6 || len(first.picks) != 2 || first.picks[0] == first.picks[1] {
		t.Fatalf("outcome %+v", first)
	}
	if !slices.Equal(first.coins, again.coins) || first.die != again.die || !slices.Equal(first.picks, again.picks) {
		t.Fatalf("the same seed gave %+v and %+v", first, again)
	}
	var coins, dice int
	for _, e := range evs {
		switch e.Kind {
		case EvCoin:
			if e.Heads != first.coins[coins] {
				t.Errorf("coin event %d says heads=%v, the effect saw %v", coins, e.Heads, first.coins[coins])
			}
			coins++
		case EvDice:
			dice++
			if e.Amount != first.die {
				t.Errorf("die event %d, the effect saw %d", e.Amount, first.die)
			}
		}
	}
	if coins != 3 || dice != 1 {
		t.Errorf("%d coin events and %d die events, want 3 and 1", coins, dice)
	}
	faces, sides := map[int]bool{}, map[bool]bool{}
	for seed := uint64(2); seed < 60; seed++ {
		o, _ := run(seed)
		faces[o.die] = true
		sides[o.coins[0]] = true
	}
	if len(faces) != 6 || len(sides) != 2 {
		t.Errorf("58 seeds rolled faces %v and tossed sides %v", faces, sides)
	}
}

// TestDeclarations: a declaration is a declare prompt whose options are written and read as the
// notation says (`declare 4`, `declare DARK`, `declare Winged Beast`, `declare "Mystical Elf"`),
// the effect gets the value, and an EvDeclare event shows it to both seats.
func TestDeclarations(t *testing.T) {
	var num int
	var attr card.Attribute
	var race card.Race
	var code card.Passcode
	d := chanceDuel(t, 1, func(c *Ctx) {
		num = c.DeclareNumber(c.You(), 1, 2, 3, 4)
		attr = c.DeclareAttribute(c.Opp())
		race = c.DeclareType(c.You())
		code = c.DeclareCardName(c.You(), func(d *card.Data) bool { return d.IsMonster() })
	})
	steps := []struct {
		seat   Seat
		answer string
		has    []string
	}{
		{A, "declare 3", []string{"declare 1", "declare 4"}},
		{B, "declare dark", []string{"declare LIGHT", "declare WIND"}},
		{A, "declare Winged Beast", []string{"declare Dragon", "declare Beast-Warrior"}},
		{A, `declare "Mystical Elf"`, []string{`declare "Summoned Skull"`}},
	}
	for _, s := range steps {
		p := d.Prompt()
		if p == nil || p.Kind != PromptDeclare || p.Seat != s.seat {
			t.Fatalf("before %q: prompt %+v", s.answer, p)
		}
		var texts []string
		for _, o := range p.Options() {
			texts = append(texts, d.OptionText(o))
		}
		for _, h := range s.has {
			if !slices.Contains(texts, h) {
				t.Errorf("%s prompt lacks %q: %v", s.answer, h, texts[:min(8, len(texts))])
			}
		}
		if err := d.AnswerText(s.answer); err != nil {
			t.Fatalf("%q: %v", s.answer, err)
		}
	}
	if num != 3 || attr != card.Dark || race != card.WingedBeast || code != elf {
		t.Fatalf("declared %d %v %v %d", num, attr, race, code)
	}
	var got []string
	for _, e := range d.Events() {
		if e.Kind != EvDeclare {
			continue
		}
		v := d.EventView(e, B)
		got = append(got, v.Declared.String()+"="+strings.TrimSpace(v.Name+" "+strconv.Itoa(v.Amount)))
	}
	want := []string{"number=3", "attribute=2", "type=10", "card=Mystical Elf 0"}
	if !slices.Equal(got, want) {
		t.Errorf("declare events as B sees them: %v, want %v", got, want)
	}
	if err := d.AnswerText("declare 3"); err == nil {
		t.Error("a declaration was answered twice")
	}
}
