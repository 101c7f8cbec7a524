package cards

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/engine"
)

// TestUnion: a Union monster equips itself to the monster it names, which gains its ATK; it may
// not unequip in the same turn; when the equipped monster would be destroyed by an effect, the
// Union is destroyed instead; and the next turn it unequips and is Special Summoned.
func TestUnion(t *testing.T) {
	union := Union(&engine.Script{}, func(c *ctx, id cardID) bool { return c.Data(id).Passcode == feralImp }, 500, 500)
	kill := &engine.Script{Effects: []*effect{{Kind: engine.Ignition, Resolve: func(c *ctx) {
		for _, id := range c.Monsters(c.You()) {
			if c.Data(id).Passcode == feralImp {
				c.Destroy(id)
			}
		}
	}}}}
	lib := libWith{celticGuardian: union, mysticalElf: kill}
	d := kitDuel(t, lib, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk},
			{Code: feralImp, Pos: engine.FaceUpAtk}, {Code: mysticalElf, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, `activate "Celtic Guardian"`, `select "Feral Imp"`)
	passAll(d)
	imp := d.Pile(engine.A, engine.MZone)[1]
	if d.Card(imp).ATK != 1800 || d.Pile(engine.A, engine.SZone)[0] == engine.NoCard {
		t.Fatalf("equipped: Feral Imp has %d ATK, S1 holds %v", d.Card(imp).ATK, d.Pile(engine.A, engine.SZone)[0])
	}
	if strings.Contains(optionTexts(d), `activate "Celtic Guardian"`) {
		t.Errorf("the unequip is offered in the turn of the equip: %s", optionTexts(d))
	}
	answers(t, d, `activate "Mystical Elf"`)
	passAll(d)
	if d.Card(imp).Place.Loc != engine.MZone || len(d.Pile(engine.A, engine.GY)) != 1 {
		t.Fatalf("the Union was not destroyed instead: Feral Imp at %v, GY %d", d.Card(imp).Place, len(d.Pile(engine.A, engine.GY)))
	}
	// Equipped in an earlier turn: it unequips and is Special Summoned.
	d = kitDuel(t, lib, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}, {Code: feralImp, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, `activate "Celtic Guardian"`, `select "Feral Imp"`)
	passAll(d)
	imp = d.Pile(engine.A, engine.MZone)[1]
	for p := d.Prompt(); p != nil && !(d.Turn() == 5 && p.Kind == engine.PromptIdle); p = d.Prompt() {
		var err error
		switch p.Kind {
		case engine.PromptIdle:
			err = d.AnswerText("end")
		case engine.PromptChain:
			err = d.AnswerText("pass")
		default:
			err = d.AnswerIndex(0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	answers(t, d, `activate "Celtic Guardian"`)
	passAll(d)
	answers(t, d, "atk")
	passAll(d)
	if up := d.Pile(engine.A, engine.MZone)[0]; up == engine.NoCard || d.Card(up).Data.Passcode != celticGuardian || d.Card(imp).ATK != 1300 {
		t.Errorf("after the unequip: M1 %v, the equipped monster has %d ATK", up, d.Card(imp).ATK)
	}
}
