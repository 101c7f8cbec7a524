package engine

import (
	"slices"

	"github.com/duelistgame/duelist/card"
)

// The operations of the rules that card code calls through a Ctx. Each moves cards through the
// kernel's move, so that events, triggers and state checks follow.

// step starts a new step of a resolving effect: what happens now is the last thing that happened
// (an optional "When ..." trigger set off by an earlier step misses its timing). The equip cards
// whose monster the earlier step took off the field (or turned face-down) are destroyed first, as
// part of that step (ygopro-core destroys them in the same operation: Time Wizard's damage after
// its destruction, lockstep MRD seed 55); otherwise adjust does it after the resolution.
func (c *Ctx) step() {
	if c.g.resolving != nil {
		if len(c.g.equips) > 0 {
			c.g.loseEquips()
		}
		if !c.g.sameAction {
			c.g.settleAutomatic()
			c.g.markAction()
		}
	}
}

// Also runs f as part of the effect's last action: the operations f makes start no new action,
// so a "When ..." trigger set off just before them has not missed its timing ("destroy them, and
// inflict damage": no "then" between the two; ygopro-core misses a timing only at a break in the
// effect, Duel.BreakEffect). Jigen Bakudan's damage after its destruction.
func (c *Ctx) Also(f func()) {
	was := c.g.sameAction
	c.g.sameAction = true
	defer func() { c.g.sameAction = was }()
	f()
}

// Destroy destroys cards by this effect (on the field, or in the hand or Deck where a card says
// so); they go to their owners' Graveyards. It returns how many were destroyed.
func (c *Ctx) Destroy(ids ...CardID) int { return c.destroy(GY, ids) }

// DestroyBanish destroys cards by this effect and banishes them face-up: they go straight from
// where they are to the banished zone, never reaching the Graveyard ("destroy it and banish it",
// Nobleman of Crossout; ygopro-core's destruction with LOCATION_REMOVED as its destination), so
// what answers a card sent to the Graveyard (Skull Invitation) does not see them. It returns how
// many were destroyed.
func (c *Ctx) DestroyBanish(ids ...CardID) int { return c.destroy(Banished, ids) }

// destroy destroys cards by this effect to their owners' piles of kind to (GY or Banished).
func (c *Ctx) destroy(to Loc, ids []CardID) int {
	c.step()
	ids = c.affected(ids)
	if c.link != nil && c.g.replacers > 0 {
		if n := c.PrevLink() + 1; n <= len(c.g.chain) && &c.g.chain[n-1] == c.link {
			ids = c.g.replaceDestroy(c.card, n, ids) // a link resolving is still on the chain
		}
	}
	n := 0
	batch := c.g.sameTime(ids)
	c.g.leaveTogether(batch, true)
	for _, id := range batch {
		if sub := c.g.substitute(id); sub != NoCard {
			c.g.destroyBy(sub, c.card, false) // the equip card instead (a Union monster)
			continue
		}
		switch l := c.g.c(id).place.Loc; {
		case l.OnField(), l == Hand, l == Deck:
			c.g.destroyTo(id, to, false)
			n++
		}
	}
	c.g.leaveTogether(batch, false)
	return n
}

// replaceDestroy asks the face-up cards on the field with a ReplaceDestroy which of ids they save
// from the destruction by the resolving link byLink of card by, and returns the others.
func (g *game) replaceDestroy(by CardID, byLink int, ids []CardID) []CardID {
	for _, s := range g.seats() {
		var buf [2 * scratchIDs]CardID
		for _, id := range g.outIDs(g.spellTraps(g.monsters(buf[:0], s), s)) {
			cs := g.c(id)
			if cs.script == nil || cs.script.ReplaceDestroy == nil || !cs.pos.IsFaceUp() || g.negated(id) {
				continue
			}
			rc := g.ctx(id, nil, cs.ctrl, nil, nil)
			saved := cs.script.ReplaceDestroy(rc, by, byLink, slices.Clone(ids))
			g.release()
			if len(saved) > 0 {
				ids = slices.DeleteFunc(slices.Clone(ids), func(x CardID) bool { return slices.Contains(saved, x) })
			}
		}
	}
	return ids
}

