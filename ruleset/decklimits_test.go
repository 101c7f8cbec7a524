package ruleset_test

import (
	"slices"
	"testing"

	"github.com/duelistgame/duelist/ruleset"
)

// TestDeckLimits checks the deck rules of RULES.md for each ruleset.
func TestDeckLimits(t *testing.T) {
	tests := []struct {
		id                         string
		mainMin, mainMax, extraMax int
		exactMain                  bool
		sideSizes                  []int
		sideMax                    int
		synchro, xyz, ritualExtra  bool
		extraName                  string
	}{
		{"ocg", 40, 60, 15, false, nil, 15, true, true, false, "Extra Deck"},
		{"anime", 40, 60, 15, false, nil, 15, true, true, false, "Extra Deck"},
		{"classic", 40, 0, -1, false, []int{0, 15}, 0, false, false, false, "Fusion Deck"},
		{"kouhu", 60, 60, 15, true, nil, 15, false, false, true, "Extra Deck"},
	}
	for _, tt := range tests {
		rs, err := ruleset.Get(tt.id)
		if err != nil {
			t.Errorf("%s: %v", tt.id, err)
			continue
		}
		d := rs.Deck
		if rs.ID != tt.id || rs.Rules.Name != tt.id {
			t.Errorf("%s: ID %q, Rules.Name %q", tt.id, rs.ID, rs.Rules.Name)
		}
		if d.MainMin != tt.mainMin || d.MainMax != tt.mainMax || d.ExtraMax != tt.extraMax ||
			d.ExactMain != tt.exactMain || !slices.Equal(d.SideSizes, tt.sideSizes) || d.SideMax != tt.sideMax ||
			d.AllowSynchro != tt.synchro || d.AllowXyz != tt.xyz || d.RitualInExtra != tt.ritualExtra ||
			d.ExtraDeckName != tt.extraName || d.MaxCopies != 3 {
			t.Errorf("%s: deck limits %+v", tt.id, d)
		}
	}
	if _, err := ruleset.Get("rush"); err == nil {
		t.Error(`Get("rush") succeeded`)
	}
	if ids := ruleset.IDs(); len(ids) < 4 || ids[0] != "ocg" {
		t.Errorf("IDs() = %v, want ocg first", ids)
	}
}
