package engine

import (
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestDamageStepRuleInOnePlace pins the Damage Step's rule of what may be activated at each of its
// timings (RULES.md ocg "Battle"), and ties the candidate pre-filter (damageStepCandidate, which
// sets the cards' Damage Step ranges) to it: an effect is a candidate exactly when some timing of
// the Damage Step allows it, so a permissive change to either copy fails here.
func TestDamageStepRuleInOnePlace(t *testing.T) {
	timings := []Timing{DamageStart, BeforeCalc, DuringCalc, AfterCalc, DamageEnd}
	type row struct {
		name  string
		e     Effect
		speed int
		want  [5]bool // at DamageStart, BeforeCalc, DuringCalc, AfterCalc, DamageEnd
	}
	rows := []row{
		{"Speed 1", Effect{}, 1, [5]bool{}},
		{"Speed 1 stat change", Effect{Category: CatStatChange}, 1, [5]bool{}},
		{"Speed 2", Effect{}, 2, [5]bool{}},
		{"Speed 2 destroy", Effect{Category: CatDestroy}, 2, [5]bool{}},
		{"Speed 2 stat change", Effect{Category: CatStatChange}, 2, [5]bool{true, true, false, false, false}},
		{"Speed 2 that says Damage Step", Effect{DamageStep: true}, 2, [5]bool{true, true, false, true, true}},
		{"Speed 2 that says damage calculation", Effect{DamageCalc: true}, 2, [5]bool{false, false, true, false, false}},
		{"Speed 3 (Counter Trap)", Effect{}, 3, [5]bool{true, true, false, true, true}},
		{"Speed 3 that says damage calculation", Effect{DamageCalc: true}, 3, [5]bool{true, true, true, true, true}},
	}
	for _, r := range rows {
		some := false
		for i, tm := range timings {
			g := &game{timing: tm}
			got := g.damageStepAllows(&r.e, r.speed)
			if got != r.want[i] {
				t.Errorf("%s at %s: allowed %v, want %v", r.name, tm, got, r.want[i])
			}
			some = some || got
		}
		if c := damageStepCandidate(&r.e, r.speed); c != some {
			t.Errorf("%s: the pre-filter says %v, the timings allow it at some point: %v", r.name, c, some)
		}
	}
}

// TestSpellSpeedRuleInOnePlace pins the Spell Speed rule outside the Damage Step (speedAllowed: an
// idle prompt allows any speed; a chain window Speed 2 or more, at least the last link's) and ties
// the candidate pre-filter to it: the window kind the Master Rule filters by (ActivationWindow)
// lets through exactly the speeds speedAllowed allows, so a permissive change to either copy
// fails here.
func TestSpellSpeedRuleInOnePlace(t *testing.T) {
	type state struct {
		name string
		idle bool
		last int // the last link's speed; 0: no chain
		want [4]bool
	}
	for _, st := range []state{
		{"idle", true, 0, [4]bool{1: true, 2: true, 3: true}},
		{"a window with no chain", false, 0, [4]bool{2: true, 3: true}},
		{"on a Speed 1 link", false, 1, [4]bool{2: true, 3: true}},
		{"on a Speed 2 link", false, 2, [4]bool{2: true, 3: true}},
		{"on a Speed 3 link", false, 3, [4]bool{3: true}},
	} {
		g := &game{summoning: NoCard}
		if st.last > 0 {
			g.chain = []chainLink{{speed: st.last}}
		}
		w := (&masterRule{}).ActivationWindow(g.kernel(), st.idle)
		for speed := 1; speed <= 3; speed++ {
			if got := g.speedAllowed(speed, st.idle); got != st.want[speed] {
				t.Errorf("%s: Speed %d allowed %v, want %v", st.name, speed, got, st.want[speed])
			}
			e := &Effect{Kind: Quick, Speed: speed}
			r := activationRanges(e, &card.Data{Kind: card.Effect | card.Monster})
			if pre := r[w] != 0; pre != st.want[speed] {
				t.Errorf("%s: the pre-filter (window %d) lets Speed %d through: %v, want %v", st.name, w, speed, pre, st.want[speed])
			}
		}
	}
}
