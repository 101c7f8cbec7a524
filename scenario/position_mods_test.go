package scenario_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/scenario"
)

// modsPosition has lasting modifiers (a stat change until the End Phase, Spellbinding Circle's
// flags while it stays, made the turn before), the Circle's link to its monster, and a rule change
// on a seat: the keys Duel.Position writes for them.
const modsPosition = `title: "round trip"
seed: 5
turn: 4
player: B
phase: battle
step: battle
A:
  deck: ["Celtic Guardian"]
  gy: ["Rush Recklessly"]
  monsters:
    - {card: "Blue-Eyes White Dragon", zone: 1, mods: [{atk: -1000, until: turn, from: "B:GY1"}]}
  spells:
    - {card: "Spellbinding Circle", pos: up, zone: 1, link: "B:M1"}
B:
  rules: [{flags: [no_battle_damage], until: turn, from: "A:GY1"}]
  deck: ["Celtic Guardian"]
  gy: ["Mystical Space Typhoon"]
  monsters:
    - {card: "Axe Raider", zone: 1, mods: [{flags: [cannot_attack, cannot_change_position], until: source, from: "A:S1", turn: 3}]}
    - {card: "Battle Ox", zone: 2, mods: [{level: 1}, {set_atk: 100, until: next_turn}, {final_def: 700}]}
`

// TestPositionModsKeys loads a position with modifiers, a link and a rule change, checks what
// they do, and exports it back to the same text.
func TestPositionModsKeys(t *testing.T) {
	d := load(t, []byte(modsPosition))
	defer d.Close()
	v := d.View(engine.B)
	if got := v.Seats[engine.A].Monsters[0].ATK; got != 2000 {
		t.Errorf("Blue-Eyes White Dragon's ATK %d, want 2000 (atk: -1000)", got)
	}
	if m := v.Seats[engine.B].Monsters[1]; m.ATK != 100 || m.Level != 5 || m.DEF != 700 {
		t.Errorf("Battle Ox: ATK %d, Level %d, DEF %d, want 100, 5 and 700 (final_def)", m.ATK, m.Level, m.DEF)
	}
	opts := optionTexts(d)
	if slices.ContainsFunc(opts, func(s string) bool { return strings.HasPrefix(s, `attack "Axe Raider"`) }) ||
		!slices.ContainsFunc(opts, func(s string) bool { return strings.HasPrefix(s, `attack "Battle Ox"`) }) {
		t.Errorf("options %v: Axe Raider is bound by the Circle, Battle Ox may attack", opts)
	}
	pos, err := d.Position()
	if err != nil {
		t.Fatal(err)
	}
	text, err := scenario.FormatPosition("round trip", pos)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != modsPosition {
		t.Errorf("the export differs from the position loaded:\n%s\nwant\n%s", text, modsPosition)
	}
	// Battle Ox (100 ATK) attacks Blue-Eyes (2000) and is destroyed; B takes no battle damage (its
	// rule).
	for _, a := range []string{`attack "Battle Ox"`, `select "Blue-Eyes White Dragon"`} {
		if err := d.AnswerText(a); err != nil {
			t.Fatalf("%s: %v (options %v)", a, err, optionTexts(d))
		}
	}
	for d.Prompt() != nil && d.Prompt().Kind == engine.PromptChain {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	if v := d.View(engine.A); v.Seats[engine.B].LP != 8000 || len(v.Seats[engine.B].GY) != 2 {
		t.Errorf("B's LP %d and Graveyard %d cards: want 8000 (no battle damage) and 2 (Battle Ox destroyed)",
			v.Seats[engine.B].LP, len(v.Seats[engine.B].GY))
	}
}

// TestPositionModsKeysRefused: a modifier or link naming no card, or an unknown word, is refused.
func TestPositionModsKeysRefused(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`from: "B:GY1"`, `from: "B:GY2"`, "holds no card"},
		{`link: "B:M1"`, `link: "B:M3"`, "holds no card"},
		{`until: next_turn`, `until: tomorrow`, "unknown expiry"},
		{`[no_battle_damage]`, `[no_fun]`, "unknown player flag"},
		{`{level: 1}`, `{level: 1, atk: 2}`, "one of atk"},
		{`cannot_attack,`, `flying,`, "unknown card flag"},
		{`until: next_turn}`, `until: next_turn, turn: 2}`, "has ended"},
	} {
		text := strings.Replace(modsPosition, c.from, c.to, 1)
		if text == modsPosition {
			t.Fatalf("%q is not in the position", c.from)
		}
		f, err := scenario.Parse([]byte(text))
		if err == nil {
			f.Cards = all.Library()
			var d *engine.Duel
			if d, err = f.Start(); err == nil {
				d.Close()
			}
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q → %q: error %v, want one saying %s", c.from, c.to, err, c.want)
		}
	}
}

