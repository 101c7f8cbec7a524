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

// TestContinuousSetATK: a Continuous effect's SetATK makes a monster's ATK a value while it
// holds (Megamorph), the additions of other effects apply on top of it, and the ATK is the
// printed one again when it no longer holds.
func TestContinuousSetATK(t *testing.T) {
	on := true
	setter := &engine.Script{Effects: []*effect{{Kind: engine.Continuous, Static: engine.Static{
		Affects: func(c *ctx, id cardID) bool { return c.Data(id).Passcode == celticGuardian },
		SetATK:  func(c *ctx, id cardID) (int, bool) { return 2 * c.BaseATK(id), on },
	}}}}
	booster := &engine.Script{Effects: []*effect{AttrBoost(card.Earth, 500)}}
	d := kitDuel(t, libWith{mysticalElf: setter, feralImp: booster}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk},
			{Code: mysticalElf, Pos: engine.FaceUpAtk}, {Code: feralImp, Pos: engine.FaceUpAtk}}
	})
	cg := d.Pile(engine.A, engine.MZone)[0]
	if got := d.Card(cg).ATK; got != 2*1400+500 {
		t.Errorf("Celtic Guardian %d ATK, want 3300", got)
	}
	on = false
	if got := d.Card(cg).ATK; got != 1400+500 {
		t.Errorf("Celtic Guardian %d ATK without the set, want 1900", got)
	}
}