// Tribute tributes monsters (a cost or an effect): they go to their owners' Graveyards.
func (c *Ctx) Tribute(ids ...CardID) {
	c.step()
	batch := c.g.sameTime(ids)
	c.g.leaveTogether(batch, true)
	for _, id := range batch {
		c.g.move(id, Place{Seat: c.g.c(id).owner, Loc: GY}, FaceUp, EvTribute)
	}
	c.g.leaveTogether(batch, false)
}

// ConfirmTo shows cards to one seat only (looking at the opponent's hand or Deck).
func (c *Ctx) ConfirmTo(s Seat, ids ...CardID) {
	for _, id := range ids {
		cs := c.g.c(id)
		c.g.emit(Event{Kind: EvConfirm, Seat: s, Card: id, Code: cs.data.Passcode, Target: NoCard,
			From: cs.place, To: cs.place, FromCtrl: cs.ctrl, ToCtrl: cs.ctrl, Pos: cs.pos,
			Timing: c.g.timing})
	}
}

// SummonToken creates a token from its data and Special Summons it to a seat's field in a
// position (0 = the seat chooses); it returns the token, or NoCard when no zone is free. Flags
// are rule flags the token keeps while on the field.
func (c *Ctx) SummonToken(d *card.Data, s Seat, pos Pos, flags Flag) CardID {
	c.step()
	g := c.g
	if g.freeZone(s, MZone) < 0 {
		return NoCard
	}
	id := g.newToken(d, s)
	if pos == 0 || pos == FaceDown || pos == FaceUp {
		pos = c.ChoosePosition(s, id)
	}
	g.placeMonster(id, s, pos, EvSpecialSummon)
	if flags != 0 {
		g.negMods = g.negMods || flags&FlagNegated != 0
		g.appendMods(g.c(id), Modifier{Kind: ModFlags, Flags: flags, Source: NoCard, Turn: g.turn})
	}
	return id
}

// SummonedThisTurn reports whether a seat has Summoned a monster (Normal, Flip or Special) this
// turn.
func (c *Ctx) SummonedThisTurn(s Seat) bool { return c.g.pl(s).summonTurn == c.g.turn }

// MonsterSentToGYThisTurn reports whether a monster went from a seat's field to its Graveyard
// this turn.
func (c *Ctx) MonsterSentToGYThisTurn(s Seat) bool { return c.g.pl(s).monsterToGYTurn == c.g.turn }

// Counter returns the number of counters of a name on a card.
func (c *Ctx) Counter(id CardID, name string) int { return c.g.c(id).counters().get(name) }

// AddCounter adds (or with a negative n removes) counters of a name on a card on the field.
func (c *Ctx) AddCounter(id CardID, name string, n int) {
	cs := c.g.c(id)
	c.g.setCounter(cs, name, max(cs.counters().get(name)+n, 0))
	c.g.emitCard(EvModified, id, NoCard)
}

// PlaceSpell puts a Spell or Trap from the hand or Deck face-up in a free Spell & Trap Zone of a
// seat without activating it; it reports whether it did.
func (c *Ctx) PlaceSpell(id CardID, s Seat) bool {
	c.step()
	z := c.g.freeZone(s, SZone)
	if z < 0 {
		return false
	}
	c.g.moveEv(id, Place{Seat: s, Loc: SZone, Seq: z}, FaceUp, EvMove, false, true)
	c.g.c(id).active = true
	c.g.changeSeq++
	return true
}

// FreeZones returns how many Monster Zones (l = MZone) or Spell & Trap Zones a seat has free (empty
// and not locked: zonelock.go).
func (c *Ctx) FreeZones(s Seat, l Loc) int {
	n := 0
	locked := c.g.lockedZones(s, l)
	for i, id := range c.g.pl(s).zones(l) {
		if id == NoCard && (i >= 8 || locked&(1<<i) == 0) {
			n++
		}
	}
	return n
}

