package engine

import "github.com/duelistgame/duelist/card"

// mainPhase runs a Main Phase: the turn player's idle prompt, again and again, until they move on.
// Each idle prompt is an open game state: the duel is fully described by its data there. The
// kouhu ruleset lists and takes its own idle actions (kIdlePrompt, kIdleAction).
func (g *game) mainPhase() {
	if !g.phaseBegun {
		g.markAction()
		g.enterPhase(g.phase)
		// The idle prompt is the turn player's priority; only waiting triggers need a window.
		if len(g.pending) > 0 {
			g.window()
		}
	}
	for {
		g.adjust()
		if g.over {
			return
		}
		if !g.inDuel(g.turnPlayer) { // it left a tag duel: its turn ends
			g.nextPhase(End)
			return
		}
		g.procs().IdlePrompt(g.kernel())
		o := g.ask()
		switch o.Kind {
		case OptActivate:
			g.commandActivate(o)
		case OptBattle, OptMain2, OptEnd:
			if g.closingWindow() {
				continue // a chain resolved at the end of the phase: the turn player acts again
			}
			if g.over {
				return
			}
			switch o.Kind {
			case OptBattle:
				g.nextPhase(Battle)
			case OptMain2:
				g.nextPhase(Main2)
			default:
				g.nextPhase(End)
			}
			return
		default:
			g.procs().IdleAction(g.kernel(), o)
		}
	}
}

// idleAction takes a summon, Set, Special Summon, Flip Summon or position change of an idle
// prompt.
func (g *game) idleAction(o Option) {
	switch o.Kind {
	case OptSummon:
		g.normalSummon(o.Card, false)
	case OptSet:
		if g.c(o.Card).data.IsMonster() {
			g.normalSummon(o.Card, true)
		} else {
			g.setSpell(o.Card)
		}
	case OptSpecial:
		if g.c(o.Card).place.Loc == Extra {
			g.specialProc(o.Card)
		} else {
			g.procSummon(o.Card)
		}
	case OptFlip:
		g.flipSummon(o.Card)
	case OptPosition:
		g.changePosition(o.Card)
	}
}

// idlePrompt lists the turn player's Main Phase options in notation order: summon, set, flip,
// position, activate, special, battle, main2, end.
func (g *game) idlePrompt() *Prompt {
	tp := g.turnPlayer
	p := g.newPrompt(PromptIdle, tp)
	pl := g.pl(tp)
	if g.canNormalSummon(tp) {
		// Which hand cards are summonable, asked once for both the summon and the set options
		// (nothing changes the duel in between); past the mask's 64 cards, asked again.
		var ok uint64
		for i, id := range pl.hand {
			if i < 64 && g.summonable(id) && g.handCostsPayable(id, tp) {
				ok |= 1 << i
			}
		}
		summonable := func(i int, id CardID) bool {
			if i < 64 {
				return ok&(1<<i) != 0
			}
			return g.summonable(id) && g.handCostsPayable(id, tp)
		}
		if !g.playerHas(tp, PFCannotSummon) {
			for i, id := range pl.hand {
				if summonable(i, id) {
					g.addCard(p, OptSummon, id)
				}
			}
		}
		if !g.playerHas(tp, PFFaceUpMonsters) {
			for i, id := range pl.hand {
				if summonable(i, id) {
					g.addCard(p, OptSet, id)
				}
			}
		}
	}
	for _, id := range pl.hand {
		if g.settable(id) && g.handCostsPayable(id, tp) {
			g.addCard(p, OptSet, id)
		}
	}
	for _, id := range pl.mzone {
		if id != NoCard && g.canFlipSummon(id) {
			p.add(OptFlip, id)
		}
	}
	for _, id := range pl.mzone {
		if id != NoCard && g.canChangePosition(id) {
			p.add(OptPosition, id)
		}
	}
	g.addActivations(p, tp, true)
	g.addSpecials(p, tp)
	g.addSummonProcs(p, tp)
	if g.phase == Main1 && g.mayEnterBattle() {
		p.add(OptBattle, NoCard)
	}
	p.add(OptEnd, NoCard)
	return p
}

// mayEnterBattle reports whether the turn player may conduct a Battle Phase this turn: not on a
// turn the rules keep from battling, not when a card forbids it.
func (g *game) mayEnterBattle() bool {
	return (g.turn > g.noBattleTurns() || g.rules.FirstTurnBattle) && !g.playerHas(g.turnPlayer, PFNoBattlePhase)
}

// canNormalSummon reports whether the seat still has its Normal Summon or Set this turn (a card
// may grant one more).
func (g *game) canNormalSummon(s Seat) bool {
	pl := g.pl(s)
	if pl.normalSummonTurn != g.turn {
		return true
	}
	return pl.extraSummonTurn != g.turn && g.playerHas(s, PFExtraNormalSummon)
}

