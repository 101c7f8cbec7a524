package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A mutation is a one-line change to a rule of the engine, a ruleset or a card; some test must
// fail with it, unless equivalentMutations says why none can.
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
	{"Last Will decides at resolution whether its summon is offered at once", "cards/sdy/spells.go",
		"if now && c.MonsterSentToGYThisTurn(c.You()) {", "if c.MonsterSentToGYThisTurn(c.You()) {"},
	{"Ultimate Offering chains to itself without limit", "cards/sdy/traps.go",
		"c.NormalSummonableNow(c.You()) > waiting", "c.NormalSummonableNow(c.You()) > 0"},
	{"Sangan locks its own name", "cards/mrd/monsters.go",
		"c.BanName(c.You(), c.Data(got[0]).Passcode)", "c.BanName(c.You(), c.Data(c.Self()).Passcode)"},

	// Issue 32: the rules of its bugs and reference differences, the survivors it listed, and
	// comparisons, limits and conditions of the kernel, the rulesets and the cards.
	{"Damage Step: stat changes after damage calculation and at its end", "engine/activate.go",
		"(g.timing == DamageStart || g.timing == BeforeCalc)", "true"},
	{"Damage Step: every Speed 2 effect is a candidate", "engine/activate.go",
		"return speed >= 2 && (speed >= 3 || e.DamageStep || e.DamageCalc || e.Category&CatStatChange != 0)", "return speed >= 2"},
	{"Spell Speed: a lower speed chains to a higher one", "engine/activate.go",
		"return speed >= 2 && speed >= g.chain[n-1].speed", "return speed >= 2"},
	{"Spell Speed: Speed 1 in a chain window", "engine/activate.go",
		"return idle || speed >= 2", "return true"},
	{"missed timing: optional If triggers miss it like When ones", "engine/trigger.go",
		"if pt.eff.Optional && pt.eff.When && pt.seq != g.actionSeq {", "if pt.eff.Optional && pt.seq != g.actionSeq {"},
	{"a Continuous or Equip card that left the field still resolves", "engine/chain.go",
		"	if l.activation && k&(continuousKind|equipKind|fieldKind) != 0 {", "	if false && k != 0 {"},
	{"Tokens are Xyz Materials", "engine/extra.go",
		"if g.c(m).token || g.level(m) != c.data.Rank", "if g.level(m) != c.data.Rank"},
	{"tributes: a Level 7 monster needs one", "engine/summon.go", "case lv >= 7:", "case lv >= 8:"},
	{"tributes: a Level 5 monster needs none", "engine/summon.go", "case lv >= 5:", "case lv >= 6:"},
	{"Soul Exchange: the Tribute Summon may leave out the taken monster", "engine/summon.go",
		"return taken >= must && (!full || g.freesOwnZone(ids, s))", "return !full || g.freesOwnZone(ids, s)"},
	{"Soul Exchange: with full zones, a one-tribute summon may take only the taken monster's place", "engine/summon.go",
		"return taken < n && g.freesOwnZone(cands, s)", "return g.freesOwnZone(cands, s)"},
	{"a field trigger activates after its card left the field", "engine/trigger.go",
		"if pt.ev.Card != pt.card && int(g.c(pt.card).gen) != pt.gen {", "if false {"},
	{"Symbols of Duty: activatable with no monster in a Graveyard before its cost", "cards/taev/taev.go",
		"return len(dutyTargets(c)) > 0", "return true"},
	{"Imperial Order's 700 LP is a chain link", "cards/psv/psv.go",
		"Kind: engine.Automatic, Unnegated: true, On: engine.On(engine.EvPhase)", "Kind: engine.Trigger, On: engine.On(engine.EvPhase)"},
	{"Time Wizard: the damage counts the ATK the monsters had on the field", "cards/mrd/magicians.go",
		"total += max(c.Data(id).ATK, 0)", "total += max(c.ATK(id), 0)"},
	{"Kuriboh: offered when its player takes no battle damage", "cards/mrd/monsters.go",
		"c.Timing() == engine.DuringCalc &&\n					c.BattleDamage(c.You()) > 0", "c.Timing() == engine.DuringCalc"},
	{"an equip card stays while its monster is sent as a cost until the activation ends", "engine/chain.go",
		"		g.loseEquips()\n	}\n	// A seat that left a tag duel", "	}\n	// A seat that left a tag duel"},
	{"a direct attack has a before-calculation window", "engine/battle.go", "	if tgt != NoCard {\n		g.markAction()", "	if true {\n		g.markAction()"},
	{"Change of Heart: control returns to the owner", "engine/control.go", "to := cc.from", "to := cs.owner"},
	{"replay: only the number of the opponent's monsters is watched", "engine/battle.go",
		"return g.oppChanged || !g.targetOnField()", "return !g.targetOnField()"},
	{"end from the Battle Phase skips Main Phase 2's window", "engine/battle.go",
		"case g.rules.NoPhaseWindows || !g.passMain2():", "case true:"},
	{"ocg: a hand limit of 7", "engine/rules.go", "HandLimit:    6,", "HandLimit:    7,"},
	{"classic: Synchro Summons allowed", "engine/rules.go",
		"r.NoSynchro, r.NoXyz = true, true", "r.NoSynchro, r.NoXyz = false, true"},
	{"anime: Graveyards seen by the opponent", "engine/rules.go", "r.HiddenGraveyards = true", "r.HiddenGraveyards = false"},
	{"anime: a Field Zone each", "engine/rules.go", "r.SharedFieldZone = true", "r.SharedFieldZone = false"},
	{"kouhu: any tribute's Attribute will do", "kouhu/rules/summon.go",
		"if kc(k, t).Level == top && k.Data(t).Attribute == k.Data(id).Attribute {", "if k.Data(t).Attribute == k.Data(id).Attribute {"},
	{"kouhu: a creature in ambush is a tribute", "kouhu/rules/summon.go",
		"if id == engine.NoCard || k.Pos(id) == engine.FaceDownDef {", "if id == engine.NoCard {"},
	{"kouhu: pierce through a surviving blocker", "kouhu/rules/battle.go",
		"if allGone && attackerOnField(k, att) && pierces(k, att) {", "if (allGone || true) && attackerOnField(k, att) && pierces(k, att) {"},
	{"Sonic Chick: more than 1900 ATK", "cards/5ds1/monsters.go",
		"return other != noCard && c.ATK(other) >= 1900", "return other != noCard && c.ATK(other) > 1900"},
	{"Trap Hole: more than 1000 ATK", "cards/lob/traps.go",
		"c.FaceUp(ev.Card) && c.ATK(ev.Card) >= 1000", "c.FaceUp(ev.Card) && c.ATK(ev.Card) > 1000"},
	{"Two-Pronged Attack destroys what is left of its targets", "cards/lob/traps.go",
		"if ts := c.Targets(); len(ts) == 3 {", "if ts := c.Targets(); len(ts) > 0 {"},
	{"Marauding Captain: Level 5 or lower", "cards/lod/lod.go",
		"return cards.LevelAtMost(c, id, 4) && c.CanSpecialSummon(id, c.You())", "return cards.LevelAtMost(c, id, 5) && c.CanSpecialSummon(id, c.You())"},
	{"UFO Turtle: any Attribute", "cards/mrl/monsters.go",
		"return cards.HasAttr(c, id, card.Fire) && c.Data(id).ATK <= 1500", "return card.Fire != 0 && c.Data(id).ATK <= 1500"},
	{"Mysterious Puppeteer gains for its own summon", "cards/sdk/monsters.go",
		"return ev == nil || ev.Card != c.Self()", "return ev == nil || true"},
	{"Card Destruction: the opponent's Deck must hold enough", "cards/sdy/spells.go",
		"if s == c.You() && len(c.Pile(s, engine.Deck)) < n {", "if len(c.Pile(s, engine.Deck)) < n {"},
	{"Reverse Trap in the Damage Step", "cards/sdy/traps.go",
		"			Kind:    engine.Activate,\n", "			Kind: engine.Activate, Category: engine.CatStatChange,\n"},
}

// equivalentMutations are the mutations no test can tell apart, with the reason (docs/testing.md):
// TestMutation reports them when they survive instead of failing.
var equivalentMutations = map[string]string{
	"missed timing: optional If triggers miss it like When ones": "the pool's one optional If trigger (Makyura the Destructor) answers a destruction by battle, which never happens while a chain resolves, so its event is always the last thing to happen",
	"kouhu: pierce through a surviving blocker":                  "a blocker survives only when its DEF was at least the attacker's ATK, which the engagement then lowered to 0 (no kouhu card makes a creature indestructible by battle), so the damage is 0 and no event is emitted",
}

// TestMutationLinesPresent: every line TestMutation (build tag mutation) breaks occurs exactly once
// where the list says, so that the list follows the code it mutates between the runs of the
// mutation test.
func TestMutationLinesPresent(t *testing.T) {
	names := map[string]bool{}
	for _, m := range mutations {
		names[m.name] = true
	}
	for name := range equivalentMutations {
		if !names[name] {
			t.Errorf("equivalentMutations names %q, which is no mutation", name)
		}
	}
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