// NormalSummonNow makes a seat Normal Summon or Set one monster from its hand right away (an
// extra Normal Summon granted by a card, even outside its Main Phase): when it has one it could
// summon it must choose one; it reports whether one was made.
func (c *Ctx) NormalSummonNow(s Seat) bool {
	g := c.g
	var cands []CardID
	for _, id := range g.pl(s).hand {
		if g.summonableBy(id, s) {
			cands = append(cands, id)
		}
	}
	got := c.SelectCards(s, cands, 1, 1, ForNothing)
	if len(got) == 0 {
		return false
	}
	id := got[0]
	set := false
	if !g.playerHas(s, PFCannotSummon) {
		p := g.newPrompt(PromptChoice, s)
		p.Subject = id
		p.opts = append(p.opts, Option{Kind: OptChoice, Card: NoCard, Choice: 1}, Option{Kind: OptChoice, Card: NoCard, Choice: 2})
		set = g.ask().Choice == 2
	} else {
		set = true
	}
	g.summonProcedure(id, s, set)
	return true
}

// SendToGY sends cards to their owners' Graveyards (not destruction).
func (c *Ctx) SendToGY(ids ...CardID) {
	c.step()
	batch := c.g.sameTime(c.affected(ids))
	c.g.leaveTogether(batch, true)
	for _, id := range batch {
		c.g.move(id, Place{Seat: c.g.c(id).owner, Loc: GY}, FaceUp, EvMove)
	}
	c.g.leaveTogether(batch, false)
}

// Banish banishes cards face-up.
func (c *Ctx) Banish(ids ...CardID) {
	c.step()
	for _, id := range c.g.sameTime(c.affected(c.banishable(ids))) {
		c.g.move(id, Place{Seat: c.g.c(id).owner, Loc: Banished}, FaceUp, EvMove)
	}
}

// BanishFaceDown banishes cards face-down (Lightforce Sword): their owners see them, their
// opponents do not.
func (c *Ctx) BanishFaceDown(ids ...CardID) {
	c.step()
	for _, id := range c.g.sameTime(c.affected(c.banishable(ids))) {
		c.g.move(id, Place{Seat: c.g.c(id).owner, Loc: Banished}, FaceDown, EvMove)
	}
}

// ReturnToHand returns cards to their owners' hands.
func (c *Ctx) ReturnToHand(ids ...CardID) {
	c.step()
	for _, id := range c.g.sameTime(c.affected(ids)) {
		cs := c.g.c(id)
		public := cs.pos.IsFaceUp() || cs.place.Loc == GY || cs.place.Loc == Banished
		to := Hand
		if c.g.extraCard(id) {
			to = Extra // an Extra Deck monster (a kouhu fusion, ritual or evolution creature) goes back there
		}
		c.g.moveEv(id, Place{Seat: cs.owner, Loc: to}, FaceDown, EvMove, false, public)
	}
}

// extraCard reports whether a card belongs in the Extra Deck.
func (g *game) extraCard(id CardID) bool {
	return g.isExtraData(g.c(id).data, g.ruleDataOf(id))
}

// AddToHand adds cards from the Deck or Graveyard to their owners' hands (an Extra Deck monster
// goes to its owner's Extra Deck instead); a card found in the Deck is shown to the opponent and
// the Deck is shuffled.
func (c *Ctx) AddToHand(ids ...CardID) {
	c.step()
	shuffle := [MaxSeats]bool{}
	for _, id := range c.g.sameTime(ids) {
		cs := c.g.c(id)
		if cs.place.Loc == Deck {
			shuffle[cs.place.Seat] = true
		}
		to := Hand
		if c.g.extraCard(id) {
			to = Extra // an Extra Deck monster "added to the hand" goes back to the Extra Deck
		}
		c.g.moveEv(id, Place{Seat: cs.owner, Loc: to}, FaceDown, EvMove, false, true)
	}
	for s, sh := range shuffle {
		if sh {
			c.g.shuffle(Seat(s))
		}
	}
}

