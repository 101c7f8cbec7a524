package engine

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
)

// EffectKind is the kind of an effect (ygopro-core's decomposition, typed).
type EffectKind uint8

// The kinds of effect.
const (
	// Activate is the activation of a Spell or Trap card itself; its speed comes from the card
	// (Normal/Equip/Continuous/Field/Ritual Spells 1, Quick-Play Spells and Normal/Continuous
	// Traps 2, Counter Traps 3).
	Activate EffectKind = iota
	// Ignition is a monster's (or a face-up card's) effect activated in its controller's Main
	// Phase with an empty chain: Spell Speed 1.
	Ignition
	// Trigger is an effect that activates when its event happens: Spell Speed 1. Mandatory
	// triggers always go on the chain; optional ones ask their controller.
	Trigger
	// Quick is a Quick Effect: Spell Speed 2, at any time its condition allows (Event 0), or in
	// answer to its event.
	Quick
	// Flip is a FLIP effect: a Trigger on its monster being flipped face-up.
	Flip
	// Continuous applies while its card is face-up on the field (or wherever Range says), with no
	// activation: stat changes and rule changes.
	Continuous
	// Automatic applies by itself when its event happens (On, TriggerIf), without being
	// activated: no chain link, nothing can answer it, it cannot miss its timing (ygopro's
	// EFFECT_TYPE_CONTINUOUS with an event): a maintenance cost paid in the Standby Phase, a
	// counter placed each time a Spell resolves. It runs before triggers go on a chain
	// (automatic.go).
	Automatic
)

var effectKindNames = [...]string{"activate", "ignition", "trigger", "quick", "flip", "continuous", "automatic"}

// String names the kind.
func (k EffectKind) String() string {
	if int(k) < len(effectKindNames) {
		return effectKindNames[k]
	}
	return fmt.Sprintf("EffectKind(%d)", k)
}

// Category is a bit set of what an effect does, so that other cards and agents can ask without
// running it.
type Category uint32

// The categories.
const (
	CatDestroy Category = 1 << iota
	CatDraw
	CatSearch
	CatSpecialSummon
	CatDamage
	CatRecover
	CatNegate
	CatStatChange // changes ATK/DEF directly: may be activated in the Damage Step until damage calculation
	CatToHand
	CatToGrave
	CatRemove
	CatControl
	CatEquip
	CatPosition
	CatCoin
	CatDisableAttack
	CatDiscard
	CatToken
	CatWin
)

// LocMask is a set of locations.
type LocMask uint16

// Has reports whether the mask holds a location.
func (m LocMask) Has(l Loc) bool { return m&(1<<l) != 0 }

// Locs makes a mask of locations.
func Locs(ls ...Loc) LocMask {
	var m LocMask
	for _, l := range ls {
		m |= 1 << l
	}
	return m
}

// Flag is a rule change a continuous effect or a lasting modifier puts on a card.
type Flag uint32

// The flags.
const (
	FlagCannotAttack Flag = 1 << iota
	FlagCannotChangePosition
	FlagUntargetable         // cannot be targeted by card effects
	FlagNegated              // its effects are negated
	FlagIndestructibleBattle // cannot be destroyed by battle
	FlagNoBattleDamageTo     // its controller takes no battle damage from battles involving it
	FlagCannotBeAttackTarget // the opponent cannot target it for attacks
	FlagForceDefense         // it must be in Defense Position
	FlagNoTributeSummon      // it cannot be tributed for a Tribute Summon
	FlagPierce               // piercing battle damage (ocg: through a Defense Position monster; kouhu: through destroyed blockers)
	FlagCannotBlock          // kouhu: it cannot block
	FlagDirectAttack         // it may attack directly while the opponent controls monsters
	FlagNoDirectAttack       // it cannot attack directly
	FlagExtraAttack          // it may attack twice each Battle Phase
	// FlagIgnoredAsAttackTarget: the opponent's monsters cannot attack it, and it does not count
	// as a monster of its controller for a direct attack (ygopro-core's EFFECT_IGNORE_BATTLE_TARGET:
	// The Legendary Fisherman with Umi; alone on its side, its controller may be attacked directly).
	FlagIgnoredAsAttackTarget
)

