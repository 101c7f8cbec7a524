package engine

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"github.com/duelistgame/duelist/kouhu"
)

// kouhu summons (RULES.md "kouhu"): the Normal Summon pays the Level in cost cards and leaves the
// creature with summoning sickness; the Advanced Summon tributes creatures whose Levels total the
// Level exactly, the highest of them sharing its Attribute; either may place the creature in
// ambush (face-down). Evolution summons from the Extra Deck; artifacts are placed. Each is a Speed
// 0 action: it can be answered (Solemn Judgment), never chained.

// kNormalSummonable: a creature with a Level in the hand whose cost the seat can pay.
func (g *game) kNormalSummonable(id CardID, s Seat) bool {
	k := g.kc(id)
	return k != nil && k.IsCreature() && !k.IsExtra() && k.Level > 0 && g.canPay(s, k.Level) &&
		!g.playerHas(s, PFCannotSummon)
}

// kTributable returns a seat's creatures that may be tributed for an Advanced Summon: creatures
// with a Level (extra creatures have none).
func (g *game) kTributable(s Seat) []CardID {
	var out []CardID
	for _, id := range g.pl(s).mzone {
		if id == NoCard {
			continue
		}
		if k := g.kc(id); k != nil && k.IsCreature() && k.Level > 0 && !g.hasFlag(id, FlagNoTributeSummon) {
			out = append(out, id)
		}
	}
	return out
}

// kAdvanceValid reports whether tributes may Advanced Summon a creature: their Levels total its
// Level exactly and a tribute of the highest Level among them has its Attribute.
func (g *game) kAdvanceValid(id CardID, tributes []CardID) bool {
	k := g.kc(id)
	if len(tributes) == 0 {
		return false
	}
	sum, top := 0, 0
	for _, t := range tributes {
		l := g.kc(t).Level
		sum += l
		top = max(top, l)
	}
	if sum != k.Level {
		return false
	}
	for _, t := range tributes {
		if g.kc(t).Level == top && g.c(t).data.Attribute == g.c(id).data.Attribute {
			return true
		}
	}
	return false
}

// kAdvanceable: a creature in the hand that some tributes of the seat can Advanced Summon.
func (g *game) kAdvanceable(id CardID, s Seat) bool {
	k := g.kc(id)
	if k == nil || !k.IsCreature() || k.IsExtra() || k.Level <= 0 || g.playerHas(s, PFCannotSummon) {
		return false
	}
	return g.kTributeSetExists(id, g.kTributable(s))
}

// kTributeSetExists reports whether some of the candidates are a legal Advanced Summon of id:
// Levels totalling its Level exactly, a tribute of the highest Level sharing its Attribute. For
// each candidate of its Attribute taken as that highest tribute, a subset-sum over the others of
// no higher Level decides it, so any number of candidates is checked exactly.
func (g *game) kTributeSetExists(id CardID, cands []CardID) bool {
	target := g.kc(id).Level
	for _, t := range cands {
		top := g.kc(t).Level
		if top <= 0 || top > target || g.c(t).data.Attribute != g.c(id).data.Attribute {
			continue
		}
		reach := make([]bool, target-top+1)
		reach[0] = true
		for _, u := range cands {
			l := g.kc(u).Level
			if u == t || l <= 0 || l > top {
				continue
			}
			for v := len(reach) - 1; v >= l; v-- {
				reach[v] = reach[v] || reach[v-l]
			}
		}
		if reach[target-top] {
			return true
		}
	}
	return false
}