// AddToHandOf adds a card from a Graveyard or the banishment to seat s's hand, its owner's or
// another player's (Graverobber takes a Spell from the opponent's Graveyard), shown to both. Held
// by a player who is not its owner, it is that player's to play (its activation is theirs, onto
// their field), and once it leaves the hand or the field it goes to its owner's piles. It reports
// whether the card reached the hand.
func (c *Ctx) AddToHandOf(s Seat, id CardID) bool {
	c.step()
	cs := c.g.c(id)
	if c.g.extraCard(id) {
		c.g.moveEv(id, Place{Seat: cs.owner, Loc: Extra}, FaceDown, EvMove, false, true)
		return false
	}
	c.g.moveEv(id, Place{Seat: s, Loc: Hand}, FaceDown, EvMove, false, true)
	return cs.place.Loc == Hand
}

// ShuffleIntoDeck puts a card face-down into seat s's Deck, its owner's or another player's
// (Parasite Paracide goes into the opponent's), and shuffles that Deck. A card in a Deck that is
// not its owner's is that Deck's player's to draw; from the hand it is played by the player
// holding it (its Trigger effects are that player's), and once it leaves the field it goes to its
// owner's piles. It reports whether the card reached the Deck.
func (c *Ctx) ShuffleIntoDeck(id CardID, s Seat) bool {
	c.step()
	if len(c.affected([]CardID{id})) == 0 {
		return false
	}
	cs := c.g.c(id)
	public := cs.pos.IsFaceUp() || cs.place.Loc == GY || cs.place.Loc == Banished
	c.g.moveEv(id, Place{Seat: s, Loc: Deck}, FaceDown, EvMove, false, public)
	if cs.place.Loc != Deck {
		return false
	}
	c.g.shuffle(s)
	return true
}

// Draw makes a seat draw n cards; a draw from an empty deck loses the duel.
func (c *Ctx) Draw(s Seat, n int) {
	c.step()
	for i := 0; i < n; i++ {
		c.g.draw(s)
	}
	c.g.checkState()
}

// Discard sends cards from the hand to the Graveyard as a discard.
func (c *Ctx) Discard(ids ...CardID) {
	c.step()
	for _, id := range c.g.sameTime(ids) {
		c.g.move(id, Place{Seat: c.g.c(id).owner, Loc: GY}, FaceUp, EvDiscard)
	}
}

// Damage inflicts effect damage to a seat; the duel ends at once if its LP reach 0.
func (c *Ctx) Damage(s Seat, n int) {
	c.step()
	c.g.effectDamage(s, n)
	c.g.checkState()
}

// DamageBoth inflicts effect damage to one seat, then to another (Ring of Destruction: you, then
// your opponent). When the first damage ends the duel or takes its seat out, the second is not
// dealt: the first seat loses and the other takes nothing.
func (c *Ctx) DamageBoth(first, second Seat, n1 int, n2 int) {
	c.step()
	c.g.effectDamage(first, n1)
	c.g.checkState()
	if c.g.over || c.g.pl(first).lp == 0 {
		return
	}
	c.g.effectDamage(second, n2)
	c.g.checkState()
}

// DamageAtOnce inflicts effect damage to two seats at the same time (Tremendous Fire: 1000 to
// your opponent and 500 to you): both are dealt before the duel checks its end, so both reaching
// 0 is a draw (RULES.md ocg "End of the duel").
func (c *Ctx) DamageAtOnce(first, second Seat, n1, n2 int) {
	c.step()
	c.g.effectDamage(first, n1)
	c.g.effectDamage(second, n2)
	c.g.checkState()
}

// SetParam keeps a number that the activation's cost fixed for its resolution (Catapult Turtle:
// half the ATK of the monster it tributed); outside a chain link it does nothing.
func (c *Ctx) SetParam(n int) {
	if c.link != nil {
		c.link.param = n
	}
}

// Param is the number SetParam kept for the resolving chain link (0 if none).
func (c *Ctx) Param() int {
	if c.link == nil {
		return 0
	}
	return c.link.param
}

