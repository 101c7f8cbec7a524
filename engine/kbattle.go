package engine

import "github.com/duelistgame/duelist/kouhu"

// kouhu battle (RULES.md "kouhu"): blocking, not targeting. An attack taps a face-up, untapped
// creature without summoning sickness and is aimed at the opposing player; the defender assigns
// blockers (face-up, untapped creatures) in an order; each engagement trades ATK against DEF.

// maxBlockOptions bounds a block prompt: every ordered choice of blockers is an option, so with
// many untapped creatures the number of blockers one attack may meet is cut to keep the prompt
// under this many options (with 6 or fewer possible blockers, all of them may block).
const maxBlockOptions = 2000

// kIsCreature reports whether a card on the field is a creature (not an artifact).
func (g *game) kIsCreature(id CardID) bool {
	k := g.kc(id)
	return k != nil && k.IsCreature()
}

// kCanAttack: a face-up, untapped creature of the turn player without summoning sickness.
func (g *game) kCanAttack(id CardID) bool {
	c := g.c(id)
	return g.kIsCreature(id) && c.pos.IsFaceUp() && !c.tapped && c.ctrl == g.turnPlayer && !g.kSick(id) &&
		!g.playerHas(c.ctrl, PFCannotAttack) && !g.hasFlag(id, FlagCannotAttack)
}

// kBlockers returns the creatures of a seat that may block: face-up and untapped.
func (g *game) kBlockers(s Seat) []CardID {
	var out []CardID
	for _, id := range g.pl(s).mzone {
		if id != NoCard && g.kIsCreature(id) && g.c(id).pos.IsFaceUp() && !g.c(id).tapped &&
			!g.hasFlag(id, FlagCannotBlock) {
			out = append(out, id)
		}
	}
	return out
}

// kPierces reports whether a creature has pierce (printed or given).
func (g *game) kPierces(id CardID) bool {
	k := g.kc(id)
	return k != nil && k.Keywords.Has(kouhu.Pierce) || g.hasFlag(id, FlagPierce)
}

// kAttack runs one attack: the tap and declaration (a window for Speed 2 and 3 answers), the
// defender's blocks, the engagements, and the damage.
func (g *game) kAttack(att CardID) {
	tp := g.turnPlayer
	opp := tp.Other() // kouhu duels are between two players
	g.markAction()
	g.tap(att, true)
	c := g.c(att)
	c.attackTurn, c.attacks = g.turn, 1
	g.attacker, g.target, g.attackNegated = att, NoCard, false
	g.emitCard(EvAttack, att, NoCard)
	g.window()
	defer func() { g.attacker, g.target = NoCard, NoCard }()
	if g.over || g.attackNegated || g.battleEnded || !g.kAttackerOnField(att) {
		return
	}
	blockers := g.kBlock(att, opp)
	g.markAction()
	g.emitCard(EvBattle, att, NoCard)
	if len(blockers) == 0 {
		g.damage(opp, g.atk(att), true)
		g.checkState()
		g.window()
		return
	}
	blockerDEF := 0
	allGone := true
	for _, b := range blockers {
		if !g.kAttackerOnField(att) {
			allGone = false
			break
		}
		if g.c(b).place.Loc != MZone || g.c(b).ctrl != opp || !g.c(b).pos.IsFaceUp() {
			continue // a blocker that left before its turn does not engage
		}
		blockerDEF += g.def(b)
		g.kEngage(att, b)
		if g.c(b).place.Loc == MZone {
			allGone = false
		}
	}
	if allGone && g.kAttackerOnField(att) && g.kPierces(att) {
		// RULES.md: ATK − the sum of the blockers' DEF, which is the ATK the attacker kept.
		g.damage(opp, g.atk(att), true)
		g.checkState()
	}
	g.window()
}

// kAttackerOnField: the attacker is still a face-up creature of the turn player.
func (g *game) kAttackerOnField(att CardID) bool {
	c := g.c(att)
	return c.place.Loc == MZone && c.ctrl == g.turnPlayer && c.pos.IsFaceUp()
}

