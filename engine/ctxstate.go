package engine

// Queries card code asks about a card's state and history (what Check functions and conditions
// need to know beyond where a card is).

// Active reports whether a card's continuous effects apply now: it is face-up on the field, its
// activation has resolved (for a Spell or Trap), and its effects are not negated. A card's Check
// uses it to apply a rule only while the card really is in force (Dragon Capture Jar).
func (c *Ctx) Active(id CardID) bool {
	return c.g.applies(c.g.c(id)) && !c.g.negated(id)
}

// BanishedInsteadOfGY reports whether a card sent to the Graveyard now would be banished
// instead (Banisher of the Light). A cost that sends it there cannot then be paid: ygopro-core's
// "as cost" checks (Gravekeeper's Servant's top card of the Deck) refuse a redirected card.
func (c *Ctx) BanishedInsteadOfGY(id CardID) bool {
	return c.g.contOn[contPlayer] > 0 && c.g.banishesInstead(id)
}

// Summoned" (Speed Warrior).
func (c *Ctx) ArrivedThisTurn(id CardID) bool {
	cs := c.g.c(id)
	return cs.place.Loc == MZone && int(cs.arrivedTurn) == c.g.turn
}

// Miniaturize, Birthright) marks it with such a change: the mark is lost when the monster leaves
// the field (its changes are cleared), so the link cannot outlive the monster, even if the same
// card comes back later.
func (c *Ctx) MarkedBy(id, src CardID) bool {
	if id == NoCard || c.g.noModSource(src) {
		return false
	}
	cs := c.g.c(id)
	if cs.place.Loc != MZone {
		return false
	}
	for i := range cs.mods() {
		if cs.mods()[i].Source == src {
			return true
		}
	}
	return false
}

// MarkCount is the number of lasting modifiers that src put on monster id (0 off the field): a
// card that counts its own uses with marks on itself (Castle of Dark Illusions' Standby Phases).
func (c *Ctx) MarkCount(id, src CardID) int {
	if id == NoCard || c.g.noModSource(src) {
		return 0
	}
	cs := c.g.c(id)
	if cs.place.Loc != MZone {
		return 0
	}
	n := 0
	for i := range cs.mods() {
		if cs.mods()[i].Source == src {
			n++
		}
	}
	return n
}

// MarkedBy), in zone order, A's first.
func (c *Ctx) Marked(src CardID) []CardID {
	if c.g.noModSource(src) {
		return nil
	}
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, s := range c.g.seats() {
		for _, id := range c.g.pl(s).mzone {
			if id != NoCard && c.MarkedBy(id, src) {
				out = append(out, id)
			}
		}
	}
	return c.g.outIDs(out)
}

// EffectUsedThisTurn reports whether effect n (1-based, in its script) of the effect's own card
// was activated this turn (two effects that share one use a turn: a Union's equip and unequip).
func (c *Ctx) EffectUsedThisTurn(n int) bool {
	cs := c.g.c(c.card)
	return n >= 1 && n-1 < int(cs.effN) && int(c.g.effTurns[int(cs.effAt)+n-1]) == c.g.turn
}

// UpThisTurn reports whether a monster on the field was Normal Summoned, Flip Summoned or
// flipped face-up this turn and is face-up (a Spirit monster returns to the hand at the End
// Phase of that turn).
func (c *Ctx) UpThisTurn(id CardID) bool {
	cs := c.g.c(id)
	return cs.place.Loc == MZone && cs.pos.IsFaceUp() && int(cs.upTurn) == c.g.turn
}

// DestroyedJustNow reports whether a card was destroyed (by battle or by an effect) by the last
// action: the events since the last action began include its destruction. A card's Check runs
// after every action, so it can tell a monster that was destroyed from one that left the field
// another way (Spellbinding Circle: "When that monster is destroyed, destroy this card").
func (c *Ctx) DestroyedJustNow(id CardID) bool {
	for i := range c.g.fresh {
		if e := &c.g.fresh[i]; e.Kind == EvDestroy && e.Card == id {
			return true
		}
	}
	return false
}

// LeftFieldDestroyed reports whether a card's last move took it off the field by its destruction
// and it is still where that sent it: a card's Check that runs after the whole action can tell
// a monster destroyed by an effect that then did more (Jigen Bakudan's damage after its
// destruction) from one that left the field another way (Spellbinding Circle; ygopro-core's
// EVENT_LEAVE_FIELD with REASON_DESTROY).
func (c *Ctx) LeftFieldDestroyed(id CardID) bool {
	cs := c.g.c(id)
	return cs.destroyedGen != 0 && cs.destroyedGen == cs.gen
}

// DestroyedByBattle reports whether a monster was destroyed by battle in the battle in progress
// and waits for the end of the Damage Step to go to the Graveyard.
func (c *Ctx) DestroyedByBattle(id CardID) bool {
	cs := c.g.c(id)
	return cs.destroyed && cs.place.Loc == MZone
}

// CanNormalSummonNow reports whether NormalSummonNow would have a monster to offer a seat: a
// monster in its hand that it could Normal Summon or Set now (a free zone, or enough tributes).
func (c *Ctx) CanNormalSummonNow(s Seat) bool { return c.NormalSummonableNow(s) > 0 }

// NormalSummonableNow counts the monsters in a seat's hand that NormalSummonNow would offer it.
func (c *Ctx) NormalSummonableNow(s Seat) int {
	n := 0
	for _, id := range c.g.pl(s).hand {
		if c.g.summonableBy(id, s) {
			n++
		}
	}
	return n
}

// MarkValue is the Value of the first lasting modifier that src put on card id on the field (a
// card that keeps a number with its mark: Fake Trap, the chain link it answered); ok is false when
// there is none.
func (c *Ctx) MarkValue(id, src CardID) (v int, ok bool) {
	if id == NoCard || c.g.noModSource(src) {
		return 0, false
	}
	cs := c.g.c(id)
	if !cs.place.Loc.OnField() {
		return 0, false
	}
	for i := range cs.mods() {
		if m := cs.mods()[i]; m.Source == src {
			return m.Value, true
		}
	}
	return 0, false
}

// PhaseUntouched reports whether nothing has been done in the current phase since it began: no
// card activated, summoned or Set (ygopro-core's CheckPhaseActivity false; Cold Wave "at the start
// of your Main Phase 1").
func (c *Ctx) PhaseUntouched() bool { return c.g.phaseBegun && !c.g.phaseTouched }

// Moved is how a card came to where it is now: in which turn, destroyed by battle or not, and
// by the effect of which seat's card (ygopro-core's turn id, reason and reason player).
type Moved struct {
	Turn     int
	Battle   bool // destroyed by battle
	ByEffect bool // moved by a card's effect (By says whose); else by the rules, a cost or a battle
	By       Seat
}

// LastMove returns how a card came to where it is now.
func (c *Ctx) LastMove(id CardID) Moved {
	cs := c.g.c(id)
	m := Moved{Turn: int(cs.movedTurn), Battle: cs.movedBattle}
	if cs.movedBy > 0 {
		m.ByEffect, m.By = true, Seat(cs.movedBy-1)
	}
	return m
}

// MovedThisTurn reports whether a card came to where it is now during this turn.
func (c *Ctx) MovedThisTurn(id CardID) bool { return int(c.g.c(id).movedTurn) == c.g.turn }
