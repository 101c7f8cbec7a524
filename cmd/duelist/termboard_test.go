package main

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/scenario"
)

// TestBoardMarks: the board shows an Xyz Monster's Rank (not a Level), the counters on a card,
// and an equip card's monster (with the number of equips on the monster).
func TestBoardMarks(t *testing.T) {
	f, err := scenario.Parse([]byte(`ruleset: ocg
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  monsters:
    - {card: "Feral Imp", equips: ["Sword of Dark Destruction"]}
    - {card: "Frequency Magician", counters: {spell: 1}}
    - {card: "Number 39: Utopia", materials: ["Axe Raider", "Axe Raider"]}
B:
  deck: ["Celtic Guardian"]
`))
	if err != nil {
		t.Fatal(err)
	}
	f.Cards = all.Library()
	d, err := f.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, me := range []engine.Seat{engine.A, engine.B} {
		b := renderBoard(d.View(me), me, nil)
		for _, want := range []string{"Number 39: Utopia Rank4 2500/2000 [2 material(s)]", "Frequency Magician Lv", "[counters: spell×1]",
			"Sword of Dark Destruction → A:M1 Feral Imp", "Feral Imp Lv4 1700/1200 (+1 equip(s))"} {
			if !strings.Contains(b, want) {
				t.Errorf("seen by %s, the board lacks %q:\n%s", me, want, b)
			}
		}
	}
}

// TestBoardXyzRank: an Xyz Monster whose data keeps its Rank in the Level (as YGOPro databases
// do) is shown with its Rank, in the Monster Zone and in the hand or Extra Deck.
func TestBoardXyzRank(t *testing.T) {
	for _, loc := range []engine.Loc{engine.MZone, engine.Extra} {
		c := engine.CardView{Code: 1, Name: "Gem-Knight Pearl", Level: 4, ATK: 2600, DEF: 1900, Pos: engine.FaceUpAtk,
			Kind: card.Monster | card.Xyz, Place: engine.Place{Loc: loc}}
		if got := cardLabel(c, nil); !strings.Contains(got, "Rank4 2600/1900") || strings.Contains(got, "Lv") {
			t.Errorf("an Xyz Monster in %s reads %q", loc, got)
		}
	}
}

// TestChoicesInWords: Ultimate Offering's choice says Normal Summon or Set and names the monster;
// the position prompt names its card and its options say their positions.
func TestChoicesInWords(t *testing.T) {
	d := startPosition(t, `ruleset: ocg
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  hand: ["Axe Raider", "Monster Reborn"]
  spells: [{card: "Ultimate Offering", pos: up}]
B:
  deck: ["Celtic Guardian"]
  gy: ["Blue-Eyes White Dragon"]
`)
	en, _ := newTermUI("en", nil, chainRespond, engine.A, engine.Rules{}, strings.NewReader(""))
	zh, _ := newTermUI("zh-CN", langNamer("zh-CN"), chainRespond, engine.A, engine.Rules{}, strings.NewReader(""))
	prompt := func(ui *termUI) string {
		p := d.Prompt()
		s := ui.title(d, p)
		for _, o := range p.Options() {
			s += "\n" + ui.optionText(d, p, o)
		}
		return s
	}
	answer := func(lines ...string) {
		t.Helper()
		for _, line := range lines {
			for p := d.Prompt(); p.Seat != engine.A || p.IsChainWindow(); p = d.Prompt() {
				if err := d.AnswerText("pass"); err != nil {
					t.Fatal(err)
				}
			}
			if err := d.AnswerText(line); err != nil {
				t.Fatalf("%s: %v\n%s", line, err, prompt(en))
			}
		}
	}
	answer(`activate "Ultimate Offering"`, `select "Axe Raider"`)
	for ui, want := range map[*termUI][]string{en: {`Choose for "Axe Raider" — choose:`, `option 1 — Normal Summon "Axe Raider"`, `option 2 — Set "Axe Raider"`},
		zh: {"为「巨斧袭击者」选择 — 请选择：", "option 1 — 通常召唤 「巨斧袭击者」", "option 2 — 盖放 「巨斧袭击者」"}} {
		if got := prompt(ui); !containsAll(got, want) {
			t.Errorf("Ultimate Offering's choice reads:\n%s\nwant %q", got, want)
		}
	}
	answer("option 1", `activate "Monster Reborn"`, `select "Blue-Eyes White Dragon"`)
	for ui, want := range map[*termUI][]string{en: {`Battle position for "Blue-Eyes White Dragon" — choose:`, "atk — Attack Position", "def — Defense Position"},
		zh: {"「青眼白龙」的表示形式 — 请选择：", "atk — 攻击表示"}} {
		if got := prompt(ui); !containsAll(got, want) {
			t.Errorf("the position prompt reads:\n%s\nwant %q", got, want)
		}
	}
}

func containsAll(s string, subs []string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}