// useNormalSummon spends the seat's Normal Summon (or the extra one a card granted).
func (g *game) useNormalSummon(s Seat) {
	pl := g.pl(s)
	if pl.normalSummonTurn != g.turn {
		pl.normalSummonTurn = g.turn
	} else {
		pl.extraSummonTurn = g.turn
	}
}

// settable reports whether a Spell or Trap in hand may be Set now: a free Spell & Trap Zone (a
// Field Spell goes to the Field Zone).
func (g *game) settable(id CardID) bool {
	c := g.c(id)
	if c.data.IsMonster() {
		return false
	}
	if c.script != nil && c.script.CannotActivate {
		return false
	}
	if g.forbidden(id) {
		return false
	}
	if g.playerHas(c.place.Seat, PFNoSpellTrapPlay) {
		return false
	}
	if c.data.Kind.Has(fieldKind) {
		return !g.rules.SharedFieldZone
	}
	return g.freeZone(c.ctrl, SZone) >= 0
}

// setSpell Sets a Spell or Trap face-down; it cannot be activated this turn if it is a Trap or a
// Quick-Play Spell.
func (g *game) setSpell(id CardID) {
	s := g.turnPlayer
	g.markAction()
	g.payFromHand(id, s)
	if g.c(id).data.Kind.Has(fieldKind) {
		g.placeField(id, s, FaceDown)
	} else {
		g.move(id, Place{Seat: s, Loc: SZone, Seq: g.freeZone(s, SZone)}, FaceDown, EvSetSpell)
	}
	g.c(id).setTurn = int32(g.turn)
	g.afterAction()
}

// tributesNeeded returns how many tributes a monster's Normal Summon or Set needs (RULES.md ocg
// "Summons": Levels 1-4 none, 5-6 one, 7 and more two).
func (g *game) tributesNeeded(id CardID) int {
	switch lv := g.c(id).data.Level; {
	case lv >= 7:
		return 2
	case lv >= 5:
		return 1
	}
	return 0
}

// summonable reports whether a card in hand may be Normal Summoned or Set now: a Main Deck monster
// that is not a Ritual Monster, with enough monsters to tribute or a free zone.
func (g *game) summonable(id CardID) bool { return g.summonableBy(id, g.c(id).ctrl) }

// summonableBy is summonable for a seat's monster in hand.
func (g *game) summonableBy(id CardID, s Seat) bool {
	c := g.c(id)
	d := c.data
	if !d.IsMonster() || d.Kind.IsExtra() || d.Kind&(card.Ritual|card.Token) != 0 {
		return false
	}
	if c.script != nil && c.script.CannotNormalSummon || g.forbidden(id) {
		return false
	}
	n := g.tributesNeeded(id)
	if n == 0 {
		return g.freeZone(s, MZone) >= 0
	}
	var buf [scratchIDs]CardID // a check only: the candidates stay on the stack
	cands := g.tributeCandidates(buf[:0], s)
	if len(cands) < n {
		return false
	}
	if g.freeZone(s, MZone) >= 0 {
		return true
	}
	// Every zone is full: a tribute must free one of the seat's own zones, and the opponent's
	// monsters it may tribute (Soul Exchange's) must all be tributed (summonProcedure), so they
	// must leave room for one of its own (ygopro-core's check_tribute).
	taken := 0
	for _, c := range cands {
		if g.c(c).ctrl != s {
			taken++
		}
	}
	return taken < n && g.freesOwnZone(cands, s)
}

// freesOwnZone reports whether some of the cards are monsters on the seat's own field whose zones
// are not locked (a locked zone a tribute leaves stays unusable).
func (g *game) freesOwnZone(ids []CardID, s Seat) bool {
	for _, id := range ids {
		if c := g.c(id); c.ctrl == s && c.place.Loc == MZone && !g.zoneLocked(c.place.Seat, MZone, c.place.Seq) {
			return true
		}
	}
	return false
}

// tributeCandidates appends the monsters a seat may tribute for a Tribute Summon.
func (g *game) tributeCandidates(dst []CardID, s Seat) []CardID {
	for _, id := range g.pl(s).mzone {
		if id != NoCard && !g.hasFlag(id, FlagNoTributeSummon) {
			dst = append(dst, id)
		}
	}
	for _, gr := range g.grants {
		c := g.c(gr.card)
		if gr.seat == s && gr.turn == g.turn && c.place.Loc == MZone && isOpp(c.ctrl, s) &&
			!g.hasFlag(gr.card, FlagNoTributeSummon) {
			dst = append(dst, gr.card)
		}
	}
	return dst
}

