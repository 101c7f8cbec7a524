package rules

import (
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// kouhu battle (RULES.md "kouhu"): blocking, not targeting. An attack taps a face-up, untapped
// creature without summoning sickness and is aimed at the opposing player; the defender assigns
// blockers (face-up, untapped creatures) in an order; each engagement trades ATK against DEF.

// maxBlockOptions bounds a block prompt: every ordered choice of blockers is an option, so with
// many untapped creatures the number of blockers one attack may meet is cut to keep the prompt
// under this many options (with 6 or fewer possible blockers, all of them may block).
const maxBlockOptions = 2000

// isCreature reports whether a card on the field is a creature (not an artifact).
func isCreature(k *engine.Kernel, id engine.CardID) bool {
	c := kc(k, id)
	return c != nil && c.IsCreature()
}

// CanAttack: a face-up, untapped creature of the turn player without summoning sickness.
func (*procedures) CanAttack(k *engine.Kernel, id engine.CardID) bool {
	return isCreature(k, id) && k.Pos(id).IsFaceUp() && !k.Tapped(id) && k.Controller(id) == k.TurnPlayer() &&
		!k.Sick(id) && !k.PlayerHas(k.Controller(id), engine.PFCannotAttack) && !k.HasFlag(id, engine.FlagCannotAttack)
}

// appendBlockers appends to dst the creatures of a seat that may block: face-up and untapped.
func appendBlockers(dst []engine.CardID, k *engine.Kernel, s engine.Seat) []engine.CardID {
	for _, id := range k.Zone(s, engine.MZone) {
		if id != engine.NoCard && isCreature(k, id) && k.Pos(id).IsFaceUp() && !k.Tapped(id) &&
			!k.HasFlag(id, engine.FlagCannotBlock) {
			dst = append(dst, id)
		}
	}
	return dst
}

// pierces reports whether a creature has pierce (printed or given).
func pierces(k *engine.Kernel, id engine.CardID) bool {
	c := kc(k, id)
	return c != nil && c.Keywords.Has(kouhu.Pierce) || k.HasFlag(id, engine.FlagPierce)
}

// Attack runs one attack: the tap and declaration (a window for Speed 2 and 3 answers), the
// defender's blocks, the engagements, and the damage.
func (*procedures) Attack(k *engine.Kernel, att engine.CardID) {
	tp := k.TurnPlayer()
	opp := tp.Other() // kouhu duels are between two players
	k.MarkAction()
	k.Tap(att, true)
	goesOn := k.DeclareAttack(att)
	defer k.EndAttack()
	if !goesOn || !attackerOnField(k, att) {
		return
	}
	var buf [scratch]engine.CardID
	bs := block(buf[:0], k, att, opp)
	k.MarkAction()
	k.Emit(engine.EvBattle, att, engine.NoCard)
	if len(bs) == 0 {
		k.Damage(opp, k.ATK(att), true)
		k.CheckState()
		k.Window()
		return
	}
	allGone := true
	for _, b := range bs {
		if !attackerOnField(k, att) {
			allGone = false
			break
		}
		if k.Place(b).Loc != engine.MZone || k.Controller(b) != opp || !k.Pos(b).IsFaceUp() {
			continue // a blocker that left before its turn does not engage
		}
		engage(k, att, b)
		if k.Place(b).Loc == engine.MZone {
			allGone = false
		}
	}
	if allGone && attackerOnField(k, att) && pierces(k, att) {
		// RULES.md: ATK − the sum of the blockers' DEF, which is the ATK the attacker kept.
		k.Damage(opp, k.ATK(att), true)
		k.CheckState()
	}
	k.Window()
}

// attackerOnField: the attacker is still a face-up creature of the turn player.
func attackerOnField(k *engine.Kernel, att engine.CardID) bool {
	return k.Place(att).Loc == engine.MZone && k.Controller(att) == k.TurnPlayer() && k.Pos(att).IsFaceUp()
}

// block asks the defender which creatures block and appends them to dst, in order (none: dst as
// it was).
func block(dst []engine.CardID, k *engine.Kernel, att engine.CardID, s engine.Seat) []engine.CardID {
	var buf [scratch]engine.CardID
	cands := appendBlockers(buf[:0], k, s)
	if len(cands) == 0 {
		return dst // nothing can block: the defender has no choice to make
	}
	if len(cands) > 64 {
		cands = cands[:64]
	}
	p := k.NewPrompt(engine.PromptBlock, s)
	p.Subject = att
	p.Candidates = append(p.Candidates, cands...)
	p.Add(engine.OptNoBlock, engine.NoCard)
	n := len(p.Candidates)
	maxK, total := 0, 0 // total: the block options of up to maxK blockers
	for perm := 1; maxK < n; maxK++ {
		// ordered choices of maxK+1 blockers: n!/(n-k-1)!
		perm *= n - maxK
		if total+perm > maxBlockOptions {
			break
		}
		total += perm
	}
	p.Min, p.Max, p.Purpose = 0, maxK, engine.ForNothing
	p.GrowOptions(total)
	var chosen [64]int
	for i := 1; i <= maxK; i++ {
		blockOptions(p, i, chosen[:0])
	}
	o := k.Ask()
	if o.Kind == engine.OptNoBlock {
		return dst
	}
	return p.AppendBlockOrder(dst, o)
}

// blockOptions adds the block options of n blockers: each subset (Sel) of the prompt's
// candidates, in the order of their indexes' combinations (0 1, 0 2, ... 1 2 ...), with each of
// its orders (Rank = the rank of the order among the subset's permutations, 0 to n!-1). chosen has
// room for n indexes.
func blockOptions(p *engine.Prompt, n int, chosen []int) {
	m := len(p.Candidates)
	if n > m {
		return
	}
	orders := int32(engine.Factorial(n))
	idx := chosen[:n]
	var sel uint64
	for i := range idx {
		idx[i] = i
		sel |= 1 << i
	}
	for {
		for r := range orders {
			p.AddOption(engine.Option{Kind: engine.OptBlock, Card: engine.NoCard, Sel: sel, Rank: r})
		}
		// The next combination: the last index that can move up moves, those after it follow.
		i := n - 1
		for i >= 0 && idx[i] == m-n+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < n; j++ {
			idx[j] = idx[j-1] + 1
		}
		sel = 0
		for _, x := range idx {
			sel |= 1 << x
		}
	}
}

// engage is one engagement: each creature deals its ATK to the other's DEF; each loses ATK equal
// to the DEF it took away and DEF equal to the damage it took; a creature whose DEF reaches 0 is
// destroyed by battle at once. The changes last until the End Phase.
func engage(k *engine.Kernel, att, b engine.CardID) {
	aATK, aDEF := k.ATK(att), k.DEF(att)
	bATK, bDEF := k.ATK(b), k.DEF(b)
	tookFromB := min(aATK, bDEF) // the DEF the attacker takes away
	tookFromA := min(bATK, aDEF)
	k.MarkAction()
	k.Emit(engine.EvBattle, att, b)
	lower(k, att, tookFromB, tookFromA)
	lower(k, b, tookFromA, tookFromB)
	for _, id := range [2]engine.CardID{b, att} {
		if k.Place(id).Loc == engine.MZone && k.DEF(id) <= 0 && !k.HasFlag(id, engine.FlagIndestructibleBattle) {
			k.Destroy(id, engine.NoCard, true)
		}
	}
}

// lower lowers a creature's ATK and DEF until the End Phase.
func lower(k *engine.Kernel, id engine.CardID, atk, def int) {
	var mods [2]engine.Modifier
	n := 0
	if atk > 0 {
		mods[n] = engine.Modifier{Kind: engine.ModATK, Value: -atk, Source: k.Attacker(), Expiry: engine.EndOfTurn, Turn: k.Turn()}
		n++
	}
	if def > 0 {
		mods[n] = engine.Modifier{Kind: engine.ModDEF, Value: -def, Source: k.Attacker(), Expiry: engine.EndOfTurn, Turn: k.Turn()}
		n++
	}
	k.Modify(id, mods[:n]...)
}
