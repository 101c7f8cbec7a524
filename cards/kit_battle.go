package cards

import "github.com/duelistgame/duelist/engine"

// The battle abilities of the kit: a monster's own rule flags (attacks directly, piercing damage,
// never attacks directly, attacks twice) as Continuous effects of its script, and the same flags
// given by Equip Spells or until the end of the turn. The battle procedure reads the flags
// (engine/attacks.go); nothing here is special to one card.

// SelfFlag is a Continuous effect that puts rule flags on its own monster while it is face-up on
// the field and, when cond is not nil, cond holds (checked whenever the flag is asked).
func SelfFlag(f engine.Flag, cond func(c *ctx) bool) *effect {
	return &effect{Kind: engine.Continuous, Static: engine.Static{
		Flags: f,
		Affects: func(c *ctx, id cardID) bool {
			return id == c.Self() && (cond == nil || cond(c))
		},
	}}
}

// AttacksDirectly is "this monster can attack your opponent directly": it may declare a direct
// attack while the opponent controls monsters (ygopro asks "attack directly?" first; Duelist
// lists `direct` beside the monsters it may attack).
func AttacksDirectly() *effect { return SelfFlag(engine.FlagDirectAttack, nil) }

// Piercing is "if this card attacks a Defense Position monster, inflict piercing battle damage":
// when its ATK exceeds that monster's DEF, the opponent takes the difference.
func Piercing() *effect { return SelfFlag(engine.FlagPierce, nil) }

// NoDirectAttack is "this card cannot attack your opponent directly".
func NoDirectAttack() *effect { return SelfFlag(engine.FlagNoDirectAttack, nil) }

// EquipFlag is a Continuous effect of an Equip Spell: the equipped monster has the flags (and
// gains atk/def), Fairy Meteor Crush's piercing.
func EquipFlag(f engine.Flag, atk, def int) *effect {
	return &effect{Kind: engine.Continuous, Static: engine.Static{
		Flags: f, ATK: atk, DEF: def,
		Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
	}}
}

// FlagUntilEnd gives a monster rule flags until the end of the turn ("this turn, it can attack
// twice"; "it can attack directly this turn").
func FlagUntilEnd(c *ctx, id cardID, f engine.Flag) {
	c.AddMod(id, engine.Modifier{Kind: engine.ModFlags, Flags: f, Expiry: engine.EndOfTurn})
}

// DealtBattleDamage is the condition of "when this card inflicts battle damage to your
// opponent" (a Trigger On EvDamage): battle damage to an opponent of the effect's controller in a
// battle of this card.
func DealtBattleDamage(c *ctx) bool {
	ev := c.Event()
	self := c.Self()
	return ev.Battle && c.IsOpp(ev.Seat) && (c.Attacker() == self || c.AttackTarget() == self)
}

// YourMonsterDealtBattleDamage is the condition of "each time a monster you control inflicts
// battle damage to your opponent" (a Trigger On EvDamage of a card that is not the monster).
func YourMonsterDealtBattleDamage(c *ctx) bool {
	ev := c.Event()
	if !ev.Battle || !c.IsOpp(ev.Seat) {
		return false
	}
	for _, id := range [2]cardID{c.Attacker(), c.AttackTarget()} {
		if id != noCard && c.Controller(id) == c.You() && c.Place(id).Loc == engine.MZone {
			return true
		}
	}
	return false
}

// AttackLPCost is "this card must pay n LP to declare an attack" (Dark Elf: 1000): it cannot
// attack while its controller has fewer LP, and pays them as it is chosen to attack.
func AttackLPCost(n int) *effect {
	return &effect{Kind: engine.Continuous, Static: engine.Static{
		Affects: func(c *ctx, id cardID) bool { return id == c.Self() },
		AttackCost: &engine.AttackCost{
			CanPay: func(c *ctx, _ cardID) bool { return c.LP(c.You()) >= n },
			Pay:    func(c *ctx, _ cardID) { c.PayLP(n) },
		},
	}}
}

// UsedWhileFaceUp reports whether the card used its "once while this card is face-up on the
// field" effect already (MarkUsedWhileFaceUp): the mark is a modifier of the card on itself,
// which it loses when it leaves the field or is turned face-down. A card using it must put no
// other modifier on itself.
func UsedWhileFaceUp(c *ctx) bool { return c.MarkedBy(c.Self(), c.Self()) }

// MarkUsedWhileFaceUp marks the card's "once while face-up" effect as used (paid as its
// activation's cost: a negated activation used it too).
func MarkUsedWhileFaceUp(c *ctx) {
	c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.Permanent})
}

// AttackerATKZeroInCalc is the Quick Effect of Sanga of the Thunder, Kazejin and Suijin: during
// damage calculation in the opponent's turn, when this card is attacked, target the attacker; its
// ATK is 0 during that damage calculation only. Once while this card is face-up on the field.
func AttackerATKZeroInCalc() *effect {
	return &effect{
		Kind: engine.Quick, DamageCalc: true, Category: engine.CatStatChange,
		Desc: "the attacker's ATK is 0 during this damage calculation",
		Condition: func(c *ctx) bool {
			return c.TurnPlayer() != c.You() && c.AttackTarget() == c.Self() &&
				c.Timing() == engine.DuringCalc && !UsedWhileFaceUp(c)
		},
		HasTargets: func(c *ctx) bool { return c.Attacker() != noCard && c.Targetable(c.Attacker()) },
		Pay:        MarkUsedWhileFaceUp,
		Target:     func(c *ctx) { c.SetTargets(c.Attacker()) },
		Resolve: func(c *ctx) {
			if t := c.Target(); t != noCard && FaceUpInMZone(c, t) {
				c.AddMod(t, engine.Modifier{Kind: engine.ModFinalATK, Value: 0, Expiry: engine.EndOfDamageCalc})
			}
		},
	}
}

// DestroyedByBattleByIt is the condition of "when this card destroys a monster by battle" (a
// Trigger On EvDestroy): a monster other than this card was destroyed by battle in a battle of
// this card (ygopro-core's EVENT_BATTLE_DESTROYING). It holds even when this card was destroyed
// in the same battle; the effect's resolution checks that it is still there.
func DestroyedByBattleByIt(c *ctx) bool {
	ev := c.Event()
	self := c.Self()
	return ev.Battle && ev.Card != self && (c.Attacker() == self || c.AttackTarget() == self)
}
