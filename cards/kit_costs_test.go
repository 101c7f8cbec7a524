package cards

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestCosts: an effect whose cost discards a card and pays LP, one that banishes from the
// Graveyard and one that tributes are offered only while they can be paid, and paying takes what
// they say.
func TestCosts(t *testing.T) {
	discard := DiscardCost(1, nil).And(LPCost(500))
	banish := BanishGYCost(1, func(c *ctx, id cardID) bool { return IsMonster(c, id) })
	tribute := TributeCost(1, false, nil)
	mk := func(cost Cost) *engine.Script {
		return &engine.Script{Effects: []*effect{{Kind: engine.Ignition, CanPay: cost.CanPay, Pay: cost.Pay}}}
	}
	for _, c := range []struct {
		name  string
		sc    *engine.Script
		setup func(a *engine.SeatSetup)
		moves []string
		check func(d *engine.Duel) string
	}{
		{"discard and LP", mk(discard), func(a *engine.SeatSetup) { a.Hand = []card.Passcode{feralImp} },
			[]string{`activate "Celtic Guardian"`},
			func(d *engine.Duel) string {
				if len(d.Pile(engine.A, engine.Hand)) != 0 || len(d.Pile(engine.A, engine.GY)) != 1 || d.LP(engine.A) != 7500 {
					return "the card was not discarded or the LP not paid"
				}
				return ""
			}},
		{"banish from the GY", mk(banish), func(a *engine.SeatSetup) { a.GY = []card.Passcode{feralImp, dianKeto} },
			[]string{`activate "Celtic Guardian"`},
			func(d *engine.Duel) string {
				if b := d.Pile(engine.A, engine.Banished); len(b) != 1 || d.Card(b[0]).Data.Passcode != feralImp {
					return "the monster was not banished"
				}
				return ""
			}},
		{"tribute another monster", mk(tribute), func(a *engine.SeatSetup) {
			a.Monsters = append(a.Monsters, engine.MonsterSetup{Code: feralImp, Pos: engine.FaceUpAtk})
		},
			[]string{`activate "Celtic Guardian"`},
			func(d *engine.Duel) string {
				if g := d.Pile(engine.A, engine.GY); len(g) != 1 || d.Card(g[0]).Data.Passcode != feralImp {
					return "Feral Imp was not tributed"
				}
				return ""
			}},
	} {
		d := kitDuel(t, libWith{celticGuardian: c.sc}, engine.Main1, func(a, b *engine.SeatSetup) {
			a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
			c.setup(a)
		})
		answers(t, d, c.moves...)
		settle(t, d)
		if msg := c.check(d); msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
		// Without what the cost takes, the effect is not offered.
		d = kitDuel(t, libWith{celticGuardian: c.sc}, engine.Main1, func(a, b *engine.SeatSetup) {
			a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
			a.GY = []card.Passcode{dianKeto}
		})
		if strings.Contains(optionTexts(d), "activate") {
			t.Errorf("%s: offered without its cost: %s", c.name, optionTexts(d))
		}
	}
}

// TestEquipFlag: an Equip Spell with EquipFlag gives the equipped monster its ATK and the flag
// (piercing here): 1400 + 300 against a Set 1200 DEF monster inflicts 500.
func TestEquipFlag(t *testing.T) {
	eq := &engine.Script{Effects: []*effect{ActivateOnly(), EquipFlag(engine.FlagPierce, 300, 0)}}
	eq.Prepare()
	const bookOfSecretArts card.Passcode = 91595718 // an Equip Spell of the pool, given the test script
	pos := engine.Position{Rules: engine.OCG(), Seed: 1, Turn: 3, Player: engine.A, Phase: engine.Battle,
		Step: engine.BattleStep, Cards: testLib{bookOfSecretArts, eq}}
	pos.Seats[engine.A].Deck = []card.Passcode{feralImp, feralImp}
	pos.Seats[engine.B].Deck = []card.Passcode{feralImp, feralImp}
	pos.Seats[engine.A].Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk,
		Equips: []card.Passcode{bookOfSecretArts}}}
	pos.Seats[engine.B].Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceDownDef}}
	d, err := engine.NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	answers(t, d, `attack "Celtic Guardian"`, `select ?@B:M1`)
	passAll(d)
	if d.LP(engine.B) != 8000-500 {
		t.Errorf("B has %d LP, want 7500", d.LP(engine.B))
	}
}

