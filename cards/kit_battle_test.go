package cards

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

const (
	celticGuardian card.Passcode = 91152256 // 1400 / 1200
	mysticalElf    card.Passcode = 15025844 // 800 / 2000
	feralImp       card.Passcode = 41392891 // 1300 / 1400
)

// battleDuel starts A's Battle Step with A's Celtic Guardian (given sc) against B's monsters.
func battleDuel(t *testing.T, sc *engine.Script, b []engine.MonsterSetup) *engine.Duel {
	t.Helper()
	sc.Prepare()
	pos := engine.Position{Rules: engine.OCG(), Seed: 1, Turn: 3, Player: engine.A, Phase: engine.Battle,
		Step: engine.BattleStep, Cards: testLib{celticGuardian, sc}}
	pos.Seats[engine.A].Deck = []card.Passcode{feralImp, feralImp}
	pos.Seats[engine.B].Deck = []card.Passcode{feralImp, feralImp}
	pos.Seats[engine.A].Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
	pos.Seats[engine.B].Monsters = b
	d, err := engine.NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return d
}

// answers plays answers by their notation, failing on a refused one.
func answers(t *testing.T, d *engine.Duel, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if err := d.AnswerText(m); err != nil {
			t.Fatalf("%q: %v (prompt %s: %s)", m, err, d.Prompt().Kind, optionTexts(d))
		}
	}
}

func optionTexts(d *engine.Duel) string {
	var out []string
	for _, o := range d.Prompt().Options() {
		out = append(out, d.OptionText(o))
	}
	return strings.Join(out, ", ")
}

// passAll passes chain windows until another prompt comes.
func passAll(d *engine.Duel) {
	for p := d.Prompt(); p != nil && p.Kind == engine.PromptChain; p = d.Prompt() {
		if d.AnswerText("pass") != nil {
			return
		}
	}
}

// TestPiercing: an attacker with Piercing inflicts the difference between its ATK and the DEF of
// the Defense Position monster it destroys; without it, none.
func TestPiercing(t *testing.T) {
	for _, pierce := range []bool{true, false} {
		sc := &engine.Script{}
		if pierce {
			sc.Effects = []*effect{Piercing()}
		}
		d := battleDuel(t, sc, []engine.MonsterSetup{{Code: feralImp, Pos: engine.FaceUpDef}})
		answers(t, d, `attack "Celtic Guardian"`, `select "Feral Imp"`)
		passAll(d)
		// 1400 ATK against 1400 DEF: a tie, nothing; the second duel is for a lower DEF
		if d.LP(engine.B) != 8000 {
			t.Fatalf("pierce=%v: equal ATK and DEF dealt %d", pierce, 8000-d.LP(engine.B))
		}
		d = battleDuel(t, sc, []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceDownDef}})
		answers(t, d, `attack "Celtic Guardian"`, `select ?@B:M1`)
		passAll(d)
		want := 8000
		if pierce {
			want = 8000 - (1400 - 1200)
		}
		if d.LP(engine.B) != want {
			t.Errorf("pierce=%v: B has %d LP, want %d", pierce, d.LP(engine.B), want)
		}
	}
}

// TestAttacksDirectly: a monster that can attack directly is offered `direct` beside the
// opponent's monsters, and the direct attack inflicts its ATK; NoDirectAttack takes `direct` away
// even from an empty field, where the monster then cannot attack.
func TestAttacksDirectly(t *testing.T) {
	d := battleDuel(t, &engine.Script{Effects: []*effect{AttacksDirectly()}},
		[]engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}})
	answers(t, d, `attack "Celtic Guardian"`)
	if !strings.Contains(optionTexts(d), "direct") || !strings.Contains(optionTexts(d), "Mystical Elf") {
		t.Fatalf("target prompt: %s", optionTexts(d))
	}
	answers(t, d, "direct")
	passAll(d)
	if d.LP(engine.B) != 8000-1400 {
		t.Errorf("direct attack: B has %d LP", d.LP(engine.B))
	}
	d = battleDuel(t, &engine.Script{}, []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}})
	answers(t, d, `attack "Celtic Guardian"`)
	if strings.Contains(optionTexts(d), "direct") {
		t.Errorf("a monster without the ability is offered %s", optionTexts(d))
	}
	d = battleDuel(t, &engine.Script{Effects: []*effect{NoDirectAttack()}}, nil)
	if strings.Contains(optionTexts(d), "attack") {
		t.Errorf("a monster that cannot attack directly may attack an empty field: %s", optionTexts(d))
	}
}

