package engine

import "github.com/duelistgame/duelist/card"

// Procedures are a ruleset's procedures: the turn, the summons it offers, battle, the rules of
// activation, what an activation costs and what a card's data means to the ruleset. The kernel
// (cards, zones, moves, events, effects, the chain and prompts) calls these hooks where the
// rulesets differ and never asks which ruleset it runs. Every ruleset implements them, as each
// variant of shakmaty implements its Position: MasterRule returns those of the Master Rule family
// (ocg, and classic and anime, which differ from it only by parameters of Rules), package
// kouhu/rules kouhu's. The hooks are called on the duel's coroutine with a Kernel handle of the
// duel; they must be deterministic and keep no state of their own (the duel's state is the
// kernel's: one Procedures value serves every duel).
//
// Simpler differences are parameters of Rules (UnlimitedZones, ResourceZone, NoPhaseWindows,
// KeepOtherFields, NoTag, NoSynchro ...); a ruleset sets them with its procedures.
type Procedures interface {
	// CardDB returns the card database of a duel given none.
	CardDB() *card.DB
	// CardData returns the ruleset's data for a card of the duel, made once when the card is
	// made (nil for a card the ruleset keeps nothing of); Kernel.RuleData and Ctx.RuleData
	// return it.
	CardData(code card.Passcode) any
	// IsExtra reports whether a card of this data belongs in the Extra Deck.
	IsExtra(d *card.Data, data any) bool
	// TributeClass is what a face-down monster's Level tells the opponent (Determinize keeps it
	// when it re-deals hidden cards): the Master Rule's is the tributes a Normal Summon needs.
	TributeClass(level int) int
	// RunPhase runs the current phase of the turn (Kernel.Phase) and moves on (NextPhase,
	// EndTurn); the kernel calls it until the duel is over.
	RunPhase(k *Kernel)
	// IdlePrompt makes the turn player's Main Phase prompt (Kernel.NewPrompt) and IdleAction takes
	// one of its options other than activate, battle, main2 and end, which the kernel takes.
	IdlePrompt(k *Kernel)
	IdleAction(k *Kernel, o Option)
	// CanAttack reports whether a monster of the turn player may attack now (the Battle Step's
	// prompt lists it) and Attack runs its attack.
	CanAttack(k *Kernel, id CardID) bool
	Attack(k *Kernel, id CardID)
	// CanActivate reports whether seat s may use an effect of a card now by the ruleset's rules of
	// ranges, speeds, windows and costs (idle: from its idle prompt). The kernel has checked the
	// phases the effect names and that an effect answering an event has one of its kinds to
	// answer; it checks the effect's own conditions and limits after (a negated card, once per
	// turn, the event it answers, Condition, CanPay, HasTargets).
	CanActivate(k *Kernel, id CardID, e *Effect, s Seat, idle bool) bool
	// CardActivatable is CanActivate's quick answer for a card whose every effect to activate
	// is the activation of the card itself: false when no such activation can be allowed now, so
	// that the kernel skips the card at once (true when unsure). The kernel skips such a Trap
	// card in the hand of a seat without PFTrapsFromHand before asking, under every ruleset.
	CardActivatable(k *Kernel, id CardID, s Seat, idle bool) bool
	// ActivationWindow is the kind of the window the kernel looks for activations in now (idle:
	// an idle prompt), a ruleset's own classification of its moments, and ActivationRanges
	// where an effect of a card can be used in each kind of window (CanActivate may allow it
	// there): the kernel looks at cards only where one may be. ActivationRanges depends only on
	// the card's data (its card.Data and CardData) and the effect: the copies of a card share it.
	ActivationWindow(k *Kernel, idle bool) ActWindow
	ActivationRanges(k *Kernel, id CardID, e *Effect) [NumActWindows]LocMask
	// ActivationCost is the cost in cost cards (Kernel.Pay) of activating a Spell or Trap card.
	ActivationCost(k *Kernel, id CardID) int
	// SetupMonster places a monster entry of a Position (Kernel.PlaceSetupMonster) and returns the
	// card; the kernel then sets its Tapped mark, and summoning sickness where the entry and
	// SummoningSickness say.
	SetupMonster(k *Kernel, s Seat, m MonsterSetup) (CardID, error)
	// SummoningSickness reports whether a monster Normal Summoned or Set this turn has summoning
	// sickness (Kernel.SetSick) under the ruleset: the loader gives it to such a Position entry,
	// and the export writes a state only where the loader would give it back.
	SummoningSickness() bool
	// NonMonster reports whether a card that stands in a Monster Zone is not a monster (a kouhu
	// artifact): it is face-up and has no battle position.
	NonMonster(k *Kernel, id CardID) bool
	// Exportable returns an error when the duel's state cannot be written as a Position beyond
	// what the kernel's export checks.
	Exportable(k *Kernel) error
}

// ActWindow is a ruleset's kind of the moments in which cards may be activated
// (Procedures.ActivationWindow), the index of a card's activation ranges: the Master Rule's are
// the least Spell Speed allowed (1 to 3, and 0 for Speed 2 or more in the Damage Step), kouhu's
// an idle prompt, a window with no chain yet and a window of a chain.
type ActWindow uint8

// NumActWindows is how many kinds of window a ruleset may have (ActWindow 0 to NumActWindows-1).
const NumActWindows = 4

// procs returns the duel's procedures (newGame refuses rules without them).
func (g *game) procs() Procedures { return g.rules.Procedures }

// ruleDataOf returns the ruleset's data of a card (nil for none, or a token).
func (g *game) ruleDataOf(id CardID) any {
	if int(id) < len(g.ruleData) {
		return g.ruleData[id]
	}
	return nil
}

// kernel returns the handle of the duel that the procedures' hooks receive.
func (g *game) kernel() *Kernel { return (*Kernel)(g) }

// isExtraData reports whether a card of this data belongs in the Extra Deck.
func (g *game) isExtraData(d *card.Data, data any) bool { return g.procs().IsExtra(d, data) }

// setRuleData keeps the ruleset's data of a card just made (Procedures.CardData). The list is
// made at the first card with data, and from then every card has its entry (tokens, made without
// it, nil); before it ruleDataOf answers nil for every card, which is what a ruleset that keeps
// no data of its cards (the Master Rule) leaves it at.
func (g *game) setRuleData(id CardID, code card.Passcode) {
	data := g.procs().CardData(code)
	if data == nil && g.ruleData == nil {
		return
	}
	if g.ruleData == nil {
		g.ruleData = make([]any, 0, cap(g.cards))
	}
	for len(g.ruleData) < int(id) {
		g.ruleData = append(g.ruleData, nil) // tokens, and cards made before the first with data
	}
	g.ruleData = append(g.ruleData, data)
}
