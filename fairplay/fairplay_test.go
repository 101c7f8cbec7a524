package fairplay

import "testing"

func TestRealDuel(t *testing.T) {
	for _, c := range []struct {
		p    Play
		real bool
	}{
		{Play{Turns: 3, Decisions: [2]int{40, 40}}, false}, // conceded at turn 3: the farm
		{Play{Turns: 9, Decisions: [2]int{30, 2}}, false},  // one seat never decided anything
		{Play{Turns: 5, Decisions: [2]int{10, 10}}, true},
		{Play{Turns: 12, Decisions: [2]int{80, 65}}, true},
	} {
		if got := Real.Met(c.p); got != c.real {
			t.Errorf("Real.Met(%+v) = %v, want %v", c.p, got, c.real)
		}
	}
	m := Play{Turns: 3, Decisions: [2]int{6, 4}}.Add(Play{Turns: 4, Decisions: [2]int{7, 8}})
	if m != (Play{Turns: 7, Decisions: [2]int{13, 12}}) || !Real.Met(m) {
		t.Errorf("a match's two short duels add to %+v, a real match", m)
	}
}

func TestRepeatWeights(t *testing.T) {
	want := []float64{1, 1, 0.5, 0.25, 0.125, 0, 0, 0}
	for n, w := range want {
		if got := DefaultRepeats.Weight(n); got != w {
			t.Errorf("Weight(%d) = %v, want %v", n, got, w)
		}
	}
}
