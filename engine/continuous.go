package engine

// Continuous effects apply while their card is face-up on the field (equip cards: to the monster
// they are attached to). They are read, never stored: a monster's ATK is computed from its
// original value, its lasting modifiers and the continuous effects that affect it now, so a card
// that left the field applies nothing.

// The kinds of Continuous effects, each with its list of the cards that have one (game.contBy):
// a query of one kind walks only the cards that could answer it.
const (
	contStat   = iota // changes ATK or DEF
	contLevel         // changes Levels
	contFlags         // puts rule flags on cards (negation aside)
	contPlayer        // puts rule flags on players
	contAttack        // costs of declaring attacks (AttackCost), limits on attack targets (AttackTarget)
	contHand          // costs of playing cards from the hand (HandCost)
	contRace          // changes monsters' Types (Race)
	contImmune        // makes cards unaffected by other cards' effects (UnaffectedBy)
	contForbid        // makes cards forbidden (Forbids)
	contZones         // makes zones unusable (LockedZones)
	nContKinds
)

// contKinds returns the kinds of a Continuous effect, as a mask of 1<<contStat ...
func contKinds(e *Effect) int {
	k := 0
	if e.Affects != nil && (e.ATK != 0 || e.DEF != 0 || e.ATKFunc != nil || e.DEFFunc != nil || e.SetATK != nil || e.SetDEF != nil || e.FinalATK != nil) {
		k |= 1 << contStat
	}
	if e.Affects != nil && e.Level != 0 {
		k |= 1 << contLevel
	}
	if e.Affects != nil && e.Flags&^FlagNegated != 0 {
		k |= 1 << contFlags
	}
	if e.AffectsPlayer != nil && e.PlayerFlags != 0 {
		k |= 1 << contPlayer
	}
	if e.Affects != nil && (e.AttackCost != nil || e.AttackTarget != nil) {
		k |= 1 << contAttack
	}
	if e.AffectsPlayer != nil && e.HandCost != nil {
		k |= 1 << contHand
	}
	if e.Affects != nil && e.Race != nil {
		k |= 1 << contRace
	}
	if e.Affects != nil && e.UnaffectedBy != nil {
		k |= 1 << contImmune
	}
	if e.Forbids != nil {
		k |= 1 << contForbid
	}
	if e.LockedZones != nil {
		k |= 1 << contZones
	}
	return k
}

// activeContinuous calls f for every Continuous effect that applies now of the cards with an
// effect of a kind (contStat ...), in card order; f returns false to stop. The callers skip the
// effects of other kinds themselves.
func (g *game) activeContinuous(kind int, f func(id CardID, e *Effect) bool) {
	if g.contOn[kind] == 0 {
		return // no card on the field has one (contcount.go)
	}
	for _, id := range g.contBy[kind] {
		c := g.c(id)
		if !g.applies(c) || id == g.summoning {
			// a monster whose summon (Flip Summons too) may still be negated applies nothing
			// yet (ygopro-core: its effects start when the summon succeeds)
			continue
		}
		if (kind == contPlayer || kind == contHand) && g.battleGone(c) {
			continue // player-wide effects of a monster destroyed by battle (reaches)
		}
		for _, e := range c.script.Effects {
			if e.Kind != Continuous || !defaultRange(e, c.data).Has(c.place.Loc) {
				continue
			}
			if !f(id, e) {
				return
			}
		}
	}
}

// applies reports whether a card's continuous effects may apply: it is face-up on the field and,
// for a Spell or Trap, its activation has resolved (a Continuous Trap still on the chain applies
// nothing yet).
func (g *game) applies(c *cardState) bool {
	if !c.place.Loc.OnField() || !c.pos.IsFaceUp() || c.asMonster {
		return false // (a Spell or Trap treated as a monster has no effect: asmonster.go)
	}
	return c.data.IsMonster() || c.active
}

// battleGone reports whether a card is a monster destroyed by battle after damage calculation,
// still in its zone until the end of the Damage Step.
func (g *game) battleGone(c *cardState) bool {
	return c.destroyed && c.place.Loc == MZone && g.timing != DuringCalc
}

// reaches reports whether the Continuous effects of card src may apply to card id: a monster
// destroyed by battle applies its effects to itself only, from damage calculation on, while it
// waits in its zone for the end of the Damage Step (ygopro-core: the field effects of a card with
// STATUS_BATTLE_DESTROYED are unavailable; Jinzo destroyed by battle no longer stops Traps,
// lockstep PSV seed 5).
func (g *game) reaches(src, id CardID) bool { return src == id || !g.battleGone(g.c(src)) }

