package cards

import (
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestSpellCounters: each Spell Card that resolves puts a Spell Counter on the card, up to its
// limit, with no chain link; removing one is the cost of its effect, which is offered only while
// one is there.
func TestSpellCounters(t *testing.T) {
	sc := &engine.Script{Effects: []*effect{
		CountersOnSpell(SpellCounter, 2),
		{Kind: engine.Ignition, CanPay: CounterCost(SpellCounter, 1).CanPay, Pay: CounterCost(SpellCounter, 1).Pay,
			Resolve: func(c *ctx) { c.Recover(c.You(), 100) }},
	}}
	spell := &engine.Script{Effects: []*effect{{Kind: engine.Activate, Resolve: func(c *ctx) { c.Recover(c.You(), 1000) }}}}
	d := kitDuel(t, libWith{celticGuardian: sc, dianKeto: spell}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Monsters = []engine.MonsterSetup{{Code: celticGuardian, Pos: engine.FaceUpAtk}}
		a.Hand = []card.Passcode{dianKeto, dianKeto, dianKeto}
	})
	counters := func() int {
		for _, id := range d.Pile(engine.A, engine.MZone) {
			if id != engine.NoCard {
				return d.Counters(id)[SpellCounter]
			}
		}
		return -1
	}
	if n := counters(); n != 0 {
		t.Fatalf("%d counters at the start", n)
	}
	for i, want := range []int{1, 2, 2} {
		answers(t, d, `activate "Dian Keto the Cure Master"`)
		passAll(d)
		if n := counters(); n != want {
			t.Fatalf("after Spell %d: %d counters, want %d", i+1, n, want)
		}
	}
	links := 0
	for _, e := range d.Events() {
		if e.Kind == engine.EvActivate {
			links++
		}
	}
	if links != 3 {
		t.Errorf("%d chain links, want the 3 Spells only", links)
	}
	answers(t, d, `activate "Celtic Guardian"`)
	passAll(d)
	if n := counters(); n != 1 {
		t.Errorf("after the cost: %d counters, want 1", n)
	}
}