// LoseLP makes a seat lose LP that are neither damage nor a cost (Jirai Gumo's wrong call: its LP
// become half): nothing that answers damage sees it, and 0 LP loses the duel.
func (c *Ctx) LoseLP(s Seat, n int) {
	c.step()
	if n <= 0 {
		return
	}
	pl := c.g.pl(s)
	pl.lp -= n
	if pl.lp < 0 {
		pl.lp = 0
	}
	c.g.emit(Event{Kind: EvLP, Seat: s, Amount: pl.lp, Card: NoCard, Target: NoCard})
	c.g.checkState()
}

// Recover increases a seat's LP. The event is public and names the card whose effect gains them
// where that card is (a client shows it there).
func (c *Ctx) Recover(s Seat, n int) {
	c.step()
	if n <= 0 {
		return
	}
	c.g.pl(s).lp += n
	cs := c.g.c(c.card)
	c.g.emit(Event{Kind: EvRecover, Seat: s, Amount: n, Card: c.card, Code: cs.data.Passcode,
		From: cs.place, To: cs.place, FromUp: cs.pos.IsFaceUp(), ToUp: cs.pos.IsFaceUp(), Pos: cs.pos,
		FromCtrl: cs.ctrl, ToCtrl: cs.ctrl, Target: NoCard, Public: true, Timing: c.g.timing})
}

// PayLP pays Life Points as a cost (not damage); reaching 0 loses the duel.
func (c *Ctx) PayLP(n int) {
	pl := c.g.pl(c.player)
	pl.lp -= n
	if pl.lp < 0 {
		pl.lp = 0
	}
	c.g.emit(Event{Kind: EvPayLP, Seat: c.player, Amount: n, Card: NoCard, Target: NoCard})
	c.g.checkState()
}

// CanSpecialSummon reports whether a monster may be Special Summoned by an effect to a seat's
// field: a free Monster Zone, the seat not barred from summoning, and the revive limit (a
// monster that must be summoned properly and was not cannot come back from the GY or banished).
func (c *Ctx) CanSpecialSummon(id CardID, s Seat) bool {
	g := c.g
	cs := g.c(id)
	if !cs.data.IsMonster() || g.freeZone(s, MZone) < 0 || g.cannotSpecial(s) {
		return false
	}
	if (cs.place.Loc == GY || cs.place.Loc == Banished) && g.needsProperSummon(id) && !cs.proper {
		return false
	}
	if cs.place.Loc == Hand || cs.place.Loc == Deck {
		if g.needsProperSummon(id) {
			return false
		}
	}
	return g.fromHandPayable(id, c.player) && g.specialAllowed(c, id)
}

// SpecialSummon Special Summons a monster to a seat's field in a position (0 = its controller
// chooses atk or def) and reports whether it did.
func (c *Ctx) SpecialSummon(id CardID, s Seat, pos Pos) bool {
	c.step()
	to := c.yourField(s, id) // in a tag duel, "your field" may be the partner's
	if !c.CanSpecialSummon(id, to) {
		return false
	}
	if pos == 0 || pos == FaceDown || pos == FaceUp {
		pos = c.ChoosePosition(s, id)
	}
	g := c.g
	g.payFromHand(id, c.player)
	g.placeMonster(id, to, pos, EvSpecialSummon)
	g.c(id).proper = g.c(id).proper || !g.needsProperSummon(id)
	return true
}

// CanSpecialSummonIgnoringConditions reports whether an effect that ignores a monster's summoning
// conditions may Special Summon it to a seat's field: a free Monster Zone and the seat not barred
// from summoning (Elegant Egotist and Harpie Lady Sisters).
func (c *Ctx) CanSpecialSummonIgnoringConditions(id CardID, s Seat) bool {
	g := c.g
	return g.c(id).data.IsMonster() && g.freeZone(s, MZone) >= 0 && !g.cannotSpecial(s) &&
		g.fromHandPayable(id, c.player)
}