// negated reports whether a card's effects are negated: by a lasting modifier, or by a Continuous
// effect with FlagNegated (Imperial Order, Royal Decree) of a card that is not itself negated.
// Negations are applied in timestamp order, so a negated negator negates nothing.
func (g *game) negated(id CardID) bool {
	if !g.negMods && g.contOn[contNeg] == 0 {
		return false // nothing in this duel has ever negated a card, and no negating card is on the field
	}
	if g.negCacheAt != g.changeSeq || len(g.negCache) != len(g.cards) {
		g.computeNegations()
	}
	return g.negCache[id]
}

func (g *game) computeNegations() {
	if cap(g.negCache) < len(g.cards) {
		g.negCache = make([]bool, len(g.cards))
	}
	g.negCache = g.negCache[:len(g.cards)]
	clear(g.negCache)
	if g.negMods {
		for i := range g.cards {
			c := &g.cards[i]
			for j := range c.mods() {
				if m := &c.mods()[j]; m.Kind == ModFlags && m.Flags&FlagNegated != 0 && g.modActive(m) {
					g.negCache[i] = true
				}
			}
		}
	}
	if g.negMods {
		g.negateKinds()
	}
	g.negCacheAt = g.changeSeq
	if g.contOn[contNeg] == 0 {
		return // no negating source on the field (contcount.go)
	}
	// Sources in timestamp order.
	var buf [8]CardID
	srcs := buf[:0]
	for _, id := range g.negSrcs {
		if g.applies(g.c(id)) && !g.battleGone(g.c(id)) {
			srcs = append(srcs, id)
		}
	}
	for i := 1; i < len(srcs); i++ {
		for j := i; j > 0 && g.c(srcs[j]).stamp < g.c(srcs[j-1]).stamp; j-- {
			srcs[j], srcs[j-1] = srcs[j-1], srcs[j]
		}
	}
	for _, src := range srcs {
		if g.negCache[src] {
			continue
		}
		c := g.c(src)
		for _, e := range c.script.Effects {
			if e.Kind != Continuous || e.Flags&FlagNegated == 0 || e.Affects == nil {
				continue
			}
			ctx := g.ctx(src, e, c.ctrl, nil, nil)
			for i := range g.cards {
				if CardID(i) != src && g.cards[i].place.Loc.OnField() && e.Affects(ctx, CardID(i)) {
					g.negCache[i] = true
				}
			}
			g.release()
		}
	}
}

// negateKinds marks in the negation cache the cards on the field of a kind that a seat's mark
// negates (pfNegateKinds: Armored Glass's Equip Spells until the end of the turn). The marks are
// no card's effect: they come before the negating cards' Continuous effects, so a negating card
// they negate negates nothing.
func (g *game) negateKinds() {
	var f PlayerFlag
	for i := range g.pmods {
		f |= g.pmods[i].flags & pfNegateKinds
	}
	if f == 0 {
		return
	}
	for i := range g.cards {
		if c := &g.cards[i]; c.place.Loc.OnField() && negatedByKind(f, c.data.Kind) {
			g.negCache[i] = true
		}
	}
}

// arriving reports whether a monster is being summoned and its summon may still be negated: it
// is not on the field yet for the others' Continuous effects (ygopro-core). A Flip Summoned
// monster was on the field already: they affect it (its own wait for the summon all the same).
func (g *game) arriving(id CardID) bool { return id == g.summoning && !g.summonFlip }