// Effect is one effect of a card. Functions left nil mean "always" (conditions, costs, targets)
// or "nothing" (resolution).
type Effect struct {
	Kind EffectKind
	// Desc is the project's own short wording of the effect (not the card text).
	Desc string
	// On is the set of events a Trigger or event-bound Activate/Quick effect answers (0 = none:
	// the effect may be activated whenever its condition holds). EvMove in the set stands for
	// every event that moves a card (sent to the GY, destroyed, tributed, discarded ...).
	On EventMask
	// Range is where the card must be for the effect to work; 0 = the default of its kind (the
	// field for monsters' effects, the hand or Spell & Trap Zone for card activations).
	Range LocMask
	// Speed overrides the Spell Speed of the kind (0 = the default).
	Speed int
	// Optional: a Trigger or Flip effect its controller may decline ("you can").
	Optional bool
	// When: an optional trigger worded "When ...", which misses its timing if its event was not the
	// last thing to happen.
	When bool
	// OncePerTurn limits the effect of this card to one use per turn; OncePerName limits all
	// cards of the name (the effect with the same index) to one use per turn per player.
	OncePerTurn, OncePerName bool
	// OncePerAction: a Trigger set off by several events of one action (the two cards Pot of
	// Greed draws) activates once for them all, not once per event (ygopro-core raises such
	// events as one, with a group of cards: Solemn Wishes).
	OncePerAction bool
	// DamageStep allows activation in the Damage Step (as the card says); effects of category
	// CatStatChange and Counter Traps are allowed there by rule.
	DamageStep bool
	// DamageCalc allows activation during damage calculation (Kuriboh).
	DamageCalc bool
	// NoChain: using the effect starts no chain (a Quick effect that is no activation: Last
	// Will's later summon, as ygopro-core's continuous EVENT_FREE_CHAIN effects). It is paid and
	// resolved at once and nothing may answer it; it is offered only while no chain is open,
	// outside the Damage Step: at its player's idle and battle prompts, and in the windows that
	// close a phase or step or follow an attack declaration (game.freeActs).
	NoChain bool
	// YourPhases and OppPhases, when either is set, are the phases of its player's own turn and
	// of the opponent's turn in which the effect may be activated ("during your Main Phase or
	// your opponent's Battle Phase"): the kernel refuses it in every other phase before it asks
	// anything else of the effect (its Condition need not say it again).
	YourPhases, OppPhases PhaseMask
	Category              Category

	// Condition says whether an effect bound to no event (On = 0: an Ignition, a Quick Effect or
	// an activation at any time) may be activated now, beyond timing and range.
	Condition func(c *Ctx) bool
	// TriggerIf says whether the event c.Event() sets off a Trigger or Flip effect; it is checked
	// when the event happens.
	TriggerIf func(c *Ctx) bool
	// Answers says whether an event-bound Activate or Quick effect (On set) answers the event
	// c.Event(), one of the last action's events in On; the effect answers the first that does.
	Answers func(c *Ctx) bool
	// CanPay and Pay are the cost.
	CanPay func(c *Ctx) bool
	Pay    func(c *Ctx)
	// HasTargets says whether legal targets exist; Target chooses them (c.SelectTargets).
	HasTargets func(c *Ctx) bool
	Target     func(c *Ctx)
	// Resolve applies the effect.
	Resolve func(c *Ctx)
	// Destroys, when set, names the cards the effect's resolution would destroy as its
	// activation declares them (ygopro-core's operation info: Heavy Storm, every other Spell and
	// Trap); an effect of CatDestroy without it declares its targets. LinkInfo.Destroys reads it
	// (Fake Trap answers an effect that would destroy a Trap).
	Destroys func(c *Ctx) []CardID
	// Attaches marks an effect whose resolution attaches its card to its target (an Equip
	// Spell's equip): it is carried out even when the effect or the card is negated (Imperial
	// Order), as ygopro-core does for an effect with a continuous target; the card's other
	// effects stay negated. A negated activation still attaches nothing.
	Attaches bool
	// Unnegated marks a Trigger or Automatic effect that still applies while its card's effects
	// are negated (ygopro-core's "cannot be disabled": Swords of Revealing Light's count of the
	// opponent's turns goes on under Imperial Order).
	Unnegated bool

	// Static is what a Continuous effect applies. Kind, Desc and Range are every effect's; the
	// other fields above are for the kinds that activate. Script.Prepare refuses an effect that
	// sets the fields of the other side.
	Static

	// index is the effect's position in its script (1-based for the notation's activate CARD N).
	index int
}

