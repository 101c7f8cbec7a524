package main

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestTermLogWordsEveryKind: every engine event kind has a sentence in every language, whatever
// its details, with every field filled in.
func TestTermLogWordsEveryKind(t *testing.T) {
	var kinds []engine.EventKind
	for k := engine.EventKind(0); !strings.HasPrefix(k.String(), "EventKind("); k++ {
		kinds = append(kinds, k)
	}
	if len(kinds) < 44 {
		t.Fatalf("only %d event kinds found", len(kinds))
	}
	at := func(s engine.Seat, l engine.Loc, n int) engine.Place { return engine.Place{Seat: s, Loc: l, Seq: n} }
	variants := []engine.EventView{
		{Seat: engine.A, From: at(engine.A, engine.Hand, 0), To: at(engine.A, engine.MZone, 0)},
		{Seat: engine.B, Amount: 1, Battle: true, HasTarget: true, Target: at(engine.A, engine.MZone, 2),
			From: at(engine.B, engine.MZone, 1), To: at(engine.B, engine.GY, 0), Code: 46986414, Name: "Dark Magician",
			Timing: engine.Timing(2), Phase: engine.Phase(3), Pos: engine.FaceUpDef},
		{Seat: engine.A, Amount: 4, From: at(engine.A, engine.Hand, 1), To: at(engine.A, engine.Resource, 0)},
	}
	for _, id := range termLangs {
		l, err := lookupLang(id)
		if err != nil {
			t.Fatal(err)
		}
		lg := termLog{lang: l, names: langNamer(id)}
		for _, k := range kinds {
			for _, v := range variants {
				v.Kind = k
				s := lg.text(v, nil, nil)
				if s == "" || strings.ContainsAny(s, "{}") || !strings.ContainsAny(s, " 。：") {
					t.Errorf("%s: event %s (%+v) reads %q", id, k, v, s)
				}
			}
		}
		for key := range langEN.ev {
			if _, ok := l.ev[key]; !ok {
				t.Errorf("%s has no sentence %q", id, key)
			}
		}
		for key := range langEN.words {
			if _, ok := l.words[key]; !ok {
				t.Errorf("%s has no word %q", id, key)
			}
		}
	}
}

// TestTermLogTargetsAndBattle: an attack names its target and a battle its numbers from the view
// before the events (the target is destroyed after them); Chinese names under zh-CN.
func TestTermLogTargetsAndBattle(t *testing.T) {
	mon := func(s engine.Seat, n int, code card.Passcode, name string, pos engine.Pos, atk, def int) engine.CardView {
		return engine.CardView{Code: code, Name: name, Place: engine.Place{Seat: s, Loc: engine.MZone, Seq: n},
			Pos: pos, ATK: atk, DEF: def, Kind: card.Monster}
	}
	prev := &engine.View{Seats: make([]engine.SeatView, 2)}
	prev.Seats[engine.A].Monsters = []engine.CardView{mon(engine.A, 0, 46986414, "Dark Magician", engine.FaceUpAtk, 2500, 2100)}
	prev.Seats[engine.B].Monsters = []engine.CardView{{Empty: true}, mon(engine.B, 1, 89631139, "Blue-Eyes White Dragon", engine.FaceUpDef, 3000, 2500)}
	cur := &engine.View{Seats: make([]engine.SeatView, 2)}
	attacker := engine.Place{Seat: engine.A, Loc: engine.MZone}
	target := engine.Place{Seat: engine.B, Loc: engine.MZone, Seq: 1}
	en := termLog{lang: langEN}
	atk := engine.EventView{Kind: engine.EvAttack, Seat: engine.A, Code: 46986414, Name: "Dark Magician",
		From: attacker, To: attacker, HasTarget: true, Target: target}
	if got, want := en.text(atk, prev, cur), `A's "Dark Magician" attacks "Blue-Eyes White Dragon".`; got != want {
		t.Errorf("attack reads %q, want %q", got, want)
	}
	battle := atk
	battle.Kind = engine.EvBattle
	if got, want := en.text(battle, prev, cur), `Battle: "Dark Magician" against "Blue-Eyes White Dragon" (ATK 2500 vs DEF 2500).`; got != want {
		t.Errorf("battle reads %q, want %q", got, want)
	}
	zh := termLog{lang: langZHCN, names: langNamer("zh-CN")}
	if got, want := zh.text(atk, prev, cur), "A 的 「黑魔术师」 攻击 「青眼白龙」。"; got != want {
		t.Errorf("zh-CN attack reads %q, want %q", got, want)
	}
	hidden := engine.EventView{Kind: engine.EvAttack, Seat: engine.A, Code: 46986414, Name: "Dark Magician",
		From: attacker, HasTarget: true, Target: engine.Place{Seat: engine.B, Loc: engine.MZone, Seq: 3}}
	if got, want := en.text(hidden, prev, cur), `A's "Dark Magician" attacks B's Monster Zone 4.`; got != want {
		t.Errorf("an attack on a face-down monster reads %q, want %q", got, want)
	}
}