// continuousStat sums the ATK (or DEF) changes of continuous effects on a monster, of the cards
// that came face-up after stamp since (all of them for -1: game.stat's final values).
func (g *game) continuousStat(id CardID, def bool, since int32) int {
	if g.contOn[contStat] == 0 || g.arriving(id) {
		// before making the closure (contcount.go); a monster whose summon may still be negated
		// is not on the field yet for the continuous effects (ygopro-core)
		return 0
	}
	add := 0
	g.activeContinuous(contStat, func(src CardID, e *Effect) bool {
		if g.c(src).stamp <= since || e.Affects == nil || (def && e.DEF == 0 && e.DEFFunc == nil) || (!def && e.ATK == 0 && e.ATKFunc == nil) || g.negated(src) || !g.reaches(src, id) ||
			g.unaffected(id, src) {
			return true // effects that change nothing here are not asked (no mutual recursion)
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.Affects(ctx, id) {
			if def {
				add += e.DEF
				if e.DEFFunc != nil {
					add += e.DEFFunc(ctx, id)
				}
			} else {
				add += e.ATK
				if e.ATKFunc != nil {
					add += e.ATKFunc(ctx, id)
				}
			}
		}
		g.release()
		return true
	})
	return add
}

// continuousSet returns the value a Continuous effect's SetATK (SetDEF) gives a monster, the
// one of the card that came face-up last winning (two Megamorphs: the later one), and whether
// one does.
func (g *game) continuousSet(id CardID, def bool) (v int, ok bool) {
	if g.contOn[contStat] == 0 || g.arriving(id) {
		return 0, false
	}
	var stamp int32
	g.activeContinuous(contStat, func(src CardID, e *Effect) bool {
		set := e.SetATK
		if def {
			set = e.SetDEF
		}
		if set == nil || e.Affects == nil || g.negated(src) || !g.reaches(src, id) ||
			g.unaffected(id, src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.Affects(ctx, id) && (!ok || g.c(src).stamp >= stamp) {
			if n, yes := set(ctx, id); yes {
				v, ok, stamp = max(n, 0), true, g.c(src).stamp
			}
		}
		g.release()
		return true
	})
	return v, ok
}

// continuousFinalATK applies the final ATK of continuous effects (Static.FinalATK) to atk, the
// ATK a monster has otherwise.
func (g *game) continuousFinalATK(id CardID, atk int) int {
	if g.contOn[contStat] == 0 || g.arriving(id) {
		return atk
	}
	g.activeContinuous(contStat, func(src CardID, e *Effect) bool {
		if e.FinalATK == nil || e.Affects == nil || g.negated(src) || !g.reaches(src, id) ||
			g.unaffected(id, src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.Affects(ctx, id) {
			atk = max(e.FinalATK(ctx, id, atk), 0)
		}
		g.release()
		return true
	})
	return atk
}

// continuousLevel sums the Level changes of continuous effects on a monster.
func (g *game) continuousLevel(id CardID) int {
	if g.contOn[contLevel] == 0 || g.arriving(id) {
		return 0 // before making the closure (contcount.go); as continuousStat
	}
	add := 0
	g.activeContinuous(contLevel, func(src CardID, e *Effect) bool {
		if e.Affects == nil || e.Level == 0 || g.negated(src) || !g.reaches(src, id) ||
			g.unaffected(id, src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.Affects(ctx, id) {
			add += e.Level
		}
		g.release()
		return true
	})
	return add
}

// continuousFlags returns the rule flags among want that continuous effects put on a card
// (negation aside); the effects that give none of them are not asked.
func (g *game) continuousFlags(id CardID, want Flag) Flag {
	if g.contOn[contFlags] == 0 || g.contFlagsAll&want&^FlagNegated == 0 || g.arriving(id) {
		return 0 // before making the closure (contcount.go); as continuousStat
	}
	var f Flag
	g.activeContinuous(contFlags, func(src CardID, e *Effect) bool {
		if e.Affects == nil || e.Flags&want&^FlagNegated == 0 || g.negated(src) || !g.reaches(src, id) ||
			g.unaffected(id, src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.Affects(ctx, id) {
			f |= e.Flags & want &^ FlagNegated
		}
		g.release()
		return f != want // every flag asked for is found: the rest cannot add one
	})
	return f
}

// continuousPlayerFlags returns the rule changes continuous effects put on a seat.
func (g *game) continuousPlayerFlags(s Seat) PlayerFlag {
	if g.contOn[contPlayer] == 0 {
		return 0 // before making the closure (contcount.go)
	}
	var f PlayerFlag
	g.activeContinuous(contPlayer, func(src CardID, e *Effect) bool {
		if e.PlayerFlags == 0 || e.AffectsPlayer == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.AffectsPlayer(ctx, s) {
			f |= e.PlayerFlags
		}
		g.release()
		return true
	})
	return f
}

// banishesInstead reports whether a card about to be sent to the Graveyard is banished instead: a
// Continuous effect gives its owner PFBanishGY, from a card that is neither the card itself nor
// leaving the field together with it (ygopro-core turns off the field effects of every card that
// moves at once before it redirects them: Banisher of the Light destroyed with other cards lets
// them all go to the Graveyard, itself too; its monster destroyed by battle with the one it
// battled, both go there).
func (g *game) banishesInstead(id CardID) bool {
	owner := g.c(id).owner
	found := false
	g.activeContinuous(contPlayer, func(src CardID, e *Effect) bool {
		if e.PlayerFlags&PFBanishGY == 0 || e.AffectsPlayer == nil || src == id || g.negated(src) {
			return true
		}
		if sc := g.c(src); sc.leaving || sc.destroyed {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		found = e.AffectsPlayer(ctx, owner)
		g.release()
		return !found
	})
	return found
}

// leaveTogether marks (on) or unmarks the cards of a list that leave their places at the same
// time, while they move one by one: a card among them gives none of the others a continuous
// effect on where they go (banishesInstead). Lists of one card are not marked.
func (g *game) leaveTogether(ids []CardID, on bool) {
	if len(ids) < 2 {
		return
	}
	for _, id := range ids {
		g.c(id).leaving = on
	}
}

// equipTargetOf returns the monster an equip card is attached to, if it still is.
func (g *game) equipTargetOf(equip CardID) CardID {
	c := g.c(equip)
	t := c.equipTarget
	if t == NoCard || !c.place.Loc.OnField() || g.c(t).gen != c.equipGen || g.c(t).place.Loc != MZone {
		return NoCard
	}
	return t
}

// adjust applies the state-based rules after every action: an equip card whose monster left the
// field or was turned face-down is destroyed; cards' own checks run (alternate wins ...). The
// rules read only the state, so while nothing changed since they last ran (changeSeq, which
// every event and every change continuous effects read moves) there is nothing to apply: the
// windows of a Battle Phase step or a phase with no action in between look once.
func (g *game) adjust() {
	if g.over {
		return
	}
	g.runAutomatic()
	if g.over || g.adjustedAt == g.changeSeq+1 {
		return
	}
	g.adjustedAt = g.changeSeq + 1 // before the rules run: what they do moves changeSeq again
	g.loseEquips()
	for _, id := range g.checkCards {
		c := g.c(id)
		if c.script.CheckWhileFaceUp && (!c.place.Loc.OnField() || !c.pos.IsFaceUp()) ||
			c.script.CheckIn != 0 && !c.script.CheckIn.Has(c.place.Loc) {
			continue
		}
		seat := c.ctrl
		ctx := g.ctx(id, nil, seat, nil, nil)
		c.script.Check(ctx)
		g.release()
		if g.over {
			return
		}
	}
}

// loseEquips destroys, at the same time, the equip cards whose monster left the field or was
// turned face-down. adjust runs it; so does a procedure that pauses between two actions, as
// ygopro-core's break between a Fusion or Ritual Summon's materials and its summon.
func (g *game) loseEquips() {
	var buf [8]CardID
	gone := buf[:0]
	for _, id := range g.equips {
		c := g.c(id)
		if c.equipTarget == NoCard || !c.place.Loc.OnField() {
			continue
		}
		t := g.c(c.equipTarget)
		if t.gen != c.equipGen || t.place.Loc != MZone || !t.pos.IsFaceUp() {
			c.equipTarget = NoCard
			gone = append(gone, id)
		}
	}
	if len(gone) > 1 {
		g.sortSameTime(gone)
	}
	for _, id := range gone {
		g.destroyBy(id, NoCard, false)
	}
}

// placeField puts a Field Spell in a seat's Field Zone; the seat's previous one goes to the
// Graveyard (RULES.md ocg "Field").
func (g *game) placeField(id CardID, s Seat, pos Pos) {
	if old := g.pl(s).fzone; old != NoCard && old != id {
		if g.rules.SharedFieldZone {
			g.destroyBy(old, NoCard, false)
		} else {
			g.move(old, Place{Seat: g.c(old).owner, Loc: GY}, FaceUp, EvMove)
		}
	}
	g.move(id, Place{Seat: s, Loc: FZone}, pos, EvMove)
}

// destroyOtherFields destroys, by rule, every other face-up Field Spell when the activation of one
// resolves (under anime, whose one Field Zone the new card takes, when it is activated): only one
// may be face-up on the whole field.
func (g *game) destroyOtherFields(id CardID) {
	if g.rules.KeepOtherFields {
		return // each player has its own Field Spell
	}
	for _, s := range g.seats() {
		if f := g.pl(s).fzone; f != NoCard && f != id && g.c(f).pos.IsFaceUp() {
			g.destroyBy(f, NoCard, false)
		}
	}
}

// destroyBy destroys a card on the field (by battle or by an effect of reason) and sends it to its
// owner's Graveyard.
func (g *game) destroyBy(id CardID, reason CardID, byBattle bool) {
	g.destroyTo(id, GY, byBattle)
}

// destroyTo destroys a card to its owner's Graveyard (to = GY) or banishes it face-up (to =
// Banished: a destruction that banishes, which never passes through the Graveyard).
func (g *game) destroyTo(id CardID, to Loc, byBattle bool) {
	c := g.c(id)
	g.moveEv(id, Place{Seat: c.owner, Loc: to}, FaceUp, EvDestroy, byBattle, false)
}

// effectDamage inflicts effect damage, honouring redirection by the resolving link and rules that
// stop damage.
func (g *game) effectDamage(s Seat, n int) {
	if g.resolving != nil && g.resolving.redirect&(1<<s) != 0 {
		s = s.Other()
		if !g.inDuel(s) {
			s = s.Partner()
		}
	}
	if g.playerHas(s, PFNoDamage) {
		return
	}
	g.damage(s, n, false)
}
