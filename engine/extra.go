package engine

import (
	"slices"

	"github.com/duelistgame/duelist/card"
)

// The Extra Deck and the summons that need materials: Synchro and Xyz Summons as `special`
// procedures of the idle prompt, Fusion and Ritual Summons as operations of the Spells that
// perform them.

// detachAll sends every Xyz material of a monster leaving the field to its owner's Graveyard.
func (g *game) detachAll(host CardID) {
	h := g.c(host)
	for len(h.materials()) > 0 {
		m := h.materials()[len(h.materials())-1]
		g.move(m, Place{Seat: g.c(m).owner, Loc: GY}, FaceUp, EvMove)
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// --- Synchro and Xyz: the `special` options of the idle prompt ---

// addSpecials adds `special CARD` for each Synchro or Xyz Monster of the seat's Extra Deck whose
// materials are on its field.
func (g *game) addSpecials(p *Prompt, s Seat) {
	if g.cannotSpecial(s) {
		return
	}
	var last *card.Data
	for _, id := range g.pl(s).extra {
		d := g.c(id).data
		if d == last {
			continue // a copy of the card just checked: the same answer
		}
		last = d
		k := d.Kind
		if k.Has(card.Synchro) && g.rules.NoSynchro || k.Has(card.Xyz) && g.rules.NoXyz {
			continue
		}
		if g.canSpecialProc(id, s) {
			g.addCard(p, OptSpecial, id)
		}
	}
}

// appendProcMaterials appends the candidate materials of a Synchro or Xyz Monster (the seat's
// face-up monsters) to dst.
func (g *game) appendProcMaterials(dst []CardID, s Seat) []CardID {
	for _, m := range g.pl(s).mzone {
		if m != NoCard && g.c(m).pos.IsFaceUp() {
			dst = append(dst, m)
		}
	}
	return dst
}

// procValid is the check of a Synchro or Xyz Monster's materials.
func (g *game) procValid(id CardID, s Seat, ids []CardID) bool {
	switch d := g.c(id).data; {
	case d.Kind.Has(card.Synchro):
		return g.synchroValid(id, s, ids)
	case d.Kind.Has(card.Xyz):
		return g.xyzValid(id, ids)
	}
	return false
}

// canSpecialProc reports whether a Synchro or Xyz Monster can be summoned by its procedure now.
func (g *game) canSpecialProc(id CardID, s Seat) bool {
	if g.forbidden(id) {
		return false
	}
	up := 0
	for _, m := range g.pl(s).mzone {
		if m != NoCard && g.c(m).pos.IsFaceUp() {
			up++
		}
	}
	if up < 2 {
		return false // every procedure takes 2 or more of those materials: nothing to list
	}
	return g.anyProcMaterials(id, s)
}

// synchroValid: exactly one face-up Tuner and one or more face-up non-Tuners whose Levels total
// the Synchro Monster's Level (RULES.md ocg: never 2 Tuners; Tokens may be materials).
func (g *game) synchroValid(id CardID, s Seat, ids []CardID) bool {
	sc := g.c(id).script
	tuners, sum := 0, 0
	ctx := g.ctx(id, nil, s, nil, nil)
	defer g.release()
	for _, m := range ids {
		mc := g.c(m)
		if mc.data.Kind.Has(card.Tuner) {
			tuners++
			if sc != nil && sc.Synchro != nil && sc.Synchro.Tuner != nil && !sc.Synchro.Tuner(ctx, m) {
				return false
			}
		} else if sc != nil && sc.Synchro != nil && sc.Synchro.NonTuner != nil && !sc.Synchro.NonTuner(ctx, m) {
			return false
		}
		sum += g.level(m)
	}
	return tuners == 1 && len(ids) >= 2 && sum == g.c(id).data.Level
}

// xyzValid: the required number of face-up monsters whose Level equals the Rank; no Tokens, and
// no monster without a Level (an Xyz Monster's Rank is no Level).
func (g *game) xyzValid(id CardID, ids []CardID) bool {
	c := g.c(id)
	need := 2
	if c.script != nil && c.script.Xyz != nil && c.script.Xyz.Count > 0 {
		need = c.script.Xyz.Count
	}
	if len(ids) != need {
		return false
	}
	for _, m := range ids {
		if g.c(m).token || g.level(m) != c.data.Rank || !g.c(m).data.IsMonster() {
			return false
		}
	}
	return true
}

// specialProc runs `special CARD`: select all the materials at once, choose the position, and
// summon (notation.md "Synchro / Xyz"). The summon may be negated; the materials stay spent.
func (g *game) specialProc(id CardID) {
	s := g.turnPlayer
	g.markAction()
	p := g.newPrompt(PromptSelect, s)
	p.Candidates = g.appendProcMaterials(p.Candidates, s)
	p.Min, p.Max, p.Purpose, p.Subject = 2, len(p.Candidates), ForMaterial, id
	var buf [8]CardID
	mats, _ := g.askWhere(buf[:0], func(ids []CardID) bool { return g.procValid(id, s, ids) }, nil)
	xyz := g.c(id).data.Kind.Has(card.Xyz)
	if xyz {
		g.attachUnder(id, s, mats, g.askPosition(s, id))
	} else {
		// The Synchro materials go to the Graveyard before the position is chosen (as in
		// ygopro: its lockstep compares the fields at that prompt).
		g.sortSameTime(mats)
		g.leaveTogether(mats, true)
		for _, m := range mats {
			g.move(m, Place{Seat: g.c(m).owner, Loc: GY}, FaceUp, EvMove)
		}
		g.leaveTogether(mats, false)
		// The rules that follow a card leaving apply before the position is chosen (ygopro
		// adjusts there): the materials' equips, and the cards linked to them (Birthright,
		// Miniaturize), are destroyed.
		g.adjust()
		g.placeMonster(id, s, g.askPosition(s, id), EvSummoning)
	}
	typ := SynchroSummoned
	if xyz {
		typ = XyzSummoned
	}
	g.c(id).summonType = typ
	if !g.summonWindow(id) {
		g.afterAction()
		return
	}
	c := g.c(id)
	c.proper = true
	c.summonType = typ
	g.pl(s).summonTurn = g.turn
	g.markAction()
	g.emit(Event{Kind: EvSpecialSummon, Seat: s, Card: id, Code: c.data.Passcode, From: c.place,
		To: c.place, FromUp: true, ToUp: true, FromCtrl: s, ToCtrl: s, Pos: c.pos, Target: NoCard,
		SummonType: typ, Timing: g.timing})
	g.afterAction()
}

// attachUnder summons an Xyz Monster from the Extra Deck to the first material's zone, with its
// materials under it (materials of a material go to the Graveyard).
func (g *game) attachUnder(id CardID, s Seat, mats []CardID, pos Pos) {
	zone := g.c(mats[0]).place.Seq
	for _, m := range mats {
		g.detachAll(m)
	}
	for _, m := range mats {
		g.remove(m)
		g.c(m).place = nowhere
	}
	g.move(id, Place{Seat: s, Loc: MZone, Seq: zone}, pos, EvSummoning)
	h := g.c(id)
	h.arrivedTurn, h.posChangedTurn, h.attacks = int32(g.turn), 0, 0
	for _, m := range mats {
		mc := g.c(m)
		from := mc.place
		mc.pos = FaceUp
		mc.ctrl = mc.owner
		g.clearMods(mc)
		mc.gen++
		g.put(m, Place{Seat: s, Loc: Overlay, Seq: zone * 16})
		g.emit(Event{Kind: EvMove, Seat: mc.owner, Card: m, Code: mc.data.Passcode, From: from,
			To: mc.place, FromUp: true, ToUp: true, FromCtrl: s, ToCtrl: s, Target: NoCard, Timing: g.timing})
	}
}

// askPosition asks the position of a monster being Special Summoned: atk or def.
func (g *game) askPosition(s Seat, id CardID) Pos {
	p := g.newPrompt(PromptPosition, s)
	p.Subject = id
	p.add(OptAtk, NoCard)
	p.add(OptDef, NoCard)
	if g.ask().Kind == OptDef {
		return FaceUpDef
	}
	return FaceUpAtk
}

// --- Fusion and Ritual Summons, performed by Spells ---

// leavesZone reports whether, once the cards are used, the seat has a free Monster Zone for the
// monster they summon: one is free already, or one of them is the seat's own monster.
func (g *game) leavesZone(s Seat, ids []CardID) bool {
	return g.freeZone(s, MZone) >= 0 || g.freesOwnZone(ids, s)
}

// fusionValid: the materials are exactly the Fusion Monster's listed materials (as a multiset).
func (g *game) fusionValid(id CardID, ids []CardID) bool {
	sc := g.c(id).script
	if sc == nil || len(sc.Materials) != len(ids) {
		return false
	}
	var wb, gb [8]card.Passcode // on the stack for up to 8 materials
	want := append(wb[:0], sc.Materials...)
	slices.Sort(want)
	got := gb[:0]
	for _, m := range ids {
		got = append(got, g.c(m).data.Passcode)
	}
	slices.Sort(got)
	return slices.Equal(want, got)
}

// fusionCands returns the cards a seat may use as Fusion Materials: monsters in hand and on its
// field (face-down ones too).
func (g *game) fusionCands(s Seat) []CardID {
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, id := range g.pl(s).hand {
		if g.c(id).data.IsMonster() {
			out = append(out, id)
		}
	}
	return g.outIDs(g.monsters(out, s)) // the arena of lists.go: card code asks (Polymerization)
}

// fusionable returns the Fusion Monsters of a seat's Extra Deck whose materials it has.
func (g *game) fusionable(s Seat) []CardID {
	if g.cannotSpecial(s) {
		return nil
	}
	cands := g.fusionCands(s)
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, id := range g.pl(s).extra {
		c := g.c(id)
		if !c.data.Kind.Has(card.Fusion) || c.script == nil || len(c.script.Materials) == 0 {
			continue
		}
		if g.fusionPossible(id, cands, s) {
			out = append(out, id)
		}
	}
	return g.outIDs(out)
}

// fusionPossible reports, by counting (no search), whether the candidates hold a Fusion Monster's
// materials: enough copies of each, and, when every Monster Zone is taken, one of them on the
// seat's field to free a zone.
func (g *game) fusionPossible(id CardID, cands []CardID, s Seat) bool {
	mats := g.c(id).script.Materials
	freesZone := g.freeZone(s, MZone) >= 0
	for i, p := range mats {
		if slices.Index(mats, p) < i {
			continue // counted with its first copy
		}
		need, have := 0, 0
		for _, q := range mats[i:] {
			if q == p {
				need++
			}
		}
		for _, m := range cands {
			if c := g.c(m); c.data.Passcode == p {
				have++
				freesZone = freesZone || c.place.Loc == MZone && c.ctrl == s
			}
		}
		if have < need {
			return false
		}
	}
	return freesZone
}

// CanFusionSummon reports whether a seat can Fusion Summon now (Polymerization's condition).
func (c *Ctx) CanFusionSummon(s Seat) bool { return len(c.g.fusionable(s)) > 0 }

// FusionSummon performs a Fusion Summon for a seat (notation.md: select the Fusion Monster, select
// the materials, position); the materials go to the Graveyard and the monster is properly
// summoned. It reports whether a monster was summoned.
func (c *Ctx) FusionSummon(s Seat) bool {
	g := c.g
	fus := c.SelectCards(s, g.fusionable(s), 1, 1, ForNothing)
	if len(fus) == 0 {
		return false
	}
	id := fus[0]
	n := len(g.c(id).script.Materials)
	p := g.newPrompt(PromptSelect, s)
	p.Candidates = append(p.Candidates, g.fusionCands(s)...)
	p.Min, p.Max, p.Purpose, p.Subject = n, n, ForMaterial, id
	var buf [8]CardID
	picked, ok := g.askWhere(buf[:0], func(ids []CardID) bool { return g.fusionValid(id, ids) && g.leavesZone(s, ids) }, nil)
	if !ok {
		return false
	}
	mats := g.sameTime(picked)
	g.leaveTogether(mats, true)
	for _, m := range mats {
		g.move(m, Place{Seat: g.c(m).owner, Loc: GY}, FaceUp, EvMove)
	}
	g.leaveTogether(mats, false)
	return c.summonProperly(id, s, FusionSummoned)
}

// summonProperly ends a Fusion or Ritual Summon once its materials are gone: the position, then
// the monster comes to the field properly summoned. It reports false when no zone is free.
func (c *Ctx) summonProperly(id CardID, s Seat, typ SummonType) bool {
	g := c.g
	g.loseEquips() // the materials' equip cards go first (ygopro-core breaks the effect here)
	if g.freeZone(s, MZone) < 0 {
		return false
	}
	// Chain Energy's cost of a monster Special Summoned from the hand (a Ritual Monster): after
	// its materials left, before its position (ygopro-core; lockstep MRL seed 24)
	g.payFromHand(id, s)
	pos := g.askPosition(s, id)
	c.step()
	g.placeMonsterAs(id, s, pos, EvSpecialSummon, typ)
	g.c(id).proper = true
	return true
}

// ritualValid: tributes whose Levels total at least the Ritual Monster's Level with none of them
// unneeded (removing any one leaves less than the Level).
func (g *game) ritualValid(level int, ids []CardID) bool {
	sum := 0
	for _, m := range ids {
		sum += g.level(m)
	}
	if sum < level {
		return false
	}
	for _, m := range ids {
		if sum-g.level(m) >= level {
			return false
		}
	}
	return true
}

// ritualPossible reports whether tributes reaching a Level exist among the candidates. With a free
// zone it is enough that all of them together reach it (removing unneeded ones one by one then
// leaves a valid set); with every zone taken the search keeps one of the seat's monsters.
func (g *game) ritualPossible(level int, cands []CardID, s Seat) bool {
	if g.freeZone(s, MZone) >= 0 {
		sum := 0
		for _, m := range cands {
			sum += g.level(m)
		}
		return sum >= level
	}
	// Some group of the candidates that frees one of the seat's zones (selectgroup.go's search).
	return g.groupExists(cands, 1, len(cands), func(ids []CardID) bool {
		return g.ritualValid(level, ids) && g.leavesZone(s, ids)
	}, func(ids []CardID) bool { return g.ritualDead(level, ids) })
}

// ritualDead reports whether tributes hold one that is unneeded already: more tributes leave it
// unneeded, so no valid group holds them all.
func (g *game) ritualDead(level int, ids []CardID) bool {
	sum := 0
	for _, m := range ids {
		sum += g.level(m)
	}
	for _, m := range ids {
		if sum-g.level(m) >= level {
			return true
		}
	}
	return false
}

// appendRitualCands appends to dst what a seat may tribute for a Ritual Summon (monsters in hand
// and on its field) other than the Ritual Monster itself.
func (g *game) appendRitualCands(dst []CardID, s Seat, except CardID) []CardID {
	for _, id := range g.pl(s).hand {
		if id != except && g.c(id).data.IsMonster() {
			dst = append(dst, id)
		}
	}
	return g.monsters(dst, s)
}

// appendRitualable appends to dst the Ritual Monsters in a seat's hand that fit and can be
// tributed for; with first it stops at the first.
func (g *game) appendRitualable(dst []CardID, s Seat, fits func(CardID) bool, first bool) []CardID {
	if g.cannotSpecial(s) {
		return dst
	}
	for _, id := range g.pl(s).hand {
		c := g.c(id)
		if !c.data.Kind.Has(card.Ritual|card.Monster) || !fits(id) || !g.fromHandPayable(id, s) {
			continue
		}
		var buf [scratchIDs]CardID
		if g.ritualPossible(c.data.Level, g.appendRitualCands(buf[:0], s, id), s) {
			if dst = append(dst, id); first {
				break
			}
		}
	}
	return dst
}

// CanRitualSummon reports whether a seat can Ritual Summon a monster that fits.
func (c *Ctx) CanRitualSummon(s Seat, fits func(CardID) bool) bool {
	var buf [1]CardID
	return len(c.g.appendRitualable(buf[:0], s, fits, true)) > 0
}

// RitualSummon performs a Ritual Summon for a seat (notation.md: select the Ritual Monster,
// select the tributes, position); it reports whether a monster was summoned.
func (c *Ctx) RitualSummon(s Seat, fits func(CardID) bool) bool {
	g := c.g
	var buf [scratchIDs]CardID
	rit := c.SelectCards(s, g.appendRitualable(buf[:0], s, fits, false), 1, 1, ForNothing)
	if len(rit) == 0 {
		return false
	}
	id := rit[0]
	level := g.c(id).data.Level
	p := g.newPrompt(PromptSelect, s)
	p.Candidates = g.appendRitualCands(p.Candidates, s, id)
	p.Min, p.Max, p.Purpose, p.Subject = 1, len(p.Candidates), ForTribute, id
	var tb [scratchIDs]CardID
	ts, ok := g.askWhere(tb[:0], func(ids []CardID) bool { return g.ritualValid(level, ids) && g.leavesZone(s, ids) },
		func(ids []CardID) bool { return g.ritualDead(level, ids) })
	if !ok {
		return false
	}
	mats := g.sameTime(ts)
	g.leaveTogether(mats, true)
	for _, m := range mats {
		g.move(m, Place{Seat: g.c(m).owner, Loc: GY}, FaceUp, EvTribute)
	}
	g.leaveTogether(mats, false)
	return c.summonProperly(id, s, RitualSummoned)
}

// SummonType returns how a monster came to the field.
func (c *Ctx) SummonType(id CardID) SummonType { return c.g.c(id).summonType }

// Materials returns the Xyz materials under a monster.
func (c *Ctx) Materials(id CardID) []CardID { return slices.Clone(c.g.c(id).materials()) }

// Detach sends n Xyz materials of a monster, chosen by the effect's player, to the Graveyard (a
// cost); it reports whether it could.
func (c *Ctx) Detach(host CardID, n int) bool {
	h := c.g.c(host)
	if len(h.materials()) < n {
		return false
	}
	// Which materials go is the player's choice (a cost selection), asked when it matters.
	pick := slices.Clone(h.materials())
	if n < len(pick) {
		pick = c.SelectCards(c.player, pick, n, n, ForCost)
	}
	for _, m := range c.g.sameTime(pick) {
		c.g.move(m, Place{Seat: c.g.c(m).owner, Loc: GY}, FaceUp, EvMove)
	}
	return true
}
