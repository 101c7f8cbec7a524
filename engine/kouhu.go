package engine

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/kouhu"
)

// The kouhu procedures (seed 000, RULES.md "kouhu") on the same kernel: the turn, the resource
// zone and Levels as costs. Summons are in ksummon.go, blocking combat in kbattle.go, the chain's
// speed rules in kchain.go.

// kc returns a card's kouhu data, or nil for a card outside the kouhu set.
func (g *game) kc(id CardID) *kouhu.Card { return g.cards[id].k }

// kPhase runs the current phase of a kouhu turn: Draw (no cards may be used), Preparation (the
// Standby Phase: untap everything; no cards may be used), Main 1, Battle, Main 2, End (no
// actions; the changes to ATK and DEF of battle and effects end).
func (g *game) kPhase() {
	tp := g.turnPlayer
	switch g.phase {
	case Draw:
		g.markAction()
		g.enterPhase(Draw)
		if !(g.turn == 1 && g.rules.NoFirstDraw) {
			g.draw(tp)
			g.checkState()
		}
		g.nextPhase(Standby)
	case Standby:
		g.markAction()
		g.enterPhase(Standby)
		g.untapAll(tp)
		g.nextPhase(Main1)
	case Main1, Main2:
		g.mainPhase()
	case Battle:
		g.battlePhase()
	case End:
		g.markAction()
		g.enterPhase(End)
		g.returnControl()
		g.expireAtEndOfTurn()
		g.beginTurn(g.next(tp))
	}
}

// usable reports whether a cost card can pay: untapped and not made during the chain in progress.
func (g *game) usable(id CardID) bool {
	c := g.c(id)
	return !c.tapped && !c.resFresh
}

// resources returns how many cost cards of a seat can pay now.
func (g *game) resources(s Seat) int {
	n := 0
	for _, id := range g.pl(s).res {
		if g.usable(id) {
			n++
		}
	}
	return n
}

// canPay reports whether a seat can pay a cost of n.
func (g *game) canPay(s Seat, n int) bool { return n <= 0 || g.resources(s) >= n }

// pay taps n usable cost cards of a seat, the earliest placed first (cost cards are anonymous: which
// ones pay makes no difference). The caller has checked canPay.
func (g *game) pay(s Seat, n int) {
	for _, id := range g.pl(s).res {
		if n <= 0 {
			return
		}
		if g.usable(id) {
			g.tap(id, true)
			n--
		}
	}
	if n > 0 {
		panic("engine: kouhu cost paid without enough resources")
	}
}

// tap taps or untaps a card and records it.
func (g *game) tap(id CardID, tapped bool) {
	c := g.c(id)
	if c.tapped == tapped {
		return
	}
	c.tapped = tapped
	amt := 0
	if tapped {
		amt = 1
	}
	e := Event{Kind: EvTap, Seat: c.ctrl, Card: id, Code: c.data.Passcode, From: c.place, To: c.place,
		FromUp: c.pos.IsFaceUp(), ToUp: c.pos.IsFaceUp(), FromCtrl: c.ctrl, ToCtrl: c.ctrl,
		Amount: amt, Target: NoCard, Timing: g.timing}
	g.emit(e)
}

// untapAll untaps a seat's cost cards and creatures (its Preparation Phase).
func (g *game) untapAll(s Seat) {
	pl := g.pl(s)
	for _, id := range pl.res {
		g.tap(id, false)
	}
	for _, id := range pl.mzone {
		if id != NoCard {
			g.tap(id, false)
		}
	}
}

// canPlaceResource reports whether the turn player may still put a card into its resource zone
// this turn (once per turn, in its Main Phase).
func (g *game) canPlaceResource(s Seat) bool { return g.pl(s).resourceTurn != g.turn }

// placeResource puts a card from the hand face-down into the resource zone: a cost card, usable at
// once (unless made while a chain resolves).
func (g *game) placeResource(id CardID, s Seat) {
	g.pl(s).resourceTurn = g.turn
	g.addResource(id, s, false)
}

// addResource puts a card into a seat's resource zone as a cost card, tapped or not.
func (g *game) addResource(id CardID, s Seat, tapped bool) {
	g.move(id, Place{Seat: s, Loc: Resource}, FaceDown, EvMove)
	c := g.c(id)
	c.tapped = tapped
	c.resFresh = g.resolving != nil || len(g.chain) > 0
}

// freshResourcesReady makes the cost cards made during a chain usable when it ends.
func (g *game) freshResourcesReady() {
	for _, s := range g.seats() {
		for _, id := range g.pl(s).res {
			g.c(id).resFresh = false
		}
	}
}

