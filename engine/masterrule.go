package engine

import "github.com/duelistgame/duelist/card"

// MasterRule returns the procedures of the Master Rule family (RULES.md "ocg"): the turn of Draw,
// Standby, Main 1, Battle, Main 2 and End Phases, Normal, Tribute, Flip and Special Summons,
// battle with its Damage Step, Spell Speeds 1 to 3. OCG, Classic and Anime set them; their
// differences are parameters of Rules (NoSynchro and NoXyz, SharedFieldZone, HiddenGraveyards).
// The procedures themselves are the kernel's building blocks that a Kernel hands out to other
// rulesets too (Kernel.MainPhase, Kernel.BattlePhase ...). Always the same value.
func MasterRule() Procedures { return theMasterRule }

// theMasterRule is the one Master Rule procedures value. Its methods have a pointer receiver, so
// the kernel's calls through the interface reach them directly (a value receiver goes through a
// wrapper that copies the value first).
var theMasterRule = &masterRule{}

// masterRule implements Procedures for the Master Rule family; it has no state (the duel's state
// is the kernel's).
type masterRule struct{}

// CardDB returns the card pool (card.Pool).
func (*masterRule) CardDB() *card.DB { return card.Pool() }

// CardData is nil: the Master Rule reads a card's printed data only.
func (*masterRule) CardData(card.Passcode) any { return nil }

// IsExtra: Fusion, Synchro and Xyz Monsters are in the Extra Deck.
func (*masterRule) IsExtra(d *card.Data, _ any) bool { return d.Kind.IsExtra() }

// TributeClass: a face-down monster's Level tells how many tributes it needed (0, 1 or 2).
func (*masterRule) TributeClass(level int) int { return tributeClass(level) }

// RunPhase runs the current phase of the turn.
func (*masterRule) RunPhase(k *Kernel) { k.g().runPhase() }

// IdlePrompt lists the Main Phase's summons, Sets, position changes and activations.
func (*masterRule) IdlePrompt(k *Kernel) { k.g().idlePrompt() }

// IdleAction takes a summon, Set, Special Summon, Flip Summon or position change.
func (*masterRule) IdleAction(k *Kernel, o Option) { k.g().idleAction(o) }

// CanAttack: a face-up attack-position monster of the turn player that may still attack.
func (*masterRule) CanAttack(k *Kernel, id CardID) bool { return k.g().canAttack(id) }

// Attack runs an attack: its target, the Damage Step, damage.
func (*masterRule) Attack(k *Kernel, id CardID) { k.g().attack(id) }

// CanActivate, CardActivatable and ActivationWindow, the Master Rule's rules of activation, are
// in activate.go.

// ActivationRanges is where the effect works, in the windows its Spell Speed allows.
func (*masterRule) ActivationRanges(k *Kernel, id CardID, e *Effect) [NumActWindows]LocMask {
	return activationRanges(e, k.g().c(id).data)
}

// ActivationCost: activating a card costs no cost cards.
func (*masterRule) ActivationCost(*Kernel, CardID) int { return 0 }

// SetupMonster places a monster with its Xyz materials and Equip Spells.
func (*masterRule) SetupMonster(k *Kernel, s Seat, m MonsterSetup) (CardID, error) {
	return k.g().setupMasterMonster(s, m)
}

// SummoningSickness: monsters may attack the turn they are summoned.
func (*masterRule) SummoningSickness() bool { return false }

// NonMonster: only monsters stand in the Monster Zones.
func (*masterRule) NonMonster(*Kernel, CardID) bool { return false }

// Exportable: the kernel's export checks everything the Master Rule's state holds.
func (*masterRule) Exportable(*Kernel) error { return nil }

// activationRanges is where an effect of a card can be activated with each least Spell Speed
// that a window allows (the Master Rule's ActWindow): index k = 1..3 where it works when its
// speed is k or more, index 0 where it may be allowed in the Damage Step (damageStepCandidate).
func activationRanges(e *Effect, d *card.Data) [NumActWindows]LocMask {
	var out [NumActWindows]LocMask
	r, speed := defaultRange(e, d), speedOf(e, d)
	if damageStepCandidate(e, speed) {
		out[0] = r
	}
	for k := 1; k <= min(speed, 3); k++ {
		out[k] = r
	}
	return out
}
