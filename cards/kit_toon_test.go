package cards

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestToon: with a face-up Toon World (a stand-in card here) a Toon in the hand is Special
// Summoned by its own procedure (Level 4: no tribute), cannot attack that turn, attacks directly
// past the opponent's non-Toon monsters the next turn paying 500 LP, and is destroyed when Toon
// World is; without Toon World it is not offered.
func TestToon(t *testing.T) {
	const stand = card.Passcode(50045299) // Dragon Capture Jar plays Toon World's part
	defer func(old card.Passcode) { toonWorld = old }(toonWorld)
	toonWorld = stand
	toon := Toon(celticGuardian, &engine.Script{})
	jar := &engine.Script{Effects: []*effect{ActivateOnly()}}
	lib := libWith{celticGuardian: toon, stand: jar}
	d := kitDuel(t, lib, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian}
	})
	if strings.Contains(optionTexts(d), "special") || strings.Contains(optionTexts(d), "summon") {
		t.Fatalf("offered without Toon World: %s", optionTexts(d))
	}
	d = kitDuel(t, lib, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{celticGuardian}
		a.Spells = []engine.SpellSetup{{Code: stand, FaceUp: true}}
		b.Monsters = []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, `special "Celtic Guardian"`, "atk")
	passAll(d)
	answers(t, d, "battle")
	passAll(d)
	if strings.Contains(optionTexts(d), "attack") {
		t.Errorf("a Toon attacks the turn it is summoned: %s", optionTexts(d))
	}
	// The next turn of A: it attacks directly for 500 LP.
	d = kitDuel(t, lib, engine.Battle, func(a, b *engine.SeatSetup) {
		a.Spells = []engine.SpellSetup{{Code: stand, FaceUp: true}}
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
		b.Monsters = []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}}
	})
	passAll(d)
	answers(t, d, `attack "Celtic Guardian"`)
	if d.LP(engine.A) != 7500 {
		t.Errorf("the attack cost: A has %d LP, want 7500", d.LP(engine.A))
	}
	answers(t, d, "direct")
	passAll(d)
	if d.LP(engine.B) != 8000-1400 {
		t.Errorf("the direct attack: B has %d LP", d.LP(engine.B))
	}
	// Against a face-up Toon monster it attacks a monster.
	d = kitDuel(t, lib, engine.Battle, func(a, b *engine.SeatSetup) {
		a.Spells = []engine.SpellSetup{{Code: stand, FaceUp: true}}
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
		b.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
	})
	passAll(d)
	answers(t, d, `attack "Celtic Guardian"@A:M1`)
	if strings.Contains(optionTexts(d), "direct") {
		t.Errorf("a direct attack past a Toon: %s", optionTexts(d))
	}
	// Toon World destroyed: the Toon goes with it.
	kill := &engine.Script{Effects: []*effect{{Kind: engine.Ignition, Resolve: func(c *ctx) {
		for _, id := range c.SpellTraps(c.You()) {
			c.Destroy(id)
		}
	}}}}
	d = kitDuel(t, libWith{celticGuardian: toon, stand: jar, feralImp: kill}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Spells = []engine.SpellSetup{{Code: stand, FaceUp: true}}
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}, {Code: feralImp, Pos: engine.FaceUpAtk}}
	})
	answers(t, d, `activate "Feral Imp"`)
	passAll(d)
	if n := len(d.Pile(engine.A, engine.GY)); n != 2 {
		t.Errorf("after Toon World was destroyed A's GY holds %d cards, want it and the Toon", n)
	}
}

// TestToonMustAttackAToon: while the opponent controls a face-up Toon, a Toon may attack only
// face-up Toons (the opponent's other monsters and a direct attack are not offered); once no
// face-up Toon is left it attacks directly again.
func TestToonMustAttackAToon(t *testing.T) {
	const stand = card.Passcode(50045299) // Dragon Capture Jar plays Toon World's part
	defer func(old card.Passcode) { toonWorld = old }(toonWorld)
	toonWorld = stand
	toon := Toon(celticGuardian, &engine.Script{})
	jar := &engine.Script{Effects: []*effect{ActivateOnly()}}
	lib := libWith{celticGuardian: toon, stand: jar}
	d := kitDuel(t, lib, engine.Battle, func(a, b *engine.SeatSetup) {
		a.Spells = []engine.SpellSetup{{Code: stand, FaceUp: true}}
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
		b.Monsters = []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}, {Code: celticGuardian, Pos: engine.FaceUpAtk}}
	})
	passAll(d)
	answers(t, d, `attack "Celtic Guardian"@A:M1`)
	if o := optionTexts(d); strings.Contains(o, "direct") || strings.Contains(o, "Mystical Elf") || !strings.Contains(o, "Celtic Guardian") {
		t.Errorf("against a face-up Toon: %s", o)
	}
	d = kitDuel(t, lib, engine.Battle, func(a, b *engine.SeatSetup) {
		a.Spells = []engine.SpellSetup{{Code: stand, FaceUp: true}}
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
		b.Monsters = []engine.MonsterSetup{{Code: mysticalElf, Pos: engine.FaceUpAtk}, {Code: celticGuardian, Pos: engine.FaceDownDef}}
	})
	passAll(d)
	answers(t, d, `attack "Celtic Guardian"@A:M1`)
	if o := optionTexts(d); !strings.Contains(o, "direct") {
		t.Errorf("a face-down Toon does not bind the attack: %s", o)
	}
}