// normalSummon Normal Summons (face-up attack) or Sets (face-down defense) a monster from the hand,
// tributing first when its Level asks for it (notation.md: summon CARD -> select the tributes).
func (g *game) normalSummon(id CardID, set bool) {
	g.useNormalSummon(g.turnPlayer)
	g.summonProcedure(id, g.turnPlayer, set)
}

// summonProcedure Normal Summons or Sets a monster from a seat's hand (tributes first).
func (g *game) summonProcedure(id CardID, s Seat, set bool) {
	g.markAction()
	n := g.tributesNeeded(id)
	payLate := n > 0 // once the tributes are chosen (below)
	if !payLate {
		g.payFromHand(id, s)
	}
	if n > 0 {
		p := g.newPrompt(PromptSelect, s)
		p.Candidates = g.tributeCandidates(p.Candidates, s)
		p.Min, p.Max, p.Purpose, p.Subject = n, n, ForTribute, id
		// With every zone full, a tribute must free one of the seat's own zones (an opponent's
		// monster tributed by Soul Exchange frees the opponent's). The opponent's monsters it may
		// tribute must be tributed, as many as the other tributes leave room for (RULES.md
		// "Settled against the reference engine": Soul Exchange's summon includes its monster).
		full := g.freeZone(s, MZone) < 0
		must := 0
		for _, c := range p.Candidates {
			if g.c(c).ctrl != s {
				must++
			}
		}
		if full {
			must = min(must, n-1)
		}
		must = min(must, n)
		if !full && must == n {
			// Only the opponent's monsters are tributed: they alone are candidates.
			kept := p.Candidates[:0]
			for _, c := range p.Candidates {
				if g.c(c).ctrl != s {
					kept = append(kept, c)
				}
			}
			p.Candidates = kept
		}
		var buf [8]CardID
		var ts []CardID
		if !full && (must == 0 || must == n) {
			g.selectOptions(p)
			ts = g.appendSelected(buf[:0], g.ask())
		} else {
			ts, _ = g.askWhere(buf[:0], func(ids []CardID) bool {
				taken := 0
				for _, t := range ids {
					if g.c(t).ctrl != s {
						taken++
					}
				}
				return taken >= must && (!full || g.freesOwnZone(ids, s))
			}, nil)
		}
		// The costs of summoning from the hand (Chain Energy's) are paid once the tributes are
		// chosen, before they go (ygopro-core's EFFECT_SUMMON_COST; lockstep MRL seed 14).
		if payLate {
			g.payFromHand(id, s)
		}
		g.sortSameTime(ts)
		g.leaveTogether(ts, true)
		for _, t := range ts {
			g.move(t, Place{Seat: g.c(t).owner, Loc: GY}, FaceUp, EvTribute)
		}
		g.leaveTogether(ts, false)
		// The tributes' equip cards go before the monster arrives (ygopro-core sends them at
		// once), and the Set that follows is a later action than the tributes, as the Summon
		// is: a "When" trigger of theirs misses its timing behind the Summon or Set.
		g.loseEquips()
		g.settleAutomatic()
		if set {
			g.markAction()
		}
	}
	if set {
		g.placeMonster(id, s, FaceDownDef, EvSet)
		g.afterAction()
		return
	}
	pos := FaceUpAtk
	if g.playerHas(s, PFFaceUpMonsters) {
		pos = g.askFaceUpPosition(s, id)
	}
	g.placeMonster(id, s, pos, EvSummoning)
	if !g.summonWindow(id) {
		g.afterAction()
		return
	}
	g.c(id).proper = true
	g.pl(s).summonTurn = g.turn
	g.markAction()
	g.emitCard(EvSummon, id, NoCard)
	g.afterAction()
}

// summonWindow is the moment a monster "would be summoned": only Counter Traps that negate
// summons may be activated. It reports whether the summon goes ahead; a negated summon's monster
// is destroyed (RULES.md ocg "Chains").
func (g *game) summonWindow(id CardID) bool {
	if g.resolving != nil {
		// A summon made while an effect resolves cannot be answered: nothing may be activated
		// in the middle of a resolution.
		return g.c(id).place.Loc == MZone
	}
	g.summoning, g.summonNegated = id, false
	// The triggers of the summon's costs (a tributed Witch of the Black Forest) wait until the
	// summon is done or negated (ygopro-core; lockstep probe Castle of Dark Illusions seed 5:
	// Pumpking's search resolved while it was still being summoned, without its boost).
	held := g.held
	g.held = true
	g.runWindow(g.turnPlayer, false) // one chain at most (runWindowOpt)
	g.held = held
	g.summoning = NoCard
	if g.summonNegated {
		g.summonNegated = false
		c := g.c(id)
		c.proper = false
		if c.place.Loc == MZone {
			// It was never summoned: its own effects do not see it leave the field (a Witch of
			// the Black Forest whose Normal Summon Horn of Heaven negated searches nothing:
			// lockstep probe Musician King seed 6).
			g.unsummoned, g.unsummonedSet = id, true
			g.destroyBy(id, NoCard, false)
			g.unsummonedSet = false
		}
		return false
	}
	return g.c(id).place.Loc == MZone
}