// SpecialSummonIgnoringConditions Special Summons a monster ignoring its summoning conditions
// ("cannot be Normal Summoned", the revive limit, "cannot be Special Summoned except by"), and
// the monster is then properly summoned (Elegant Egotist: Harpie Lady Sisters from the hand or
// Deck). It reports whether it did.
func (c *Ctx) SpecialSummonIgnoringConditions(id CardID, s Seat, pos Pos) bool {
	c.step()
	to := c.yourField(s, id)
	if !c.CanSpecialSummonIgnoringConditions(id, to) {
		return false
	}
	if pos == 0 || pos == FaceDown || pos == FaceUp {
		pos = c.ChoosePosition(s, id)
	}
	g := c.g
	g.payFromHand(id, c.player)
	g.placeMonster(id, to, pos, EvSpecialSummon)
	g.c(id).proper = true
	return true
}

// CanTurnFaceDown reports whether a monster may be turned face-down by an effect: face-up in a
// Monster Zone, not a Token, and its controller not under PFFaceUpMonsters (ygopro-core's
// IsCanTurnSet).
func (c *Ctx) CanTurnFaceDown(id CardID) bool {
	cs := c.g.c(id)
	return cs.place.Loc == MZone && cs.pos.IsFaceUp() && !cs.token && !cs.data.Kind.Has(card.Token) &&
		!c.g.playerHas(cs.ctrl, PFFaceUpMonsters)
}

// ChangePosition changes a monster's battle position by an effect (face-down monsters flipped
// face-up this way are flipped: their FLIP effects trigger).
func (c *Ctx) ChangePosition(id CardID, pos Pos) {
	c.step()
	g := c.g
	cs := g.c(id)
	if cs.place.Loc != MZone || cs.pos == pos || g.unaffected(id, c.card) {
		return
	}
	if pos == FaceDownDef && g.playerHas(cs.ctrl, PFFaceUpMonsters) {
		return // it cannot be turned face-down (Light of Intervention)
	}
	wasDown := cs.pos == FaceDownDef
	cs.pos = pos
	if pos == FaceDownDef {
		// Turned face-down, it is a new card: targets on it are lost, lasting changes end.
		cs.gen++
		g.clearMods(cs)
	}
	if wasDown && pos.IsFaceUp() {
		// it came face-up on the field now (latePhaseEvent: Jigen Bakudan flipped by Curse of
		// Fiend in the Standby Phase starts its effect in that phase, lockstep MRL seed 13)
		g.stampSeq++
		cs.stamp = int32(g.stampSeq)
		g.emitCard(EvFlip, id, NoCard)
		return
	}
	if pos == FaceDownDef {
		g.emitCard(EvSetFaceDown, id, NoCard)
		return
	}
	g.emitCard(EvPosition, id, NoCard)
}

// RevealPositionNoFlip turns a face-down monster face-up in position pos by an effect without
// flipping it ("change to face-up Defense Position; FLIP effects are not activated", Ceasefire):
// the change is an EvPosition, not an EvFlip, so no FLIP effect or "when flipped" trigger answers
// it. A monster already face-up, or not in a Monster Zone, is left as it is.
func (c *Ctx) RevealPositionNoFlip(id CardID, pos Pos) {
	cs := c.g.c(id)
	if cs.place.Loc != MZone || cs.pos.IsFaceUp() || !pos.IsFaceUp() {
		return
	}
	c.step()
	cs.pos = pos
	c.g.stampSeq++
	cs.stamp = int32(c.g.stampSeq) // it came face-up on the field now
	c.g.emitCard(EvPosition, id, NoCard)
}

