package engine

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// countersPosition: A has a face-up Celtic Guardian with 2 spell counters and an equip card on
// it, a face-down Axe Raider with 1 spell counter and a bookkeeping "_link" counter on the
// face-up monster; B sees the face-up ones only.
func countersPosition(t *testing.T) *Duel {
	t.Helper()
	d, err := NewFromPosition(Position{Rules: OCG(), Turn: 3, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{code(t, "Celtic Guardian")}, Monsters: []MonsterSetup{
				{Code: code(t, "Celtic Guardian"), Pos: FaceUpAtk, Counters: map[string]int{"spell": 2, "_link": 7},
					Equips: []card.Passcode{code(t, "Sword of Dark Destruction")}},
				{Code: code(t, "Axe Raider"), Pos: FaceDownDef, Counters: map[string]int{"spell": 1}},
			}},
			{Deck: []card.Passcode{code(t, "Celtic Guardian")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestViewShowsCountersAndEquipLink: a face-up card's public counters and an equip card's monster
// are in every seat's view; a face-down card's counters only in its controller's; bookkeeping
// counters in none.
func TestViewShowsCountersAndEquipLink(t *testing.T) {
	d := countersPosition(t)
	if err := d.VerifyViews(); err != nil {
		t.Fatal(err)
	}
	for _, s := range []Seat{A, B} {
		sv := d.View(s).Seats[A]
		guardian, raider := sv.Monsters[0], sv.Monsters[1]
		if len(guardian.Counters) != 1 || guardian.Counters["spell"] != 2 {
			t.Errorf("%s sees counters %v on Celtic Guardian, want spell: 2 alone", s, guardian.Counters)
		}
		wantRaider := 0
		if s == A {
			wantRaider = 1
		}
		if raider.Counters["spell"] != wantRaider || (s == B && raider.Counters != nil) {
			t.Errorf("%s sees counters %v on the face-down Axe Raider, want spell: %d", s, raider.Counters, wantRaider)
		}
		var axe *CardView
		for i := range sv.Spells {
			if !sv.Spells[i].Empty {
				axe = &sv.Spells[i]
			}
		}
		if axe == nil || axe.EquipTo == nil || *axe.EquipTo != guardian.Place {
			t.Errorf("%s sees the equip card as %+v, want it equipped to %v", s, axe, guardian.Place)
		}
	}
	pub := d.PublicView().Seats[A]
	if pub.Monsters[0].Counters["spell"] != 2 || pub.Monsters[1].Counters != nil {
		t.Errorf("a spectator sees counters %v and %v, want spell: 2 and none", pub.Monsters[0].Counters, pub.Monsters[1].Counters)
	}
	for _, cv := range pub.Spells {
		if !cv.Empty && (cv.EquipTo == nil || *cv.EquipTo != pub.Monsters[0].Place) {
			t.Errorf("a spectator sees the equip card as %+v, want it equipped to %v", cv, pub.Monsters[0].Place)
		}
	}
}

// TestVerifyViewsCatchesCounterAndEquipLeaks: a view that shows a hidden card's counters or an
// equip link, or drops or falsifies a visible card's, is reported.
func TestVerifyViewsCatchesCounterAndEquipLeaks(t *testing.T) {
	d := countersPosition(t)
	knowsB := func(c *cardState) bool { return d.g.knownTo(B, c.place, c.pos.IsFaceUp(), c.ctrl) }
	sv := d.View(B).Seats[A]
	guardian, raider := sv.Monsters[0], sv.Monsters[1]
	axe := sv.Spells[0]
	for i := range sv.Spells {
		if !sv.Spells[i].Empty {
			axe = sv.Spells[i]
		}
	}
	leakCounters := raider
	leakCounters.Counters = map[string]int{"spell": 1}
	leakEquip := raider
	leakEquip.EquipTo = &guardian.Place
	noCounters := guardian
	noCounters.Counters = nil
	bookkeeping := guardian
	bookkeeping.Counters = map[string]int{"spell": 2, "_link": 7}
	wrongCount := guardian
	wrongCount.Counters = map[string]int{"spell": 3}
	noEquip := axe
	noEquip.EquipTo = nil
	wrongEquip := axe
	wrongEquip.EquipTo = &raider.Place
	for name, cv := range map[string]CardView{"hidden counters": leakCounters, "hidden equip": leakEquip,
		"dropped counters": noCounters, "bookkeeping counter": bookkeeping, "wrong count": wrongCount,
		"dropped equip": noEquip, "wrong equip": wrongEquip} {
		err := d.checkCardView("B", knowsB, cv)
		if err == nil || !strings.Contains(err.Error(), "view of B") {
			t.Errorf("%s: checkCardView = %v, want the leak reported", name, err)
		}
	}
	for _, cv := range []CardView{guardian, raider, axe} {
		if err := d.checkCardView("B", knowsB, cv); err != nil {
			t.Errorf("the true view of %v: %v", cv.Place, err)
		}
	}
}
