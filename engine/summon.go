package engine

import "duelist/card"

// mainPhase runs a Main Phase: the turn player's idle prompt, again and again, until they move on.
// Each idle prompt is an open game state: the duel is fully described by its data there.
func (g *game) mainPhase() {
	if !g.phaseBegun {
		g.enterPhase(g.phase)
		g.window()
	}
	for {
		g.idlePrompt()
		o := g.ask()
		switch o.Kind {
		case OptSummon:
			g.normalSummon(o.Card, false)
		case OptSet:
			g.normalSummon(o.Card, true)
		case OptFlip:
			g.flipSummon(o.Card)
		case OptPosition:
			g.changePosition(o.Card)
		case OptBattle:
			g.nextPhase(Battle)
			return
		case OptMain2:
			g.nextPhase(Main2)
			return
		case OptEnd:
			g.nextPhase(End)
			return
		}
	}
}

// idlePrompt lists the turn player's Main Phase options in notation order: summon, set, flip,
// position, activate, special, battle, main2, end.
func (g *game) idlePrompt() *Prompt {
	tp := g.turnPlayer
	p := g.newPrompt(PromptIdle, tp)
	pl := g.pl(tp)
	if g.canNormalSummon(tp) {
		for _, id := range pl.hand {
			if g.summonable(id) {
				g.addCard(p, OptSummon, id)
			}
		}
		for _, id := range pl.hand {
			if g.summonable(id) {
				g.addCard(p, OptSet, id)
			}
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
	if g.phase == Main1 && (g.turn > 1 || g.rules.FirstTurnBattle) {
		p.add(OptBattle, NoCard)
	}
	p.add(OptEnd, NoCard)
	return p
}

// canNormalSummon reports whether the seat still has its Normal Summon or Set this turn.
func (g *game) canNormalSummon(s Seat) bool { return g.pl(s).normalSummonTurn != g.turn }

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
func (g *game) summonable(id CardID) bool {
	c := g.c(id)
	d := c.data
	if !d.IsMonster() || d.Kind.IsExtra() || d.Kind&(card.Ritual|card.Token) != 0 {
		return false
	}
	n := g.tributesNeeded(id)
	if n == 0 {
		return g.freeZone(c.ctrl, MZone) >= 0
	}
	return g.monsterCount(c.ctrl) >= n
}

// normalSummon Normal Summons (face-up attack) or Sets (face-down defense) a monster from the hand,
// tributing first when its Level asks for it (notation.md: summon CARD -> select the tributes).
func (g *game) normalSummon(id CardID, set bool) {
	s := g.turnPlayer
	if n := g.tributesNeeded(id); n > 0 {
		p := g.newPrompt(PromptSelect, s)
		p.Candidates = g.monsters(p.Candidates, s)
		p.Min, p.Max, p.Purpose, p.Subject = n, n, ForTribute, id
		g.selectOptions(p)
		for _, t := range g.selectedCards(g.ask()) {
			g.move(t, Place{Seat: g.c(t).owner, Loc: GY}, FaceUp, EvTribute)
		}
	}
	g.pl(s).normalSummonTurn = g.turn
	pos, ev := FaceUpAtk, EvSummon
	if set {
		pos, ev = FaceDownDef, EvSet
	}
	g.placeMonster(id, s, pos, ev)
	c := g.c(id)
	c.proper = true
	g.checkState()
	g.window()
}

// placeMonster puts a monster in the lowest free Monster Zone of a seat.
func (g *game) placeMonster(id CardID, s Seat, pos Pos, ev EventKind) {
	zone := g.freeZone(s, MZone)
	g.move(id, Place{Seat: s, Loc: MZone, Seq: zone}, pos, ev)
	c := g.c(id)
	c.arrivedTurn = g.turn
	c.posChangedTurn = 0
	c.attacks = 0
}

// canFlipSummon: a face-down monster that did not arrive or change position this turn.
func (g *game) canFlipSummon(id CardID) bool {
	c := g.c(id)
	return c.pos == FaceDownDef && c.arrivedTurn != g.turn && c.posChangedTurn != g.turn
}

// flipSummon turns a face-down monster face-up attack position.
func (g *game) flipSummon(id CardID) {
	c := g.c(id)
	c.pos = FaceUpAtk
	c.posChangedTurn = g.turn
	g.emitCard(EvFlipSummon, id, NoCard)
	g.window()
}

// canChangePosition: a face-up monster may change its battle position once per turn, not on the
// turn it arrived, and not after it declared an attack this turn (RULES.md ocg "Summons").
func (g *game) canChangePosition(id CardID) bool {
	c := g.c(id)
	return c.pos.IsFaceUp() && c.arrivedTurn != g.turn && c.posChangedTurn != g.turn &&
		c.attackTurn != g.turn
}

// changePosition switches a face-up monster between attack and defense position.
func (g *game) changePosition(id CardID) {
	c := g.c(id)
	if c.pos == FaceUpAtk {
		c.pos = FaceUpDef
	} else {
		c.pos = FaceUpAtk
	}
	c.posChangedTurn = g.turn
	g.emitCard(EvPosition, id, NoCard)
	g.window()
}
