package engine

import "fmt"

// Cost cards and tapping, kernel state that a ruleset's procedures use (RULES.md "kouhu"): a seat's
// resource zone (Loc Resource) holds face-down cost cards; paying a cost taps usable ones, and a
// cost card made or untapped while a chain is in progress is usable once the chain ends. Cards on
// the field tap and untap too (a tapped creature cannot attack or block).

// usable reports whether a cost card can pay: untapped and not made during the chain in progress.
func (g *game) usable(id CardID) bool {
	c := g.c(id)
	return !c.tapped && !c.resFresh
}

// resources returns how many cost cards of a seat can pay now: a count kept as they change
// (resAdd, setResState), which verifyRes checks against countRes after every answer.
func (g *game) resources(s Seat) int { return int(g.resReady[s]) }

// countRes counts a seat's cost cards that can pay afresh.
func (g *game) countRes(s Seat) int {
	n := 0
	for _, id := range g.pl(s).res {
		if g.usable(id) {
			n++
		}
	}
	return n
}

// resAdd adds (delta 1) or takes away (delta -1) a card from its seat's count of cost cards that
// can pay, if it is one: called where a card arrives in and leaves its place (put, remove).
func (g *game) resAdd(c *cardState, delta int16) {
	if c.place.Loc == Resource && !c.tapped && !c.resFresh {
		g.resReady[c.place.Seat] += delta
	}
}

// setResState sets whether a card is tapped and whether it is a fresh cost card, keeping the
// count of cost cards that can pay.
func (g *game) setResState(c *cardState, tapped, fresh bool) {
	g.resAdd(c, -1)
	c.tapped, c.resFresh = tapped, fresh
	g.resAdd(c, 1)
}

// verifyRes reports an error when the kept counts of cost cards that can pay differ from a
// count afresh.
func (g *game) verifyRes() error {
	for s := range g.players {
		if want := g.countRes(Seat(s)); want != int(g.resReady[s]) {
			return fmt.Errorf("cost cards of seat %s that can pay: kept %d, counted %d", Seat(s), g.resReady[s], want)
		}
	}
	return nil
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
	g.setResState(c, tapped, c.resFresh)
	e := Event{Kind: EvTap, Seat: c.ctrl, Card: id, Code: c.data.Passcode, From: c.place, To: c.place,
		FromUp: c.pos.IsFaceUp(), ToUp: c.pos.IsFaceUp(), FromCtrl: c.ctrl, ToCtrl: c.ctrl,
		Tapped: tapped, Target: NoCard, Timing: g.timing}
	g.emit(e)
}

// untapAll untaps a seat's cost cards and creatures (its Preparation Phase).
func (g *game) untapAll(s Seat) {
	pl := g.pl(s)
	for _, id := range pl.res {
		if g.c(id).tapped {
			g.tap(id, false)
		}
	}
	for _, id := range pl.mzone {
		if id != NoCard && g.c(id).tapped {
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
	g.setResState(g.c(id), tapped, g.resolving != nil || len(g.chain) > 0)
}

// freshResourcesReady makes the cost cards made during a chain usable when it ends (the others
// are left as they are).
func (g *game) freshResourcesReady() {
	for _, s := range g.seats() {
		for _, id := range g.pl(s).res {
			if c := g.c(id); c.resFresh {
				g.setResState(c, c.tapped, false)
			}
		}
	}
}

// CanPay reports whether a seat can pay a cost of n cost cards; Pay taps them (the caller has
// checked CanPay).
func (k *Kernel) CanPay(s Seat, n int) bool { return k.g().canPay(s, n) }

// Pay taps n usable cost cards of a seat, the earliest placed first.
func (k *Kernel) Pay(s Seat, n int) { k.g().pay(s, n) }

// CanPlaceResource reports whether a seat has not yet put a card into its resource zone this turn;
// PlaceResource puts one from its hand there (a usable cost card).
func (k *Kernel) CanPlaceResource(s Seat) bool { return k.g().canPlaceResource(s) }

// PlaceResource puts a card from a seat's hand face-down into its resource zone, once per turn.
func (k *Kernel) PlaceResource(id CardID, s Seat) { k.g().placeResource(id, s) }

// Tapped reports whether a card is tapped; Tap taps or untaps it (an event).
func (k *Kernel) Tapped(id CardID) bool { return k.g().c(id).tapped }

// Tap taps or untaps a card and records it.
func (k *Kernel) Tap(id CardID, tapped bool) { k.g().tap(id, tapped) }

// UntapAll untaps a seat's cost cards and the cards in its Monster Zones.
func (k *Kernel) UntapAll(s Seat) { k.g().untapAll(s) }

// PayCost taps n cost cards of the effect's controller (an additional cost). It reports false,
// paying nothing, when there are not enough; the card is then negated by the caller's rule.
func (c *Ctx) PayCost(n int) bool {
	if !c.g.canPay(c.player, n) {
		return false
	}
	c.g.pay(c.player, n)
	return true
}

// ResourceFromDeck puts the top card of a seat's Deck into its resource zone as a cost card,
// tapped or not; nothing happens with an empty Deck. A cost card made while a chain resolves
// cannot pay until the chain ends.
func (c *Ctx) ResourceFromDeck(s Seat, tapped bool) {
	c.step()
	d := c.g.pl(s).deck
	if len(d) == 0 {
		return
	}
	c.g.addResource(d[len(d)-1], s, tapped)
}

// UntapResource untaps one tapped cost card of a seat; it reports whether there was one. A cost
// card untapped while a chain resolves cannot pay until the chain ends.
func (c *Ctx) UntapResource(s Seat) bool {
	for _, id := range c.g.pl(s).res {
		if c.g.c(id).tapped {
			c.g.tap(id, false)
			c.g.setResState(c.g.c(id), false, c.g.resolving != nil || len(c.g.chain) > 0)
			return true
		}
	}
	return false
}

// EndBattlePhase ends the turn player's Battle Phase once the chain has resolved: no more attacks,
// the duel goes on to Main Phase 2 (Wall of Wind). An attack in progress stops.
func (c *Ctx) EndBattlePhase() {
	if c.g.phase == Battle {
		c.g.battleEnded = true
	}
}

// Tapped reports whether a card is tapped.
func (c *Ctx) Tapped(id CardID) bool { return c.g.c(id).tapped }

// Tap taps or untaps a creature (a tapped creature cannot attack or block).
func (c *Ctx) Tap(id CardID, tapped bool) {
	c.step()
	c.g.tap(id, tapped)
}
