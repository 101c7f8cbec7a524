package engine

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
	ModFinalATK                // ATK is Value whatever else changes it (Sanga of the Thunder's 0)
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
)

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
	if f&(PFCannotAttack|PFNoBattleDamage|PFNoDamage|PFTrapsFromHand) != 0 {
		return g.continuousPlayerFlags(s)&f != 0
	}
	return false
}

// stat computes a monster's ATK or DEF: the original value, then values set by effects, then the
// additions of lasting modifiers and continuous effects (reversed under Reverse Trap); never below 0.
// A final ATK (ModFinalATK) replaces all of that.
func (g *game) stat(id CardID, def bool) int {
	c := g.c(id)
	v := c.data.ATK
	addKind, setKind := ModATK, ModSetATK
	if def {
		v = c.data.DEF
		addKind, setKind = ModDEF, ModSetDEF
	}
	if !c.place.Loc.OnField() || c.pos == FaceDownDef {
		return v
	}
	add, final := 0, -1
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
		case ModFinalATK:
			if !def {
				final = m.Value
			}
		}
	}
	if final >= 0 {
		return final // what the additions would make of it does not count
	}
	add += g.continuousStat(id, def)
	if g.reversed() {
		add = -add
	}
	v += add
	if v < 0 {
		v = 0
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
