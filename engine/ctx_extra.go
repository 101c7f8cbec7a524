package engine

// Operations that the Extra Deck, Ritual, control and 5D's starter Trap cards (cards/extra) need
// and the rest of the Ctx API lacks.

// SetAgain turns a face-up Spell or Trap on the field face-down in the zone where it is, as if it
// had just been Set: it cannot be activated again this turn, and a Normal Trap resolving this way
// does not go to the Graveyard when the chain ends (Scrap-Iron Scarecrow: "Set this card
// face-down again instead of sending it to the GY"). It reports whether it did.
func (c *Ctx) SetAgain(id CardID) bool {
	g := c.g
	cs := g.c(id)
	if cs.data.IsMonster() || !cs.place.Loc.OnField() || !cs.pos.IsFaceUp() {
		return false
	}
	cs.pos = FaceDown
	cs.active = false
	cs.setTurn = g.turn
	cs.counters = nil
	// A new identity on the field: the chain no longer sends it to the Graveyard, and effects
	// that pointed at the face-up card no longer find it.
	cs.moves++
	g.changeSeq++
	g.emit(Event{Kind: EvSetSpell, Seat: cs.ctrl, Card: id, Code: cs.data.Passcode, From: cs.place,
		To: cs.place, FromUp: true, ToUp: false, FromCtrl: cs.ctrl, ToCtrl: cs.ctrl, Pos: FaceDown,
		Target: NoCard, Timing: g.timing})
	return true
}

// MarkedBy reports whether a monster on the field carries a lasting change (a Modifier) whose
// source is src. A card that affects one monster for as long as both stay (Spellbinding Circle,
// Miniaturize, Birthright) marks it with such a change: the mark is lost when the monster leaves
// the field (its changes are cleared), so the link cannot outlive the monster, even if the same
// card comes back later.
func (c *Ctx) MarkedBy(id, src CardID) bool {
	if id == NoCard {
		return false
	}
	cs := c.g.c(id)
	if cs.place.Loc != MZone {
		return false
	}
	for i := range cs.mods {
		if cs.mods[i].Source == src {
			return true
		}
	}
	return false
}

// Marked returns the monsters on the field that carry a lasting change whose source is src (see
// MarkedBy), in zone order, A's first.
func (c *Ctx) Marked(src CardID) []CardID {
	var out []CardID
	for s := A; s <= B; s++ {
		for _, id := range c.g.pl(s).mzone {
			if id != NoCard && c.MarkedBy(id, src) {
				out = append(out, id)
			}
		}
	}
	return out
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