// TestAttackTwice: a monster given FlagExtraAttack until the end of the turn attacks twice, not
// three times; the flag ends with the turn.
func TestAttackTwice(t *testing.T) {
	sc := &engine.Script{Effects: []*effect{{
		Kind: engine.Ignition, Desc: "attack twice this turn",
		Resolve: func(c *ctx) { FlagUntilEnd(c, c.Self(), engine.FlagExtraAttack) },
	}}}
	sc.Prepare()
	pos := engine.Position{Rules: engine.OCG(), Seed: 1, Turn: 3, Player: engine.A, Phase: engine.Main1, Idle: true,
		Cards: testLib{celticGuardian, sc}}
	pos.Seats[engine.A].Deck = []card.Passcode{feralImp, feralImp}
	pos.Seats[engine.B].Deck = []card.Passcode{feralImp, feralImp}
	pos.Seats[engine.A].Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
	d, err := engine.NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	answers(t, d, `activate "Celtic Guardian"`)
	passAll(d)
	answers(t, d, "battle")
	passAll(d)
	for i := 0; i < 2; i++ {
		answers(t, d, `attack "Celtic Guardian"`)
		passAll(d)
		if p := d.Prompt(); p.Kind == engine.PromptTarget {
			answers(t, d, "direct")
		}
		passAll(d)
	}
	if d.LP(engine.B) != 8000-2*1400 {
		t.Fatalf("two attacks: B has %d LP", d.LP(engine.B))
	}
	if strings.Contains(optionTexts(d), "attack") {
		t.Errorf("a third attack is offered: %s", optionTexts(d))
	}
}

// TestBattleDamageTriggers: "when this card inflicts battle damage" triggers on its direct attack
// (Masked Sorcerer's draw here), not on damage its controller takes; "each time a monster you
// control inflicts battle damage" triggers for any of the seat's monsters.
func TestBattleDamageTriggers(t *testing.T) {
	draws := 0
	sc := &engine.Script{Effects: []*effect{{
		Kind: engine.Trigger, On: engine.On(engine.EvDamage), TriggerIf: DealtBattleDamage,
		Resolve: func(c *ctx) { draws++ },
	}}}
	d := battleDuel(t, sc, nil)
	answers(t, d, `attack "Celtic Guardian"`, "direct")
	passAll(d)
	if draws != 1 {
		t.Errorf("a direct attack set off %d triggers, want 1", draws)
	}
	draws = 0
	d = battleDuel(t, sc, []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpDef}})
	answers(t, d, `attack "Celtic Guardian"`, `select "Mystical Elf"`)
	passAll(d)
	if draws != 0 || d.LP(engine.A) != 8000-600 {
		t.Errorf("damage to its controller: %d triggers, A has %d LP", draws, d.LP(engine.A))
	}
	any := &engine.Script{Effects: []*effect{{
		Kind: engine.Trigger, On: engine.On(engine.EvDamage), TriggerIf: YourMonsterDealtBattleDamage,
		Range: engine.Locs(engine.MZone), Resolve: func(c *ctx) { draws++ },
	}}}
	draws = 0
	d = battleDuel(t, any, nil)
	answers(t, d, `attack "Celtic Guardian"`, "direct")
	passAll(d)
	if draws != 1 {
		t.Errorf("your monster's damage set off %d triggers, want 1", draws)
	}
}
