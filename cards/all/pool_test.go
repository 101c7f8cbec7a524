package all

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
)

// TestPoolImplemented: every card of the pool that does something has a registered behaviour and
// a text in the three languages; Normal Monsters (Tuners included) have neither. The one state
// between: a card whose data a set's import brought (`duelist cards new`, docs/cards.md) but
// that nobody has written yet, with no text in any language and no behaviour. Such a card is
// pending: deck checks refuse it ("not implemented by the engine yet", deck.Unimplemented), a
// finished set holds none (TestFinishedSets), and a card with a text but no behaviour fails here.
func TestPoolImplemented(t *testing.T) {
	var missing []string
	pending := map[string]int{}
	for _, d := range card.Pool().All() {
		sc := cards.Script(d.Passcode)
		if d.IsNormalMonster() {
			if sc != nil {
				t.Errorf("%s is a Normal Monster but has a script", d.Name)
			}
			continue
		}
		if sc == nil {
			if d.Pending() && len(d.Sets) > 0 {
				pending[d.Sets[0]]++
				continue
			}
			missing = append(missing, d.Name)
			continue
		}
		if d.Text.EN == "" || d.Text.ZHCN == "" || d.Text.ZHTW == "" {
			t.Errorf("%s has no text in every language (text, text.zh-CN, text.zh-TW of its card file): %+v", d.Name, d.Text)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d pool cards have a text but no behaviour: %s", len(missing), strings.Join(missing, ", "))
	}
	if len(pending) > 0 {
		t.Logf("pending (data only, neither text nor behaviour yet), by set: %v", pending)
	}
	if n := len(cards.Registered()); n == 0 {
		t.Fatal("no card registered")
	}
}