// AddMod puts a lasting change on a card (see Modifier); the source is this effect's card.
func (c *Ctx) AddMod(id CardID, m Modifier) {
	if m.Source == 0 {
		m.Source = c.card
	}
	m.Turn = c.g.turn
	cs := c.g.c(id)
	if !cs.place.Loc.OnField() || c.g.unaffected(id, c.card) {
		return
	}
	switch m.Kind {
	case ModFinalATK:
		// A final ATK takes off the ATK changes effects made before it, which do not come back
		// when it ends (ygopro-core: SET_ATTACK_FINAL removes the card's single UPDATE_ATTACK,
		// SET_ATTACK and SET_ATTACK_FINAL effects; Kazejin after Stim-Pack's losses, lockstep
		// MRD seed 6). Equip and Continuous effects are not modifiers and stay, and so does a
		// set ATK, which is a new original ATK (Shield & Sword's swap: ygopro's SET_BASE_ATTACK
		// and SWAP_BASE_AD stay; MRD seed 1).
		c.g.dropMods(cs, func(k ModKind) bool { return k == ModATK || k == ModFinalATK })
		m.Stamp = int32(c.g.stampSeq)
	case ModFinalDEF:
		c.g.dropMods(cs, func(k ModKind) bool { return k == ModDEF || k == ModFinalDEF })
		m.Stamp = int32(c.g.stampSeq)
	case ModSetATK, ModSetDEF:
		c.g.dropMods(cs, func(k ModKind) bool { return k == m.Kind }) // a new original value replaces the old
	}
	c.g.appendMods(cs, m)
	c.g.negMods = c.g.negMods || m.Kind == ModFlags && m.Flags&FlagNegated != 0
	c.g.emitCard(EvModified, id, NoCard)
}

// AddPlayerFlag puts a lasting rule change on a seat.
func (c *Ctx) AddPlayerFlag(s Seat, f PlayerFlag, e Expiry) {
	c.g.pmods = append(c.g.pmods, playerMod{seat: s, flags: f, source: c.card, expiry: e, turn: c.g.turn})
	if f&pfNegateKinds != 0 {
		c.g.negMods = true
		c.g.changeSeq++
	}
}

// PlayerHas reports whether a seat is under a rule change.
func (c *Ctx) PlayerHas(s Seat, f PlayerFlag) bool { return c.g.playerHas(s, f) }

// Equip attaches an equip card to a monster.
func (c *Ctx) Equip(equip, target CardID) {
	c.g.c(equip).equipTarget = target
	c.g.c(equip).equipGen = c.g.c(target).gen
	c.g.equips = append(c.g.equips, equip)
	c.g.emitCard(EvEquip, equip, target)
}

// FaceUpOrder is the order in which cards came face-up on the field: of two cards on the field,
// the one with the larger number came later (two control effects on one monster: the later one
// wins).
func (c *Ctx) FaceUpOrder(id CardID) int { return int(c.g.c(id).stamp) }

// EquipTarget returns the monster an equip card is attached to, or NoCard.
func (c *Ctx) EquipTarget(equip CardID) CardID { return c.g.equipTargetOf(equip) }

// Reveal shows cards to both seats (an event whose card is public).
func (c *Ctx) Reveal(ids ...CardID) {
	for _, id := range ids {
		c.g.emitPublic(EvReveal, id)
	}
}

// BanName forbids a seat to activate cards or effects of a card name for the rest of the turn.
func (c *Ctx) BanName(s Seat, code card.Passcode) {
	c.g.names = append(c.g.names, nameUse{seat: s, code: code, idx: -1, turn: c.g.turn})
}

// NegateAttack negates the attack in progress: it ends without battle (the attack is used).
func (c *Ctx) NegateAttack() bool {
	if c.g.attacker == NoCard || c.g.attackNegated {
		return false
	}
	c.g.attackNegated = true
	if c.g.c(c.g.attacker).place.Loc == MZone {
		c.g.emitCard(EvAttackEnd, c.g.attacker, NoCard)
	}
	return true
}

// ShuffleDeck shuffles a seat's Deck.
func (c *Ctx) ShuffleDeck(s Seat) { c.g.shuffle(s) }

// Win ends the duel with a win for a seat (an alternate win condition); in a tag duel for its
// team.
func (c *Ctx) Win(s Seat, reason string) {
	c.g.endDuel(int(s.Team()), reason) // in a tag duel, the seat's team wins
	panic(stopSignal{})
}

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
	cs.setTurn = int32(g.turn)
	cs.clearCounters()
	// A new identity on the field: the chain no longer sends it to the Graveyard, and effects
	// that pointed at the face-up card no longer find it.
	cs.gen++
	g.changeSeq++
	g.emit(Event{Kind: EvSetSpell, Seat: cs.ctrl, Card: id, Code: cs.data.Passcode, From: cs.place,
		To: cs.place, FromUp: true, ToUp: false, FromCtrl: cs.ctrl, ToCtrl: cs.ctrl, Pos: FaceDown,
		Target: NoCard, Timing: g.timing})
	return true
}

