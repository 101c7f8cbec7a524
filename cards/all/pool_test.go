package all

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
)

// TestPoolImplemented: every card of the pool that does something has a registered behaviour and
// a description; Normal Monsters (Tuners included) have none. There are no exceptions.
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
			missing = append(missing, d.Name)
			continue
		}
		if sc.Desc == "" {
			t.Errorf("%s has no description", d.Name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d pool cards have no behaviour: %s", len(missing), strings.Join(missing, ", "))
	}
	if n := len(cards.Registered()); n == 0 {
		t.Fatal("no card registered")
	}
}
