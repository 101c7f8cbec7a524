package engine

// A monster's own Special Summon procedure (ygopro's EFFECT_SPSUMMON_PROC: Gate Guardian by
// tributing its three parts, a Toon by tributes while its controller has Toon World, Soul of
// Purity and Light by banishing cards from the Graveyard): from the hand by default, offered by
// the idle prompt as `special CARD` while its condition holds. It is not an effect: it starts no
// chain, its cost is part of the summon, and the summon can be negated like a Normal Summon
// (summonWindow). A monster summoned so is properly summoned (the revive limit is met). And the
// rules of what may Special Summon a monster at all: Script.CannotSpecialSummon (Spirits) and
// Script.SpecialBy (only by some effects).

// SummonProc is a monster's own Special Summon procedure.
type SummonProc struct {
	// From is where the monster is summoned from (0: the hand).
	From LocMask
	// Condition says whether the summon may be made now, its cost included (nil: always).
	Condition func(c *Ctx) bool
	// Cost is paid first: the tributes, the cards banished ... (nil: none). The summon needs a free
	// Monster Zone once it is paid.
	Cost func(c *Ctx)
	// Pos is the position it comes in (0: face-up Attack or Defense, its controller chooses).
	Pos Pos
}

// procFrom is where a procedure summons from.
func (sp *SummonProc) procFrom() LocMask {
	if sp.From == 0 {
		return Locs(Hand)
	}
	return sp.From
}

// addSummonProcs adds `special CARD` for each monster of the seat's hand (or wherever its
// procedure summons from) that its own procedure could summon now.
func (g *game) addSummonProcs(p *Prompt, s Seat) {
	if g.procCards == 0 || g.cannotSpecial(s) {
		return
	}
	pl := g.pl(s)
	for _, l := range [...]Loc{Hand, GY, Banished} {
		for _, id := range *pl.pile(l) {
			if g.procReady(id, s) {
				g.addCard(p, OptSpecial, id)
			}
		}
	}
}

// procReady reports whether a card's own procedure could summon it for seat s now.
func (g *game) procReady(id CardID, s Seat) bool {
	c := g.c(id)
	if c.script == nil || c.script.SummonProc == nil || !c.data.IsMonster() {
		return false
	}
	sp := c.script.SummonProc
	if !sp.procFrom().Has(c.place.Loc) || !g.fromHandPayable(id, s) || g.forbidden(id) {
		return false
	}
	if sp.Condition == nil {
		return g.freeZone(s, MZone) >= 0
	}
	ctx := g.ctx(id, nil, s, nil, nil)
	ok := sp.Condition(ctx)
	g.release()
	return ok
}

// procSummon runs `special CARD` for a monster with its own procedure: the cost, the position,
// the summon (which may be negated), then the monster is Special Summoned and properly summoned.
func (g *game) procSummon(id CardID) {
	s := g.turnPlayer
	g.markAction()
	sp := g.c(id).script.SummonProc
	g.payFromHand(id, s)
	if sp.Cost != nil {
		ctx := g.ctx(id, nil, s, nil, nil)
		sp.Cost(ctx)
		g.release()
		g.loseEquips() // the equip cards of its tributes go first, as a Tribute Summon's
	}
	if g.over || g.freeZone(s, MZone) < 0 {
		g.afterAction()
		return
	}
	pos := sp.Pos
	if pos == 0 || pos == FaceUp {
		pos = g.askPosition(s, id)
	}
	g.placeMonster(id, s, pos, EvSummoning)
	c := g.c(id)
	c.summonType = SpecialSummoned
	if !g.summonWindow(id) {
		g.afterAction()
		return
	}
	c.proper = true
	g.pl(s).summonTurn = g.turn
	g.markAction()
	g.emit(Event{Kind: EvSpecialSummon, Seat: s, Card: id, Code: c.data.Passcode, From: c.place,
		To: c.place, FromUp: true, ToUp: true, FromCtrl: s, ToCtrl: s, Pos: c.pos, Target: NoCard,
		SummonType: SpecialSummoned, Timing: g.timing})
	g.afterAction()
}

// specialAllowed reports whether a monster's own rules let an effect Special Summon it:
// Script.CannotSpecialSummon forbids every Special Summon, Script.SpecialBy allows only the
// effects it names (c is the summoning effect's context).
func (g *game) specialAllowed(c *Ctx, id CardID) bool {
	if g.forbidden(id) {
		return false
	}
	sc := g.c(id).script
	if sc == nil {
		return true
	}
	if sc.CannotSpecialSummon {
		return false
	}
	return sc.SpecialBy == nil || sc.SpecialBy(c)
}
