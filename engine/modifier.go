package engine

import "github.com/duelistgame/duelist/card"

// Expiry says when a lasting change ends.
type Expiry uint8

// The expiries.
const (
	// Permanent lasts while the card stays on the field.
	Permanent Expiry = iota
	// EndOfTurn lasts until the end of the turn it was made in ("until the End Phase").
	EndOfTurn
	// EndOfNextTurn lasts until the end of the next turn.
	EndOfNextTurn
	// WhileSource lasts while its source card stays face-up on the field.
	WhileSource
	// EndOfBattle lasts until the end of the battle in progress.
	EndOfBattle
	// EndOfBattlePhase lasts until the end of the Battle Phase.
	EndOfBattlePhase
	// EndOfDamageCalc lasts until damage calculation ends ("during damage calculation only").
	EndOfDamageCalc
	// EndOfTurnAfterNext lasts until the end of the turn after the next one: the next turn of
	// the player whose turn it is now (Electric Lizard: "cannot attack on its following turn").
	EndOfTurnAfterNext
)

// ModKind is the kind of a lasting change to a card.
type ModKind uint8

// The kinds of lasting change.
const (
	ModATK      ModKind = iota // ATK + Value
	ModDEF                     // DEF + Value
	ModSetATK                  // ATK becomes Value
	ModSetDEF                  // DEF becomes Value
	ModLevel                   // Level + Value
	ModFlags                   // rule flags
	ModFinalATK                // ATK is Value whatever changed it before (Sanga of the Thunder's 0); see game.stat
	ModFinalDEF                // DEF is Value whatever changed it before (Copycat's copy)
)

// Modifier is a lasting change to a card, made by a resolving effect: a value with an expiry, not a
// closure, so that it copies, prints and expires cleanly.
type Modifier struct {
	Kind   ModKind
	Value  int
	Flags  Flag
	Source CardID
	Expiry Expiry
	Turn   int // the turn it was made in
	// Stamp is, for a final ATK or DEF (ModFinalATK, ModFinalDEF), the duel's stamp when it was
	// made (game.stampSeq): the Continuous effects of cards that came face-up after it still
	// change the value (game.stat); 0 for the other kinds.
	Stamp int32
}

// PlayerFlag is a rule change that applies to a player.
type PlayerFlag uint32