// Static is what a Continuous effect applies while it works: Affects says which cards are affected
// (nil = none); ATK and DEF add to their stats (ATKFunc computed), Level to their Levels, Flags set
// rule flags. Player-wide rules use PlayerFlags with AffectsPlayer.
type Static struct {
	Affects func(c *Ctx, id CardID) bool
	// AttackCost is a cost the controller of an affected monster pays to declare an attack with
	// it (a Toon's 500 LP, Toll's), or nil.
	AttackCost *AttackCost
	// AttackTarget, when set, restricts the attacks of an affected monster: it may attack only
	// the monsters for which it holds (ygopro-core's EFFECT_CANNOT_SELECT_BATTLE_TARGET: a Toon
	// must attack a face-up Toon when the opponent controls one). Asked with a Ctx of the
	// effect's card.
	AttackTarget func(c *Ctx, attacker, target CardID) bool
	ATK, DEF     int
	Level        int
	ATKFunc      func(c *Ctx, id CardID) int
	// SetATK and SetDEF, when set, make an affected monster's ATK (DEF) the value they give
	// while ok (Megamorph: twice its original ATK), before the additions (an Equip Spell's
	// EFFECT_SET_ATTACK); a lasting "becomes" made earlier is replaced.
	SetATK, SetDEF func(c *Ctx, id CardID) (v int, ok bool)
	DEFFunc        func(c *Ctx, id CardID) int // DEF computed, as ATKFunc
	// FinalATK, when set, makes an affected monster's ATK the value it gives of the ATK the
	// monster has otherwise (its original or set value and every addition): applied last, so no
	// addition changes its result (Mirror Wall halves an attacker's ATK: ygopro-core's
	// EFFECT_SET_ATTACK_FINAL with a value computed from the current ATK). Of several, each
	// applies to the result of the one before, in card order.
	FinalATK      func(c *Ctx, id CardID, atk int) int
	Flags         Flag
	PlayerFlags   PlayerFlag
	AffectsPlayer func(c *Ctx, s Seat) bool

	// Race, when set, gives an affected face-up monster a Type other than its own while the
	// effect applies (DNA Surgery: the declared Type); card.NoRace leaves it. Of several, the one
	// of the card that came face-up last applies (race.go).
	Race func(c *Ctx, id CardID) card.Race

	// HandCost is a cost the players AffectsPlayer names pay to play a card from their hand
	// (Chain Energy's 500 LP; handcost.go), or nil.
	HandCost *HandCost

	// Forbids, when set, makes the cards it holds for forbidden (forbid.go): they cannot be
	// played nor their effects used, wherever they are (Prohibition's declared name). Asked
	// with a Ctx of the effect's card.
	Forbids func(c *Ctx, id CardID) bool

	// UnaffectedBy, when set, makes the cards Affects gives unaffected by the effects of the
	// cards src for which it holds (Deepsea Warrior: by Spell Cards' while Umi is face-up;
	// immune.go): an effect of such a card changes nothing of them on the field (they are not
	// destroyed, moved, turned or marked by it, and its Continuous effects give them nothing),
	// though they may still be its targets. Asked with a Ctx of the effect's card.
	UnaffectedBy func(c *Ctx, id, src CardID) bool

	// LockedZones, when set, gives the zones that cannot be used while the effect applies
	// (Ground Collapse's two Monster Zones; ygopro-core's EFFECT_DISABLE_FIELD), as a ZoneSet: no
	// card may be summoned, Set, placed or moved into them (game.freeZone); a card already in
	// one stays. Asked with a Ctx of the effect's card.
	LockedZones func(c *Ctx) ZoneSet
}

// AttackCost is a cost of declaring an attack: the monster may attack only while CanPay holds
// (nil: always), and Pay is paid as the attacker is chosen, before its target. Both are asked
// with a Ctx of the effect's card whose seat is the attacker's controller.
type AttackCost struct {
	CanPay func(c *Ctx, attacker CardID) bool
	Pay    func(c *Ctx, attacker CardID)
}

