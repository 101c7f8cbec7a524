package server

import (
	"encoding/json"
	"testing"

	"github.com/duelistgame/duelist/engine"
)

// TestStateEventAmount: an event's "amount" on the wire is the one number of its kind, taken from
// the engine's field for it (the protocol kept it when the engine gave each meaning a name).
func TestStateEventAmount(t *testing.T) {
	for _, c := range []struct {
		e    engine.EventView
		want int
	}{
		{engine.EventView{Kind: engine.EvDamage, Amount: 800}, 800},
		{engine.EventView{Kind: engine.EvRecover, Amount: 500}, 500},
		{engine.EventView{Kind: engine.EvPayLP, Amount: 1000}, 1000},
		{engine.EventView{Kind: engine.EvLP, Amount: 4000}, 4000},
		{engine.EventView{Kind: engine.EvActivate, Link: 2}, 2},
		{engine.EventView{Kind: engine.EvResolve, Link: 1}, 1},
		{engine.EventView{Kind: engine.EvTurn, Turn: 7}, 7},
		{engine.EventView{Kind: engine.EvSpecialSummon, SummonType: engine.XyzSummoned}, int(engine.XyzSummoned)},
		{engine.EventView{Kind: engine.EvCoin, Heads: true}, 1},
		{engine.EventView{Kind: engine.EvCoin}, 0},
		{engine.EventView{Kind: engine.EvFirst, GoFirst: true}, 1},
		{engine.EventView{Kind: engine.EvWin, Draw: true}, 1},
		{engine.EventView{Kind: engine.EvTap, Tapped: true}, 1},
		{engine.EventView{Kind: engine.EvRPS, Hands: [2]uint8{2, 1}}, 7}, // scissors against paper
		{engine.EventView{Kind: engine.EvDraw, Link: 3, Amount: 9, Heads: true}, 0},
	} {
		b, err := json.Marshal(eventOf(c.e, false))
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Amount *int `json:"amount"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		switch {
		case c.want == 0 && got.Amount != nil:
			t.Errorf("%s: %s carries an amount, want none", c.e.Kind, b)
		case c.want != 0 && (got.Amount == nil || *got.Amount != c.want):
			t.Errorf("%s: %s, want amount %d", c.e.Kind, b, c.want)
		}
	}
}