// tokenPosition has Sheep Tokens (Scapegoat's), one with the flag its summon gave it.
const tokenPosition = `title: "round trip"
seed: 5
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Celtic Guardian"]
  gy: ["Scapegoat"]
  monsters:
    - {card: "Sheep Token", token: "Scapegoat", pos: def, zone: 1, new: true, summon: special, mods: [{flags: [no_tribute_summon]}]}
    - {card: "Sheep Token", token: "Scapegoat", pos: def, zone: 2, summon: special}
B:
  deck: ["Celtic Guardian"]
`

// TestPositionTokenKey loads a position with tokens (`token`: the card that makes them) and
// exports it back to the same text; a token no card makes is refused.
func TestPositionTokenKey(t *testing.T) {
	d := load(t, []byte(tokenPosition))
	defer d.Close()
	if m := d.View(engine.B).Seats[engine.A].Monsters[1]; m.Name != "Sheep Token" || m.Level != 1 {
		t.Errorf("A:M2 is %q of Level %d, want a Sheep Token", m.Name, m.Level)
	}
	pos, err := d.Position()
	if err != nil {
		t.Fatal(err)
	}
	text, err := scenario.FormatPosition("round trip", pos)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != tokenPosition {
		t.Errorf("the export differs from the position loaded:\n%s\nwant\n%s", text, tokenPosition)
	}
	f, err := scenario.Parse([]byte(strings.Replace(tokenPosition, `token: "Scapegoat", pos: def, zone: 2`, `token: "Pot of Greed", pos: def, zone: 2`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	f.Cards = all.Library()
	if d, err := f.Start(); err == nil || !strings.Contains(err.Error(), "makes no token") {
		if err == nil {
			d.Close()
		}
		t.Errorf("a token of Pot of Greed: error %v, want one saying it makes no token", err)
	}
}

// usedPosition has effects used this turn: Time Wizard's on the field (`used`), one of a card in
// the Graveyard (the seat's `used`), and Sangan's name (`used_names`).
const usedPosition = `title: "round trip"
seed: 5
turn: 3
player: A
phase: main1
step: idle
A:
  used: {"A:GY1": [1]}
  used_names: [{card: "Sangan", effect: 1}]
  deck: ["Celtic Guardian"]
  gy: ["Time Wizard"]
  monsters:
    - {card: "Time Wizard", zone: 1, used: [1]}
    - {card: "Time Wizard", zone: 2}
B:
  deck: ["Celtic Guardian"]
`

// TestPositionUsedKeys: an effect used this turn (`used`) is not offered again, another copy's
// is; the position exports back to the same text.
func TestPositionUsedKeys(t *testing.T) {
	d := load(t, []byte(usedPosition))
	defer d.Close()
	opts := optionTexts(d)
	if slices.Contains(opts, `activate "Time Wizard"@A:M1`) || !slices.Contains(opts, `activate "Time Wizard"@A:M2`) {
		t.Errorf("options %v: want Time Wizard's effect offered at A:M2 only", opts)
	}
	pos, err := d.Position()
	if err != nil {
		t.Fatal(err)
	}
	text, err := scenario.FormatPosition("round trip", pos)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != usedPosition {
		t.Errorf("the export differs from the position loaded:\n%s\nwant\n%s", text, usedPosition)
	}
}

// controlPosition: A controls B's Axe Raider until the End Phase (`returns_to`), may tribute B's
// Battle Ox this turn (`tribute_grants`) and has used an extra Normal Summon (`extra_summoned`).
const controlPosition = `title: "round trip"
seed: 5
turn: 3
player: A
phase: main2
step: idle
A:
  extra_summoned: true
  tribute_grants: ["B:M1"]
  deck: ["Celtic Guardian"]
  hand: ["Summoned Skull"]
  monsters:
    - {card: "Axe Raider", zone: 1, owner: B, returns_to: B}
B:
  deck: ["Celtic Guardian"]
  monsters:
    - {card: "Battle Ox", zone: 1}
`

// TestPositionControlKeys: a monster taken until the End Phase goes back then, and an opponent's
// monster granted for tribute is offered; the position exports back to the same text.
func TestPositionControlKeys(t *testing.T) {
	d := load(t, []byte(controlPosition))
	defer d.Close()
	pos, err := d.Position()
	if err != nil {
		t.Fatal(err)
	}
	text, err := scenario.FormatPosition("round trip", pos)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != controlPosition {
		t.Errorf("the export differs from the position loaded:\n%s\nwant\n%s", text, controlPosition)
	}
	if err := d.AnswerText(`summon "Summoned Skull"`); err != nil {
		t.Fatal(err)
	}
	if opts := optionTexts(d); !slices.Contains(opts, `select "Battle Ox"@B:M1`) {
		t.Errorf("tributes %v: want B's Battle Ox among them", opts)
	}
	d2 := load(t, []byte(controlPosition))
	defer d2.Close()
	if err := d2.AnswerText("end"); err != nil {
		t.Fatal(err)
	}
	for d2.Prompt() != nil && d2.Prompt().Kind == engine.PromptChain {
		if err := d2.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	if m := d2.View(engine.B).Seats[engine.B].Monsters; m[1].Name != "Axe Raider" {
		t.Errorf("B's monsters after A's End Phase: %+v; want Axe Raider back", m)
	}
}

// properPosition: a Synchro Monster in the Graveyard that was properly summoned (`proper`), and one
// that was not.
const properPosition = `title: "round trip"
seed: 5
turn: 3
player: A
phase: main1
step: idle
A:
  proper: ["A:GY1"]
  deck: ["Celtic Guardian"]
  hand: ["Monster Reborn"]
  gy: ["Gaia Knight, the Force of Earth", "Colossal Fighter"]
B:
  deck: ["Celtic Guardian"]
`

// TestPositionProperKey: Monster Reborn may target only the Graveyard's Synchro Monster that was
// properly summoned; the position exports back to the same text; a malformed rng is refused.
func TestPositionProperKey(t *testing.T) {
	d := load(t, []byte(properPosition))
	defer d.Close()
	pos, err := d.Position()
	if err != nil {
		t.Fatal(err)
	}
	text, err := scenario.FormatPosition("round trip", pos)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != properPosition {
		t.Errorf("the export differs from the position loaded:\n%s\nwant\n%s", text, properPosition)
	}
	if err := d.AnswerText(`activate "Monster Reborn"`); err != nil {
		t.Fatal(err)
	}
	if opts := optionTexts(d); !slices.Contains(opts, `select "Gaia Knight, the Force of Earth"@A:GY`) ||
		slices.Contains(opts, `select "Colossal Fighter"@A:GY`) {
		t.Errorf("Monster Reborn's targets %v: want Gaia Knight only", opts)
	}
	for _, rng := range []string{`"12:34"`, `"0123456789abcdef"`, `"0123456789abcdeg:0123456789abcdef"`} {
		if _, err := scenario.Parse([]byte(strings.Replace(properPosition, "seed: 5\n", "seed: 5\nrng: "+rng+"\n", 1))); err == nil ||
			!strings.Contains(err.Error(), "rng") {
			t.Errorf("rng: %s: error %v, want one naming rng", rng, err)
		}
	}
}
