package all

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
)

// TestPoolImplemented: every card of the pool that does something has a registered behaviour and
// a text in the three languages; Normal Monsters (Tuners included) have neither. There are no exceptions.
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
		if d.Text.EN == "" || d.Text.ZHCN == "" || d.Text.ZHTW == "" {
			t.Errorf("%s has no text in every language (text, text.zh-CN, text.zh-TW of its card file): %+v", d.Name, d.Text)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d pool cards have no behaviour: %s", len(missing), strings.Join(missing, ", "))
	}
	if n := len(cards.Registered()); n == 0 {
		t.Fatal("no card registered")
	}
}
