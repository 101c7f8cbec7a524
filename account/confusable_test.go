package account

import (
	"errors"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// Names that differ from an account's only by look-alike letters are refused (issue 33): a name
// mixing Latin with Cyrillic or Greek letters, and one wholly in Cyrillic or Greek look-alikes of
// an account's Latin name. Names of one script and Latin beside Han stay allowed.
func TestLookalikeNamesAreRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, _ := newService(t, db, Options{})
		for _, name := range []string{"paypal", "Kaiba"} {
			if _, err := s.Register(ctx, name, "blue eyes white"); err != nil {
				t.Fatal(err)
			}
		}
		for _, name := range []string{"p\u0430ypal", "K\u0430iba", "Ka\u03b9ba", "Ma\u0433ik"} {
			_, err := s.Register(ctx, name, "blue eyes white")
			if err == nil || !strings.Contains(err.Error(), "may not mix") || !isValidation(err) {
				t.Errorf("Register(%q) (mixed scripts) = %v; want a refusal that it mixes scripts", name, err)
			}
		}
		// Wholly Cyrillic, every letter a look-alike of Kaiba's: Каіва (К а і в а).
		if _, err := s.Register(ctx, "\u041a\u0430\u0456\u0432\u0430", "blue eyes white"); !errors.Is(err, ErrNameTaken) {
			t.Errorf("Register(Каіва) = %v; want ErrNameTaken (it looks like Kaiba)", err)
		}
		for _, name := range []string{"Дмитрий", "Ελένη", "Yugi遊戯", "\u0440\u0430\u0443\u0430"} {
			if _, err := s.Register(ctx, name, "blue eyes white"); err != nil {
				t.Errorf("Register(%q) = %v; want it allowed", name, err)
			}
		}
		var n int
		db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM accounts").Scan(&n)
		if n != 6 {
			t.Fatalf("%d accounts; want 6", n)
		}
	})
}