// kSummon Normal Summons (paying the Level) or Advanced Summons (tributing) a creature from the
// turn player's hand, face-up or in ambush.
func (g *game) kSummon(id CardID, advance, ambush bool) {
	s := g.turnPlayer
	k := g.kc(id)
	g.markAction()
	if advance {
		p := g.newPrompt(PromptSelect, s)
		p.Candidates = append(p.Candidates, g.kTributable(s)...)
		p.Min, p.Max, p.Purpose, p.Subject = 1, len(p.Candidates), ForTribute, id
		g.kTributeOptions(p, id)
		for _, t := range g.selectedCards(g.ask()) {
			g.move(t, Place{Seat: g.c(t).owner, Loc: GY}, FaceUp, EvTribute)
		}
	} else {
		g.pay(s, k.Level)
	}
	pos, st := FaceUpAtk, NormalSummoned
	switch {
	case ambush:
		pos, st = FaceDownDef, SetSummoned
	case advance:
		st = AdvanceSummoned
	}
	g.placeMonsterAs(id, s, pos, EvSummoning, st)
	c := g.c(id)
	if !g.summonWindow(id) {
		g.afterAction()
		return
	}
	c.proper = true
	if !advance {
		c.sickTurn = g.turn // summoning sickness until the End Phase
	}
	g.pl(s).summonTurn = g.turn
	g.markAction()
	if ambush {
		g.emitCard(EvSet, id, NoCard)
	} else {
		g.kLegendary(id)
		g.emitCard(EvSummon, id, NoCard)
	}
	g.afterAction()
}

// kSick reports whether a creature has summoning sickness: Normal Summoned this turn (it cannot
// attack or use its effects until the End Phase).
func (g *game) kSick(id CardID) bool { return g.c(id).sickTurn == g.turn }

// kLegendary applies the legendary rule to a creature that came face-up: its controller's other
// face-up creature of the same name goes to the Graveyard.
func (g *game) kLegendary(id CardID) {
	k := g.kc(id)
	if k == nil || !k.Keywords.Has(kouhu.Legendary) {
		return
	}
	c := g.c(id)
	for _, o := range g.pl(c.ctrl).mzone {
		if o != NoCard && o != id && g.c(o).data == c.data && g.c(o).pos.IsFaceUp() {
			g.move(o, Place{Seat: g.c(o).owner, Loc: GY}, FaceUp, EvMove)
		}
	}
}

// kFlippable: an ambush creature of the turn player placed before this turn.
func (g *game) kFlippable(id CardID) bool {
	c := g.c(id)
	k := g.kc(id)
	return k != nil && k.IsCreature() && c.pos == FaceDownDef && c.ctrl == g.turnPlayer && c.arrivedTurn < g.turn
}

// kFlip turns an ambush creature face-up (its ambush effect may trigger).
func (g *game) kFlip(id CardID) {
	g.markAction()
	c := g.c(id)
	c.pos = FaceUpAtk
	g.stampSeq++
	c.stamp = g.stampSeq
	g.kLegendary(id)
	g.emitCard(EvFlip, id, NoCard)
	g.afterAction()
}

// kPlaceable: an artifact in the hand whose cost the seat can pay (an equip artifact needs a
// creature it may equip).
func (g *game) kPlaceable(id CardID, s Seat) bool {
	k := g.kc(id)
	if k == nil || !k.Kind.IsArtifact() || !g.canPay(s, k.Level) {
		return false
	}
	return k.Kind != kouhu.EquipArtifact || len(g.kEquippable(id, s)) > 0
}

// kEquippable returns the creatures an equip artifact may be attached to: the seat's face-up
// creatures of the class or type it names.
func (g *game) kEquippable(id CardID, s Seat) []CardID {
	k := g.kc(id)
	var out []CardID
	for _, t := range g.pl(s).mzone {
		if t == NoCard || !g.c(t).pos.IsFaceUp() {
			continue
		}
		tk := g.kc(t)
		if tk == nil || !tk.IsCreature() {
			continue
		}
		if k.EquipClass != kouhu.NoClass && tk.Class != k.EquipClass || k.EquipType != kouhu.NoType && tk.Type != k.EquipType {
			continue
		}
		out = append(out, t)
	}
	return out
}

