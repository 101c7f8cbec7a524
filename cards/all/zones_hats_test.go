package all

import (
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
)

// TestLockedZonesAndHatsDuels plays random duels of a deck built around Ground Collapse (zones
// locked by a Continuous effect) and Magical Hats (Spells and Traps treated as monsters, face-down
// monsters shuffled among their zones), checking the invariants after every answer (Verify,
// copies, the replay), every fifth duel deeply, and that both features come into play.
func TestLockedZonesAndHatsDuels(t *testing.T) {
	locked, hats := 0, 0
	main := []card.Passcode{81210420, 81210420, 81210420, 90502999, 90502999, 90502999, 55144522, 4031928, 4031928, 53129443, 12580477, 44095762, 44095762, 83555666, 83555666, 89631139, 76184692, 46986414, 6368038, 91152256, 40374923, 90357090, 15025844, 32452818, 28279543, 13039848, 1784619, 36304921, 63308047, 10202894, 8124921, 44519536, 7902349, 70903634, 15401633, 16353197, 17535588, 18710707, 20060230, 22910685}
	for i := 0; i < testsize.N(8, 16, 200); i++ {
		seed := uint64(i)
		duelcheck.Play(t, seed, func() (*engine.Duel, error) {
			return engine.New(engine.Config{Rules: engine.OCG(), Seed: seed, Cards: Library(),
				Decks: [2]engine.DeckList{{Main: main}, {Main: main}}})
		}, duelcheck.Options{Deep: i%5 == 0, Each: func(d *engine.Duel) error {
			if d.LockedZones() != 0 {
				locked++
			}
			for s := engine.A; s <= engine.B; s++ {
				for _, id := range d.Pile(s, engine.MZone) {
					if id != engine.NoCard && d.Card(id).Data.Attribute == card.NoAttribute {
						hats++ // a Spell or Trap treated as a monster: no Attribute
					}
				}
			}
			return nil
		}})
	}
	// Both features are played: answers with zones locked, and Spells or Traps Set as monsters.
	if locked == 0 || hats == 0 {
		t.Errorf("answers with zones locked %d, with a Spell or Trap as a monster %d: want both", locked, hats)
	}
	t.Logf("answers with zones locked %d, with a Spell or Trap as a monster %d", locked, hats)
}
