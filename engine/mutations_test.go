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
	{"a trigger once per action: once per event", "engine/trigger.go",
		"if pt := g.pendingInAction(id, e); pt != nil {", "if pt := g.pendingInAction(id, e); false {"},
	{"a trigger once per action: its group holds the first card only", "engine/trigger.go",
		"pt.group = append(pt.group[:len(pt.group):len(pt.group)], ev.Card)", "pt.group = pt.group[:1:1]"},
	{"a Continuous effect's Type: monsters keep their own (DNA Surgery)", "engine/race.go",
		"r, found, stamp = v, true, g.c(src).stamp", "found, stamp = true, g.c(src).stamp"},
	{"Skull Invitation: one player's damage after the other's", "cards/psv/burn.go",
		"c.DamageAtOnce(c.Opp(), c.You(), 300*theirs, 300*mine)", "c.DamageBoth(c.Opp(), c.You(), 300*theirs, 300*mine)"},
	{"destroy and banish: through the Graveyard", "engine/ctxops.go",
		"func (c *Ctx) DestroyBanish(ids ...CardID) int { return c.destroy(Banished, ids) }",
		"func (c *Ctx) DestroyBanish(ids ...CardID) int { return c.destroy(GY, ids) }"},
	{"group select: only the first 20 candidates", "engine/selectgroup.go",
		"	n := len(p.Candidates)\n", "	n := len(p.Candidates)\n	p.Candidates = p.Candidates[:min(n, 20)]\n"},
	{"phase effects: optional ones chained together", "engine/trigger.go",
		"if phase && phaseOn {", "if false {"},
	{"phase effects: mandatory ones chained together", "engine/trigger.go",
		"if mandatoryPhase && phaseOn {", "if false {"},
	{"phase effects: every seat's mandatory ones before the optional ones", "engine/trigger.go",
		"	if phaseMajor {\n", "	if false {\n"},
	{"phase effects: the other seats' ones before the turn player passed", "engine/trigger.go",
		"hold := g.phaseList && !g.phasePassed", "hold := false"},
	{"a Spell or Trap still on the chain answers events", "engine/trigger.go",
		"	if c.place.Loc.OnField() && !g.applies(c) {\n", "	if false {\n"},
	{"equips lost at the next step: only at adjust", "engine/ctxops.go",
		"		if len(c.g.equips) > 0 {\n", "		if false {\n"},
	{"a final ATK keeps the earlier ATK modifiers", "engine/ctxops.go",
		"return k == ModATK || k == ModFinalATK", "return k == ModFinalATK"},
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
	{"the attacking monster: still so once its attack is negated (Sakuretsu Armor)", "engine/ctx.go",
		"return id != NoCard && id == g.attacker && !g.attackNegated && g.attackerCanBattle()", "return id != NoCard && id == g.attacker && g.attackerCanBattle()"},
	{"Copycat: negated by Junk Synchron, it does not activate", "cards/5ds1/monsters.go",
		"HasTargets: cards.HasAny(1, oppFaceUp),", "HasTargets: func(c *ctx) bool { return !c.Negated(c.Self()) && cards.HasAny(1, oppFaceUp)(c) },"},
	{"Threatening Roar: also in Main Phase 2", "cards/fet/fet.go",
		"return c.IsOpp(c.TurnPlayer()) && c.Phase() != engine.Main2 && c.Phase() != engine.End", "return c.IsOpp(c.TurnPlayer()) && c.Phase() != engine.End"},
	{"a final ATK or DEF: the Continuous effects from before it still add (Yami on Copycat)", "engine/modifier.go",
		"final, add, since = m.Value, 0, m.Stamp", "final, add, since = m.Value, 0, -1"},
	{"a final ATK or DEF: no Continuous effect adds, not even a later one", "engine/continuous.go",
		"if g.c(src).stamp <= since || e.Affects == nil", "if since >= 0 || e.Affects == nil"},
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
	{"immunity: an effect destroys a card unaffected by it", "engine/ctxops.go",
		"	ids = c.affected(ids)\n	if c.link != nil && c.g.replacers > 0 {\n", "	if c.link != nil && c.g.replacers > 0 {\n"},
	{"immunity: Continuous effects give stats to a card unaffected by them", "engine/continuous.go",
		"g.negated(src) || !g.reaches(src, id) ||\n			g.unaffected(id, src) {\n			return true // effects that change nothing here", "g.negated(src) || !g.reaches(src, id) {\n			return true // effects that change nothing here"},
	{"ignored as an attack target: still counted against a direct attack", "engine/battle.go",
		"if id != NoCard && g.hasFlag(id, FlagIgnoredAsAttackTarget) {", "if id != NoCard && false {"},
	{"Cold Wave: Spells and Traps may still be Set", "engine/summon.go",
		"	if g.playerHas(c.place.Seat, PFNoSpellTrapPlay) {\n", "	if false {\n"},
	{"Cold Wave: also once something was done in the phase", "engine/ctxstate.go",
		"return c.g.phaseBegun && !c.g.phaseTouched", "return c.g.phaseBegun"},
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
	{"AddToHand: an Extra Deck monster stays in the hand", "engine/ctxops.go",
		"to = Extra // an Extra Deck monster \"added to the hand\"", "to = Hand // an Extra Deck monster \"added to the hand\""},
	{"Synchro: the materials' equips stay until after the summon", "engine/extra.go",
		"// Miniaturize), are destroyed.\n\t\tg.adjust()", "// Miniaturize), are destroyed."},
	{"Last Will decides at resolution whether its summon is offered at once", "cards/sdy/spells.go",
		"if now && c.MonsterSentToGYThisTurn(c.You()) {", "if _ = now; c.MonsterSentToGYThisTurn(c.You()) {"},
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
		"c.Destroy(mine...)\n				total := 0\n				for _, id := range mine {\n					if c.Place(id).Loc != engine.MZone {\n						total += max(c.Data(id).ATK, 0)",
		"total := 0\n				for _, id := range mine {\n					if true {\n						total += max(c.ATK(id), 0)\n					}\n				}\n				c.Destroy(mine...)\n				for range mine {\n					if false {"},
	{"Kuriboh: offered when its player takes no battle damage", "cards/mrd/monsters.go",
		"c.Timing() == engine.DuringCalc &&\n					c.BattleDamage(c.You()) > 0", "c.Timing() == engine.DuringCalc"},
	{"an equip card stays while its monster is sent as a cost until the activation ends", "engine/chain.go",
		"		g.adjust()\n	}\n	// A seat that left a tag duel", "	}\n	// A seat that left a tag duel"},
	{"a direct attack has a before-calculation window", "engine/battle.go", "	if tgt != NoCard {\n		g.markAction()", "	if true {\n		g.markAction()"},
	{"Change of Heart: control returns to the owner", "engine/control.go", "to := cc.from", "to := cs.owner"},
	{"a phase's effects of cards that came since its event are not set off after a chain", "engine/chain.go",
		"		resolved = true\n		g.latePhaseEvent()\n", "		resolved = true\n"},
	{"Chain Energy: a Tribute Summon pays before its tributes are chosen", "engine/summon.go",
		"payLate := n > 0 // once", "payLate := false // once"},
	{"a monster destroyed by battle applies its Continuous effects until it leaves", "engine/continuous.go",
		"return c.destroyed && c.place.Loc == MZone && g.timing != DuringCalc", "return false"},
	{"the Damage Step's events are answered at the Battle Step's prompt", "engine/battle.go",
		"24, 26, 27).\n	g.fresh, g.freshKinds = g.fresh[:0], 0\n", "24, 26, 27).\n"},
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
	{"a negation of a kind of card until the end of the turn negates nothing", "engine/continuous.go",
		"	if g.negMods {\n		g.negateKinds()", "	if false {\n		g.negateKinds()"},
	{"Metal Detector answers any Trap's activation", "cards/psv/negators.go",
		"return k.Has(card.Trap) && k.Has(card.Continuous)", "return k.Has(card.Trap)"},
	{"an attack aimed at another monster by an effect keeps its first target", "engine/retarget.go",
		"	g.target = id\n", ""},
	{"a turn to skip (Gamble) is played", "engine/turn.go",
		"	if g.skipsPhase(PFSkipTurn) {", "	if false {"},
	{"a final ATK computed from the current ATK (Mirror Wall's half) is not applied", "engine/modifier.go",
		"		v = g.continuousFinalATK(id, v)\n", ""},
	{"a card in another player's hand triggers for its owner (Parasite Paracide)", "engine/trigger.go",
		"			seat = c.place.Seat // the player holding it", "			seat = c.owner // the player holding it"},
	{"a forbidden card's effects may be activated (Prohibition)", "engine/activate.go",
		"func (g *game) effectReady(id CardID, e *Effect, s Seat) bool {\n	if g.forbidden(id) {", "func (g *game) effectReady(id CardID, e *Effect, s Seat) bool {\n	if false {"},
	{"Reverse Trap in the Damage Step", "cards/sdy/traps.go",
		"			Kind:    engine.Activate,\n", "			Kind: engine.Activate, Category: engine.CatStatChange,\n"},
	{"two Battle Phases: the second never follows", "engine/battle.go",
		"twice := g.secondBattle != g.turn && g.battlePhaseTwiceArmed()", "twice := false && g.battlePhaseTwiceArmed()"},
	{"two Battle Phases: the attacks of the first are not forgotten", "engine/attacks.go",
		"if int(c.attackTurn) != g.turn || c.attacks == 0 {", "if int(c.attackTurn) != g.turn {"},
	{"two Battle Phases: a grant made during the Battle Phase doubles it", "engine/battle.go",
		"m.flags == PFBattlePhaseTwice && m.expiry == EndOfBattlePhase", "m.flags == PFBattlePhaseTwice"},
	{"declaring several Attributes: ones not allowed are offered", "engine/declare.go",
		"if v&^all == 0 && bits.OnesCount32(uint32(v)) == n {", "if bits.OnesCount32(uint32(v)) == n {"},
	{"Earthshaker: the opponent has no choice (the first declared)", "cards/psv/earthshaker.go",
		"picked := c.DeclareAttribute(c.Opp(), two...)", "picked := c.DeclareAttribute(c.Opp(), two[:1]...)"},
	{"face-up monsters only (Light of Intervention): a monster may be Set", "engine/summon.go",
		"		if !g.playerHas(tp, PFFaceUpMonsters) {\n", "		if true {\n"},
	{"face-up monsters only: a Normal Summon is in Attack Position", "engine/summon.go",
		"	if g.playerHas(s, PFFaceUpMonsters) {\n		pos = g.askFaceUpPosition(s, id)", "	if false {\n		pos = g.askFaceUpPosition(s, id)"},
	{"face-up monsters only: a face-down Special Summon stays face-down", "engine/summon.go",
		"if ev == EvSpecialSummon && pos == FaceDownDef && g.playerHas(s, PFFaceUpMonsters) {", "if false {"},
	{"face-up monsters only: a monster may be turned face-down", "engine/ctxops.go",
		"return cs.place.Loc == MZone && cs.pos.IsFaceUp() && !cs.token && !cs.data.Kind.Has(card.Token) &&\n		!c.g.playerHas(cs.ctrl, PFFaceUpMonsters)",
		"return cs.place.Loc == MZone && cs.pos.IsFaceUp() && !cs.token && !cs.data.Kind.Has(card.Token)"},
	{"Lightforce Sword: the count never ends (ygopro-core ends it after its player's 4th Standby Phase)", "cards/psv/lightforce.go",
		"if c.Counter(id, lightforceOwn)+1 < 4 {", "if true {"},
	{"Lightforce Sword: the card returns in the 3rd Standby Phase", "cards/psv/lightforce.go",
		"if c.Counter(id, lightforceCount)+1 < 4 {", "if c.Counter(id, lightforceCount)+1 < 3 {"},
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
