package rules

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// kouhu summons (RULES.md "kouhu"): the Normal Summon pays the Level in cost cards and leaves the
// creature with summoning sickness; the Advanced Summon tributes creatures whose Levels total the
// Level exactly, the highest of them sharing its Attribute; either may place the creature in
// ambush (face-down). Evolution summons from the Extra Deck; artifacts are placed. Each is a Speed
// 0 action: it can be answered (Solemn Judgment), never chained.

// appendTributable appends to dst a seat's creatures that may be tributed for an Advanced Summon:
// creatures with a Level. Extra creatures have none; nor has a creature in ambush (seed 000 埋伏:
// no ATK/DEF, no Attribute and no Level), so it gives an Advanced Summon neither a Level nor an
// Attribute until it is turned face-up.
func appendTributable(dst []engine.CardID, k *engine.Kernel, s engine.Seat) []engine.CardID {
	for _, id := range k.Zone(s, engine.MZone) {
		if id == engine.NoCard || k.Pos(id) == engine.FaceDownDef {
			continue
		}
		if c := kc(k, id); c != nil && c.IsCreature() && c.Level > 0 && !k.HasFlag(id, engine.FlagNoTributeSummon) {
			dst = append(dst, id)
		}
	}
	return dst
}

// advanceValid reports whether tributes may Advanced Summon a creature: their Levels total its
// Level exactly and a tribute of the highest Level among them has its Attribute.
func advanceValid(k *engine.Kernel, id engine.CardID, tributes []engine.CardID) bool {
	c := kc(k, id)
	if len(tributes) == 0 {
		return false
	}
	sum, top := 0, 0
	for _, t := range tributes {
		l := kc(k, t).Level
		sum += l
		top = max(top, l)
	}
	if sum != c.Level {
		return false
	}
	for _, t := range tributes {
		if kc(k, t).Level == top && k.Data(t).Attribute == k.Data(id).Attribute {
			return true
		}
	}
	return false
}