// Script is a card's behaviour: its effects. (The card's text in the project's words is card
// data, card.Data.Text, in its set's card file.) Cards register their Script in a Library; cards
// with no Script are Normal Monsters or do nothing.
type Script struct {
	Effects []*Effect
	// Bind, when set, puts in place what the card's resolved activation left binding it to a
	// monster (Spellbinding Circle's marks and link), for a position that says the face-up card
	// is bound to that monster (SpellSetup.Bound). An Equip card needs none: it is attached.
	Bind func(c *Ctx, target CardID)
	// EquipFits, when set, says which monsters an Equip card may be equipped to (an Equip
	// Spell's condition: "equip only to a Warrior"), asked with the equip card's context by
	// Ctx.CanEquipTo for effects that move an equip card to another monster (Tailor of the
	// Fickle).
	EquipFits func(c *Ctx, target CardID) bool
	// Token, when set, is the data of a token the card creates.
	Tokens []*card.Data
	// CannotNormalSummon marks monsters that must be Special Summoned (the revive limit applies).
	CannotNormalSummon bool
	// CannotSpecialSummon marks monsters that can never be Special Summoned (Spirits).
	CannotSpecialSummon bool
	// SpecialBy, when set, says which effects may Special Summon the monster ("cannot be Special
	// Summoned except by ..."): it is asked with the summoning effect's context (c.Self() is the
	// card whose effect summons). Its own procedure (SummonProc) is always allowed.
	SpecialBy func(c *Ctx) bool
	// SummonProc is the monster's own Special Summon procedure, if it has one (summonproc.go).
	SummonProc *SummonProc
	// DestroySubstitute: while the card is face-up and equipped to a monster, it is destroyed
	// instead when that monster would be destroyed by battle or by a card effect (a Union
	// monster; union.go).
	DestroySubstitute bool
	// BattleSubstitute: while the monster is face-up and not negated, when it would be destroyed
	// by battle a monster card equipped to it is destroyed instead (Relinquished's absorbed
	// monster).
	BattleSubstitute bool
	// ReplaceDestroy, when set, is asked while the card is face-up on the field each time the
	// resolving effect of chain link byLink, of card by, is about to destroy cards: it returns the
	// ones it saves from that destruction, and may destroy others instead (Fake Trap destroys
	// itself instead of its controller's other Traps). c is the card's context, outside any link.
	ReplaceDestroy func(c *Ctx, by CardID, byLink int, ids []CardID) []CardID
	// CannotActivate marks cards that are not activated by players (Spirit Messages are placed by
	// Destiny Board).
	CannotActivate bool
	// Stays marks a Normal Spell that stays on the field after it resolves (Swords of Revealing
	// Light).
	Stays bool
	// Check runs after every action while the card is anywhere (state-based rules: alternate win
	// conditions, cards destroyed when something leaves).
	Check func(c *Ctx)
	// CheckWhileFaceUp says that Check does nothing unless the card is face-up on the field
	// (Dragon Capture Jar): the kernel then skips the call, and its Ctx, everywhere else.
	CheckWhileFaceUp bool
	// CheckIn, when not 0, says that Check does nothing unless the card is in one of these
	// places (Exodia: the hand): the kernel skips the call everywhere else.
	CheckIn LocMask
	// Materials lists a Fusion Monster's materials by passcode.
	Materials []card.Passcode
	// Synchro holds a Synchro Monster's material requirements (nil = 1 Tuner + 1 or more
	// non-Tuners); Xyz an Xyz Monster's.
	Synchro *SynchroReq
	Xyz     *XyzReq

	activatable  int    // how many effects a player activates (set by Prepare)
	cardActsOnly bool   // every one of them is the activation of the card itself (Kind Activate)
	contMask     uint16 // the kinds of its Continuous effects (scriptContMask, set by Prepare)
	// evGate, when not 0, is the union of the events (On) its activated effects answer, every
	// one of which is bound to an event: none can be activated while no event of the last
	// action is in it (game.freshKinds), and addCardActivations skips the card at once (set by
	// Prepare).
	evGate EventMask
	// What watch lists a card of this script under, from its effects (set by Prepare): has an
	// effect a player activates (hasAct; gyAct: one of them works from the Graveyard), a Trigger
	// or Flip effect (hasTrig, answering the events trigOn) or a Continuous effect (hasCont).
	hasAct, gyAct, hasTrig, hasCont bool
	trigOn                          EventMask
	contFlags                       Flag // the flags its Continuous effects give to cards (FlagNegated aside)
	prepared                        bool // Prepare ran
}

// SynchroReq restricts a Synchro Monster's materials; nil functions allow any Tuner / non-Tuner.
type SynchroReq struct {
	Tuner    func(c *Ctx, id CardID) bool
	NonTuner func(c *Ctx, id CardID) bool
}

// XyzReq is an Xyz Monster's materials: Count face-up monsters whose Level equals its Rank.
type XyzReq struct {
	Count int
}

// Library gives the Script of a card by passcode, or nil.
type Library interface {
	Script(card.Passcode) *Script
}

// speedOf returns the Spell Speed of an effect of a card.
func speedOf(e *Effect, d *card.Data) int {
	if e.Speed != 0 {
		return e.Speed
	}
	switch e.Kind {
	case Activate:
		switch {
		case d.Kind.Has(card.Trap | card.Counter):
			return 3
		case d.IsTrap(), d.Kind.Has(card.Spell | card.QuickPlay):
			return 2
		}
		return 1
	case Quick:
		return 2
	}
	return 1
}

// defaultRange returns where an effect works when its Range is 0.
func defaultRange(e *Effect, d *card.Data) LocMask {
	if e.Range != 0 {
		return e.Range
	}
	switch {
	case e.Kind == Activate:
		if d.Kind.Has(card.Field) {
			return Locs(Hand, FZone)
		}
		return Locs(Hand, SZone)
	case d.IsMonster():
		return Locs(MZone)
	case d.Kind.Has(card.Field):
		return Locs(FZone)
	}
	return Locs(SZone)
}
