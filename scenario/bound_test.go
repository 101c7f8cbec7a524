package scenario

import (
	"strings"
	"testing"
)

// TestBoundRefusesWhatCannotBeBound: a spell entry's `bound` names a Monster Zone holding a
// monster, on a face-up card that is an Equip card or says how it is bound (Script.Bind); anything
// else is refused with the reason, not loaded unbound.
func TestBoundRefusesWhatCannotBeBound(t *testing.T) {
	head := "title: t\nturn: 3\nplayer: A\nphase: main1\nA:\n  deck: [\"Celtic Guardian\"]\n  monsters: [\"Dark Magician\", {card: \"Celtic Guardian\", pos: set}]\nB:\n  deck: [\"Celtic Guardian\"]\n  spells: ["
	for entry, want := range map[string]string{
		`{card: "Sword of Dark Destruction", pos: up, bound: "A:M1"}`:  "",
		`{card: "Sword of Dark Destruction", pos: set, bound: "A:M1"}`: "only a face-up card",
		`{card: "Sword of Dark Destruction", pos: up, bound: "A:M3"}`:  "holds no monster",
		`{card: "Sword of Dark Destruction", pos: up, bound: "A:M2"}`:  "face-down",
		`{card: "Sword of Dark Destruction", pos: up, bound: "A:S1"}`:  "not a Monster Zone",
		`{card: "Sword of Dark Destruction", pos: up, bound: "M1"}`:    "not a Monster Zone",
		`{card: "Imperial Order", pos: up, bound: "A:M1"}`:             "neither an Equip card nor",
		`{card: "Spellbinding Circle", pos: up, bound: "A:M2"}`:        "",
	} {
		f, err := parse([]byte(head + entry + "]\n"))
		if err == nil {
			var d interface{ Close() }
			d, err = f.Start()
			if err == nil {
				d.Close()
			}
		}
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v, want it loaded", entry, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: %v, want an error with %q", entry, err, want)
		}
	}
}