// placeMonster puts a monster in the lowest free Monster Zone of a seat.
func (g *game) placeMonster(id CardID, s Seat, pos Pos, ev EventKind) {
	st := SpecialSummoned
	switch ev {
	case EvSummoning:
		st = NormalSummoned
	case EvSet:
		st = SetSummoned
	}
	g.placeMonsterAs(id, s, pos, ev, st)
}

// askFaceUpPosition asks seat s to choose face-up Attack or Defense Position for monster id.
func (g *game) askFaceUpPosition(s Seat, id CardID) Pos {
	p := g.newPrompt(PromptPosition, s)
	p.Subject = id
	p.add(OptAtk, NoCard)
	p.add(OptDef, NoCard)
	if g.ask().Kind == OptDef {
		return FaceUpDef
	}
	return FaceUpAtk
}

// placeMonsterAs is placeMonster with the way the monster is summoned, recorded before the event
// so that a trigger reading it ("when fusion-summoned") sees it.
func (g *game) placeMonsterAs(id CardID, s Seat, pos Pos, ev EventKind, st SummonType) {
	zone := g.freeZone(s, MZone)
	if ev == EvSpecialSummon && pos == FaceDownDef && g.playerHas(s, PFFaceUpMonsters) {
		pos = FaceUpDef // face-up in the same battle position (Light of Intervention)
	}
	g.c(id).summonType = st
	g.move(id, Place{Seat: s, Loc: MZone, Seq: zone}, pos, ev)
	if ev == EvSpecialSummon {
		g.pl(s).summonTurn = g.turn
	}
	c := g.c(id)
	c.arrivedTurn = int32(g.turn)
	c.posChangedTurn = 0
	c.attacks = 0
}

// canFlipSummon: a face-down monster that did not arrive, change position or declare an attack
// this turn (one that attacked and was then turned face-down by an effect stays unable to change
// its position: ygopro-core's STATUS_CANNOT_CHANGE_FORM, lockstep MRL seed 22).
func (g *game) canFlipSummon(id CardID) bool {
	c := g.c(id)
	return c.pos == FaceDownDef && int(c.arrivedTurn) != g.turn && int(c.posChangedTurn) != g.turn &&
		int(c.attackTurn) != g.turn &&
		!g.playerHas(c.ctrl, PFCannotSummon) && !g.hasFlag(id, FlagCannotChangePosition) &&
		!g.playerHas(c.ctrl, PFNoPositionChange) && !g.forbidden(id)
}

// flipSummon turns a face-down monster face-up attack position.
func (g *game) flipSummon(id CardID) {
	c := g.c(id)
	g.markAction()
	c.pos = FaceUpAtk
	c.posChangedTurn = int32(g.turn)
	g.stampSeq++
	c.stamp = int32(g.stampSeq)
	g.emitCard(EvSummoning, id, NoCard)
	g.summonFlip = true
	ok := g.summonWindow(id)
	g.summonFlip = false
	if !ok {
		g.afterAction()
		return
	}
	g.pl(c.ctrl).summonTurn = g.turn
	c.summonType = FlipSummoned
	g.markAction()
	g.emitCard(EvFlipSummon, id, NoCard)
	g.afterAction()
}

// canChangePosition: a face-up monster may change its battle position once per turn, not on the
// turn it arrived, and not after it declared an attack this turn (RULES.md ocg "Summons").
func (g *game) canChangePosition(id CardID) bool {
	c := g.c(id)
	return c.pos.IsFaceUp() && int(c.arrivedTurn) != g.turn && int(c.posChangedTurn) != g.turn &&
		int(c.attackTurn) != g.turn && !g.hasFlag(id, FlagCannotChangePosition) &&
		!g.playerHas(c.ctrl, PFNoPositionChange) && !g.forbidden(id)
}

// changePosition switches a face-up monster between attack and defense position.
func (g *game) changePosition(id CardID) {
	c := g.c(id)
	if c.pos == FaceUpAtk {
		c.pos = FaceUpDef
	} else {
		c.pos = FaceUpAtk
	}
	c.posChangedTurn = int32(g.turn)
	g.markAction()
	g.emitCard(EvPosition, id, NoCard)
	g.afterAction()
}