// The player flags.
const (
	PFNoBattleDamage       PlayerFlag = 1 << iota // takes no battle damage
	PFNoDamage                                    // takes no damage at all
	PFCannotAttack                                // its monsters cannot declare attacks
	PFCannotSummon                                // cannot Summon (Setting is allowed)
	PFTrapsFromHand                               // may activate Trap Cards from the hand (none may without it)
	PFExtraNormalSummon                           // one more Normal Summon or Set this turn
	PFNoBattlePhase                               // cannot conduct its Battle Phase
	PFIndestructibleBattle                        // its monsters cannot be destroyed by battle
	PFReverseStats                                // additions and subtractions to ATK/DEF are reversed (whole field)
	// PFGrantedSummon marks a seat that may still Special Summon once by the grant of a card it
	// resolved this turn (Last Will). Each grant adds one mark; UsePlayerFlag spends one. No rule
	// of the kernel reads it.
	PFGrantedSummon
	// PFBanishGY: a card that would be sent to this player's Graveyard is banished instead
	// (Banisher of the Light, for both players), unless the card giving it leaves the field
	// together with that card (game.banishesInstead).
	PFBanishGY
	// PFRevealedHand: this player's hand is revealed to every player and the spectators while a
	// Continuous effect gives it (Ceremonial Bell, for both players; game.handRevealed).
	PFRevealedHand
	// PFNoTrapActivation: this player cannot activate Trap Cards nor the effects of Trap Cards
	// while a Continuous effect gives it (Jinzo, for both players): game.effectReady refuses them
	// under every ruleset.
	PFNoTrapActivation
	// PFSkipDraw: this player skips its next Draw Phase (Time Seal). Each mark skips one Draw
	// Phase and is spent by it (game.skipsPhase); made Permanent, it waits for that phase.
	PFSkipDraw
	// PFSkipStandby: this player skips its next Standby Phase (Solomon's Lawbook), as PFSkipDraw.
	PFSkipStandby
	// PFNegateEquipSpells: while any seat has this mark, the effects of every Equip Spell on the
	// field are negated, both players', those placed later too (Armored Glass, until the end of
	// the turn). It is not a card's effect: a card it negates negates nothing (game.negated).
	PFNegateEquipSpells
	// PFNegateContinuousSpells: as PFNegateEquipSpells, for Continuous Spells (Mystic Probe).
	PFNegateContinuousSpells
	// PFNegateContinuousTraps: as PFNegateEquipSpells, for Continuous Traps, in a Spell & Trap
	// Zone or treated as a monster (Metal Detector).
	PFNegateContinuousTraps
	// PFNegateFieldSpells: as PFNegateEquipSpells, for Field Spells (World Suppression).
	PFNegateFieldSpells
	// PFBattlePhaseTwice: this player conducts two Battle Phases in the turn of its next Battle
	// Phase (Weather Report; ygopro-core's EFFECT_BP_TWICE). A mark of its own (not or-ed with
	// other flags): the marks the player holds when its Battle Phase starts are armed, made to
	// last until that phase ends (armBattlePhaseTwice), and an armed mark has a second Battle
	// Phase follow the first at once, before Main Phase 2, whatever the player chose ("main2" or
	// "end"), with the attacks of the first one forgotten: every monster on the field may attack
	// again (startSecondBattle). A mark made during a Battle Phase waits for the next one; a turn
	// has 2 Battle Phases at most.
	PFBattlePhaseTwice
	// PFNoPositionChange: the monsters this player controls cannot change their battle positions
	// nor be Flip Summoned, whenever they came there (Curse of Fiend, for both players until the
	// end of the turn: ygopro-core's field-wide EFFECT_CANNOT_CHANGE_POSITION, which a monster
	// turned face-down afterwards is still under).
	PFNoPositionChange
	// PFNoSpellTrapPlay: this player can neither activate Spell and Trap Cards and their effects
	// nor Set Spell and Trap Cards (Cold Wave): game.effectReady and game.settable refuse them.
	PFNoSpellTrapPlay
	// PFSkipTurn: this player skips its next turn (Gamble): the turn begins (it counts, and the
	// changes lasting until the end of the turn end with it) and ends at once, with no phase, and
	// the next seat's turn begins. Each mark skips one turn and is spent by it; made Permanent, it
	// waits for that turn.
	PFSkipTurn
	// PFFaceUpMonsters: this player cannot Set monsters, its monsters cannot be turned face-down,
	// its Normal Summon may be in face-up Attack or Defense Position (a position prompt), and a
	// monster it would Special Summon face-down is Special Summoned face-up in that battle
	// position (Light of Intervention, for both players while it is face-up: ygopro-core's
	// EFFECT_CANNOT_MSET, EFFECT_CANNOT_TURN_SET and EFFECT_DIVINE_LIGHT).
	PFFaceUpMonsters
	// PFCannotSpecialSummon: this player cannot Special Summon (Jowgen the Spiritualist, for both
	// players while it is face-up: ygopro-core's EFFECT_CANNOT_SPECIAL_SUMMON). Normal Summons,
	// Sets and Flip Summons stay allowed (PFCannotSummon forbids every Summon).
	PFCannotSpecialSummon
	// PFCannotBanishGY: this player cannot banish cards from the Graveyards (Kycoo the Ghost
	// Destroyer, for its controller's opponent: ygopro-core's EFFECT_CANNOT_REMOVE on the cards
	// of the Graveyards): Ctx.Banish leaves them, and costs that banish from a Graveyard cannot
	// be paid (Ctx.CanBanishFromGY).
	PFCannotBanishGY
)

// pfNegateKinds are the marks that negate every card of a kind on the field.
const pfNegateKinds = PFNegateEquipSpells | PFNegateContinuousSpells | PFNegateContinuousTraps | PFNegateFieldSpells

// negatedByKind reports whether the marks f (pfNegateKinds) negate a card of kind k.
func negatedByKind(f PlayerFlag, k card.Kind) bool {
	switch {
	case k.Has(card.Spell) && k.Has(card.Equip):
		return f&PFNegateEquipSpells != 0
	case k.Has(card.Spell) && k.Has(card.Continuous):
		return f&PFNegateContinuousSpells != 0
	case k.Has(card.Trap) && k.Has(card.Continuous):
		return f&PFNegateContinuousTraps != 0
	case k.Has(card.Spell) && k.Has(card.Field):
		return f&PFNegateFieldSpells != 0
	}
	return false
}

// playerMod is a lasting rule change on a player.
type playerMod struct {
	seat   Seat
	flags  PlayerFlag
	source CardID
	expiry Expiry
	turn   int
}

// expired reports whether a change with this expiry made in turn t has ended by the end of the
// current turn.
func (g *game) expired(e Expiry, t int) bool {
	switch e {
	case EndOfTurn:
		return t <= g.turn
	case EndOfNextTurn:
		return t+1 <= g.turn
	case EndOfTurnAfterNext:
		return t+2 <= g.turn
	}
	return false
}

