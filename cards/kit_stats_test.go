package cards

import (
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestStatKit: an Attribute boost changes face-up monsters of its Attribute on both sides (not
// face-down ones); a monster's stats counted from the field follow the count.
func TestStatKit(t *testing.T) {
	booster := &engine.Script{Effects: []*effect{AttrBoost(card.Earth, 500), AttrBoost(card.Light, -400)}}
	counted := &engine.Script{Effects: []*effect{SelfStats(300, true, CountFaceUp(feralImp))}}
	d := kitDuel(t, libWith{celticGuardian: booster, mysticalElf: counted}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk},
			{Code: mysticalElf, Pos: engine.FaceUpAtk}, {Code: feralImp, Pos: engine.FaceUpAtk}, {Code: feralImp, Pos: engine.FaceDownDef}}
		b.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
	})
	a := d.Pile(engine.A, engine.MZone)
	// Two boosters (each seat's Celtic Guardian) boost both sides: Celtic Guardian is EARTH
	// (1400+1000), Mystical Elf LIGHT (800-800, +300 for the one face-up Feral Imp).
	if got := d.Card(a[0]).ATK; got != 2400 {
		t.Errorf("Celtic Guardian %d ATK, want 2400", got)
	}
	if e := d.Card(a[1]); e.ATK != 300 || e.DEF != 2300 {
		t.Errorf("Mystical Elf %d/%d, want 300/2300", e.ATK, e.DEF)
	}
	if got := d.Card(d.Pile(engine.B, engine.MZone)[0]).ATK; got != 2400 {
		t.Errorf("the opponent's EARTH monster %d ATK, want 2400", got)
	}
}
