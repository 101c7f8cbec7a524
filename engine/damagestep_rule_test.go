package engine

import "testing"

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
