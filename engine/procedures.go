package engine

import "github.com/duelistgame/duelist/card"

// Procedures are a ruleset's own procedures: the turn, the summons it offers, battle, what an
// activation costs and what a card's data means to the ruleset. The kernel (cards, zones, moves,
// events, effects, the chain and prompts) calls these hooks where the rulesets differ and never
// asks which ruleset it runs. Rules.Procedures nil runs the kernel's own procedures, those of the
// Master Rule family (ocg, classic, anime); a ruleset with procedures of its own (package
// kouhu/rules) implements every hook. The hooks are called on the duel's coroutine with a Kernel
// handle of the duel; they must be deterministic and keep no state of their own (the duel's state
// is the kernel's: one Procedures value serves every duel).
//
// Simpler differences are parameters of Rules (UnlimitedZones, ResourceZone, NoPhaseWindows,
// KeepOtherFields, NoTag); a ruleset sets them with its procedures.
type Procedures interface {
	// CardDB returns the card database of a duel given none (nil: card.Pool's).
	CardDB() *card.DB
	// CardData returns the ruleset's data for a card of the duel, made once when the card is
	// made (nil for a card the ruleset knows nothing of); Kernel.RuleData and Ctx.RuleData
	// return it.
	CardData(code card.Passcode) any
	// IsExtra reports whether a card of this data belongs in the Extra Deck (the kernel's own
	// rule reads the card's kind).
	IsExtra(d *card.Data, data any) bool
	// TributeClass is what a face-down monster's Level tells the opponent (Determinize keeps it
	// when it re-deals hidden cards): the kernel's own is the tributes a Normal Summon needs.
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
	// ranges, speeds and costs (idle: from its idle prompt); the kernel checks the effect's own
	// conditions and limits after it. ActivationRange is where an effect of a card can be used
	// in a kind of window w (CanActivate may allow it there), 0 for a card with no data of the
	// ruleset: the kernel looks at cards only where one may be. It depends only on the card's data
	// (its card.Data and CardData) and the effect: the copies of a card share it.
	CanActivate(k *Kernel, id CardID, e *Effect, s Seat, idle bool) bool
	ActivationRange(k *Kernel, id CardID, e *Effect, w ActWindow) LocMask
	// ActivationCost is the cost in cost cards (Kernel.Pay) of activating a Spell or Trap card.
	ActivationCost(k *Kernel, id CardID) int
	// SetupMonster places a monster entry of a Position (Kernel.PlaceSetupMonster) and returns the
	// card; the kernel then sets its Tapped and New marks.
	SetupMonster(k *Kernel, s Seat, m MonsterSetup) (CardID, error)
	// NonMonster reports whether a card that stands in a Monster Zone is not a monster (a kouhu
	// artifact): it is face-up and has no battle position.
	NonMonster(k *Kernel, id CardID) bool
	// Exportable returns an error when the duel's state cannot be written as a Position.
	Exportable(k *Kernel) error
}

// ActWindow is a kind of moment in which a ruleset's procedures are asked what may be activated
// (Procedures.ActivationRange): a seat's idle prompt, a window with no chain yet, a window of a
// chain.
type ActWindow uint8

// The kinds of window: ActIdle is an idle prompt (CanActivate's idle), ActOpen a window outside
// it with an empty chain, ActChained a window with a chain.
const (
	ActIdle ActWindow = iota
	ActOpen
	ActChained
	nActWindows
)

// procs returns the duel's own procedures, or nil for the kernel's.
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
func (g *game) isExtraData(d *card.Data, data any) bool {
	if p := g.procs(); p != nil {
		return p.IsExtra(d, data)
	}
	return d.Kind.IsExtra()
}