// kIdleAction takes a kouhu idle action other than activate, battle and end: a resource, a
// summon, a Set, a flip, an artifact placed, an evolution.
func (g *game) kIdleAction(o Option) {
	switch o.Kind {
	case OptResource:
		g.markAction()
		g.placeResource(o.Card, g.turnPlayer)
	case OptSummon, OptSet:
		if g.c(o.Card).data.IsMonster() {
			g.kSummon(o.Card, false, o.Kind == OptSet)
		} else {
			g.setSpell(o.Card)
		}
	case OptAdvance, OptAdvanceSet:
		g.kSummon(o.Card, true, o.Kind == OptAdvanceSet)
	case OptFlip:
		g.kFlip(o.Card)
	case OptPlace:
		g.kPlace(o.Card)
	case OptSpecial:
		g.kEvolve(o.Card)
	}
}

// kIdlePrompt lists the kouhu Main Phase options: resource, summon, set (ambush or a Spell/Trap),
// advance, advance-set, flip, place, special (evolution), activate, battle, end.
func (g *game) kIdlePrompt() *Prompt {
	tp := g.turnPlayer
	p := g.newPrompt(PromptIdle, tp)
	pl := g.pl(tp)
	if g.canPlaceResource(tp) {
		for _, id := range pl.hand {
			g.addCard(p, OptResource, id)
		}
	}
	for _, id := range pl.hand {
		if g.kNormalSummonable(id, tp) {
			g.addCard(p, OptSummon, id)
		}
	}
	for _, id := range pl.hand {
		if g.kNormalSummonable(id, tp) || !g.c(id).data.IsMonster() && g.kSettable(id) {
			g.addCard(p, OptSet, id)
		}
	}
	for _, id := range pl.hand {
		if g.kAdvanceable(id, tp) {
			g.addCard(p, OptAdvance, id)
			g.addCard(p, OptAdvanceSet, id)
		}
	}
	for _, id := range pl.mzone {
		if id != NoCard && g.kFlippable(id) {
			p.add(OptFlip, id)
		}
	}
	for _, id := range pl.hand {
		if g.kPlaceable(id, tp) {
			g.addCard(p, OptPlace, id)
		}
	}
	g.addActivations(p, tp, true)
	for _, id := range pl.extra {
		if g.kEvolvable(id, tp) {
			g.addCard(p, OptSpecial, id)
		}
	}
	if g.phase == Main1 {
		p.add(OptBattle, NoCard)
	}
	p.add(OptEnd, NoCard)
	return p
}

// kSettable: every kouhu Spell and Trap may be Set from the hand, free of cost (the zone has no
// size limit).
func (g *game) kSettable(id CardID) bool {
	k := g.kc(id)
	return k != nil && (k.Kind.IsSpell() || k.Kind.IsTrap())
}

// kSetupCreature places a creature or an artifact of a kouhu position (a face-up creature is
// written `atk` or `up`, an ambush creature `set`); `new` gives a creature summoning sickness.
func (g *game) kSetupCreature(s Seat, m MonsterSetup) error {
	d, ok := g.db.ByPasscode(m.Code)
	if !ok {
		return fmt.Errorf("%w: passcode %d", card.ErrUnknownCard, m.Code)
	}
	k, _ := kouhu.Cards().ByID(kouhu.ID(m.Code))
	if k == nil || !k.IsCreature() && !k.Kind.IsArtifact() {
		return fmt.Errorf("%s is neither a creature nor an artifact", d.Name)
	}
	pos := m.Pos
	if pos == FaceUpDef {
		pos = FaceUpAtk // kouhu creatures have no battle positions: face-up or in ambush
	}
	if k.Kind.IsArtifact() {
		if pos == FaceDownDef {
			return fmt.Errorf("%s: artifacts are never Set", d.Name)
		}
		pos = FaceUp
	}
	id, err := g.placeSetupMonster(s, m, pos)
	if err != nil {
		return err
	}
	c := g.c(id)
	c.tapped, c.active = m.Tapped, k.Kind.IsArtifact()
	if m.New {
		c.sickTurn = g.turn
	}
	// Equip artifacts stand in the creature & artifact zone.
	return g.setupEquips(s, id, m.Equips, MZone, func(d *card.Data) bool {
		ek, _ := kouhu.Cards().ByID(kouhu.ID(d.Passcode))
		return ek != nil && ek.Kind == kouhu.EquipArtifact
	}, "an equip artifact")
}
