package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A mutation is a one-line change to a rule of the engine or a card; some test must fail with it.
type mutation struct {
	name     string
	file     string // from the module root
	old, new string // old must occur exactly once in file
}

// mutations are rules of the engine and the cards, each broken by one line.
var mutations = []mutation{
	{"Damage Step: any effect before damage calculation", "engine/activate.go",
		"return e.Category&CatStatChange != 0 && (g.timing == DamageStart || g.timing == BeforeCalc)", "return true"},
	{"Damage Step: any effect during damage calculation", "engine/activate.go",
		"		return e.DamageCalc\n", "		return true\n"},
	{"SEGOC: optional triggers before mandatory ones", "engine/trigger.go",
		"for _, optional := range [2]bool{false, true} {", "for _, optional := range [2]bool{true, false} {"},
	{"missed timing: optional When triggers never miss", "engine/trigger.go",
		"if pt.eff.Optional && pt.eff.When && pt.seq != g.actionSeq {", "if false {"},
	{"battle destruction: not at the end of the Damage Step", "engine/battle.go",
		"if id != NoCard && g.c(id).destroyed && g.c(id).place.Loc == MZone {", "if false {"},
	{"a monster destroyed by battle is a legal target", "engine/ctx.go",
		"if cs.destroyed && cs.place.Loc == MZone {", "if false {"},
	{"Ring of Destruction: both take damage at once", "engine/ctxops.go",
		"	c.g.checkState()\n	if c.g.over || c.g.pl(first).lp == 0 {\n		return\n	}\n", ""},
	{"tag: a special win by a second member is scored by seat", "engine/ctxops.go",
		"c.g.endDuel(int(s.Team()), reason)", "c.g.endDuel(int(s), reason)"},
	{"Xyz: the last material is always detached", "engine/extra.go",
		"if n < len(pick) {", "if false {"},
	{"once per turn: the limit is not checked", "engine/activate.go",
		"if e.OncePerTurn && e.index-1 < int(c.effN) && int(g.effTurns[int(c.effAt)+e.index-1]) == g.turn {", "if false {"},
	{"prompts: every candidate's face is shown to its chooser", "engine/notation.go",
		"if viewer == int(p.Seat) && (p.Kind == PromptSelect || p.Kind == PromptOrder) && p.Look {",
		"if viewer == int(p.Seat) && (p.Kind == PromptSelect || p.Kind == PromptOrder) {"},
	{"kouhu: a failed search leaves a creature on the field", "kouhu/rules/ctx.go",
		"if k.Place(id).Loc.OnField() { // a creature too (seed 000)", "if k.Place(id).Loc.OnField() && !k.Data(id).IsMonster() {"},
	{"kouhu: a Set Normal Spell answers the effect that sends it off", "kouhu/rules/chain.go",
		"if c.Kind == kouhu.NormalSpell && loc != engine.Hand && leavingByEffect(k, id) {", "if false {"},
	{"kouhu: creature effects never join a chain", "kouhu/rules/chain.go",
		"if !idle && (chain == 0 || !main || k.TurnPlayer() != s) {", "if !idle {"},
	{"kouhu: a cost card untapped during a chain pays within it", "engine/resource.go",
		"c.g.setResState(c.g.c(id), false, c.g.resolving != nil || len(c.g.chain) > 0)", "c.g.setResState(c.g.c(id), false, false)"},
	{"kouhu: a speed 1 link joins a speed 2 chain", "kouhu/rules/chain.go",
		"speed < 1 || speed < last {", "speed < 1 && last >= 0 {"},
	{"windows: the turn player is not asked in its own Draw, Standby and End Phases", "engine/chain.go",
		"g.runWindowOpt(g.turnPlayer, false, true, false)", "g.runWindowOpt(g.turnPlayer, false, false, false)"},
	{"windows: End Phase window before the discard", "engine/turn.go",
		"	g.triggerWindow()\n	tp := g.turnPlayer\n", "	g.phaseWindow()\n	tp := g.turnPlayer\n"},
	{"windows: a hand refilled in the End Phase window is not discarded again", "engine/turn.go",
		"if g.chainsResolved == before || !g.overLimit(tp) {", "if g.chainsResolved == before || true {"},
	{"cards sent at the same time move in the order listed", "engine/turn.go",
		"	if len(ids) < 2 {\n		return ids\n	}\n	out := g.outIDs(ids)", "	if true {\n		return ids\n	}\n	out := g.outIDs(ids)"},
	{"Ultimate Offering: its player may summon nothing", "engine/ctxops.go",
		"got := c.SelectCards(s, cands, 1, 1, ForNothing)", "got := c.SelectCards(s, cands, 0, 1, ForNothing)"},
	{"Ultimate Offering chains to itself without limit", "cards/sdy/traps.go",
		"c.NormalSummonableNow(c.You()) > waiting", "c.NormalSummonableNow(c.You()) > 0"},
	{"Sangan locks its own name", "cards/mrd/monsters.go",
		"c.BanName(c.You(), c.Data(got[0]).Passcode)", "c.BanName(c.You(), c.Data(c.Self()).Passcode)"},
}

// TestMutationLinesPresent: every line TestMutation (build tag mutation) breaks occurs exactly once
// where the list says, so that the list follows the code it mutates between the runs of the
// mutation test.
func TestMutationLinesPresent(t *testing.T) {
	for _, m := range mutations {
		src, err := os.ReadFile(filepath.Join("..", m.file))
		if err != nil {
			t.Errorf("%s: %v", m.name, err)
			continue
		}
		if n := strings.Count(string(src), m.old); n != 1 {
			t.Errorf("%s: the line to mutate occurs %d times in %s, want once: %q", m.name, n, m.file, m.old)
		}
	}
}
