package cards

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// libWith is the registered cards with some scripts replaced.
type libWith map[card.Passcode]*engine.Script

func (l libWith) Script(code card.Passcode) *engine.Script {
	if sc, ok := l[code]; ok {
		return sc
	}
	return Library().Script(code)
}

const dianKeto card.Passcode = 84257639 // a Spell of the pool, given a test script below

// kitDuel starts a position with the scripts given (each prepared) at turn 3, A's turn.
func kitDuel(t *testing.T, lib libWith, phase engine.Phase, setup func(a, b *engine.SeatSetup)) *engine.Duel {
	t.Helper()
	for _, sc := range lib {
		sc.Prepare()
	}
	pos := engine.Position{Rules: engine.OCG(), Seed: 1, Turn: 3, Player: engine.A, Phase: phase,
		Idle: phase == engine.Main1, Cards: lib}
	pos.Seats[engine.A].Deck = []card.Passcode{feralImp, feralImp, feralImp}
	pos.Seats[engine.B].Deck = []card.Passcode{feralImp, feralImp, feralImp}
	setup(&pos.Seats[engine.A], &pos.Seats[engine.B])
	d, err := engine.NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return d
}

// TestMaintenance: at the start of its controller's Standby Phase a card with Maintenance asks
// whether to pay; yes pays and keeps it, no destroys it, and without the LP it is destroyed
// without asking. No chain is made: nothing else is asked first.
func TestMaintenance(t *testing.T) {
	keep := &engine.Script{Effects: []*effect{ActivateOnly(), Maintenance(100)}}
	for _, c := range []struct {
		lp     int
		answer string
		kept   bool
		wantLP int
	}{{8000, "yes", true, 7900}, {8000, "no", false, 8000}, {50, "", false, 50}} {
		d := kitDuel(t, libWith{dianKeto: keep}, engine.Standby, func(a, b *engine.SeatSetup) {
			a.LP = c.lp
			a.Spells = []engine.SpellSetup{{Code: dianKeto, FaceUp: true}}
		})
		if c.answer != "" {
			if p := d.Prompt(); p.Kind != engine.PromptYesNo || p.Seat != engine.A {
				t.Fatalf("lp %d: the Standby Phase asks %s of %s first, want A's yes/no", c.lp, p.Kind, p.Seat)
			}
			answers(t, d, c.answer)
		}
		passAll(d)
		for _, e := range d.Events() {
			if e.Kind == engine.EvActivate {
				t.Fatalf("lp %d: the upkeep made a chain link", c.lp)
			}
		}
		kept := len(d.Pile(engine.A, engine.GY)) == 0
		if kept != c.kept || d.LP(engine.A) != c.wantLP {
			t.Errorf("lp %d answer %q: kept=%v lp=%d, want kept=%v lp=%d", c.lp, c.answer, kept, d.LP(engine.A), c.kept, c.wantLP)
		}
	}
	// The opponent's Standby Phase asks nothing.
	d := kitDuel(t, libWith{dianKeto: keep}, engine.Standby, func(a, b *engine.SeatSetup) {
		b.Spells = []engine.SpellSetup{{Code: dianKeto, FaceUp: true}}
	})
	if p := d.Prompt(); p.Kind == engine.PromptYesNo {
		t.Errorf("the upkeep is asked in the opponent's Standby Phase")
	}
}

// TestSpiritReturns: a Spirit monster Normal Summoned this turn returns to the hand at the End
// Phase; one summoned in an earlier turn stays; it cannot be Special Summoned.
func TestSpiritReturns(t *testing.T) {
	spirit := Spirit(&engine.Script{})
	var could bool
	probe := &engine.Script{Effects: []*effect{{Kind: engine.Ignition,
		Resolve: func(c *ctx) {
			for _, id := range c.Pile(c.You(), engine.Hand) {
				if c.Data(id).Passcode == celticGuardian {
					could = c.CanSpecialSummon(id, c.You())
				}
			}
		}}}}
	d := kitDuel(t, libWith{celticGuardian: spirit, mysticalElf: probe}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian, celticGuardian}
		a.Monsters = []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, `activate "Mystical Elf"`)
	passAll(d)
	if could {
		t.Error("a Spirit monster could be Special Summoned")
	}
	answers(t, d, `summon "Celtic Guardian"`)
	passAll(d)
	answers(t, d, "end")
	for p := d.Prompt(); p != nil && d.Turn() == 3; p = d.Prompt() {
		if err := d.AnswerIndex(0); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(d.Pile(engine.A, engine.Hand)); n != 2 {
		t.Errorf("after the End Phase A holds %d cards, want the Spirit back (2)", n)
	}
	for _, id := range d.Pile(engine.A, engine.MZone) {
		if id != engine.NoCard && d.Card(id).Data.Passcode == celticGuardian {
			t.Error("the Spirit is still on the field")
		}
	}
	d = kitDuel(t, libWith{celticGuardian: spirit}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, "end")
	for p := d.Prompt(); p != nil && d.Turn() == 3; p = d.Prompt() {
		if err := d.AnswerIndex(0); err != nil {
			t.Fatal(err)
		}
	}
	if len(d.Pile(engine.A, engine.Hand)) != 0 {
		t.Error("a Spirit summoned in an earlier turn returned")
	}
}

// TestSummonProc: a monster with its own procedure is offered as `special` from the hand while
// its cost can be paid; the cost (one monster of each name, as one group) is tributed, the
// monster is Special Summoned, properly; without the parts it is not offered.
func TestSummonProc(t *testing.T) {
	gate := &engine.Script{CannotNormalSummon: true, SummonProc: TributeNamesProc(feralImp, mysticalElf)}
	d := kitDuel(t, libWith{celticGuardian: gate}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian}
		a.Monsters = []engine.MonsterSetup{{Code: feralImp, Pos: engine.FaceUpAtk},
			{Code: mysticalElf, Pos: engine.FaceDownDef}, {Code: feralImp, Pos: engine.FaceUpDef}}
	})
	if strings.Contains(optionTexts(d), `summon "Celtic Guardian"`) {
		t.Errorf("a monster that cannot be Normal Summoned is offered: %s", optionTexts(d))
	}
	answers(t, d, `special "Celtic Guardian"`)
	if p := d.Prompt(); p.Kind != engine.PromptSelect || len(p.Options()) != 2 {
		t.Fatalf("tributes: %s with %s, want the 2 groups of one of each name", p.Kind, optionTexts(d))
	}
	answers(t, d, `select "Feral Imp"@A:M1 ?@A:M2`, "atk")
	passAll(d)
	var gy []string
	for _, id := range d.Pile(engine.A, engine.GY) {
		gy = append(gy, d.Card(id).Data.Name)
	}
	if strings.Join(gy, ",") != "Feral Imp,Mystical Elf" && strings.Join(gy, ",") != "Mystical Elf,Feral Imp" {
		t.Errorf("GY %v, want the two tributes", gy)
	}
	up := false
	for _, id := range d.Pile(engine.A, engine.MZone) {
		if id != engine.NoCard && d.Card(id).Data.Passcode == celticGuardian {
			up = d.Card(id).Pos == engine.FaceUpAtk
		}
	}
	if !up {
		t.Fatal("the monster was not summoned")
	}
	d = kitDuel(t, libWith{celticGuardian: gate}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian}
		a.Monsters = []engine.MonsterSetup{{Code: feralImp, Pos: engine.FaceUpAtk}}
	})
	if strings.Contains(optionTexts(d), "special") {
		t.Errorf("offered without its parts: %s", optionTexts(d))
	}
}
