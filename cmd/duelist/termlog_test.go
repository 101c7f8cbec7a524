package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/scenario"

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
	// An ATK boost answering the attack (in the same batch of events) is in the battle's numbers.
	boosted := &engine.View{Seats: make([]engine.SeatView, 2)}
	boosted.Seats[engine.A].Monsters = []engine.CardView{mon(engine.A, 0, 46986414, "Dark Magician", engine.FaceUpAtk, 3200, 2100)}
	boosted.Seats[engine.B].Monsters = prev.Seats[engine.B].Monsters
	l := termLog{lang: langEN}
	l.text(engine.EventView{Kind: engine.EvModified, Seat: engine.A, Code: 46986414, Name: "Dark Magician", From: attacker, To: attacker}, prev, boosted)
	if got, want := l.text(battle, prev, boosted), `Battle: "Dark Magician" against "Blue-Eyes White Dragon" (ATK 3200 vs DEF 2500).`; got != want {
		t.Errorf("a battle after a boost reads %q, want %q", got, want)
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

// scenarioLog plays a scenario's moves and returns the log of its events as seat me sees them.
func scenarioLog(t *testing.T, src string, me engine.Seat, rules engine.Rules) string {
	t.Helper()
	f, err := scenario.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f.Cards = all.Library()
	d, err := f.Run()
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ui, err := newTermUI("en", nil, chainRespond, me, rules, strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	ui.events(d, &b)
	return b.String()
}

// TestTermLogActors: in a tag duel a direct attack names the opponent it hits (B1 here, whom
// Seat.Other() of A2 is not); a Monster Reborn of A's reviving B's monster is A's Special Summon;
// a token leaving the field ceases to exist (no internal place is printed).
func TestTermLogActors(t *testing.T) {
	tag := `ruleset: ocg
turn: 3
player: A2
phase: battle
A1:
  deck: ["Celtic Guardian"]
A2:
  deck: ["Celtic Guardian"]
  monsters: ["Axe Raider"]
B1:
  deck: ["Celtic Guardian"]
B2:
  deck: ["Celtic Guardian"]
moves: |
  A2: attack "Axe Raider"
  ! A2: select "Axe Raider"
  A2: direct B1
expect:
  B1.lp: 6300
`
	out := scenarioLog(t, tag, engine.A, engine.Rules{})
	for _, want := range []string{`A2's "Axe Raider" attacks B1 directly.`, `Battle: "Axe Raider" attacks B1 directly (ATK 1700).`} {
		if !strings.Contains(out, want) {
			t.Errorf("the tag log lacks %q:\n%s", want, out)
		}
	}
	src, err := os.ReadFile("../../testdata/ocg/cards/lob/monster-reborn-revives-from-the-opponents-graveyard.duel")
	if err != nil {
		t.Fatal(err)
	}
	for _, me := range []engine.Seat{engine.A, engine.B} {
		if out := scenarioLog(t, string(src), me, engine.Rules{}); !strings.Contains(out, `A Special Summons "Blue-Eyes White Dragon" to A's Monster Zone`) {
			t.Errorf("seen by %s, Monster Reborn's summon reads:\n%s", me, out)
		}
	}
	tribute := engine.EventView{Kind: engine.EvTribute, Seat: engine.A, Code: 1, Name: "Giant Soldier of Stone",
		From: engine.Place{Seat: engine.B, Loc: engine.MZone}, To: engine.Place{Seat: engine.A, Loc: engine.GY}}
	if got, want := (&termLog{lang: langEN}).text(tribute, nil, nil), `B tributes "Giant Soldier of Stone".`; got != want {
		t.Errorf("B tributing A's monster (taken by B) reads %q, want %q", got, want)
	}
	gone := engine.EventView{Kind: engine.EvMove, Seat: engine.A, Code: 1, Name: "Sheep Token",
		From: engine.Place{Seat: engine.A, Loc: engine.MZone}, To: engine.Place{Seat: engine.A, Loc: engine.Resource + 1}}
	if got, want := (&termLog{lang: langEN}).text(gone, nil, nil), `"Sheep Token" leaves the field and ceases to exist.`; got != want {
		t.Errorf("a token leaving the field reads %q, want %q", got, want)
	}
}

// TestTermLogKouhuBlocks: a blocked kouhu attack is no direct attack, and each engagement shows
// the ATK and DEF the attacker has left after the ones before it.
func TestTermLogKouhuBlocks(t *testing.T) {
	mon := func(s engine.Seat, n int, name string, atk, def int) engine.CardView {
		return engine.CardView{Code: card.Passcode(100 + n + 10*int(s)), Name: name, Place: engine.Place{Seat: s, Loc: engine.MZone, Seq: n},
			Pos: engine.FaceUpAtk, ATK: atk, DEF: def, Kind: card.Monster}
	}
	prev := &engine.View{Seats: make([]engine.SeatView, 2)}
	prev.Seats[engine.A].Monsters = []engine.CardView{mon(engine.A, 0, "Dragon", 2000, 1500)}
	prev.Seats[engine.B].Monsters = []engine.CardView{mon(engine.B, 0, "Wall", 300, 500), mon(engine.B, 1, "Knight", 700, 600)}
	att := engine.Place{Seat: engine.A, Loc: engine.MZone}
	l := &termLog{lang: langEN, kouhu: true, blocked: true}
	ev := engine.EventView{Kind: engine.EvBattle, Seat: engine.A, Code: 100, Name: "Dragon", From: att, To: att}
	var got []string
	got = append(got, l.text(ev, prev, prev))
	for i := range 2 {
		ev.HasTarget, ev.Target = true, engine.Place{Seat: engine.B, Loc: engine.MZone, Seq: i}
		got = append(got, l.text(ev, prev, prev))
	}
	want := []string{`Battle: "Dragon" meets its blockers (ATK 2000).`,
		`Battle: "Dragon" against "Wall" (ATK/DEF 2000/1500 vs 300/500).`,
		`Battle: "Dragon" against "Knight" (ATK/DEF 1500/1200 vs 700/600).`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the blocked attack reads:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A kouhu duel where B blocks: the block is stated before its battle.
	out := playLines(t, strings.Repeat("1\n", 3000), "--ruleset", "kouhu", "--seed", "2", "--first", "A")
	if !regexp.MustCompile(`B blocks "[^"]+" with "[^"]+"\.\nBattle: "[^"]+" meets its blockers`).MatchString(out) {
		t.Errorf("no block is stated:\n%s", tail(out))
	}
}
