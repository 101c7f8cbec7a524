package cards

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestEquipRace: an Equip Spell for Warriors targets only a face-up Warrior (Celtic Guardian,
// not the Fiend Feral Imp nor a face-down Warrior), on either field, which gains its stats.
func TestEquipRace(t *testing.T) {
	const bookOfSecretArts card.Passcode = 91595718 // an Equip Spell of the pool, given the test script
	d := kitDuel(t, libWith{bookOfSecretArts: EquipRace(card.Warrior, 300, -100)}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{bookOfSecretArts}
		a.Monsters = []engine.MonsterSetup{{Code: feralImp, Pos: engine.FaceUpAtk}, {Code: celticGuardian, Pos: engine.FaceDownDef}}
		b.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, `activate "Book of Secret Arts"`)
	if opts := optionTexts(d); strings.Contains(opts, "Feral Imp") || strings.Contains(opts, "@A:M2") || !strings.Contains(opts, "Celtic Guardian") {
		t.Fatalf("the candidates are %s, want the opponent's face-up Celtic Guardian only", opts)
	}
	answers(t, d, `select "Celtic Guardian"`)
	passAll(d)
	if g := d.Card(d.Pile(engine.B, engine.MZone)[0]); g.ATK != 1700 || g.DEF != 1100 {
		t.Errorf("the equipped Warrior has %d/%d, want 1700/1100", g.ATK, g.DEF)
	}
}

// TestBurnAndHealSpells: a burn Spell takes n LP from the opponent, a heal Spell gives n to its
// controller.
func TestBurnAndHealSpells(t *testing.T) {
	for _, c := range []struct {
		sc     *engine.Script
		lpA    int
		lpB    int
		reason string
	}{
		{BurnSpell(500), 8000, 7500, "burn"},
		{HealSpell(600), 8600, 8000, "heal"},
	} {
		d := kitDuel(t, libWith{dianKeto: c.sc}, engine.Main1, func(a, b *engine.SeatSetup) {
			a.Hand = []card.Passcode{dianKeto}
		})
		answers(t, d, `activate "Dian Keto the Cure Master"`)
		passAll(d)
		if d.LP(engine.A) != c.lpA || d.LP(engine.B) != c.lpB {
			t.Errorf("%s: LP %d/%d, want %d/%d", c.reason, d.LP(engine.A), d.LP(engine.B), c.lpA, c.lpB)
		}
	}
}
