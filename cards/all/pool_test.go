package all

import (
	"strings"
	"testing"

	"duelist/card"
	"duelist/cards"
)

// pending lists the pool cards that wait for the Extra Deck and special summons issue (Fusion,
// Ritual, Synchro, Xyz, control change, and the 5D's starter's effect cards).
func pending(d *card.Data) bool {
	if d.Kind.IsExtra() || d.Kind.Has(card.Ritual) {
		return true
	}
	switch d.Name {
	case "Change of Heart", "Soul Exchange", "Polymerization", "Black Luster Ritual":
		return true
	case "Rush Recklessly", "Mystic Tomato", "Trap Hole", "Seven Tools of the Bandit":
		return false
	}
	for _, s := range d.Sets {
		if s == "SDY" || s == "SDK" || s == "seed" {
			return false
		}
	}
	return true // 5DS1 only
}

// TestPoolImplemented: every card of the pool that does something has a registered behaviour and
// a description, except the cards waiting for the Extra Deck issue; Normal Monsters have none.
func TestPoolImplemented(t *testing.T) {
	var missing []string
	for _, d := range card.Pool().All() {
		sc := cards.Script(d.Passcode)
		if d.IsNormalMonster() {
			if sc != nil {
				t.Errorf("%s is a Normal Monster but has a script", d.Name)
			}
			continue
		}
		if sc == nil {
			if !pending(d) {
				missing = append(missing, d.Name)
			}
			continue
		}
		if sc.Desc == "" {
			t.Errorf("%s has no description", d.Name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d pool cards have no behaviour: %s", len(missing), strings.Join(missing, ", "))
	}
}