// kBlock asks the defender which creatures block, in order (or none).
func (g *game) kBlock(att CardID, s Seat) []CardID {
	cands := g.kBlockers(s)
	if len(cands) == 0 {
		return nil // nothing can block: the defender has no choice to make
	}
	if len(cands) > 64 {
		cands = cands[:64]
	}
	p := g.newPrompt(PromptBlock, s)
	p.Subject = att
	p.Candidates = append(p.Candidates, cands...)
	p.add(OptNoBlock, NoCard)
	n := len(p.Candidates)
	maxK := 0
	for total, perm := 0, 1; maxK < n; maxK++ {
		// ordered choices of maxK+1 blockers: n!/(n-k-1)!
		perm *= n - maxK
		if total+perm > maxBlockOptions {
			break
		}
		total += perm
	}
	p.Min, p.Max, p.Purpose = 0, maxK, ForNothing
	for k := 1; k <= maxK; k++ {
		g.kBlockOptions(p, k, 0, nil)
	}
	o := g.ask()
	if o.Kind == OptNoBlock {
		return nil
	}
	return g.kBlockOrder(p, o)
}

// kBlockOptions adds the block options of k blockers: each subset (Sel) with each of its orders
// (N = the rank of the order among the subset's permutations).
func (g *game) kBlockOptions(p *Prompt, k, from int, chosen []int) {
	if len(chosen) == k {
		var sel uint64
		for _, i := range chosen {
			sel |= 1 << i
		}
		for r := 0; r < factorial(k); r++ {
			p.opts = append(p.opts, Option{Kind: OptBlock, Card: NoCard, Sel: sel, N: int32(r)})
		}
		return
	}
	for i := from; i < len(p.Candidates); i++ {
		g.kBlockOptions(p, k, i+1, append(chosen, i))
	}
}

// kBlockOrder returns the blockers of a block option in the order they engage.
func (g *game) kBlockOrder(p *Prompt, o Option) []CardID {
	var sub []CardID
	for i, id := range p.Candidates {
		if o.Sel&(1<<i) != 0 {
			sub = append(sub, id)
		}
	}
	out := make([]CardID, len(sub))
	for i, j := range nthPermutation(len(sub), int(o.N)) {
		out[i] = sub[j]
	}
	return out
}

// kEngage is one engagement: each creature deals its ATK to the other's DEF; each loses ATK equal
// to the DEF it took away and DEF equal to the damage it took; a creature whose DEF reaches 0 is
// destroyed by battle at once. The changes last until the End Phase.
func (g *game) kEngage(att, b CardID) {
	aATK, aDEF := g.atk(att), g.def(att)
	bATK, bDEF := g.atk(b), g.def(b)
	tookFromB := min(aATK, bDEF) // the DEF the attacker takes away
	tookFromA := min(bATK, aDEF)
	g.markAction()
	g.emitCard(EvBattle, att, b)
	g.kLower(att, tookFromB, tookFromA)
	g.kLower(b, tookFromA, tookFromB)
	for _, id := range [2]CardID{b, att} {
		if g.c(id).place.Loc == MZone && g.def(id) <= 0 && !g.hasFlag(id, FlagIndestructibleBattle) {
			g.destroy(id, true)
		}
	}
}

// kLower lowers a creature's ATK and DEF until the End Phase.
func (g *game) kLower(id CardID, atk, def int) {
	c := g.c(id)
	if atk > 0 {
		c.mods = append(c.mods, Modifier{Kind: ModATK, Value: -atk, Source: g.attacker, Expiry: EndOfTurn, Turn: g.turn})
	}
	if def > 0 {
		c.mods = append(c.mods, Modifier{Kind: ModDEF, Value: -def, Source: g.attacker, Expiry: EndOfTurn, Turn: g.turn})
	}
	if atk > 0 || def > 0 {
		g.changeSeq++
		g.emitCard(EvModified, id, NoCard)
	}
}