// UsePlayerFlag removes one lasting rule change on a seat whose flags are exactly f (the oldest
// one) and reports whether there was one: a one-shot permission that a card grants and a later
// action spends (Last Will's summon).
func (c *Ctx) UsePlayerFlag(s Seat, f PlayerFlag) bool {
	for i, m := range c.g.pmods {
		if m.seat == s && m.flags == f {
			c.g.pmods = append(c.g.pmods[:i], c.g.pmods[i+1:]...)
			return true
		}
	}
	return false
}

// DrawEach makes each seat draw its number of cards (seats[i] draws ns[i]) at the same time: the
// loss check comes after every draw, so two seats that both had to draw from an empty deck draw
// the duel (RULES.md ocg "End of the duel": both at once is a draw).
func (c *Ctx) DrawEach(seats []Seat, ns []int) {
	for i, s := range seats {
		for k := 0; k < ns[i]; k++ {
			c.g.draw(s)
		}
	}
	c.g.checkState()
}

// EndInDraw ends the duel in a draw: both seats met an alternate win condition at the same time
// (two Exodias completed by one effect). RULES.md ocg "End of the duel": both at once is a draw.
func (c *Ctx) EndInDraw(reason string) {
	c.g.endDuel(2, reason)
	panic(stopSignal{})
}

// CanSetSpellFromHand reports whether a card in a hand could be Set from it now as a Spell or
// Trap (a free zone, and not a card that is never activated nor Set, as a Spirit Message).
func (c *Ctx) CanSetSpellFromHand(id CardID) bool {
	return c.g.c(id).place.Loc == Hand && c.g.settable(id)
}

// SetSpellFromHand Sets a Spell or Trap Card from a seat's hand face-down on that seat's field by
// an effect ("then you can Set 1 Spell/Trap from your hand"): in a free Spell & Trap Zone, a Field
// Spell in the Field Zone (the previous one goes to the Graveyard, as a Set by hand). Like a Set
// by hand, a Trap or Quick-Play Spell Set so cannot be activated this turn. It reports whether the
// card was Set (false: not in that hand, or not settable: CanSetSpellFromHand).
func (c *Ctx) SetSpellFromHand(id CardID, s Seat) bool {
	g := c.g
	cs := g.c(id)
	if cs.place.Loc != Hand || cs.place.Seat != s || !g.settable(id) {
		return false
	}
	if cs.data.Kind.Has(fieldKind) {
		c.step()
		g.placeField(id, s, FaceDown)
	} else {
		z := g.freeZone(s, SZone)
		if z < 0 {
			return false
		}
		c.step()
		g.move(id, Place{Seat: s, Loc: SZone, Seq: z}, FaceDown, EvSetSpell)
	}
	g.c(id).setTurn = int32(g.turn)
	return true
}

// cannotSpecial reports whether a seat may not Special Summon now: barred from every Summon, or
// from Special Summons (PFCannotSpecialSummon).
func (g *game) cannotSpecial(s Seat) bool {
	return g.playerHas(s, PFCannotSummon|PFCannotSpecialSummon)
}

// CanBanishFromGY reports whether a seat may banish cards from the Graveyards (not under
// PFCannotBanishGY): costs that banish from a Graveyard ask it.
func (c *Ctx) CanBanishFromGY(s Seat) bool { return !c.g.playerHas(s, PFCannotBanishGY) }

// banishable leaves out of ids the cards in a Graveyard when the effect's player may not banish
// from there (PFCannotBanishGY).
func (c *Ctx) banishable(ids []CardID) []CardID {
	if c.CanBanishFromGY(c.player) {
		return ids
	}
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, id := range ids {
		if c.g.c(id).place.Loc != GY {
			out = append(out, id)
		}
	}
	return c.g.outIDs(out)
}