// kPlace uses an artifact: pays its Level and places it face-up in the creature & artifact zone
// (an equip artifact attached to a creature). Using it can be answered like a summon.
func (g *game) kPlace(id CardID) {
	s := g.turnPlayer
	k := g.kc(id)
	g.markAction()
	target := NoCard
	if k.Kind == kouhu.EquipArtifact {
		p := g.newPrompt(PromptSelect, s)
		p.Candidates = append(p.Candidates, g.kEquippable(id, s)...)
		p.Min, p.Max, p.Purpose, p.Subject = 1, 1, ForTarget, id
		g.selectOptions(p)
		target = g.selectedCards(g.ask())[0]
	}
	g.pay(s, k.Level)
	g.move(id, Place{Seat: s, Loc: MZone, Seq: g.freeZone(s, MZone)}, FaceUp, EvSummoning)
	c := g.c(id)
	c.active = true
	if !g.summonWindow(id) {
		g.afterAction()
		return
	}
	g.markAction()
	if target != NoCard && g.c(target).place.Loc == MZone && g.c(target).pos.IsFaceUp() {
		c.equipTarget = target
		c.equipMoves = g.c(target).moves
		g.equips = append(g.equips, id)
		g.emitCard(EvEquip, id, target)
	}
	g.changeSeq++
	g.emitCard(EvSummon, id, NoCard)
	g.afterAction()
}

// kEvolvable: an evolution creature of the Extra Deck whose source creature is face-up on the
// seat's field with the counters its condition asks.
func (g *game) kEvolvable(id CardID, s Seat) bool {
	return g.kEvolutionSource(id, s) != NoCard && !g.playerHas(s, PFCannotSummon)
}

// kEvolutionSource returns the creature an evolution creature may evolve from, or NoCard.
func (g *game) kEvolutionSource(id CardID, s Seat) CardID {
	k := g.kc(id)
	if k == nil || k.Kind != kouhu.EvolutionCreature || len(k.Materials) == 0 {
		return NoCard
	}
	for _, src := range g.pl(s).mzone {
		if src == NoCard || !g.c(src).pos.IsFaceUp() || kouhu.ID(g.c(src).data.Passcode) != k.Materials[0] {
			continue
		}
		if k.Condition.Counter != "" && g.c(src).counters[k.Condition.Counter] < k.Condition.Counters {
			continue
		}
		return src
	}
	return NoCard
}

// kEvolve tributes the source creature and summons the evolution creature from the Extra Deck,
// face-up, with no summoning sickness.
func (g *game) kEvolve(id CardID) {
	s := g.turnPlayer
	g.markAction()
	src := g.kEvolutionSource(id, s)
	g.move(src, Place{Seat: g.c(src).owner, Loc: GY}, FaceUp, EvTribute)
	g.placeMonsterAs(id, s, FaceUpAtk, EvSummoning, EvolutionSummoned)
	c := g.c(id)
	if !g.summonWindow(id) {
		g.afterAction()
		return
	}
	c.proper = true
	g.pl(s).summonTurn = g.turn
	g.markAction()
	g.emitCard(EvSpecialSummon, id, NoCard)
	g.afterAction()
}

// kTributeOptions lists every canonical tribute set of an Advanced Summon among the prompt's
// candidates, by size and then by bit pattern (as selectWhere does), searching only sets whose
// Levels do not pass the Level, so a long list of candidates is enumerated whole. A selection is
// a 64-bit mask: more candidates than that is an error, never a silent cut.
func (g *game) kTributeOptions(p *Prompt, id CardID) {
	n := len(p.Candidates)
	if n > 64 {
		panic(fmt.Sprintf("engine: an Advanced Summon among %d tribute candidates exceeds 64", n))
	}
	target := g.kc(id).Level
	var masks []uint64
	var ids []CardID
	var dfs func(i, sum int, mask uint64)
	dfs = func(i, sum int, mask uint64) {
		if sum == target {
			if g.canonicalSel(p, mask) == mask && g.kAdvanceValid(id, ids) {
				masks = append(masks, mask)
			}
			return
		}
		for j := i; j < n; j++ {
			l := g.kc(p.Candidates[j]).Level
			if l <= 0 || sum+l > target {
				continue
			}
			ids = append(ids, p.Candidates[j])
			dfs(j+1, sum+l, mask|1<<j)
			ids = ids[:len(ids)-1]
		}
	}
	dfs(0, 0, 0)
	slices.SortFunc(masks, func(a, b uint64) int {
		if c := cmp.Compare(bits.OnesCount64(a), bits.OnesCount64(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, m := range masks {
		p.opts = append(p.opts, Option{Kind: OptSelect, Card: NoCard, Sel: m})
	}
}
