package mistakes_test

import (
	"testing"

	"github.com/duelistgame/duelist/agent/mistakes"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/scenario"
)

// at starts a position written as a .duel file (no moves).
func at(t *testing.T, src string) *engine.Duel {
	t.Helper()
	f, err := scenario.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f.Cards = all.Library()
	d, err := f.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return d
}

// play gives the answers in order (the notation, as the prompt's seat writes them).
func play(t *testing.T, d *engine.Duel, answers ...string) {
	t.Helper()
	for _, a := range answers {
		if err := d.AnswerText(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
}

// judge returns the mistakes of answer text at the duel's prompt.
func judge(t *testing.T, d *engine.Duel, text string) mistakes.Set {
	t.Helper()
	p := d.Prompt()
	if p == nil {
		t.Fatal("no prompt")
	}
	o, err := d.ParseOptionFor(p.Seat, text)
	if err != nil {
		t.Fatalf("%q at a %v prompt: %v", text, p.Kind, err)
	}
	return mistakes.Judge(d, p, o)
}

// expect checks that an answer makes exactly the mistakes want.
func expect(t *testing.T, d *engine.Duel, text string, want ...mistakes.Class) {
	t.Helper()
	var w mistakes.Set
	for _, c := range want {
		w |= 1 << c
	}
	if got := judge(t, d, text); got != w {
		var names []string
		for c := mistakes.Class(0); c < mistakes.NClasses; c++ {
			if got.Has(c) {
				names = append(names, c.String())
			}
		}
		t.Errorf("%q: mistakes %v (%b), want %b", text, names, got, w)
	}
}

const skullAtk = `title: t
ruleset: ocg
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Celtic Guardian"]
  hand: ["Celtic Guardian", "Summoned Skull", "Trap Hole"]
B:
  deck: ["Celtic Guardian"]
  monsters: ["Summoned Skull"]
`

// TestNoSetAndSummonIntoStronger: a 1400-ATK monster summoned face-up into a face-up 2500-ATK
// one is both mistakes; Set, it is none; into a Defense Position one it is only the second; into
// a weaker monster neither.
func TestNoSetAndSummonIntoStronger(t *testing.T) {
	d := at(t, skullAtk)
	expect(t, d, `summon "Celtic Guardian"`, mistakes.NoSet, mistakes.SummonIntoStronger)
	expect(t, d, `set "Celtic Guardian"`)
	d = at(t, `title: t
ruleset: ocg
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Celtic Guardian"]
  hand: ["Celtic Guardian"]
B:
  deck: ["Celtic Guardian"]
  monsters: [{card: "Summoned Skull", pos: def}, {card: "Mystical Elf", pos: set}]
`)
	expect(t, d, `summon "Celtic Guardian"`, mistakes.SummonIntoStronger)
	d = at(t, `title: t
ruleset: ocg
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Celtic Guardian"]
  hand: ["Celtic Guardian"]
B:
  deck: ["Celtic Guardian"]
  monsters: ["Mystical Elf"]
`)
	expect(t, d, `summon "Celtic Guardian"`)
}

// TestNoPositionChange: ending the turn with a 1400-ATK monster in Attack Position before a
// face-up 2500-ATK one is a mistake; changing its position, or facing a weaker monster, is not.
func TestNoPositionChange(t *testing.T) {
	src := `title: t
ruleset: ocg
turn: 3
player: A
phase: main2
step: idle
A:
  deck: ["Celtic Guardian"]
  monsters: ["Celtic Guardian"]
B:
  deck: ["Celtic Guardian"]
  monsters: ["%s"]
`
	d := at(t, sprintf(src, "Summoned Skull"))
	expect(t, d, `end`, mistakes.NoPositionChange)
	expect(t, d, `position "Celtic Guardian"`)
	d = at(t, sprintf(src, "Mystical Elf"))
	expect(t, d, `end`)
}

// TestSkipMain2: ending the Battle Phase straight into the End Phase while holding a Trap is a
// mistake; going to Main Phase 2 is not, nor ending with no Spell or Trap in hand.
func TestSkipMain2(t *testing.T) {
	src := `title: t
ruleset: ocg
turn: 3
player: A
phase: battle
step: battle
A:
  deck: ["Celtic Guardian"]
  hand: [%s]
  monsters: ["Mystical Elf"]
B:
  deck: ["Celtic Guardian"]
`
	d := at(t, sprintf(src, `"Trap Hole"`))
	expect(t, d, `end`, mistakes.SkipMain2)
	expect(t, d, `main2`)
	d = at(t, sprintf(src, `"Celtic Guardian"`))
	expect(t, d, `end`)
}

// TestAttackIntoDeath: in a tag duel, attacking the stronger monster of either opponent is a
// mistake; attacking the weaker one is not.
func TestAttackIntoDeath(t *testing.T) {
	d := at(t, `title: t
ruleset: ocg
turn: 3
player: A2
phase: battle
step: battle
A1:
  deck: ["Celtic Guardian"]
A2:
  deck: ["Celtic Guardian"]
  monsters: ["Celtic Guardian"]
B1:
  deck: ["Celtic Guardian"]
  monsters: ["Mystical Elf"]
B2:
  deck: ["Celtic Guardian"]
  monsters: ["Summoned Skull"]
`)
	play(t, d, `attack "Celtic Guardian"`)
	for d.Prompt().Kind == engine.PromptChain {
		play(t, d, "pass")
	}
	expect(t, d, `select "Summoned Skull"@B2:M1`, mistakes.AttackIntoDeath)
	expect(t, d, `select "Mystical Elf"@B1:M1`)
}

// TestSelfRemoval: De-Spell aimed at our own Set Spell while the opponent has a Set card
// is a mistake; aimed at the opponent's card it is not, nor at our own when the opponent's field
// is empty.
func TestSelfRemoval(t *testing.T) {
	src := `title: t
ruleset: ocg
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Celtic Guardian"]
  hand: ["De-Spell"]
  spells: [{card: "Pot of Greed", pos: set}]
B:
  deck: ["Celtic Guardian"]
%s`
	d := at(t, sprintf(src, `  spells: [{card: "Pot of Greed", pos: set}]`))
	play(t, d, `activate "De-Spell"`)
	expect(t, d, `select "Pot of Greed"@A:S1`, mistakes.SelfRemoval)
	expect(t, d, `select ?@B:S1`)
	d = at(t, sprintf(src, ``))
	play(t, d, `activate "De-Spell"`)
	expect(t, d, `select "Pot of Greed"@A:S1`)
}

// TestKouhuOnlyCreature: making the only creature we could summon soon a cost card is a mistake;
// making the other card one is not.
func TestKouhuOnlyCreature(t *testing.T) {
	d := at(t, `title: t
ruleset: kouhu
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Harpie Lady"]
  hand: ["Marsh Imp", "Harpie Lady"]
B:
  deck: ["Harpie Lady"]
`)
	expect(t, d, `resource "Marsh Imp"`, mistakes.KouhuOnlyCreature)
	expect(t, d, `resource "Harpie Lady"`)
}

// TestTallyCountsChainWindows: a chain window with an activation offered counts as offered, and
// as taken when the answer activates; one with only "pass" is not counted.
func TestTallyCountsChainWindows(t *testing.T) {
	var tl mistakes.Tally
	p := &engine.Prompt{Kind: engine.PromptChain}
	p.Add(engine.OptActivate, 1)
	p.Add(engine.OptPass, engine.NoCard)
	tl.Observe(nil, p, p.Options()[0])
	tl.Observe(nil, p, p.Options()[1])
	q := &engine.Prompt{Kind: engine.PromptChain}
	q.Add(engine.OptPass, engine.NoCard)
	tl.Observe(nil, q, q.Options()[0])
	if tl.Decisions != 3 || tl.ChainOffered != 2 || tl.ChainTaken != 1 {
		t.Errorf("decisions %d, offered %d, taken %d; want 3, 2, 1", tl.Decisions, tl.ChainOffered, tl.ChainTaken)
	}
}

// observe judges an answer with the tally, then gives it.
func observe(t *testing.T, d *engine.Duel, tl *mistakes.Tally, texts ...string) {
	t.Helper()
	for _, text := range texts {
		p := d.Prompt()
		o, err := d.ParseOptionFor(p.Seat, text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		tl.Observe(d, p, o)
		if err := d.Answer(o); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	}
}

// TestTallySelfRemovalOfTheActivation: De-Spell whose only target is our own Set Spell, the
// opponent having a monster, is a mistake of the activation (no answer of the select avoids it);
// Two-Pronged Attack, which destroys two of our monsters by design, hits the opponent's too.
func TestTallySelfRemovalOfTheActivation(t *testing.T) {
	d := at(t, `title: t
ruleset: ocg
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Celtic Guardian"]
  hand: ["De-Spell"]
  spells: [{card: "Pot of Greed", pos: set}]
B:
  deck: ["Celtic Guardian"]
  monsters: ["Mystical Elf"]
`)
	var tl mistakes.Tally
	observe(t, d, &tl, `activate "De-Spell"`, `select "Pot of Greed"@A:S1`)
	tl.Finish()
	if tl.Mistakes[mistakes.SelfRemoval] != 1 {
		t.Errorf("De-Spell on our own card only: %d self-removals, want 1", tl.Mistakes[mistakes.SelfRemoval])
	}
	d = at(t, `title: t
ruleset: ocg
turn: 3
player: A
phase: battle
step: battle
A:
  deck: ["Celtic Guardian"]
  monsters: ["Celtic Guardian", "Axe Raider"]
  spells: [{card: "Two-Pronged Attack", pos: set}]
B:
  deck: ["Celtic Guardian"]
  monsters: ["Battle Ox"]
`)
	tl = mistakes.Tally{}
	observe(t, d, &tl, `activate "Two-Pronged Attack"`, `select "Celtic Guardian" "Axe Raider"`, `select "Battle Ox"`)
	tl.Finish()
	if tl.Mistakes[mistakes.SelfRemoval] != 0 {
		t.Errorf("Two-Pronged Attack: %d self-removals, want 0", tl.Mistakes[mistakes.SelfRemoval])
	}
}

// TestTallyPositionAfterBattle: going from the Battle Phase straight to the End Phase with a
// 1400-ATK monster in Attack Position that did not attack, before a face-up 2500-ATK one, is a
// mistake; before a weaker monster it is not.
func TestTallyPositionAfterBattle(t *testing.T) {
	src := `title: t
ruleset: ocg
turn: 3
player: A
phase: main1
step: idle
A:
  deck: ["Celtic Guardian"]
  monsters: ["Celtic Guardian"]
B:
  deck: ["Celtic Guardian"]
  monsters: [{card: "%s", pos: %s}]
`
	for _, c := range []struct {
		card, pos string
		want      int
	}{{"Summoned Skull", "atk", 1}, {"Mystical Elf", "def", 0}} {
		d := at(t, sprintf(src, c.card, c.pos))
		var tl mistakes.Tally
		observe(t, d, &tl, "battle")
		for d.Prompt().Kind == engine.PromptChain {
			observe(t, d, &tl, "pass")
		}
		observe(t, d, &tl, "end")
		tl.Finish()
		if got := tl.Mistakes[mistakes.NoPositionChange]; got != c.want {
			t.Errorf("before %s: %d position mistakes, want %d", c.card, got, c.want)
		}
	}
}

// TestTallyMandatoryEffectIsNoMistake: Trap Master's Flip effect, set off by the opponent's
// attack, must destroy a Trap and finds only ours: the seat chose nothing, so no self-removal.
func TestTallyMandatoryEffectIsNoMistake(t *testing.T) {
	d := at(t, `title: t
ruleset: ocg
turn: 4
player: B
phase: battle
step: battle
A:
  deck: ["Celtic Guardian"]
  monsters: [{card: "Trap Master", pos: set}]
  spells: [{card: "Waboku", pos: set}]
B:
  deck: ["Celtic Guardian"]
  monsters: ["Summoned Skull"]
`)
	var tl mistakes.Tally
	selects := 0
	play(t, d, `attack "Summoned Skull"`)
	for p := d.Prompt(); p != nil && !(p.Seat == engine.B && p.Kind == engine.PromptBattle); p = d.Prompt() {
		text := "pass"
		switch {
		case p.Kind == engine.PromptTarget:
			text = "select ?@A:M1"
		case p.Kind == engine.PromptSelect && p.Seat == engine.A:
			text = `select "Waboku"@A:S1`
			selects++
		}
		if p.Seat == engine.A {
			observe(t, d, &tl, text)
		} else {
			play(t, d, text)
		}
	}
	tl.Finish()
	if selects != 1 {
		t.Fatalf("Trap Master's effect asked A %d times, want once", selects)
	}
	if n := tl.Mistakes[mistakes.SelfRemoval]; n != 0 {
		t.Errorf("a mandatory Flip effect counted %d self-removals, want 0", n)
	}
}