// TestMoreProcs: a Toon-like procedure (tribute 1 while a condition holds), a procedure that
// banishes from the Graveyard, and SpecialOnlyBy, which lets only the named card's effect
// Special Summon the monster.
func TestMoreProcs(t *testing.T) {
	cond := false
	toon := &engine.Script{CannotNormalSummon: true, SummonProc: TributeProc(1, nil, func(*ctx) bool { return cond })}
	d := kitDuel(t, libWith{celticGuardian: toon}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian}
		a.Monsters = []engine.MonsterSetup{{Code: feralImp, Pos: engine.FaceUpAtk}}
	})
	if strings.Contains(optionTexts(d), "special") {
		t.Errorf("offered while its condition fails: %s", optionTexts(d))
	}
	cond = true
	d = kitDuel(t, libWith{celticGuardian: toon}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian}
		a.Monsters = []engine.MonsterSetup{{Code: feralImp, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, `special "Celtic Guardian"`, `select "Feral Imp"`, "def")
	passAll(d)
	if len(d.Pile(engine.A, engine.GY)) != 1 {
		t.Error("the tribute was not made")
	}
	soul := &engine.Script{CannotNormalSummon: true, SummonProc: BanishProc(2, func(c *ctx, id cardID) bool { return IsMonster(c, id) })}
	d = kitDuel(t, libWith{celticGuardian: soul}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian}
		a.GY = []card.Passcode{feralImp, mysticalElf, dianKeto}
	})
	answers(t, d, `special "Celtic Guardian"`, `select "Feral Imp" "Mystical Elf"`, "atk")
	passAll(d)
	if len(d.Pile(engine.A, engine.Banished)) != 2 || len(d.Pile(engine.A, engine.GY)) != 1 {
		t.Error("the two monsters were not banished")
	}
	var byElf, byImp bool
	only := &engine.Script{SpecialBy: SpecialOnlyBy(mysticalElf)}
	ask := func(out *bool) *engine.Script {
		return &engine.Script{Effects: []*effect{{Kind: engine.Ignition, Resolve: func(c *ctx) {
			for _, id := range c.Pile(c.You(), engine.Hand) {
				*out = c.CanSpecialSummon(id, c.You())
			}
		}}}}
	}
	d = kitDuel(t, libWith{celticGuardian: only, mysticalElf: ask(&byElf), feralImp: ask(&byImp)}, engine.Main1,
		func(a, b *engine.SeatSetup) {
			a.Hand = []card.Passcode{celticGuardian}
			a.Monsters = []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}, {Code: feralImp, Pos: engine.FaceUpAtk}}
		})
	answers(t, d, `activate "Mystical Elf"`)
	passAll(d)
	answers(t, d, `activate "Feral Imp"`)
	passAll(d)
	if !byElf || byImp {
		t.Errorf("SpecialOnlyBy(Mystical Elf): by Mystical Elf %v, by Feral Imp %v", byElf, byImp)
	}
}

// settle answers selects with their first option and passes chain windows until another prompt.
func settle(t *testing.T, d *engine.Duel) {
	t.Helper()
	for p := d.Prompt(); p != nil && (p.Kind == engine.PromptChain || p.Kind == engine.PromptSelect); p = d.Prompt() {
		var err error
		if p.Kind == engine.PromptChain {
			err = d.AnswerText("pass")
		} else {
			err = d.AnswerIndex(0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}
