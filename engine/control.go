package engine

// Control changes: a monster moves to the other seat's field and back. A card always goes to its
// owner's hand, Deck, Graveyard or banished pile (move uses the owner), so a stolen monster that
// is destroyed goes to its owner's Graveyard.

// controlChange is a monster taken until the End Phase of a turn.
type controlChange struct {
	card CardID
	turn int
	gen  int  // the card's gen when control changed
	from Seat // the seat that controlled it before, which gets it back
}

// tributeGrant lets a seat tribute one of the opponent's monsters this turn (Soul Exchange).
type tributeGrant struct {
	seat Seat
	card CardID
	turn int
}

// TakeControl moves a monster the other seat controls to seat s's field (same position); with
// untilEndPhase the control returns in the End Phase of this turn to the seat that controlled it
// before (RULES.md "Settled against the reference engine": not to its owner). It reports whether
// it took the monster.
func (c *Ctx) TakeControl(id CardID, s Seat, untilEndPhase bool) bool {
	c.step()
	g := c.g
	from := g.c(id).ctrl
	if g.unaffected(id, c.card) || !g.changeControl(id, s) {
		return false
	}
	if untilEndPhase {
		g.controls = append(g.controls, controlChange{card: id, turn: g.turn, gen: int(g.c(id).gen), from: from})
	}
	return true
}

// changeControl moves a monster to a seat's lowest free Monster Zone, keeping its position.
func (g *game) changeControl(id CardID, s Seat) bool {
	cs := g.c(id)
	if cs.place.Loc != MZone || cs.ctrl == s || g.freeZone(s, MZone) < 0 {
		return false
	}
	from, up, ctrl := cs.place, cs.pos.IsFaceUp(), cs.ctrl
	g.remove(id)
	g.put(id, Place{Seat: s, Loc: MZone, Seq: g.freeZone(s, MZone)})
	g.emit(Event{Kind: EvControl, Seat: s, Card: id, Code: cs.data.Passcode, From: from, To: cs.place,
		FromUp: up, ToUp: up, FromCtrl: ctrl, ToCtrl: s, Pos: cs.pos, Target: NoCard, Timing: g.timing})
	return true
}

// endPhaseControl returns, at the start of the End Phase, the monsters taken until then. When the
// turn player also has mandatory End Phase triggers waiting, the two happen at the same time and
// the turn player orders them (RULES.md "Settled against the reference engine", as ygopro-core
// asks): option 1 returns control first, and a trigger whose card changed hands is set off again
// for its new controller or not at all; option 2 chains the triggers first (chainTriggers returns
// control right after the turn player's mandatory ones, before the chain resolves).
func (g *game) endPhaseControl() {
	first := g.controlDue()
	if first == NoCard {
		return
	}
	tp := g.turnPlayer
	for i := range g.pending {
		pt := &g.pending[i]
		if pt.seat == tp && !pt.eff.Optional && g.triggerCanActivate(pt) {
			p := g.newPrompt(PromptChoice, tp)
			p.Subject = first
			p.opts = append(p.opts, Option{Kind: OptChoice, Card: NoCard, Choice: 1},
				Option{Kind: OptChoice, Card: NoCard, Choice: 2})
			if g.ask().Choice == 2 {
				g.controlAfterTP = true
				return
			}
			break
		}
	}
	g.returnControl()
	g.recheckPending()
}

// controlDue returns the first monster whose control returns in this End Phase, or NoCard.
func (g *game) controlDue() CardID {
	for _, cc := range g.controls {
		cs := g.c(cc.card)
		if cc.turn <= g.turn && int(cs.gen) == cc.gen && cs.place.Loc == MZone && cs.ctrl != cc.from {
			return cc.card
		}
	}
	return NoCard
}

// recheckPending sets off again, for their new controller, the waiting triggers of monsters
// whose control changed since their event: one that its TriggerIf now refuses is dropped.
func (g *game) recheckPending() {
	kept := g.pending[:0]
	for _, pt := range g.pending {
		c := g.c(pt.card)
		if c.place.Loc == MZone && c.ctrl != pt.seat {
			pt.seat = c.ctrl
			if pt.eff.TriggerIf != nil {
				ctx := g.ctx(pt.card, pt.eff, pt.seat, &pt.ev, nil)
				ok := pt.eff.TriggerIf(ctx)
				g.release()
				if !ok {
					continue
				}
			}
		}
		kept = append(kept, pt)
	}
	g.pending = kept
}

// returnControl gives back, in the End Phase, the monsters taken until then to the seats that
// controlled them before; one whose seat has no free Monster Zone goes to its owner's Graveyard.
func (g *game) returnControl() {
	kept := g.controls[:0]
	for _, cc := range g.controls {
		if cc.turn > g.turn {
			kept = append(kept, cc)
			continue
		}
		cs := g.c(cc.card)
		to := cc.from
		if !g.inDuel(to) {
			to = cs.owner // a tag duel's seat that has left: its owner's, if still in the duel
		}
		if int(cs.gen) != cc.gen || cs.place.Loc != MZone || cs.ctrl == to {
			continue
		}
		if !g.inDuel(to) || !g.changeControl(cc.card, to) {
			g.move(cc.card, Place{Seat: cs.owner, Loc: GY}, FaceUp, EvMove)
		}
	}
	g.controls = kept
}

// AllowTribute lets a seat tribute an opponent's monster for a Tribute Summon this turn.
func (c *Ctx) AllowTribute(s Seat, id CardID) {
	c.g.grants = append(c.g.grants, tributeGrant{seat: s, card: id, turn: c.g.turn})
}

// GrantedTributes returns the opponent's monsters a seat may tribute this turn by a grant
// (Soul Exchange's target): for a Tribute Summon and for a cost that tributes, as ygopro-core's
// EFFECT_EXTRA_RELEASE.
func (c *Ctx) GrantedTributes(s Seat) []CardID {
	g := c.g
	var out []CardID
	for _, gr := range g.grants {
		cs := g.c(gr.card)
		if gr.seat == s && gr.turn == g.turn && cs.place.Loc == MZone && isOpp(cs.ctrl, s) {
			out = append(out, gr.card)
		}
	}
	return c.List(out)
}