// tributeSetExists reports whether some of the candidates are a legal Advanced Summon of id:
// Levels totalling its Level exactly, a tribute of the highest Level sharing its Attribute. For
// each candidate of its Attribute taken as that highest tribute, a subset-sum over the others of
// no higher Level decides it, so any number of candidates is checked exactly.
func tributeSetExists(k *engine.Kernel, id engine.CardID, cands []engine.CardID) bool {
	target := kc(k, id).Level
	for _, t := range cands {
		top := kc(k, t).Level
		if top <= 0 || top > target || k.Data(t).Attribute != k.Data(id).Attribute {
			continue
		}
		var reachBuf [64]bool
		var reach []bool
		if target-top+1 <= len(reachBuf) {
			reach = reachBuf[:target-top+1]
		} else {
			reach = make([]bool, target-top+1)
		}
		reach[0] = true
		for _, u := range cands {
			l := kc(k, u).Level
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

// summon Normal Summons (paying the Level) or Advanced Summons (tributing) a creature from the
// turn player's hand, face-up or in ambush.
func summon(k *engine.Kernel, id engine.CardID, advance, ambush bool) {
	s := k.TurnPlayer()
	c := kc(k, id)
	k.MarkAction()
	if advance {
		p := k.NewPrompt(engine.PromptSelect, s)
		p.Candidates = appendTributable(p.Candidates, k, s)
		p.Min, p.Max, p.Purpose, p.Subject = 1, len(p.Candidates), engine.ForTribute, id
		tributeOptions(k, p, id)
		for _, t := range k.Selected(k.Ask()) {
			k.ToGY(t, engine.EvTribute)
		}
	} else {
		k.Pay(s, c.Level)
	}
	pos, st := engine.FaceUpAtk, engine.NormalSummoned
	switch {
	case ambush:
		pos, st = engine.FaceDownDef, engine.SetSummoned
	case advance:
		st = engine.AdvanceSummoned
	}
	k.PlaceMonster(id, s, pos, engine.EvSummoning, st)
	if !k.SummonWindow(id) {
		k.AfterAction()
		return
	}
	if !advance {
		k.SetSick(id) // summoning sickness until the End Phase
	}
	k.Summoned(id, s)
	k.MarkAction()
	if ambush {
		k.Emit(engine.EvSet, id, engine.NoCard)
	} else {
		legendary(k, id)
		k.Emit(engine.EvSummon, id, engine.NoCard)
	}
	k.AfterAction()
}

// legendary applies the legendary rule to a creature that came face-up: its controller's other
// face-up creature of the same name goes to the Graveyard.
func legendary(k *engine.Kernel, id engine.CardID) {
	c := kc(k, id)
	if c == nil || !c.Keywords.Has(kouhu.Legendary) {
		return
	}
	for _, o := range k.Zone(k.Controller(id), engine.MZone) {
		if o != engine.NoCard && o != id && k.Data(o) == k.Data(id) && k.Pos(o).IsFaceUp() {
			k.Move(o, engine.Place{Seat: k.Owner(o), Loc: engine.GY}, engine.FaceUp, engine.EvMove)
		}
	}
}

// flippable: an ambush creature of the turn player placed before this turn.
func flippable(k *engine.Kernel, id engine.CardID) bool {
	c := kc(k, id)
	return c != nil && c.IsCreature() && k.Pos(id) == engine.FaceDownDef && k.Controller(id) == k.TurnPlayer() &&
		k.ArrivedTurn(id) < k.Turn()
}

// flip turns an ambush creature face-up (its ambush effect may trigger).
func flip(k *engine.Kernel, id engine.CardID) {
	k.MarkAction()
	k.TurnFaceUp(id, engine.FaceUpAtk)
	legendary(k, id)
	k.Emit(engine.EvFlip, id, engine.NoCard)
	k.AfterAction()
}

// placeable: an artifact in the hand whose cost the seat can pay (res: its usable cost cards; an
// equip artifact needs a creature it may equip).
func placeable(k *engine.Kernel, id engine.CardID, s engine.Seat, res int) bool {
	c := kc(k, id)
	if c == nil || !c.Kind.IsArtifact() || c.Level > 0 && c.Level > res {
		return false
	}
	if c.Kind != kouhu.EquipArtifact {
		return true
	}
	var buf [scratch]engine.CardID
	return len(appendEquippable(buf[:0], k, id, s)) > 0
}

// appendEquippable appends to dst the creatures an equip artifact may be attached to: the seat's
// face-up creatures of the class or type it names.
func appendEquippable(dst []engine.CardID, k *engine.Kernel, id engine.CardID, s engine.Seat) []engine.CardID {
	c := kc(k, id)
	out := dst
	for _, t := range k.Zone(s, engine.MZone) {
		if t == engine.NoCard || !k.Pos(t).IsFaceUp() {
			continue
		}
		tk := kc(k, t)
		if tk == nil || !tk.IsCreature() {
			continue
		}
		if c.EquipClass != kouhu.NoClass && tk.Class != c.EquipClass || c.EquipType != kouhu.NoType && tk.Type != c.EquipType {
			continue
		}
		out = append(out, t)
	}
	return out
}

// place uses an artifact: pays its Level and places it face-up in the creature & artifact zone
// (an equip artifact attached to a creature). Using it can be answered like a summon.
func place(k *engine.Kernel, id engine.CardID) {
	s := k.TurnPlayer()
	c := kc(k, id)
	k.MarkAction()
	target := engine.NoCard
	if c.Kind == kouhu.EquipArtifact {
		p := k.NewPrompt(engine.PromptSelect, s)
		p.Candidates = appendEquippable(p.Candidates, k, id, s)
		p.Min, p.Max, p.Purpose, p.Subject = 1, 1, engine.ForTarget, id
		k.AddSelections(p)
		target = k.Selected(k.Ask())[0]
	}
	k.Pay(s, c.Level)
	k.Move(id, engine.Place{Seat: s, Loc: engine.MZone, Seq: k.FreeZone(s, engine.MZone)}, engine.FaceUp, engine.EvSummoning)
	k.SetActive(id, true)
	if !k.SummonWindow(id) {
		k.AfterAction()
		return
	}
	k.MarkAction()
	if target != engine.NoCard && k.Place(target).Loc == engine.MZone && k.Pos(target).IsFaceUp() {
		k.Equip(id, target)
	}
	k.Invalidate()
	k.Emit(engine.EvSummon, id, engine.NoCard)
	k.AfterAction()
}

// evolutionSource returns the creature an evolution creature may evolve from, or NoCard.
func evolutionSource(k *engine.Kernel, id engine.CardID, s engine.Seat) engine.CardID {
	c := kc(k, id)
	if c == nil || c.Kind != kouhu.EvolutionCreature || len(c.Materials) == 0 {
		return engine.NoCard
	}
	for _, src := range k.Zone(s, engine.MZone) {
		if src == engine.NoCard || !k.Pos(src).IsFaceUp() || kouhu.ID(k.Data(src).Passcode) != c.Materials[0] {
			continue
		}
		if c.Condition.Counter != "" && k.Counter(src, c.Condition.Counter) < c.Condition.Counters {
			continue
		}
		return src
	}
	return engine.NoCard
}

// evolve tributes the source creature and summons the evolution creature from the Extra Deck,
// face-up, with no summoning sickness.
func evolve(k *engine.Kernel, id engine.CardID) {
	s := k.TurnPlayer()
	k.MarkAction()
	src := evolutionSource(k, id, s)
	k.ToGY(src, engine.EvTribute)
	k.PlaceMonster(id, s, engine.FaceUpAtk, engine.EvSummoning, engine.EvolutionSummoned)
	if !k.SummonWindow(id) {
		k.AfterAction()
		return
	}
	k.Summoned(id, s)
	k.MarkAction()
	k.Emit(engine.EvSpecialSummon, id, engine.NoCard)
	k.AfterAction()
}

// tributeOptions lists every canonical tribute set of an Advanced Summon among the prompt's
// candidates, by size and then by bit pattern (as the kernel's selections are), searching only
// sets whose Levels do not pass the Level, so a long list of candidates is enumerated whole. A
// selection is a 64-bit mask: more candidates than that is an error, never a silent cut.
func tributeOptions(k *engine.Kernel, p *engine.Prompt, id engine.CardID) {
	n := len(p.Candidates)
	if n > 64 {
		panic(fmt.Sprintf("engine: an Advanced Summon among %d tribute candidates exceeds 64", n))
	}
	var maskBuf [64]uint64
	var idBuf [scratch]engine.CardID
	masks := tributeMasks(k, p, id, kc(k, id).Level, 0, 0, 0, idBuf[:0], maskBuf[:0])
	slices.SortFunc(masks, func(a, b uint64) int {
		if c := cmp.Compare(bits.OnesCount64(a), bits.OnesCount64(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, m := range masks {
		p.AddOption(engine.Option{Kind: engine.OptSelect, Card: engine.NoCard, Sel: m})
	}
}

// tributeMasks appends to masks the canonical tribute sets (as selections of the prompt's
// candidates) that complete ids, the tributes chosen so far with Levels summing to sum among
// the candidates before i, to Level target.
func tributeMasks(k *engine.Kernel, p *engine.Prompt, id engine.CardID, target, i, sum int, mask uint64,
	ids []engine.CardID, masks []uint64) []uint64 {
	if sum == target {
		if k.Canonical(p, mask) == mask && advanceValid(k, id, ids) {
			masks = append(masks, mask)
		}
		return masks
	}
	for j := i; j < len(p.Candidates); j++ {
		l := kc(k, p.Candidates[j]).Level
		if l <= 0 || sum+l > target {
			continue
		}
		masks = tributeMasks(k, p, id, target, j+1, sum+l, mask|1<<j, append(ids, p.Candidates[j]), masks)
	}
	return masks
}