// expireAtEndOfTurn removes the changes that end with this turn.
func (g *game) expireAtEndOfTurn() {
	g.sweepMods(func(m *Modifier) bool { return g.expired(m.Expiry, m.Turn) })
	kept := g.pmods[:0]
	for _, m := range g.pmods {
		if !g.expired(m.expiry, m.turn) {
			kept = append(kept, m)
		}
	}
	if len(kept) != len(g.pmods) {
		g.changeSeq++ // a mark negating a kind of card may have ended (game.negated's cache)
	}
	g.pmods = kept
}

// sweepMods takes off every card the modifiers that have ended (gone) and recomputes modsHeld;
// while no card holds one it looks at none.
func (g *game) sweepMods(gone func(m *Modifier) bool) {
	if !g.modsHeld {
		return
	}
	held := false
	for i := range g.cards {
		c := &g.cards[i]
		if len(c.mods()) == 0 {
			continue
		}
		mods := c.mods()
		kept := mods[:0]
		for j := range mods {
			if m := &mods[j]; gone(m) {
				g.countModSource(m.Source, -1)
			} else {
				kept = append(kept, *m)
			}
		}
		c.x().mods = kept
		held = held || len(kept) > 0
	}
	g.modsHeld = held
}

// modActive reports whether a modifier applies now (its source still there if it needs one).
func (g *game) modActive(m *Modifier) bool {
	if m.Expiry == WhileSource && m.Source != NoCard {
		s := g.c(m.Source)
		return s.place.Loc.OnField() && s.pos.IsFaceUp()
	}
	return true
}

// playerHas reports whether a player is under a rule change.
func (g *game) playerHas(s Seat, f PlayerFlag) bool {
	for i := range g.pmods {
		m := &g.pmods[i]
		if m.seat == s && m.flags&f != 0 {
			if m.expiry == WhileSource && m.source != NoCard {
				src := g.c(m.source)
				if !src.place.Loc.OnField() || !src.pos.IsFaceUp() {
					continue
				}
			}
			return true
		}
	}
	if f&(PFCannotAttack|PFNoBattleDamage|PFNoDamage|PFTrapsFromHand|PFNoTrapActivation|PFFaceUpMonsters|
		PFCannotSummon|PFCannotSpecialSummon|PFCannotBanishGY) != 0 {
		return g.continuousPlayerFlags(s)&f != 0
	}
	return false
}

// stat computes a monster's ATK or DEF: the original value, then values set by effects, then the
// additions of lasting modifiers and continuous effects (reversed under Reverse Trap); never below 0.
// A final ATK or DEF (ModFinalATK, ModFinalDEF) replaces all that was made before it: what is
// made after it still adds, the lasting modifiers that follow it and the Continuous effects of
// cards that came face-up since (ygopro-core's single SET_ATTACK_FINAL resets the additions of
// the effects before it; Copycat's copy stays under Yami, its later Synchro Boost adds).
func (g *game) stat(id CardID, def bool) int {
	c := g.c(id)
	v := c.data.ATK
	addKind, setKind, finalKind := ModATK, ModSetATK, ModFinalATK
	if def {
		v = c.data.DEF
		addKind, setKind, finalKind = ModDEF, ModSetDEF, ModFinalDEF
	}
	if !c.place.Loc.OnField() || c.pos == FaceDownDef {
		return v
	}
	add, final, since := 0, -1, int32(-1)
	for i := range c.mods() {
		m := &c.mods()[i]
		if !g.modActive(m) {
			continue
		}
		switch m.Kind {
		case setKind:
			v = m.Value
		case addKind:
			add += m.Value
		case finalKind:
			final, add, since = m.Value, 0, m.Stamp // the additions before it do not count
		}
	}
	if final >= 0 {
		v = final
	} else if set, ok := g.continuousSet(id, def); ok {
		v = set
	}
	add += g.continuousStat(id, def, since)
	if g.reversed() {
		add = -add
	}
	v += add
	if v < 0 {
		v = 0
	}
	if !def {
		v = g.continuousFinalATK(id, v)
	}
	return v
}

// reversed reports whether Reverse Trap's rule is in force for anyone.
func (g *game) reversed() bool {
	for i := range g.pmods {
		if g.pmods[i].flags&PFReverseStats != 0 {
			return true
		}
	}
	return false
}

// hasFlag reports whether a card is under one of the rule flags f, from lasting modifiers or
// continuous effects: only the modifiers and effects that give one of them are looked at, and
// the first that applies answers.
func (g *game) hasFlag(id CardID, f Flag) bool {
	c := g.c(id)
	for i := range c.mods() {
		if m := &c.mods()[i]; m.Kind == ModFlags && m.Flags&f != 0 && g.modActive(m) {
			return true
		}
	}
	return g.continuousFlags(id, f) != 0
}
