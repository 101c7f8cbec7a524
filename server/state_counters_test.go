package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestStateCarriesCountersAndEquip: the state's cards carry a visible card's counters and an equip
// card's monster; a face-down card's counters reach only its controller.
func TestStateCarriesCountersAndEquip(t *testing.T) {
	code := func(name string) card.Passcode {
		d, ok := card.Pool().ByName(name)
		if !ok {
			t.Fatalf("no card %q", name)
		}
		return d.Passcode
	}
	d, err := engine.NewFromPosition(engine.Position{Rules: engine.OCG(), Turn: 3, Player: engine.A, Phase: engine.Main1,
		Seats: [engine.MaxSeats]engine.SeatSetup{
			{Deck: []card.Passcode{code("Celtic Guardian")}, Monsters: []engine.MonsterSetup{
				{Code: code("Celtic Guardian"), Pos: engine.FaceUpAtk, Counters: map[string]int{"spell": 2},
					Equips: []card.Passcode{code("Sword of Dark Destruction")}},
				{Code: code("Axe Raider"), Pos: engine.FaceDownDef, Counters: map[string]int{"spell": 1}},
			}},
			{Deck: []card.Passcode{code("Celtic Guardian")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		seat engine.Seat
		want []string
		not  []string
	}{
		{engine.A, []string{`"place":"A:M1","code":`, `"counters":{"spell":2}`, `"equip":"A:M1"`, `"place":"A:M2","code":`, `"counters":{"spell":1}`}, nil},
		{engine.B, []string{`"counters":{"spell":2}`, `"equip":"A:M1"`, `{"place":"A:M2","pos":"set"}`}, []string{`"counters":{"spell":1}`}},
	} {
		b, err := json.Marshal(viewOf(d.View(tc.seat)))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for _, w := range tc.want {
			if !strings.Contains(s, w) {
				t.Errorf("%s's view lacks %s: %s", tc.seat, w, s)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(s, n) {
				t.Errorf("%s's view shows %s: %s", tc.seat, n, s)
			}
		}
	}
}
